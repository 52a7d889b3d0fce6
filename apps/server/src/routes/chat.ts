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
import { CHAT_HISTORY_SIZE, chatLineText, checkChatMute, GAME_MASTER, GAME_MASTER_WELCOME } from '@rpg/game';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import {
  addMute,
  chatIsEmpty,
  insertSystemLine,
  listMutes,
  readChat,
  readChatFilter,
  readNewestLines,
  removeMute,
  SHARED_CHAT_LINES,
  userExists,
} from '../db/queries/chat.ts';
import type { ZodTypeProvider } from '../http/schema.ts';
import { throttlePlayer } from '../http/rateLimit.ts';
import { player, type requireUser } from '../http/session.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { pusher } from '../realtime/notify.ts';
import type { ReadCaches } from '../services/read-caches.ts';
import { announceAchievements } from '../services/achievements.ts';
import { chatMessageView, sendChatLine } from '../services/chat.ts';
import { fileReport } from '../services/moderation.ts';

export interface ChatRouteDeps {
  db: Db;
  guard: ReturnType<typeof requireUser>;
  hub: RealtimeHub;
  reads: ReadCaches;
  /** RATE_LIMIT_FACTOR: scales the per-player throttle of reports. */
  rateLimitFactor: number;
}

/** Spec 03 §4 chat: the Game Master's welcome, written once when the chat has never had a line. */
async function welcomeOnce(db: Db): Promise<boolean> {
  if (!(await chatIsEmpty(db))) return false;
  return insertSystemLine(db, {
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
 * GET /api/chat from the shared copy of the newest lines and the reader's filter (both cached,
 * services/read-caches.ts): the reader's last CHAT_HISTORY_SIZE lines of it. When the filter hides
 * so many that fewer are left while older lines exist, the reader's own read in the database.
 */
async function chatFor(db: Db, reads: ReadCaches, userId: string): Promise<ChatView> {
  const [lines, filter] = await Promise.all([
    reads.chatLines(async () => (await readNewestLines(db)).map(chatMessageView)),
    reads.chatFilter(userId, async () => {
      const { muted, blockPeers } = await readChatFilter(db, userId);
      return { muted, hidden: new Set([...muted.map((m) => m.userId), ...blockPeers]) };
    }),
  ]);
  const shown = lines.filter((line) => line.userId === null || !filter.hidden.has(line.userId));
  if (shown.length >= CHAT_HISTORY_SIZE || lines.length < SHARED_CHAT_LINES) return { messages: shown.slice(-CHAT_HISTORY_SIZE), muted: filter.muted };
  const read = await readChat(db, userId);
  return { messages: read.lines.map(chatMessageView), muted: read.muted };
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
export async function chatRoutes(app: FastifyInstance, { db, guard, hub, reads, rateLimitFactor }: ChatRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const viewSchema = { querystring: emptyQuery, response: { 200: chatViewSchema } };
  api.get('/api/chat', { onRequest: guard, schema: viewSchema }, async (request): Promise<ChatView> => {
    const { userId } = player(request);
    // The Game Master's welcome is written only when the read finds no line (the chat may be empty).
    // Read again whoever wrote it: a first visitor beside another sees the other's welcome, not an empty chat.
    const read = await chatFor(db, reads, userId);
    if (read.messages.length > 0) return read;
    if (!(await welcomeOnce(db))) {
      // Written by another request (maybe in another process, its bus message still coming), or every line is hidden from the reader.
      const own = await readChat(db, userId);
      return { messages: own.lines.map(chatMessageView), muted: own.muted };
    }
    // Dropped here before the read below (the bus delivers its message here after this turn).
    reads.dropHere({ chat: true });
    pusher(hub, request.log).readsChanged({ chat: true });
    return chatFor(db, reads, userId);
  });

  const sendSchema = { body: sendChatBodySchema, response: { 200: sendChatResponseSchema } };
  api.post('/api/chat', { onRequest: guard, schema: sendSchema }, async (request) => {
    const { userId } = player(request);
    const text = chatLineText(request.body.text);
    const message = await sendChatLine(db, userId, text);
    pusher(hub, request.log).readsChanged({ chat: true });
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
        pusher(hub, request.log).readsChanged({ filtersOf: [userId] });
        // The player's other tabs reload the chat without (or with) that player's lines.
        pusher(hub, request.log).invalidate(userId, [queryKeys.chat]);
        return { muted: await listMutes(db, userId) };
      },
    });
  }
}
