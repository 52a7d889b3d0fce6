import type { SpellEffects } from '@rpg/game';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { playerCharacterAttributes, playerCharacters } from '../schema/index.ts';

/** Saves what a spell changed: health, mana and the effects waiting for the next adventure. */
export async function saveCast(tx: Tx, characterId: string, state: { currentHealth: number; currentMana: number; effects: SpellEffects }): Promise<void> {
  await tx
    .update(playerCharacterAttributes)
    .set({ currentHealth: state.currentHealth, currentMana: state.currentMana })
    .where(eq(playerCharacterAttributes.characterId, characterId));
  await tx
    .update(playerCharacters)
    .set({ spellEffects: state.effects, updatedAt: sql`now()` })
    .where(eq(playerCharacters.id, characterId));
}
