import { RuleError } from '../errors.ts';
import type { Rng } from '../rng.ts';

/** Spec 02 §5: an empty roll is 1d20. */
export const DEFAULT_DICE = '1d20';
/** Sane limits so one roll stays one readable chat line. */
export const MAX_DICE = 100;
export const MAX_SIDES = 1000;

export const INVALID_DICE_MESSAGE = 'Invalid dice format. Use NdM format (e.g., 1d20).';

export interface DiceSpec {
  count: number;
  sides: number;
}

export interface DiceRoll extends DiceSpec {
  /** 'NdM' as normalised ('2d6'). */
  notation: string;
  rolls: number[];
  total: number;
}

/**
 * Spec 02 §5 "Commands": 'NdM' with positive integers (spaces around it and a
 * capital D allowed), empty means 1d20; anything else is refused with the
 * spec's text. Above MAX_DICE dice or MAX_SIDES sides is refused with a limit text.
 */
export function parseDice(input: string): DiceSpec {
  const text = input.trim() || DEFAULT_DICE;
  const match = /^(\d+)[dD](\d+)$/.exec(text);
  if (!match) throw new RuleError('invalid_dice', INVALID_DICE_MESSAGE);
  const count = Number(match[1]);
  const sides = Number(match[2]);
  if (count < 1 || sides < 1) throw new RuleError('invalid_dice', INVALID_DICE_MESSAGE);
  if (count > MAX_DICE) throw new RuleError('too_many_dice', `You can roll at most ${MAX_DICE} dice at once.`);
  if (sides > MAX_SIDES) throw new RuleError('too_many_sides', `Dice can have at most ${MAX_SIDES} sides.`);
  return { count, sides };
}

/** Rolls the dice of `input` with the rng: one rng.int(1, sides) per die. */
export function rollDice(input: string, rng: Rng): DiceRoll {
  const { count, sides } = parseDice(input);
  const rolls = Array.from({ length: count }, () => rng.int(1, sides));
  return { count, sides, notation: `${count}d${sides}`, rolls, total: rolls.reduce((sum, value) => sum + value, 0) };
}

/** Spec 02 §5 "Dice": the console line of a roll, 'Aria rolls 1d20: 14.' or 'Aria rolls 2d6: 3 + 5 = 8.'. */
export function rollLine(characterName: string, roll: DiceRoll): string {
  const shown = roll.rolls.length === 1 ? `${roll.total}` : `${roll.rolls.join(' + ')} = ${roll.total}`;
  return `${characterName} rolls ${roll.notation}: ${shown}.`;
}
