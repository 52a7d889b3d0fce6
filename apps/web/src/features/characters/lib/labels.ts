import type { AttributeBonuses, GearSlot, UpgradableAttribute } from '@rpg/game';
import { UPGRADABLE_ATTRIBUTES } from '@rpg/game';

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

export const GEAR_SLOT_LABELS: Readonly<Record<GearSlot, string>> = {
  head: 'Head',
  chest: 'Chest',
  legs: 'Legs',
  feet: 'Feet',
  gloves: 'Gloves',
  mainHand: 'Main Hand',
  offHand: 'Off Hand',
  cloak: 'Cloak',
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
    return [{ attribute, label: ATTRIBUTE_LABELS[attribute], amount: value > 0 ? `+${value}` : `${value}`, negative: value < 0 }];
  });
}

/** 'heavy armor' -> 'Heavy armor'. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
