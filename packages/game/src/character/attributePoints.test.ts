import { describe, expect, it } from 'vitest';
import type { RuleError } from '../errors.ts';
import {
  attributePointsEarned,
  attributePointsSpent,
  availableAttributePoints,
  canResetAttributePoints,
  resetAttributePoints,
  upgradeAttribute,
  type AttributePointsState,
} from './attributePoints.ts';
import { gainXp, xpToLeaveLevel } from './leveling.ts';
import { createNewCharacter } from './newCharacter.ts';
import { ruleErrorOf as refusal } from '../errors.testutil.ts';

/** A level-1 human warrior (see newCharacter.test.ts), at the given level and spending. */
function warrior(level: number, spentAttributePoints: AttributePointsState['spentAttributePoints'] = {}): AttributePointsState {
  const { attributes } = createNewCharacter({ name: 'Aria', race: 'human', class: 'warrior', gender: 'female' }, 0);
  return { level, attributes, spentAttributePoints };
}

const toast = (error: RuleError) => ({ code: error.code, title: error.title, message: error.message });

describe('attribute points earned and available (DECISIONS §3)', () => {
  it('refuses a level below 1 and a corrupt spent map', () => {
    expect(() => attributePointsEarned(0)).toThrow(RangeError);
    expect(() => attributePointsEarned(1.5)).toThrow(RangeError);
    expect(() => attributePointsSpent({ strength: -1 })).toThrow(RangeError);
  });

  it('earns 3 per level gained and subtracts what is spent', () => {
    expect(attributePointsEarned(1)).toBe(0);
    expect(attributePointsEarned(2)).toBe(3);
    expect(attributePointsEarned(10)).toBe(27);
    expect(attributePointsSpent({ strength: 2, constitution: 3 })).toBe(5);
    expect(availableAttributePoints({ level: 3, spentAttributePoints: { strength: 2, constitution: 3 } })).toBe(1);
    expect(canResetAttributePoints({ spentAttributePoints: {} })).toBe(false);
    expect(canResetAttributePoints({ spentAttributePoints: { speed: 1 } })).toBe(true);
  });
});

describe('attribute upgrade (spec 02 §2, DECISIONS §3)', () => {
  it('refuses an attribute that points cannot raise', () => {
    for (const attribute of ['health', 'maxHealth', 'currentMana', 'luck', '']) {
      expect(toast(refusal(() => upgradeAttribute(warrior(2), attribute)))).toEqual({
        code: 'attribute_not_upgradable',
        title: 'Cannot Upgrade',
        message: `"${attribute}" cannot be raised with attribute points.`,
      });
    }
  });

  it('refuses when no point is available', () => {
    const expected = {
      code: 'no_attribute_points',
      title: 'No Attribute Points',
      message: 'You have no attribute points to spend. You earn 3 with every level.',
    };
    expect(toast(refusal(() => upgradeAttribute(warrior(1), 'strength')))).toEqual(expected);
    expect(toast(refusal(() => upgradeAttribute(warrior(2, { dexterity: 3 }), 'strength')))).toEqual(expected);
  });

  it('raises the attribute by 1 and records the point, leaving the input alone', () => {
    const start = warrior(2);
    const { state, available } = upgradeAttribute(start, 'strength');
    expect(available).toBe(2);
    expect(state.spentAttributePoints).toEqual({ strength: 1 });
    expect(state.attributes).toEqual({ ...start.attributes, strength: 9 });
    expect(start.attributes.strength).toBe(8);
    expect(start.spentAttributePoints).toEqual({});

    const again = upgradeAttribute(upgradeAttribute(state, 'strength').state, 'magicPower');
    expect(again.available).toBe(0);
    expect(again.state.spentAttributePoints).toEqual({ strength: 2, magicPower: 1 });
    expect(again.state.attributes).toMatchObject({ strength: 10, magicPower: 1 });
  });

  it('raises max health, health and current health with constitution', () => {
    const start = { ...warrior(2), attributes: { ...warrior(2).attributes, currentHealth: 9 } };
    const { state } = upgradeAttribute(start, 'constitution');
    expect(state.attributes).toEqual({ ...start.attributes, constitution: 8, maxHealth: 18, health: 18, currentHealth: 10 });
  });
});

describe("'Reset Points' (spec 02 §2, DECISIONS §3)", () => {
  it('refuses when no point is spent', () => {
    expect(toast(refusal(() => resetAttributePoints(warrior(5))))).toEqual({
      code: 'no_attribute_points_spent',
      title: 'Nothing to Reset',
      message: 'You have not spent any attribute points yet.',
    });
  });

  it('takes every spent point back and refunds it', () => {
    let state = warrior(2);
    for (const attribute of ['strength', 'defense', 'constitution'] as const) state = upgradeAttribute(state, attribute).state;
    const result = resetAttributePoints(state);
    expect(result.refunded).toBe(3);
    expect(result.available).toBe(3);
    expect(result.state.spentAttributePoints).toEqual({});
    expect(result.state.attributes).toEqual(warrior(2).attributes);
  });

  it('keeps the +5 max health of every level gained', () => {
    const created = createNewCharacter({ name: 'Bram', race: 'dwarf', class: 'cleric', gender: 'male' }, 0);
    const leveled = gainXp(created, xpToLeaveLevel(1) + xpToLeaveLevel(2)).state;
    expect(leveled.level).toBe(3);
    let state = leveled;
    for (const attribute of ['constitution', 'constitution', 'constitution', 'intelligence', 'speed', 'constitution'] as const) {
      state = upgradeAttribute(state, attribute).state;
    }
    expect(state.attributes.maxHealth).toBe(created.base.maxHealth + 10 + 4);

    const { state: reset, refunded, available } = resetAttributePoints(state);
    expect(refunded).toBe(6);
    expect(available).toBe(6);
    expect(reset.attributes).toEqual({
      ...created.base,
      maxHealth: created.base.maxHealth + 10,
      health: created.base.maxHealth + 10,
      // gainXp raises max health but leaves current health where it was.
      currentHealth: created.base.currentHealth,
    });
    expect(reset.spentAttributePoints).toEqual({});
  });

  it('lowers current health with constitution but never to 0, and never raises it', () => {
    const spent = { constitution: 3 };
    const withHealth = (currentHealth: number): AttributePointsState => {
      const base = warrior(2, spent);
      return { ...base, attributes: { ...base.attributes, constitution: 10, maxHealth: 20, health: 20, currentHealth } };
    };
    expect(resetAttributePoints(withHealth(20)).state.attributes).toMatchObject({ constitution: 7, maxHealth: 17, health: 17, currentHealth: 17 });
    expect(resetAttributePoints(withHealth(10)).state.attributes.currentHealth).toBe(7);
    expect(resetAttributePoints(withHealth(2)).state.attributes.currentHealth).toBe(1);
    expect(resetAttributePoints(withHealth(0)).state.attributes.currentHealth).toBe(0);
  });
});
