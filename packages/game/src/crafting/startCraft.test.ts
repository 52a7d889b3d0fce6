import { describe, expect, it } from 'vitest';
import { RuleError } from '../errors.ts';
import { startCraft } from './startCraft.ts';
import { crafter, materials } from './testInventory.testutil.ts';
import { ruleErrorOf } from '../errors.testutil.ts';

const NOW = Date.UTC(2025, 0, 1, 12);

const refusal = (run: () => unknown): string => ruleErrorOf(run).message;

describe('spec 02 §5/§8 crafting: starting, refusals in the spec order', () => {
  it('refuses while already crafting, before anything else', () => {
    const busy = crafter({ activeCraft: { recipeId: 'bread', startedAt: NOW, endsAt: NOW + 1 } });
    expect(refusal(() => startCraft(busy, 'no_such_recipe', NOW))).toBe("You're already crafting an item!");
  });

  it('refuses an unknown recipe', () => {
    expect(refusal(() => startCraft(crafter(), 'golden_sword', NOW))).toBe('Recipe not found');
  });

  it('refuses below the required crafting level, before the unlock check', () => {
    expect(refusal(() => startCraft(crafter({ craftingXp: 59 }), 'steel_sword', NOW))).toBe('You need crafting level 3 to craft this item.');
    expect(refusal(() => startCraft(crafter({ craftingXp: 449 }), 'enchanted_sword', NOW))).toBe('You need crafting level 7 to craft this item.');
  });

  it('refuses a non-common recipe that is not unlocked', () => {
    expect(refusal(() => startCraft(crafter({ craftingXp: 60 }), 'steel_sword', NOW))).toBe(
      "You haven't unlocked the recipe for Steel Sword yet. Find a recipe scroll during adventures.",
    );
  });

  it('refuses the first ingredient short in stock, by name', () => {
    expect(refusal(() => startCraft(crafter({ inventory: materials('Iron Ore', 2, 'Oak Wood', 1) }), 'iron_sword', NOW))).toBe(
      "You don't have enough Iron Ore",
    );
    expect(refusal(() => startCraft(crafter({ inventory: materials('Iron Ore', 3) }), 'iron_sword', NOW))).toBe("You don't have enough Oak Wood");
  });

  it('refuses an ingredient of the wrong tier', () => {
    const inventory = materials('Snow Lotus', 1, 'Moonpetal', 1, 'Mana Crystal', 1, 'Glacier Water', 1).map((entry) =>
      entry.item.name === 'Mana Crystal' ? { ...entry, item: { ...entry.item, tier: 'common' as const } } : entry,
    );
    const state = crafter({ craftingXp: 200, unlockedRecipes: ['elixir'], inventory });
    expect(refusal(() => startCraft(state, 'elixir', NOW))).toBe("You don't have enough Mana Crystal");
  });

  it('leaves the state untouched when it refuses', () => {
    const state = crafter({ inventory: materials('Iron Ore', 2, 'Oak Wood', 1) });
    const copy = structuredCloneLike(state);
    expect(() => startCraft(state, 'iron_sword', NOW)).toThrow(RuleError);
    expect(state).toEqual(copy);
  });
});

function structuredCloneLike<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

describe('spec 02 §4/§9 crafting: starting', () => {
  it('takes the ingredients at the start and times the craft', () => {
    const state = crafter({ inventory: materials('Iron Ore', 5, 'Oak Wood', 1, 'Coal', 2) });
    const result = startCraft(state, 'iron_sword', NOW);
    expect(result.state).toEqual({
      name: 'Aria',
      craftingXp: 0,
      unlockedRecipes: [],
      inventory: [{ ...(state.inventory[0] as object), quantity: 2 }, state.inventory[2]],
      activeCraft: { recipeId: 'iron_sword', startedAt: NOW, endsAt: NOW + 180_000 },
    });
    expect(result.durationMs).toBe(180_000);
    expect(result.ingredientsUsed).toEqual([
      { name: 'Iron Ore', quantity: 3 },
      { name: 'Oak Wood', quantity: 1 },
    ]);
    expect(result.message).toBe('You start crafting Iron Sword. It will be ready in 3:00.');
    expect(state.inventory.map((e) => e.quantity)).toEqual([5, 1, 2]);
  });

  it('crafts an unlocked recipe with the level discount and speed bonus, scaled in time', () => {
    const inventory = materials('Iron Ore', 3, 'Silver Ore', 1, 'Mana Crystal', 1, 'Glowstone', 1);
    const state = crafter({ craftingXp: 1200, unlockedRecipes: ['enchanted_sword'], inventory });
    const result = startCraft(state, 'enchanted_sword', NOW, 10);
    expect(result.ingredientsUsed.map((i) => [i.name, i.quantity])).toEqual([
      ['Iron Ore', 3],
      ['Silver Ore', 1],
      ['Mana Crystal', 1],
      ['Glowstone', 1],
    ]);
    expect(result.state.inventory).toEqual([]);
    expect(result.durationMs).toBe(63_000);
    expect(result.state.activeCraft).toEqual({ recipeId: 'enchanted_sword', startedAt: NOW, endsAt: NOW + 63_000 });
    expect(result.message).toBe('You start crafting Enchanted Sword. It will be ready in 1:03.');
  });
});
