import { RuleError } from '../errors.ts';
import { MAX_BONUS_DEFENSE, MAX_BONUS_WIN_CHANCE, type SpellEffects } from './effects.ts';
import { isSpellName, SPELL_NAMES, SPELLS, type Spell } from './spells.ts';

/** Spec 02 §5: /spell without an argument shows its usage. */
export const SPELL_USAGE = `Usage: /spell [name] - Available spells: ${SPELL_NAMES.join(', ')}`;

/** What a spell reads and changes. */
export interface CasterState {
  currentHealth: number;
  maxHealth: number;
  currentMana: number;
  maxMana: number;
  /** What earlier spells left for the next adventure. */
  effects: SpellEffects;
}

export interface CastResult<S extends CasterState> {
  state: S;
  spell: Spell;
  /** The console line (a 'spell' chat message). */
  message: string;
}

/** Percent points of a 0..1 chance, without floating-point dust. */
function percent(chance: number): number {
  return Math.round(chance * 1000) / 10;
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/**
 * Spec 02 §8-§9, DECISIONS §3: casts a spell outside combat. Checks, in order:
 * a known spell (name trimmed, any case), enough mana, and that the spell
 * would change something (health below max, a bonus below its cap), so no
 * mana is spent for nothing. Heal restores 5 health up to max; shield adds
 * defense and the attack spells add win chance to the next adventure.
 */
export function castSpell<S extends CasterState>(state: S, spellName: string): CastResult<S> {
  const name = spellName.trim().toLowerCase();
  if (!isSpellName(name)) {
    throw new RuleError('unknown_spell', `Unknown spell: ${spellName.trim()}. Available spells: ${SPELL_NAMES.join(', ')}`);
  }
  const spell = SPELLS[name];
  if (state.currentMana < spell.manaCost) {
    throw new RuleError('not_enough_mana', `Not enough mana to cast ${name}. It requires ${spell.manaCost} mana points.`, {
      title: 'Not Enough Mana',
    });
  }
  const currentMana = state.currentMana - spell.manaCost;
  const manaLine = `Mana: ${currentMana}/${state.maxMana}.`;
  const { effect } = spell;

  if (effect.kind === 'heal') {
    if (state.currentHealth >= state.maxHealth) {
      throw new RuleError('spell_no_effect', 'You are already at full health.', { title: 'Already at Max Health' });
    }
    const currentHealth = Math.min(state.maxHealth, state.currentHealth + effect.health);
    const healed = currentHealth - state.currentHealth;
    return {
      spell,
      state: { ...state, currentMana, currentHealth },
      message: `You cast heal and restore ${healed} health (${currentHealth}/${state.maxHealth}). ${manaLine}`,
    };
  }

  if (effect.kind === 'shield') {
    const before = state.effects.bonusDefense;
    if (before >= MAX_BONUS_DEFENSE) {
      throw new RuleError('spell_no_effect', `Your shield is already at its strongest (+${MAX_BONUS_DEFENSE} defense).`, { title: 'No Effect' });
    }
    const bonusDefense = Math.min(MAX_BONUS_DEFENSE, before + effect.defense);
    return {
      spell,
      state: { ...state, currentMana, effects: { ...state.effects, bonusDefense } },
      message: `You cast shield: +${bonusDefense - before} defense on your next adventure (+${bonusDefense} in all). ${manaLine}`,
    };
  }

  const before = state.effects.bonusWinChance;
  if (before >= MAX_BONUS_WIN_CHANCE) {
    throw new RuleError('spell_no_effect', `Your spells already give your next adventure the most they can (+${percent(MAX_BONUS_WIN_CHANCE)}% win chance).`, {
      title: 'No Effect',
    });
  }
  const bonusWinChance = round4(Math.min(MAX_BONUS_WIN_CHANCE, before + effect.winChance));
  return {
    spell,
    state: { ...state, currentMana, effects: { ...state.effects, bonusWinChance } },
    message: `You cast ${name}: +${percent(bonusWinChance - before)}% win chance on your next adventure (+${percent(bonusWinChance)}% in all). ${manaLine}`,
  };
}
