/**
 * Spec 02 §9 "Spells" and DECISIONS §3 "Spells outside combat": the five spells,
 * their mana cost and what they do. Values not in the spec are this project's
 * (docs/decisions/adventures.md, "Spells").
 */
export type SpellEffect = { kind: 'heal'; health: number } | { kind: 'attack'; winChance: number } | { kind: 'shield'; defense: number };

export interface Spell {
  name: SpellName;
  manaCost: number;
  effect: SpellEffect;
}

export const SPELL_NAMES = ['fireball', 'heal', 'frostbolt', 'lightning', 'shield'] as const;
export type SpellName = (typeof SPELL_NAMES)[number];

export const SPELLS: Readonly<Record<SpellName, Spell>> = {
  fireball: { name: 'fireball', manaCost: 3, effect: { kind: 'attack', winChance: 0.05 } },
  heal: { name: 'heal', manaCost: 4, effect: { kind: 'heal', health: 5 } },
  frostbolt: { name: 'frostbolt', manaCost: 2, effect: { kind: 'attack', winChance: 0.03 } },
  lightning: { name: 'lightning', manaCost: 5, effect: { kind: 'attack', winChance: 0.08 } },
  shield: { name: 'shield', manaCost: 3, effect: { kind: 'shield', defense: 5 } },
};

export function isSpellName(value: string): value is SpellName {
  return (SPELL_NAMES as readonly string[]).includes(value);
}
