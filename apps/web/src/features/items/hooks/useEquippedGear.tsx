import type { GearSlot, Tier } from '@rpg/game';
import { useMemo, type ReactNode } from 'react';
import { useInventoryQuery } from '../api/get-inventory';
import { useUnequipItem } from '../api/unequip-item';
import { EquippedItem } from '../components/EquippedItem';

export interface EquippedGearCell {
  name: string;
  tier: Tier;
  content: ReactNode;
}

/**
 * The character's equipped gear for the sheet's grid, slot by slot, each with its tooltip and
 * Unequip button; undefined until the inventory has loaded.
 */
export function useEquippedGear(characterId: string | null): Partial<Record<GearSlot, EquippedGearCell>> | undefined {
  const { data } = useInventoryQuery(characterId);
  const unequip = useUnequipItem(characterId ?? '');
  const busy = unequip.isPending;
  const { mutate } = unequip;

  return useMemo(() => {
    if (!data) return undefined;
    const cells: Partial<Record<GearSlot, EquippedGearCell>> = {};
    for (const [slot, entry] of Object.entries(data.equipped) as [GearSlot, (typeof data.equipped)[GearSlot]][]) {
      if (!entry) continue;
      const content = <EquippedItem entry={entry} busy={busy} onUnequip={(id) => mutate(id)} />;
      cells[slot] = { name: entry.item.name, tier: entry.item.tier, content };
    }
    return cells;
  }, [data, busy, mutate]);
}
