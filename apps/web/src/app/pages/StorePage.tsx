import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { useCharacterList } from '@/features/characters/hooks/useCharacterList';
import { useRealtimeSubscription } from '@/features/realtime/hooks/realtime-context';
import { Store, StoreLoading } from '@/features/store/components/Store';
import { useStoreRefreshedHandler } from '@/features/store/hooks/useStoreRefreshed';

/**
 * /store (spec 03 section 2): the active character's shop. Without one the player is sent to /
 * with 'No Character Selected'. The 4-hour 'store-refreshed' push refetches the shop.
 */
export function StorePage() {
  const navigate = useNavigate();
  const { active, isPending, isError, retry } = useCharacterList();
  const missing = !isPending && !isError && !active;
  useRealtimeSubscription('store-refreshed', useStoreRefreshedHandler());

  useEffect(() => {
    if (!missing) return;
    toast.error('No Character Selected', { id: 'no-character-selected', description: 'Please create or select a character first.' });
    navigate('/', { replace: true });
  }, [missing, navigate]);

  if (isError) {
    return (
      <Alert tone="error" role="alert" title="Failed to load character data." className="mx-auto max-w-xl">
        <Button variant="secondary" size="sm" className="mt-2" onClick={retry}>
          Try Again
        </Button>
      </Alert>
    );
  }
  if (!active) return <StoreLoading />;
  return <Store key={active.id} characterId={active.id} characterName={active.name} />;
}
