// First: zod's configuration, before this module builds a schema (lib/zod-config.ts).
import '@/lib/zod-config';
import { characterViewSchema } from '@rpg/contract';
import { z } from 'zod';

/** GET /api/characters: the player's characters, oldest first; exactly one is active when any exist. */
export const characterListSchema = z.object({ characters: z.array(characterViewSchema) });
export type CharacterList = z.infer<typeof characterListSchema>;
