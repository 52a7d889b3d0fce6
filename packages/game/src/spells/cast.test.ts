import { describe, expect, it } from 'vitest';
import { castSpell, type CasterState } from './cast.ts';
import { NO_SPELL_EFFECTS } from './effects.ts';
import { SPELLS } from './spells.ts';
import { ruleErrorOf as ruleError } from '../errors.testutil.ts';

const mage = (over: Partial<CasterState> = {}): CasterState => ({
  currentHealth: 10,
  maxHealth: 15,
  currentMana: 10,
  maxMana: 10,
  effects: NO_SPELL_EFFECTS,
  ...over,
});

describe('spells (spec 02 §8 Chat, §9 Spells; DECISIONS §3 spells outside combat)', () => {
  it('refuses an unknown spell, listing the five', () => {
    expect(ruleError(() => castSpell(mage(), 'teleport')).message).toBe(
      'Unknown spell: teleport. Available spells: fireball, heal, frostbolt, lightning, shield',
    );
    expect(ruleError(() => castSpell(mage(), '')).code).toBe('unknown_spell');
  });

  it('refuses without enough mana, with the cost and the toast title', () => {
    const e = ruleError(() => castSpell(mage({ currentMana: 4 }), 'lightning'));
    expect(e.message).toBe('Not enough mana to cast lightning. It requires 5 mana points.');
    expect(e.title).toBe('Not Enough Mana');
    expect(ruleError(() => castSpell(mage({ currentMana: 0, maxMana: 0 }), 'Frostbolt')).message).toBe(
      'Not enough mana to cast frostbolt. It requires 2 mana points.',
    );
  });

  it('refuses a spell that would change nothing, spending no mana', () => {
    expect(ruleError(() => castSpell(mage({ currentHealth: 15 }), 'heal')).message).toBe('You are already at full health.');
    expect(ruleError(() => castSpell(mage({ effects: { bonusWinChance: 0.15, bonusDefense: 0 } }), 'fireball')).message).toBe(
      'Your spells already give your next adventure the most they can (+15% win chance).',
    );
    expect(ruleError(() => castSpell(mage({ effects: { bonusWinChance: 0, bonusDefense: 15 } }), 'shield')).message).toBe(
      'Your shield is already at its strongest (+15 defense).',
    );
  });

  it('has the spec costs: fireball 3, heal 4, frostbolt 2, lightning 5, shield 3', () => {
    expect(Object.values(SPELLS).map((s) => [s.name, s.manaCost])).toEqual([
      ['fireball', 3],
      ['heal', 4],
      ['frostbolt', 2],
      ['lightning', 5],
      ['shield', 3],
    ]);
    expect(Object.values(SPELLS).map((s) => s.effect)).toEqual([
      { kind: 'attack', winChance: 0.05 },
      { kind: 'heal', health: 5 },
      { kind: 'attack', winChance: 0.03 },
      { kind: 'attack', winChance: 0.08 },
      { kind: 'shield', defense: 5 },
    ]);
  });

  it('heals 5 health capped at max for 4 mana', () => {
    const r = castSpell(mage({ currentHealth: 8 }), 'heal');
    expect(r.state).toMatchObject({ currentHealth: 13, currentMana: 6 });
    expect(r.message).toBe('You cast heal and restore 5 health (13/15). Mana: 6/10.');
    const capped = castSpell(mage({ currentHealth: 13 }), ' HEAL ');
    expect(capped.state.currentHealth).toBe(15);
    expect(capped.message).toBe('You cast heal and restore 2 health (15/15). Mana: 6/10.');
  });

  it('adds win chance to the next adventure for the attack spells, stacking to +15%', () => {
    const fire = castSpell(mage(), 'fireball');
    expect(fire.state.effects).toEqual({ bonusWinChance: 0.05, bonusDefense: 0 });
    expect(fire.state.currentMana).toBe(7);
    expect(fire.message).toBe('You cast fireball: +5% win chance on your next adventure (+5% in all). Mana: 7/10.');
    const frost = castSpell(fire.state, 'frostbolt');
    expect(frost.state.effects.bonusWinChance).toBe(0.08);
    expect(frost.state.currentMana).toBe(5);
    const bolt = castSpell({ ...frost.state, currentMana: 10 }, 'lightning');
    expect(bolt.state.effects.bonusWinChance).toBe(0.15);
    expect(bolt.message).toBe('You cast lightning: +7% win chance on your next adventure (+15% in all). Mana: 5/10.');
  });

  it('adds 5 defense to the next adventure for shield, stacking to +15', () => {
    const r = castSpell(mage({ effects: { bonusWinChance: 0.03, bonusDefense: 12 } }), 'shield');
    expect(r.state.effects).toEqual({ bonusWinChance: 0.03, bonusDefense: 15 });
    expect(r.state.currentMana).toBe(7);
    expect(r.message).toBe('You cast shield: +3 defense on your next adventure (+15 in all). Mana: 7/10.');
  });

  it('keeps the rest of the state', () => {
    const state = { ...mage(), name: 'Aria' };
    expect(castSpell(state, 'frostbolt').state.name).toBe('Aria');
  });
});
