import { materialItem, MATERIALS } from '../content/materials.ts';
import type { InventoryEntry } from '../types.ts';
import type { CraftingState } from './state.ts';

/** Inventory rows of materials by name: entries('Iron Ore', 3, 'Oak Wood', 1). */
export function materials(...pairs: (string | number)[]): InventoryEntry[] {
  const out: InventoryEntry[] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const name = pairs[i] as string;
    const material = MATERIALS.find((m) => m.name === name);
    if (!material) throw new Error(`no material ${name}`);
    out.push({ id: `row-${i / 2}`, item: materialItem(material), quantity: pairs[i + 1] as number, equipped: false });
  }
  return out;
}

export function crafter(over: Partial<CraftingState> = {}): CraftingState & { name: string } {
  return { name: 'Aria', craftingXp: 0, unlockedRecipes: [], inventory: [], activeCraft: null, ...over };
}
