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
  type ChatMessageView,
  type ChatView,
} from '@rpg/contract';
import {
  CHAT_THROTTLE,
  chatLineText,
  checkChatMute,
  checkChatThrottle,
  checkNotChatMuted,
  GAME_MASTER,
  GAME_MASTER_WELCOME,
  noCharacterForChat,
  type AchievementEvent,
} from '@rpg/game';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { releaseClaim, repeatedRequest, statementClaim } from '../db/idempotency.ts';
import { keepChatSent, writeChatLine } from '../db/queries/chat-line.ts';
import { lockOwner } from '../db/queries/characters.ts';
import {
  activeCharacterSnapshot,
  addMute,
  chatIsEmpty,
  getChatLine,
  insertChatLine,
  insertSystemLine,
  listMutes,
  readChat,
  recentLineTimes,
  removeMute,
  userExists,
  type ChatMessageRow,
} from '../db/queries/chat.ts';
import type { ZodTypeProvider } from '../http/schema.ts';
import { throttlePlayer } from '../http/rateLimit.ts';
import { player, type requireUser } from '../http/session.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { pusher } from '../realtime/notify.ts';
import { announceAchievements, hotChanges, hotCountValues, recordEvents, settleAfterCount, type AchievementNotice } from '../services/achievements.ts';
import { fileReport } from '../services/moderation.ts';
import { transaction } from '../db/transaction.ts';

export interface ChatRouteDeps {
  db: Db;
  guard: ReturnType<typeof requireUser>;
  hub: RealtimeHub;
  /** RATE_LIMIT_FACTOR: scales the per-player throttle of reports. */
  rateLimitFactor: number;
}

/** A stored chat line as every player sees it (the read, the send's answer and its push). */
export function chatMessageView(row: ChatMessageRow): ChatMessageView {
  const system = row.userId === null;
  return {
    id: row.id,
    kind: system ? 'system' : 'player',
    userId: row.userId,
    username: row.username,
    character: {
      id: row.characterId,
      name: row.characterName,
      race: row.characterRace,
      characterClass: row.characterClass,
      level: row.characterLevel,
      portraitUrl: row.portraitPath ? `/uploads/${row.portraitPath}` : null,
      appearance: row.characterAppearance ?? null,
    },
    title: row.title,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
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
 * POST /api/chat (issue 45 point 3): the line in one statement (db/queries/chat-line.ts: the
 * claim, the player's row locked with the mute and the throttle checked on it, the character, the
 * line, its achievement count). Nothing written: refused from the facts the statement read, or,
 * when they do not explain it (a first event's count, the night-owl hour, a race lost once
 * locked, a player's row still to make), the line's transaction.
 */
async function sendChatLine(db: Db, userId: string, text: string): Promise<{ line: ChatMessageView; notice: AchievementNotice }> {
  const now = new Date();
  const events: AchievementEvent[] = [{ type: 'chat-message' }];
  const claim = statementClaim();
  const input = { userId, text, now, windowMs: CHAT_THROTTLE.windowMs, max: CHAT_THROTTLE.max };
  const written = await writeChatLine(db, input, hotCountValues(hotChanges(events)!, events, now), claim).catch((error: unknown) => {
    claim.settle(false);
    throw error;
  });
  claim.settle(written.line !== undefined);
  if (written.line) return { line: chatMessageView(written.line), notice: await settleAfterCount(db, userId, written.count, now) };
  const { state } = written;
  if (state?.repeated) throw repeatedRequest(claim);
  if (state?.claimed) await releaseClaim(db, claim);
  else if (state) {
    if (!state.hasCharacter) throw noCharacterForChat();
    checkNotChatMuted({ until: state.mutedUntil, reason: state.muteReason }, now);
    checkChatThrottle(state.sentAt, now);
  }
  return chatLineTransaction(db, userId, text, events);
}

/** The line's transaction: the player's row locked (made when missing), the rule, the line, the full count. */
function chatLineTransaction(db: Db, userId: string, text: string, events: AchievementEvent[]) {
  return transaction(db, async (tx) => {
    // One player's sends one after the other, in every process: the count below is exact.
    const mute = await lockOwner(tx, userId);
    const character = await activeCharacterSnapshot(tx, userId);
    if (!character) throw noCharacterForChat();
    const now = new Date();
    // Issue 28: a moderator's mute refuses the line, naming its end and reason.
    checkNotChatMuted(mute, now);
    checkChatThrottle(await recentLineTimes(tx, userId, CHAT_THROTTLE.windowMs, now), now);
    const id = await insertChatLine(tx, {
      userId,
      characterId: character.id,
      characterName: character.name,
      characterRace: character.race,
      characterClass: character.characterClass,
      characterLevel: character.level,
      portraitPath: character.avatarPath,
      characterAppearance: character.appearance,
      text,
      createdAt: now,
    });
    await keepChatSent(tx, userId, now, CHAT_THROTTLE.windowMs);
    const notice = await recordEvents(tx, userId, events, now, { character });
    return { line: chatMessageView((await getChatLine(tx, id))!), notice };
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
