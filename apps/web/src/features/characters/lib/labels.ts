import type { AttributeBonuses, UpgradableAttribute } from '@rpg/game';
import { UPGRADABLE_ATTRIBUTES } from '@rpg/game';
import { signed } from '@/lib/item-display';

export const ATTRIBUTE_LABELS: Readonly<Record<UpgradableAttribute, string>> = {
  strength: 'Strength',
  dexterity: 'Dexterity',
  intelligence: 'Intelligence',
  constitution: 'Constitution',
  attack: 'Attack',
  magicPower: 'Magic Power',
  speed: 'Speed',
  defense: 'Defense',
};

export interface BonusLine {
  attribute: UpgradableAttribute;
  label: string;
  /** '+2' or '-1'. */
  amount: string;
  negative: boolean;
}

/** A race's or class's bonuses in attribute order, as '+2 Dexterity' lines. */
export function bonusLines(bonuses: AttributeBonuses): BonusLine[] {
  return UPGRADABLE_ATTRIBUTES.flatMap((attribute) => {
    const value = bonuses[attribute];
    if (!value) return [];
    return [{ attribute, label: ATTRIBUTE_LABELS[attribute], amount: signed(value), negative: value < 0 }];
  });
}

/** 'heavy armor' -> 'Heavy armor'. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
