import { RuleError } from '../errors.ts';
import { UPGRADABLE_ATTRIBUTES, type Attributes, type UpgradableAttribute } from '../types.ts';
import { ATTRIBUTE_POINTS_PER_LEVEL } from './leveling.ts';

/**
 * Attribute points spent so far, per attribute; a missing key means 0.
 * The server stores this map as it is (one JSON column, or one integer
 * column per attribute) next to the attributes row.
 */
export type SpentAttributePoints = Partial<Record<UpgradableAttribute, number>>;

/**
 * What the attribute-point rules read and change. `attributes` are the live
 * values: creation values + level-up effects + spent points (+ whatever other
 * rules change, such as current health in a fight). The points earned are
 * derived from `level`; the points spent are the sum of `spentAttributePoints`.
 * Invariant: every spent point is still inside `attributes`, so a reset can
 * take exactly those points back out.
 */
export interface AttributePointsState {
  level: number;
  attributes: Attributes;
  spentAttributePoints: SpentAttributePoints;
}

export interface AttributePointsResult<S extends AttributePointsState> {
  state: S;
  /** Points left to spend after the operation. */
  available: number;
}

export function isUpgradableAttribute(value: unknown): value is UpgradableAttribute {
  return typeof value === 'string' && (UPGRADABLE_ATTRIBUTES as readonly string[]).includes(value);
}

/** DECISIONS §3: 3 attribute points per level gained, so 3 x (level - 1). */
export function attributePointsEarned(level: number): number {
  if (!Number.isInteger(level) || level < 1) throw new RangeError(`level must be an integer of at least 1, got ${level}`);
  return ATTRIBUTE_POINTS_PER_LEVEL * (level - 1);
}

/** The total of a spent-points map. */
export function attributePointsSpent(spent: SpentAttributePoints): number {
  let total = 0;
  for (const attribute of UPGRADABLE_ATTRIBUTES) {
    const points = spent[attribute] ?? 0;
    if (!Number.isInteger(points) || points < 0) {
      throw new RangeError(`spent points for ${attribute} must be a non-negative integer, got ${points}`);
    }
    total += points;
  }
  return total;
}

/** DECISIONS §3: available = 3 x (level - 1) - spent. */
export function availableAttributePoints(state: Pick<AttributePointsState, 'level' | 'spentAttributePoints'>): number {
  return attributePointsEarned(state.level) - attributePointsSpent(state.spentAttributePoints);
}

/** Spec 02 §2: 'Reset Points' is enabled when at least one point is spent. */
export function canResetAttributePoints(state: Pick<AttributePointsState, 'spentAttributePoints'>): boolean {
  return attributePointsSpent(state.spentAttributePoints) > 0;
}

/**
 * Spec 02 §2 "attribute upgrade", DECISIONS §3: spends one point to raise one
 * upgradable attribute by 1. Constitution also raises max health, health and
 * current health by 1, so Health stays 10 + constitution (+ level-up health).
 */
export function upgradeAttribute<S extends AttributePointsState>(state: S, attribute: string): AttributePointsResult<S> {
  if (!isUpgradableAttribute(attribute)) {
    throw new RuleError('attribute_not_upgradable', `"${attribute}" cannot be raised with attribute points.`, {
      title: 'Cannot Upgrade',
    });
  }
  const available = availableAttributePoints(state);
  if (available <= 0) {
    throw new RuleError('no_attribute_points', 'You have no attribute points to spend. You earn 3 with every level.', {
      title: 'No Attribute Points',
    });
  }
  const attributes = { ...state.attributes, [attribute]: state.attributes[attribute] + 1 };
  if (attribute === 'constitution') {
    attributes.maxHealth += 1;
    attributes.health += 1;
    attributes.currentHealth += 1;
  }
  const spentAttributePoints = { ...state.spentAttributePoints, [attribute]: (state.spentAttributePoints[attribute] ?? 0) + 1 };
  return { state: { ...state, attributes, spentAttributePoints }, available: available - 1 };
}

/**
 * DECISIONS §3 'Reset Points': takes every spent point back out of the
 * attributes and refunds it. Only the spent points are subtracted, so
 * level-up health (+5 max health per level) and anything else that changed
 * the attributes stay. Constitution points come off max health and health
 * too; current health drops by the same amount but a reset never takes it
 * below 1 (nor raises it), so a reset neither kills nor heals.
 */
export function resetAttributePoints<S extends AttributePointsState>(state: S): AttributePointsResult<S> & { refunded: number } {
  const refunded = attributePointsSpent(state.spentAttributePoints);
  if (refunded === 0) {
    throw new RuleError('no_attribute_points_spent', 'You have not spent any attribute points yet.', {
      title: 'Nothing to Reset',
    });
  }
  const attributes = { ...state.attributes };
  for (const attribute of UPGRADABLE_ATTRIBUTES) {
    attributes[attribute] -= state.spentAttributePoints[attribute] ?? 0;
  }
  const constitution = state.spentAttributePoints.constitution ?? 0;
  if (constitution > 0) {
    attributes.maxHealth -= constitution;
    attributes.health -= constitution;
    attributes.currentHealth = Math.max(attributes.currentHealth - constitution, Math.min(attributes.currentHealth, 1));
  }
  return {
    state: { ...state, attributes, spentAttributePoints: {} },
    available: attributePointsEarned(state.level),
    refunded,
  };
}
