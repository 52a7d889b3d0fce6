import { consoleCharacterNotFound } from '@rpg/game';
import { getCharacterForUpdate, type CharacterRow } from '../db/queries/characters.ts';
import type { CommandContext } from './types.ts';

/**
 * The console's character, locked for the command (the console route locked it
 * already; this reads it again inside the command's savepoint).
 */
export async function lockedCharacter(ctx: CommandContext): Promise<CharacterRow> {
  const row = await getCharacterForUpdate(ctx.tx, ctx.userId, ctx.characterId);
  // Spec 02 §8 "Chat".
  if (!row) throw consoleCharacterNotFound();
  return row;
}
