import { RuleError } from '../errors.ts';
import type { Attributes, FoodItem, ItemData, PotionItem } from '../types.ts';

export type Vitals = Pick<Attributes, 'currentHealth' | 'maxHealth' | 'currentMana' | 'maxMana'>;

export interface ConsumeOptions {
  /** The health cap, when gear raises it above attributes.maxHealth (see effectiveStats). */
  maxHealth?: number;
}

export interface ConsumeResult<V extends Vitals> {
  /** The vitals after drinking or eating; the item is used up in every case. */
  attributes: V;
  healed: number;
  manaRestored: number;
  /** The chat line. */
  message: string;
  /** A toast where the spec shows one (no gain); null on a plain success. */
  toast: { title: string; description: string } | null;
}

const NO_MANA = "This character doesn't have mana abilities";

/**
 * Spec 02 §4/§5/§8: drinks a potion or eats food. Health is capped at max health,
 * mana at max mana. The item is always consumed, even when it does nothing:
 * at full health or mana, or a mana potion on a character without mana.
 * (The caller removes one unit: 'A sold or consumed item is removed'.)
 */
export function consume<V extends Vitals>(attributes: V, item: PotionItem | FoodItem, options: ConsumeOptions = {}): ConsumeResult<V> {
  const healthCap = options.maxHealth ?? attributes.maxHealth;
  const healthAmount = item.kind === 'food' ? item.healthRestore : item.target === 'mana' ? 0 : item.potency;
  const manaAmount = item.kind === 'food' ? (item.manaRestore ?? 0) : item.target !== 'health' ? item.potency : 0;

  const healed = Math.max(0, Math.min(healthAmount, healthCap - attributes.currentHealth));
  const manaRestored = Math.max(0, Math.min(manaAmount, attributes.maxMana - attributes.currentMana));
  const next: V = {
    ...attributes,
    currentHealth: attributes.currentHealth + healed,
    currentMana: attributes.currentMana + manaRestored,
  };
  const result = (message: string, toast: ConsumeResult<V>['toast'] = null): ConsumeResult<V> => ({
    attributes: next,
    healed,
    manaRestored,
    message,
    toast,
  });

  if (item.kind === 'food' && manaAmount > 0 && healthAmount === 0) {
    if (attributes.maxMana <= 0) {
      return result(`${NO_MANA}, but the ${item.name} was eaten.`, { title: 'No Effect', description: NO_MANA });
    }
    if (manaRestored === 0) {
      return result(`You're already at full mana, but the ${item.name} was eaten.`, {
        title: 'Already at Max Mana',
        description: `The ${item.name} was eaten with no effect.`,
      });
    }
    return result(`You eat ${item.name} and recover ${manaRestored} mana.`);
  }

  if (item.kind === 'food') {
    if (healed === 0 && manaRestored === 0) {
      return result(`You're already at full health, but the ${item.name} was eaten.`, {
        title: 'Already at Max Health',
        description: `The ${item.name} was eaten with no effect.`,
      });
    }
    const mana = manaRestored > 0 ? ` and ${manaRestored} mana` : '';
    return result(`You eat ${item.name} and recover ${healed} health${mana}.`);
  }

  if (item.target === 'mana') {
    if (attributes.maxMana <= 0) {
      return result(`${NO_MANA}, but the potion was consumed.`, { title: 'No Effect', description: NO_MANA });
    }
    if (manaRestored === 0) {
      return result("You're already at full mana, but the potion was consumed.", {
        title: 'Already at Max Mana',
        description: 'The potion was consumed with no effect.',
      });
    }
    return result(`You drink ${item.name} and recover ${manaRestored} mana.`);
  }

  if (item.target === 'health') {
    if (healed === 0) {
      return result("You're already at full health, but the potion was consumed.", {
        title: 'Already at Max Health',
        description: 'The potion was consumed with no effect.',
      });
    }
    return result(`You drink ${item.name} and recover ${healed} health.`);
  }

  // target 'both'
  if (healed === 0 && manaRestored === 0) {
    return result("You're already at full health and mana, but the potion was consumed.", {
      title: 'Already at Max Health',
      description: 'The potion was consumed with no effect.',
    });
  }
  const gains = [healed > 0 ? `${healed} health` : null, manaRestored > 0 ? `${manaRestored} mana` : null].filter(Boolean);
  return result(`You drink ${item.name} and recover ${gains.join(' and ')}.`);
}

/** Spec 02 §4/§5/§8: only potions and food are used up (chests are opened: openChest). */
export function usableItem(item: ItemData): PotionItem | FoodItem {
  if (item.kind === 'potion' || item.kind === 'food') return item;
  throw new RuleError('cannot_use', 'This item cannot be used.', { title: 'Cannot Use Item' });
}
