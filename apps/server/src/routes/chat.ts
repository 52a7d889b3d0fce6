import {
  chatMessageParamsSchema,
  chatUserParamsSchema,
  chatViewSchema,
  emptyBody,
  emptyQuery,
  okResponseSchema,
  queryKeys,
  reportChatBodySchema,
  sendChatBodySchema,
  sendChatResponseSchema,
  type ChatView,
} from '@rpg/contract';
import { chatLineText, checkChatMute, GAME_MASTER, GAME_MASTER_WELCOME } from '@rpg/game';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { addMute, chatIsEmpty, insertSystemLine, listMutes, readChat, removeMute, userExists } from '../db/queries/chat.ts';
import type { ZodTypeProvider } from '../http/schema.ts';
import { throttlePlayer } from '../http/rateLimit.ts';
import { player, type requireUser } from '../http/session.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { pusher } from '../realtime/notify.ts';
import { announceAchievements } from '../services/achievements.ts';
import { chatMessageView, sendChatLine } from '../services/chat.ts';
import { fileReport } from '../services/moderation.ts';

export interface ChatRouteDeps {
  db: Db;
  guard: ReturnType<typeof requireUser>;
  hub: RealtimeHub;
  /** RATE_LIMIT_FACTOR: scales the per-player throttle of reports. */
  rateLimitFactor: number;
}

/** Spec 03 §4 chat: the Game Master's welcome, written once when the chat has never had a line. */
async function welcomeOnce(db: Db): Promise<void> {
  if (!(await chatIsEmpty(db))) return;
  await insertSystemLine(db, {
    systemKey: 'welcome',
    userId: null,
    characterId: null,
    characterName: GAME_MASTER.name,
    characterRace: '',
    characterClass: '',
    characterLevel: GAME_MASTER.level,
    portraitPath: null,
    text: GAME_MASTER_WELCOME,
  });
}

/**
 * The global player chat (spec 03 §2/§3/§4/§5, DECISIONS §1 shared by all players, §4 moderation):
 *   GET    /api/chat                              the last 50 lines (oldest first) without muted or blocked players, my mutes
 *   POST   /api/chat { text }                     said by the active character; broadcast to every tab but those of players in a block with the speaker
 *   POST   /api/chat/messages/:messageId/report   one open report per reporter (issue 28: the moderation queue)
 *   PUT    /api/chat/mutes/:userId                mute a player (for me only); DELETE unmutes
 * The throttle (5 lines in 10 s) counts the player's stored lines under a lock on the player's
 * row, so parallel sends and several server processes see the same count.
 */
export async function chatRoutes(app: FastifyInstance, { db, guard, hub, rateLimitFactor }: ChatRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const viewSchema = { querystring: emptyQuery, response: { 200: chatViewSchema } };
  api.get('/api/chat', { onRequest: guard, schema: viewSchema }, async (request): Promise<ChatView> => {
    const { userId } = player(request);
    // The Game Master's welcome is written only when the read finds no line (the chat may be empty).
    // Read again whoever wrote it: a first visitor beside another sees the other's welcome, not an empty chat.
    let read = await readChat(db, userId);
    if (read.lines.length === 0) {
      await welcomeOnce(db);
      read = await readChat(db, userId);
    }
    return { messages: read.lines.map(chatMessageView), muted: read.muted };
  });

  const sendSchema = { body: sendChatBodySchema, response: { 200: sendChatResponseSchema } };
  api.post('/api/chat', { onRequest: guard, schema: sendSchema }, async (request) => {
    const { userId } = player(request);
    const text = chatLineText(request.body.text);
    const message = await sendChatLine(db, userId, text);
    // Not to the tabs of players in a block with the speaker, either way (issue 25).
    pusher(hub, request.log).broadcast({ type: 'chat-message', message: message.line }, [userId]);
    announceAchievements(pusher(hub, request.log), userId, message.notice);
    return { message: message.line };
  });

  const reportSchema = { params: chatMessageParamsSchema, body: reportChatBodySchema, response: { 200: okResponseSchema } };
  api.post('/api/chat/messages/:messageId/report', { onRequest: guard, schema: reportSchema }, async (request) => {
    const { userId } = player(request);
    const { messageId } = request.params;
    await throttlePlayer(db, 'reports', userId, rateLimitFactor);
    await fileReport(db, { kind: 'chat', itemId: String(messageId), reporterId: userId, reason: request.body?.reason });
    return { ok: true as const };
  });

  const muteSchema = { params: chatUserParamsSchema, body: emptyBody, response: { 200: chatViewSchema.unwrap().pick({ muted: true }) } };
  for (const method of ['PUT', 'DELETE'] as const) {
    api.route({
      method,
      url: '/api/chat/mutes/:userId',
      onRequest: guard,
      schema: muteSchema,
      handler: async (request) => {
        const { userId } = player(request);
        const target = request.params.userId;
        checkChatMute({ muting: method === 'PUT', targetId: target, playerId: userId, targetExists: await userExists(db, target) });
        if (method === 'PUT') await addMute(db, userId, target);
        else await removeMute(db, userId, target);
        // The player's other tabs reload the chat without (or with) that player's lines.
        pusher(hub, request.log).invalidate(userId, [queryKeys.chat]);
        return { muted: await listMutes(db, userId) };
      },
    });
  }
}
