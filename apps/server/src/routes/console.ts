import { randomBytes } from 'node:crypto';
import type { ConsoleAnswer, ConsoleMessage, ConsolePage } from '@rpg/contract';
import { createRng, isRuleError } from '@rpg/game';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseCommandLine, unknownCommandMessage, type CommandTable } from '../commands/registry.ts';
import type { CommandContext, MessageKind, OutMessage, Toast } from '../commands/types.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { getCharacter, getCharacterForUpdate } from '../db/queries/characters.ts';
import { consoleMessages } from '../db/schema/index.ts';
import { player, type requireUser } from '../http/session.ts';
import type { PushMessage } from '../realtime/bus.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { characterIdParam, found } from './characters/shared.ts';

export interface ConsoleDeps {
  db: Db;
  guard: ReturnType<typeof requireUser>;
  hub: RealtimeHub;
  commands: CommandTable;
  config: Config;
  /** Brings the player's time-based state up to date (due adventures, mana) before a read or a command. */
  catchUp(userId: string): Promise<void>;
}

export const consoleQueryKey = (characterId: string) => ['console', characterId];
const HISTORY_PAGE = 200;

type StoredMessage = typeof consoleMessages.$inferSelect;
export const toMessageView = (m: StoredMessage): ConsoleMessage => ({ id: m.id, kind: m.kind, sender: m.sender, content: m.content, createdAt: m.createdAt.toISOString() });

const lineBody = z.object({ text: z.string().trim().min(1, 'Type a command or a message.').max(500, 'That line is too long (500 characters at most).') });
const historyQuery = z.object({ before: z.coerce.number().int().positive().optional() });

export async function consoleRoutes(app: FastifyInstance, { db, guard, hub, commands, config, catchUp }: ConsoleDeps) {
  /** The console's history, oldest first (the newest page, or the page before `before`). */
  app.get('/api/characters/:id/console', { preHandler: guard }, async (request): Promise<ConsolePage> => {
    const { userId } = player(request);
    const characterId = characterIdParam(request);
    found(await getCharacter(db, userId, characterId));
    const { before } = historyQuery.parse(request.query);
    await catchUp(userId);
    const rows = await db
      .select()
      .from(consoleMessages)
      .where(and(eq(consoleMessages.characterId, characterId), before ? lt(consoleMessages.id, before) : undefined))
      .orderBy(desc(consoleMessages.id))
      .limit(HISTORY_PAGE);
    return { messages: rows.reverse().map(toMessageView), hasMore: rows.length === HISTORY_PAGE };
  });

  /** One line typed in the console: a /command, or plain text said in the player's own console. */
  app.post('/api/characters/:id/console', { preHandler: guard }, async (request): Promise<ConsoleAnswer> => {
    const { userId } = player(request);
    const characterId = characterIdParam(request);
    const { text } = lineBody.parse(request.body);
    found(await getCharacter(db, userId, characterId));
    await catchUp(userId);
    const toasts: Toast[] = [];
    const pushes: PushMessage[] = [];
    const afterCommit: Array<() => void> = [];
    const invalidations: string[][] = [consoleQueryKey(characterId)];

    const stored = await db.transaction(async (tx) => {
      const character = found(await getCharacterForUpdate(tx, userId, characterId));
      const out: OutMessage[] = [{ kind: 'user', content: text, sender: character.character.name }];
      const parsed = parseCommandLine(text);
      if (parsed) {
        const def = commands.find(parsed.name);
        if (!def) {
          out.push({ kind: 'error', content: unknownCommandMessage(`/${parsed.name}`) });
        } else {
          const said: OutMessage[] = [];
          const ctxToasts: Toast[] = [];
          const ctxPushes: PushMessage[] = [];
          const ctxKeys: string[][] = [];
          const ctxAfter: Array<() => void> = [];
          try {
            // A savepoint: a refused command changes nothing, but the line and the refusal are kept.
            await tx.transaction(async (sp) => {
              const ctx: CommandContext = {
                tx: sp,
                userId,
                characterId,
                characterName: character.character.name,
                now: new Date(),
                rng: createRng(randomBytes(4).readUInt32LE(0)),
                config,
                say: (kind: MessageKind, content: string, sender?: string) => said.push({ kind, content, ...(sender ? { sender } : {}) }),
                toast: (t) => ctxToasts.push(t),
                push: (p) => ctxPushes.push(p),
                invalidate: (...keys) => ctxKeys.push(...keys),
                afterCommit: (fn) => ctxAfter.push(fn),
              };
              await def.run(ctx, parsed.args);
            });
            out.push(...said);
            toasts.push(...ctxToasts);
            pushes.push(...ctxPushes);
            invalidations.push(...ctxKeys);
            afterCommit.push(...ctxAfter);
          } catch (error) {
            if (!isRuleError(error)) throw error;
            out.push({ kind: 'error', content: error.message });
            if (error.title) toasts.push({ title: error.title, description: error.message, variant: 'error' });
          }
        }
      }
      return tx
        .insert(consoleMessages)
        .values(out.map((m) => ({ characterId, kind: m.kind, sender: m.sender ?? 'System', content: m.content })))
        .returning();
    });

    for (const fn of afterCommit) {
      try {
        fn();
      } catch (error) {
        request.log.error({ err: error }, 'after-commit step failed');
      }
    }
    for (const payload of pushes) void hub.toUser(userId, payload).catch((e: unknown) => request.log.error({ err: e }, 'push failed'));
    void hub.toUser(userId, { type: 'invalidate', queryKeys: invalidations }).catch((e: unknown) => request.log.error({ err: e }, 'push failed'));
    return { messages: stored.sort((a, b) => a.id - b.id).map(toMessageView), toasts };
  });
}
