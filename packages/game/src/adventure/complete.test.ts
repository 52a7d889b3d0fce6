import { describe, expect, it } from 'vitest';
import { xpToLeaveLevel } from '../character/leveling.ts';
import { enemyFor } from '../content/enemies.ts';
import { formatCoins } from '../currency/copper.ts';
import { combatStatsOf, winChance } from '../combat/winChance.ts';
import { createRng, type Rng } from '../rng.ts';
import type { Attributes } from '../types.ts';
import { completeAdventure, postAdventureMana, type AdventurerSnapshot } from './complete.ts';
import { rewardRange } from './rewards.ts';
import { ruleErrorOf as ruleError } from '../errors.testutil.ts';

/** A seeded rng whose first next() (the fight draw) is `first`. */
function fightDraw(first: number, seed: string | number = 1): Rng {
  const rng = createRng(seed);
  let used = false;
  const next = rng.next;
  return { ...rng, next: () => (used ? next() : ((used = true), first)) };
}

const attributes = (over: Partial<Attributes> = {}): Attributes => ({
  strength: 7,
  dexterity: 5,
  intelligence: 5,
  constitution: 6,
  attack: 0,
  magicPower: 0,
  speed: 0,
  defense: 0,
  health: 16,
  currentHealth: 16,
  maxHealth: 16,
  currentMana: 0,
  maxMana: 0,
  ...over,
});

const warrior = (over: Partial<AdventurerSnapshot> = {}): AdventurerSnapshot => ({
  name: 'Brom',
  level: 1,
  xp: 0,
  characterClass: 'warrior',
  attributes: attributes(),
  ...over,
});

