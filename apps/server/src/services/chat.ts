import type { ChatMessageView } from '@rpg/contract';
import { CHAT_THROTTLE, checkChatThrottle, checkNotChatMuted, noCharacterForChat, type AchievementEvent } from '@rpg/game';
import type { Db } from '../db/client.ts';
import { releaseClaim, repeatedRequest, statementClaim } from '../db/idempotency.ts';
import { keepChatSent, writeChatLine } from '../db/queries/chat-line.ts';
import { lockOwner } from '../db/queries/characters.ts';
import { activeCharacterSnapshot, getChatLine, insertChatLine, recentLineTimes, type ChatMessageRow } from '../db/queries/chat.ts';
import { transaction } from '../db/transaction.ts';
import { hotChanges, hotCountValues, recordEvents, settleAfterCount, type AchievementNotice } from './achievements.ts';

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

/**
 * POST /api/chat (issue 45 point 3): the line in one statement (db/queries/chat-line.ts: the
 * claim, the player's row locked with the mute and the throttle checked on it, the character, the
 * line, its achievement count). Nothing written: refused from the facts the statement read, or,
 * when they do not explain it (a first event's count, the night-owl hour, a race lost once
 * locked, a player's row still to make), the line's transaction.
 */
export async function sendChatLine(db: Db, userId: string, text: string): Promise<{ line: ChatMessageView; notice: AchievementNotice }> {
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
