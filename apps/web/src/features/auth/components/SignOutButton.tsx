import { LogOut } from 'lucide-react';
import { Button, type ButtonVariant } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { useSignOut } from '../hooks/useSignOut';

interface SignOutButtonProps {
  label?: string;
  variant?: ButtonVariant;
  /** Hide the text on small screens (it stays the accessible name). */
  compact?: boolean;
  className?: string;
}

/** Signs the player out of every session of the account (spec 01 section 4), then opens /auth. */
export function SignOutButton({ label = 'Sign Out', variant = 'ghost', compact = false, className }: SignOutButtonProps) {
  const { signOut, pending } = useSignOut();

  return (
    <Button
      variant={variant}
      size="sm"
      className={className}
      disabled={pending}
      aria-busy={pending}
      title={compact ? label : undefined}
      onClick={() => void signOut()}
    >
      <LogOut className="size-4" aria-hidden="true" />
      <span className={cn(compact && 'sr-only xl:not-sr-only')}>{label}</span>
    </Button>
  );
}