describe('adventure completion (spec 02 §4 Adventure, Level-up loop; §8; §9 Combat, Rewards)', () => {
  it('refuses an adventure with no enemy', () => {
    const e = ruleError(() => completeAdventure(warrior(), { location: 'swamp' as 'forest', level: 1 }, createRng(1)));
    expect(e.message).toBe('Adventure in swamp level 1 ended, but no enemy was found.');
    expect(ruleError(() => completeAdventure(warrior(), { location: 'forest', level: 11 }, createRng(1))).message).toBe(
      'Adventure in forest level 11 ended, but no enemy was found.',
    );
  });

  it('gives only health loss on a defeat to a character without mana, with the defeat lines', () => {
    const out = completeAdventure(warrior(), { location: 'forest', level: 1 }, fightDraw(0.999));
    // defense 6 vs 1: ratio 6, loss max(10%, 40% - 30%) of 16 = ceil(1.6) = 2
    expect(out).toMatchObject({
      won: false,
      xpGained: 0,
      copperGained: 0,
      items: [],
      healthLost: 2,
      manaLost: 0,
      level: 1,
      xp: 0,
      levelsGained: 0,
      manaRestored: 0,
      title: 'Adventure Failed!',
    });
    expect(out.enemy.name).toBe('Giant Rat');
    expect(out.attributes).toEqual(attributes({ currentHealth: 14 }));
    const pct = Math.round(out.winChance * 100);
    expect(out.messages).toEqual([
      'Defeat! The Giant Rat in the Forest (level 1) was too strong for Brom.',
      'Brom lost 2 health (14/16). No XP, coins or loot this time.',
      `The odds were ${pct}%. Better gear, more training or a lower level will turn the tide.`,
    ]);
  });

  it('never leaves less than 1 health', () => {
    const out = completeAdventure(warrior({ attributes: attributes({ currentHealth: 2 }) }), { location: 'volcano', level: 1 }, fightDraw(0.999));
    expect(out.attributes.currentHealth).toBe(1);
    expect(out.healthLost).toBe(1);
    const atOne = completeAdventure(warrior({ attributes: attributes({ currentHealth: 1 }), name: undefined }), { location: 'forest', level: 1 }, fightDraw(0));
    expect(atOne.healthLost).toBe(0);
    expect(atOne.messages[3]).toBe('Your character came back without a scratch (1/16 health).');
  });

  it('gives XP, copper and drops on a win, with the victory lines', () => {
    const out = completeAdventure(warrior(), { location: 'desert', level: 1 }, fightDraw(0, 'win'));
    expect(out.won).toBe(true);
    expect(out.title).toBe('Adventure Completed!');
    const [xpMin, xpMax] = rewardRange(50, 1.2);
    expect(out.xpGained).toBeGreaterThanOrEqual(xpMin);
    expect(out.xpGained).toBeLessThanOrEqual(xpMax);
    expect(out.copperGained).toBeGreaterThanOrEqual(13);
    expect(out.copperGained).toBeLessThanOrEqual(16);
    expect(out.xp).toBe(out.xpGained);
    // defense ratio 6/1: win loss max(5%, 30% - 60%) of 16 = ceil(0.8) = 1
    expect(out.healthLost).toBe(1);
    expect(out.items.every((s) => s.item.kind === 'material' && s.item.biome === 'desert')).toBe(true);
    const loot =
      out.items.length === 0
        ? 'No loot this time.'
        : `Loot: ${out.items.map((s) => (s.quantity > 1 ? `${s.quantity}x ${s.item.name}` : s.item.name)).join(', ')}.`;
    expect(out.messages).toEqual([
      `Victory! Brom defeated the Sand Beetle in the Desert (level 1, ${Math.round(out.winChance * 100)}% chance of victory).`,
      `Rewards: ${out.xpGained} XP and ${formatCoins(out.copperGained)}.`,
      loot,
      'Brom lost 1 health (15/16).',
    ]);
  });

  it('runs the level-up loop on the gained XP and then restores 10% of max mana to a mana class', () => {
    const mage: AdventurerSnapshot = {
      name: 'Ilsa',
      level: 10,
      xp: xpToLeaveLevel(10) - 1,
      characterClass: 'mage',
      attributes: attributes({ intelligence: 30, currentMana: 3, maxMana: 60, maxHealth: 60, currentHealth: 60, health: 60 }),
    };
    const out = completeAdventure(mage, { location: 'forest', level: 2 }, fightDraw(0, 'lvl'));
    expect(out.levelsGained).toBe(1);
    expect(out.level).toBe(11);
    expect(out.xp).toBe(out.xpGained - 1);
    // level-up: max mana 65, +floor(65/2) = 32 -> 35; then +ceil(6.5) = 7 -> 42
    expect(out.attributes.maxMana).toBe(65);
    expect(out.attributes.maxHealth).toBe(65);
    expect(out.manaRestored).toBe(7);
    expect(out.attributes.currentMana).toBe(42);
    expect(out.messages.slice(-2)).toEqual(['Level up! Ilsa is now level 11.', 'Ilsa recovered 7 mana while resting (42/65).']);
  });

  it('restores 10% of max mana only to mana classes, never above max (spec 02 §4)', () => {
    expect(postAdventureMana('necromancer', 0, 10)).toBe(1);
    expect(postAdventureMana('summoner', 9, 15)).toBe(11);
    expect(postAdventureMana('mage', 10, 10)).toBe(10);
    expect(postAdventureMana('mage', 12, 10)).toBe(12);
    expect(postAdventureMana('warrior', 0, 10)).toBe(0);
    expect(postAdventureMana('cleric', 0, 0)).toBe(0);
  });

  it('costs health and mana on a defeat, with no mana regeneration (spec 02 §4 "Defeat gives only health and mana loss", DECISIONS §4)', () => {
    const lost = completeAdventure(
      { ...warrior(), characterClass: 'summoner', attributes: attributes({ currentMana: 8, maxMana: 20 }) },
      { location: 'forest', level: 1 },
      fightDraw(0.999),
    );
    // defense ratio 6: the loss fraction max(10%, 40% - 30%) = 10%, of max health 16 -> 2, of max mana 20 -> 2
    expect(lost).toMatchObject({ won: false, healthLost: 2, manaLost: 2, manaRestored: 0 });
    expect(lost.attributes).toMatchObject({ currentHealth: 14, currentMana: 6, maxMana: 20 });
    expect(lost.messages[1]).toBe('Brom lost 2 health (14/16). Brom lost 2 mana (6/20). No XP, coins or loot this time.');
    expect(lost.messages.some((line) => line.includes('while resting'))).toBe(false);

    const empty = completeAdventure(
      { ...warrior(), characterClass: 'mage', attributes: attributes({ currentMana: 1, maxMana: 30 }) },
      { location: 'forest', level: 1 },
      fightDraw(0.999),
    );
    expect(empty.manaLost).toBe(1);
    expect(empty.attributes.currentMana).toBe(0);
  });

  it('costs no mana on a win and regenerates 10% of max mana instead (DECISIONS §4)', () => {
    const won = completeAdventure(
      { ...warrior(), characterClass: 'summoner', attributes: attributes({ currentMana: 2, maxMana: 10 }) },
      { location: 'forest', level: 1 },
      fightDraw(0, 'mana-win'),
    );
    expect(won).toMatchObject({ won: true, manaLost: 0, manaRestored: 1 });
    expect(won.attributes.currentMana).toBe(3);
    expect(won.messages.at(-1)).toBe('Brom recovered 1 mana while resting (3/10).');
  });

  it('shows health against max health with gear (spec 02 §3 gear stats, §4)', () => {
    const geared = warrior({ equipped: [{ stats: { health: 10 } }], attributes: attributes({ currentHealth: 24 }) });
    const out = completeAdventure(geared, { location: 'forest', level: 1 }, fightDraw(0.999));
    // the loss is 10% of 26 (16 + 10 gear) = ceil(2.6) = 3
    expect(out.healthLost).toBe(3);
    expect(out.messages[1]).toBe('Brom lost 3 health (21/26). No XP, coins or loot this time.');
  });

  it('counts gear and pending spells in the win chance and uses the spells up', () => {
    const plain = warrior();
    const geared = warrior({ equipped: [{ stats: { attack: 5 } }], effects: { bonusWinChance: 0.1, bonusDefense: 5 } });
    const enemy = enemyFor('caves', 1)!;
    const out = completeAdventure(geared, { location: 'caves', level: 1 }, createRng('spells'));
    expect(out.winChance).toBe(winChance(combatStatsOf(geared), enemy));
    expect(out.winChance).toBeGreaterThan(winChance(combatStatsOf(plain), enemy) + 0.1);
    expect(out.effects).toEqual({ bonusWinChance: 0, bonusDefense: 0 });
  });

  it('replays the same settlement for the same seed and wins at the computed rate', () => {
    const c = warrior({ level: 30, attributes: attributes({ strength: 20, constitution: 12 }) });
    expect(completeAdventure(c, { location: 'ice', level: 6 }, createRng(9))).toEqual(completeAdventure(c, { location: 'ice', level: 6 }, createRng(9)));
    const p = winChance(combatStatsOf(c), enemyFor('ice', 6)!);
    const rng = createRng('settle');
    const n = 10_000;
    let wins = 0;
    for (let i = 0; i < n; i++) if (completeAdventure(c, { location: 'ice', level: 6 }, rng).won) wins++;
    expect(Math.abs(wins / n - p)).toBeLessThan(3 * Math.sqrt((p * (1 - p)) / n));
  });
});
