import type { CharacterView } from '@rpg/contract';
import type { UpgradableAttribute } from '@rpg/game';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { characterResponseSchema, useStoreCharacter } from './character-cache';

/** POST /api/characters/:id/attributes/upgrade { attribute }: spends one attribute point. */
export async function upgradeAttribute(id: string, attribute: UpgradableAttribute): Promise<CharacterView> {
  const path = `/api/characters/${encodeURIComponent(id)}/attributes/upgrade`;
  const { character } = await apiFetch(path, characterResponseSchema, { method: 'POST', body: { attribute } });
  return character;
}

export function useUpgradeAttribute() {
  const store = useStoreCharacter();
  return useMutation({
    mutationFn: ({ id, attribute }: { id: string; attribute: UpgradableAttribute }) => upgradeAttribute(id, attribute),
    onSuccess: store,
    onError: (error) => toastApiError(error, 'Failed to update character'),
  });
}
