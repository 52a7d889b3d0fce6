import { describe, expect, it } from 'vitest';
import { RuleError } from '../errors.ts';
import { completeCraft } from './completeCraft.ts';
import { startCraft } from './startCraft.ts';
import { crafter, materials } from './testInventory.testutil.ts';

const NOW = Date.UTC(2025, 0, 1, 12);

function started(over: Parameters<typeof crafter>[0], recipeId: string) {
  return startCraft(crafter(over), recipeId, NOW).state;
}

describe('spec 02 §4/§5/§8 crafting: collecting, refusals first', () => {
  it('refuses when nothing is being crafted', () => {
    expect(() => completeCraft(crafter(), NOW, 8)).toThrow("You're not crafting anything.");
  });

  it('refuses before the craft is finished, telling the time left', () => {
    const state = started({ inventory: materials('Wild Wheat', 3) }, 'bread');
    expect(() => completeCraft(state, NOW + 120_000, 8)).toThrow('Bread is not ready yet. It will be ready in 1:00.');
    expect(() => completeCraft(state, NOW + 179_999, 8)).toThrow('Bread is not ready yet. It will be ready in 0:01.');
  });

  it("refuses with 'Backpack Full' when no slot is free; the craft stays finished and claimable", () => {
    const state = started({ inventory: materials('Iron Ore', 3, 'Oak Wood', 2, 'Coal', 1) }, 'iron_sword');
    expect(state.inventory).toHaveLength(2);
    let error: unknown;
    try {
      completeCraft(state, NOW + 180_000, 2);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RuleError);
    expect(error).toMatchObject({ code: 'backpack_full', title: 'Backpack Full', message: 'Your backpack is full. Make room to collect your Iron Sword.' });
    expect(state.activeCraft).toEqual({ recipeId: 'iron_sword', startedAt: NOW, endsAt: NOW + 180_000 });
    const later = completeCraft({ ...state, inventory: state.inventory.slice(1) }, NOW + 999_999, 2, 'row-9');
    expect(later.state.inventory.map((e) => [e.id, e.item.name])).toEqual([
      ['row-2', 'Coal'],
      ['row-9', 'Iron Sword'],
    ]);
  });
});

describe('spec 02 §4 crafting: collecting', () => {
  it('adds the item to a free slot and the XP, and clears the craft', () => {
    const state = started({ craftingXp: 15, inventory: materials('Iron Ore', 3, 'Oak Wood', 1) }, 'iron_sword');
    const result = completeCraft(state, NOW + 180_000, 8, 'row-new');
    expect(result.state).toMatchObject({ craftingXp: 20, activeCraft: null });
    expect(result.state.inventory).toEqual([{ id: 'row-new', item: result.item, quantity: 1, equipped: false }]);
    expect(result.item).toMatchObject({ kind: 'gear', name: 'Iron Sword', slot: 'mainHand', stats: { attack: 4 } });
    expect(result).toMatchObject({ xpGained: 5, levelBefore: 1, levelAfter: 2 });
    expect(result.messages).toEqual(['You crafted Iron Sword! +5 crafting XP.', 'Your crafting level is now 2!']);
  });

  it('stacks a consumable onto its stack, even with a full backpack', () => {
    const potion = started({ inventory: materials('Healing Herb', 4, 'Wild Berries', 2) }, 'health_potion');
    const first = completeCraft(potion, NOW + 180_000, 8).state;
    expect(first.inventory.map((e) => [e.item.name, e.quantity])).toEqual([
      ['Healing Herb', 2],
      ['Wild Berries', 1],
      ['Health Potion', 1],
    ]);
    const again = startCraft(first, 'health_potion', NOW + 200_000).state;
    expect(again.inventory).toHaveLength(1);
    const second = completeCraft(again, NOW + 380_000, 1);
    expect(second.state.inventory.map((e) => [e.item.name, e.quantity])).toEqual([['Health Potion', 2]]);
    expect(second.messages).toEqual(['You crafted Health Potion! +5 crafting XP.']);
  });

  it('raises the result by the quality bonus of the crafting level', () => {
    const state = started({ craftingXp: 1200, inventory: materials('Healing Herb', 2, 'Wild Berries', 1) }, 'health_potion');
    const result = completeCraft(state, NOW + 90_000, 8);
    expect(result.item).toMatchObject({ name: 'Health Potion (+25%)', potency: 25, target: 'health' });
    expect(result.state.inventory.at(-1)?.id).toBe(`crafted-health_potion-${NOW + 90_000}`);
    expect(result.state.craftingXp).toBe(1205);
    expect(result.levelAfter).toBe(10);
  });
});
