import { changedKeys, inboxTextOf, queryKeys, type PushMessage, type QueryKey } from '@rpg/contract';
import {
  BATTLE_PASS_REWARDS,
  counterChanges,
  applyChange,
  firstStepOf,
  foldChanges,
  itemsIn,
  NIGHT_OWL_HOUR,
  zonesAtLocalHour,
  levelForPoints,
  trustedLocalHour,
  newlyUnlocked,
  rewardsToClaim,
  type AchievementEvent,
  type CounterChange,
} from '@rpg/game';
import type { Db, Tx } from '../db/client.ts';
import { countValues, type CountRead } from '../db/queries/achievement-count.ts';
import {
  activeCharacter,
  addPoints,
  applyCounterChanges,
  claimPlayTime,
  countEvents,
  ensureProgress,
  getProgress,
  lockProgress,
  grantedLevels,
  holdActiveCharacters,
  insertGrant,
  insertUnlock,
  readAchievements,
  setTitle,
} from '../db/queries/achievements.ts';
import { lockCharacterRow } from '../db/queries/auction.ts';
import { insertEntry } from '../db/queries/items.ts';
import { recordLedger } from '../db/queries/ledger.ts';
import { addInboxEntries } from '../db/queries/notices.ts';
import type { Pusher } from '../realtime/notify.ts';
import { acceptedFriendCounts } from '../db/queries/social.ts';
import { transaction } from '../db/transaction.ts';
import { markFirstStepsOf, type StepDone } from './first-steps.ts';
import { MAX_PLAY_SPAN_SECONDS } from './play-time.ts';

/** What one recording tells the player's tabs once its transaction has committed. */
export interface AchievementNotice {
  unlocked: { id: string; title: string; points: number }[];
  rewards: { level: number; itemName: string }[];
  /** The character that received reward items (its inventory changed). */
  rewardedCharacterId: string | null;
  /** First steps (issue 44) the events checked off, with their rewards. */
  steps?: StepDone[];
}

export const NO_NOTICE: AchievementNotice = { unlocked: [], rewards: [], rewardedCharacterId: null };

/** A player's active character, KEY SHARE locked by `holdActiveCharacters`. */
type HeldCharacter = { id: string };

/**
 * What the caller of recordEvents already took in its transaction, in the lock order: the player's
 * active character (undefined without one) and, when it read it, the progress row.
 */
interface Prior {
  character: HeldCharacter | undefined;
  progress?: Awaited<ReturnType<typeof getProgress>>;
}

/** The player's progress row, made first when it does not exist yet (one read when it does). */
async function ensuredProgress(tx: Tx, userId: string) {
  const found = await getProgress(tx, userId);
  if (found) return found;
  await ensureProgress(tx, userId);
  return getProgress(tx, userId);
}

/**
 * Spec 03 §3/§4, DECISIONS §2/§3: counts game events towards achievements, in the caller's
 * transaction (the event and its count commit together, or neither). Each unlock is decided by
 * the unique (player, achievement) key, so it adds its points once however many events race;
 * the level is recomputed from the 15 thresholds, and each level reached puts its reward into
 * the active character's inventory once (the unique (player, level) grant key). The caller
 * passes the answer to `announceAchievements` after its commit.
 */
export async function recordEvents(tx: Tx, userId: string, events: readonly AchievementEvent[], now = new Date(), prior?: Prior): Promise<AchievementNotice> {
  if (events.length === 0) return NO_NOTICE;
  const counted = await countedAtOnce(tx, userId, events, now, prior);
  if (counted) return counted;
  // The lock order: the character that may receive a reward before the progress and counter rows.
  const character = prior ? prior.character : (await holdActiveCharacters(tx, [userId]))[0];
  // Issue 44: the first steps these events are (the rewarded character before the first-hour row).
  const steps = await markFirstStepsOf(tx, userId, events, character?.id ?? null);
  const withSteps = (notice: AchievementNotice): AchievementNotice => (steps.length ? { ...notice, steps } : notice);
  // The progress (time zone, points), counters, unlocks and grants in one read; the changes computed
  // against the counters as they were (the win streak reads them).
  const read = await readAchievements(tx, userId);
  // A player's first event makes the progress row the points are added to.
  if (read.totalPoints === null) await ensureProgress(tx, userId);
  const progress = prior?.progress ?? read;
  const hour = trustedLocalHour(now, progress.timeZone, progress.timeZoneSetAt);
  const all: AchievementEvent[] = hour === null ? [...events] : [...events, { type: 'played', seconds: 0, localHour: hour }];
  const before = Object.fromEntries(read.counters.map((c) => [c.key, c.value]));
  let counters = before;
  const changes: CounterChange[] = [];
  for (const event of all) {
    for (const change of counterChanges(counters, event)) {
      changes.push(change);
      counters = { ...counters, [change.key]: applyChange(counters[change.key] ?? 0, change) };
    }
  }
  if (changes.length === 0) return withSteps(NO_NOTICE);
  // The unlocks follow the counters as stored after the changes (a concurrent event's count included).
  const stored = await applyCounterChanges(tx, userId, changes);
  return withSteps(await settleUnlocks(tx, userId, character, { ...before, ...stored }, read, now));
}

/**
 * The changes of events that do not read the counters (all but a won adventure's streak), for
 * the hot count; undefined when they read them or change nothing.
 */
export function hotChanges(events: readonly AchievementEvent[]): CounterChange[] | undefined {
  if (events.some((e) => e.type === 'adventure-completed' && e.won)) return undefined;
  const changes = events.flatMap((e) => counterChanges({}, e));
  return changes.length > 0 ? changes : undefined;
}

/** The first steps among events (each once). */
export function firstStepsIn(events: readonly AchievementEvent[]): string[] {
  return [...new Set(events.map(firstStepOf).filter((s) => s !== null))];
}

/** The placeholders' values of the hot count of `events` at `now` (db/queries/achievement-count.ts). */
export function hotCountValues(changes: readonly CounterChange[], events: readonly AchievementEvent[], now: Date) {
  return countValues(foldChanges(changes), firstStepsIn(events), zonesAtLocalHour(now, NIGHT_OWL_HOUR));
}

/**
 * Issue 45 point 3: the common count in one statement (countEvents): the character held, the
 * counters changed, and what the unlocks read, when no first step is to be marked, the progress
 * row exists and it is not the night-owl hour in the player's zone. Undefined (nothing changed)
 * otherwise: the full count runs.
 */
async function countedAtOnce(tx: Tx, userId: string, events: readonly AchievementEvent[], now: Date, prior?: Prior): Promise<AchievementNotice | undefined> {
  const changes = hotChanges(events);
  if (!changes) return undefined;
  const read = await countEvents(tx, userId, hotCountValues(changes, events, now));
  if (Object.keys(read.stored).length === 0) return undefined;
  return settleCounted(tx, userId, prior ? prior.character : read.held, read, now, prior?.progress);
}

/**
 * After a hot count that changed the counters (`read.stored`): the night-owl hour in a zone the
 * clock's list does not name (an alias such as 'UTC'), then the unlocks and grants the counters
 * reach. Nothing more is sent in the common case (nothing unlocks, no level waits).
 */
export async function settleCounted(
  tx: Tx,
  userId: string,
  character: HeldCharacter | undefined,
  read: CountRead,
  now: Date,
  progress: Prior['progress'] = undefined,
): Promise<AchievementNotice> {
  const counters = countedCounters(read);
  const zone = progress ?? read;
  const hour = trustedLocalHour(now, zone.timeZone, zone.timeZoneSetAt);
  if (hour !== null) {
    const extra = counterChanges(counters, { type: 'played', seconds: 0, localHour: hour }).filter(
      (c) => applyChange(counters[c.key] ?? 0, c) !== counters[c.key],
    );
    if (extra.length > 0) Object.assign(counters, await applyCounterChanges(tx, userId, extra));
  }
  return settleUnlocks(tx, userId, character, counters, read, now);
}

/** The counters after a hot count: as they were, with the stored values of the changed ones. */
function countedCounters(read: CountRead): Record<string, number> {
  return { ...Object.fromEntries(read.counters.map((c) => [c.key, c.value])), ...read.stored };
}

/**
 * After a hot count of a write of one statement (no transaction): whether the counters reach an
 * unlock, a level waits for its grant or the night-owl hour counts, and only then a transaction
 * that holds the active character (the lock order) and settles them (settleCounted). The unique
 * keys of unlocks and grants keep a racing count from settling one twice.
 */
export async function settleAfterCount(db: Db, userId: string, read: CountRead, now: Date): Promise<AchievementNotice> {
  if (Object.keys(read.stored).length === 0 || !settlesMore(read, now)) return NO_NOTICE;
  return transaction(db, async (tx) => {
    const [character] = await holdActiveCharacters(tx, [userId]);
    return settleCounted(tx, userId, character, read, now);
  });
}

function settlesMore(read: CountRead, now: Date): boolean {
  const counters = countedCounters(read);
  const hour = trustedLocalHour(now, read.timeZone, read.timeZoneSetAt);
  if (
    hour !== null &&
    counterChanges(counters, { type: 'played', seconds: 0, localHour: hour }).some((c) => applyChange(counters[c.key] ?? 0, c) !== counters[c.key])
  ) {
    return true;
  }
  if (newlyUnlocked(counters, new Set(read.unlocked.map((u) => u.achievementId))).length > 0) return true;
  const level = levelForPoints(read.totalPoints ?? 0);
  const granted = new Set(read.granted);
  return BATTLE_PASS_REWARDS.some((r) => r.level <= level && !granted.has(r.level) && (r.grant.kind !== 'item' || read.held !== undefined));
}

/**
 * Unlocks what the counters now reach, adds the points, grants the levels reached. `read` is the
 * player's achievements as read before the changes: an unlock or a grant another transaction made
 * meanwhile is refused by its unique key (insertUnlock, insertGrant), and the points are added in
 * one statement that answers the new total.
 */
async function settleUnlocks(
  tx: Tx,
  userId: string,
  character: HeldCharacter | undefined,
  counters: Record<string, number>,
  read: Awaited<ReturnType<typeof readAchievements>>,
  now: Date,
): Promise<AchievementNotice> {
  const unlockedIds = new Set(read.unlocked.map((u) => u.achievementId));
  const notice: AchievementNotice = { unlocked: [], rewards: [], rewardedCharacterId: null };
  let points = 0;
  for (const achievement of newlyUnlocked(counters, unlockedIds)) {
    if (!(await insertUnlock(tx, userId, achievement.id, achievement.points, now))) continue;
    points += achievement.points;
    notice.unlocked.push({ id: achievement.id, title: achievement.title, points: achievement.points });
  }
  const total = points > 0 ? await addPoints(tx, userId, points, levelForPoints) : (read.totalPoints ?? 0);
  await grantReachedLevels(tx, userId, character, levelForPoints(total), read.granted, now, notice);
  return notice;
}

/**
 * DECISIONS §2: every level reached and not yet granted puts its reward into the active
 * character's inventory (a title goes beside the name). Without an active character the
 * level's item waits (READY TO CLAIM on the screen, with its claim button: `claimBattlePass`);
 * a title needs no character and is granted at once.
 */
async function grantReachedLevels(
  tx: Tx,
  userId: string,
  character: HeldCharacter | undefined,
  level: number,
  grantedBefore: readonly number[],
  now: Date,
  notice: AchievementNotice,
): Promise<void> {
  if (level === 0) return;
  // Granted as read: a level another transaction grants meanwhile is refused by insertGrant's key.
  const granted = new Set(grantedBefore);
  const due = BATTLE_PASS_REWARDS.filter((r) => r.level <= level && !granted.has(r.level));
  if (due.length === 0) return;
  for (const reward of due) {
    const { grant } = reward;
    if (grant.kind === 'item') {
      if (!character || !(await insertGrant(tx, userId, reward.level, character.id, reward.itemName, now))) continue;
      const entryId = await insertEntry(tx, character.id, grant.item, 1);
      await recordLedger(
        tx,
        itemsIn(character.id, [{ entryId, item: grant.item, quantity: 1 }], 'battle_pass', { reason: 'battle_pass', cause: `level ${reward.level}` }),
      );
      notice.rewardedCharacterId = character.id;
    } else {
      if (!(await insertGrant(tx, userId, reward.level, null, reward.itemName, now))) continue;
      await setTitle(tx, userId, grant.title);
    }
    notice.rewards.push({ level: reward.level, itemName: reward.itemName });
    // Issue 44: the reward in the player's inbox, with the grant.
    await addInboxEntries(tx, [{ userId, ...inboxTextOf({ type: 'battle-pass-reward', level: reward.level, itemName: reward.itemName }) }], now);
  }
}

/**
 * The battle pass's claim button (issue 27): grants every level reached and not yet granted to
 * the active character, as the next counted event would. Refused by the rule (`rewardsToClaim`)
 * when nothing is ready or no character can receive an item; the unique grant key keeps a
 * racing claim or event from granting a level twice.
 */
export async function claimBattlePass(tx: Tx, userId: string, now = new Date()): Promise<AchievementNotice> {
  // The lock order (docs/architecture.md): the character before the progress row. The grant's
  // inventory insert needs the character's key lock; taken after the progress row, it deadlocked
  // with a gift (or any change) holding the character and adding to the same player's points.
  const active = await activeCharacter(tx, userId);
  if (active) await lockCharacterRow(tx, active.id);
  await ensureProgress(tx, userId);
  // Locked: a second claim in flight waits, then finds the level granted and is refused.
  const total = (await lockProgress(tx, userId))?.totalPoints ?? 0;
  const character = await activeCharacter(tx, userId);
  const granted = await grantedLevels(tx, userId);
  rewardsToClaim(total, new Set(granted), character !== undefined);
  const notice: AchievementNotice = { unlocked: [], rewards: [], rewardedCharacterId: null };
  await grantReachedLevels(tx, userId, character, levelForPoints(total), granted, now, notice);
  return notice;
}

/** The keys a notice makes stale. */
export function noticeKeys(notice: AchievementNotice): QueryKey[] {
  const keys: QueryKey[] = notice.steps?.length ? changedKeys.firstSteps(notice.steps.some((s) => s.reward > 0)) : [];
  if (notice.unlocked.length === 0 && notice.rewards.length === 0) return keys;
  keys.push(queryKeys.achievements);
  if (notice.rewards.length > 0) keys.push(queryKeys.inbox);
  if (notice.rewardedCharacterId) keys.push(queryKeys.inventory(notice.rewardedCharacterId), queryKeys.characters);
  return keys;
}

/** The pushes of a notice: 'Achievement Unlocked!' per unlock, then the 'Level Up Reward!' of each level. */
export function noticePushes(notice: AchievementNotice): PushMessage[] {
  return [
    ...notice.unlocked.map((u): PushMessage => ({ type: 'achievement-unlocked', achievementId: u.id, title: u.title, points: u.points })),
    ...notice.rewards.map((r): PushMessage => ({ type: 'battle-pass-reward', level: r.level, itemName: r.itemName })),
  ];
}

/** After the commit: the toasts and refetches of a notice, to every tab of the player. */
export function announceAchievements(p: Pusher, userId: string, notice: AchievementNotice): void {
  // A title is shown beside the name in the chat's lines and on the boards.
  if (notice.rewards.some((r) => BATTLE_PASS_REWARDS.find((b) => b.level === r.level)?.grant.kind === 'title')) p.readsChanged({ chat: true, tops: true });
  const pushes = noticePushes(notice);
  if (pushes.length === 0) return;
  p.notify(userId, ...pushes);
  p.invalidate(userId, noticeKeys(notice));
}

/**
 * Time played, from socket presence (spec 03 §3 hidden-marathon): called by the hub's sweep for
 * each player with an open tab. Also the night owl's clock when the player's zone is known.
 */
export async function recordPresence(db: Db, userId: string, now = new Date()): Promise<AchievementNotice> {
  return transaction(db, async (tx) => {
    // The lock order: the active character before the progress row (claimPlayTime writes it).
    const [character] = await holdActiveCharacters(tx, [userId]);
    const progress = await ensuredProgress(tx, userId);
    const seconds = await claimPlayTime(tx, userId, now, progress?.playedAt ?? null, MAX_PLAY_SPAN_SECONDS);
    if (seconds <= 0 && !progress?.timeZone) return NO_NOTICE;
    return recordEvents(tx, userId, [{ type: 'played', seconds, localHour: null }], now, { character, progress });
  });
}

/** One event that counts for several players (a sale: buyer and seller; a friendship: both), in user-id order. */
export async function recordForEach(
  tx: Tx,
  entries: readonly { userId: string; events: readonly AchievementEvent[] }[],
  now = new Date(),
): Promise<{ userId: string; notice: AchievementNotice }[]> {
  const sorted = [...entries].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  // The lock order: every player's active character (in id order) before any progress row.
  const held = await holdActiveCharacters(
    tx,
    sorted.map((e) => e.userId),
  );
  const out: { userId: string; notice: AchievementNotice }[] = [];
  for (const { userId, events } of sorted)
    out.push({ userId, notice: await recordEvents(tx, userId, events, now, { character: held.find((h) => h.userId === userId) }) });
  return out;
}

/** A friendship accepted: both players count it with how many friends each holds now. */
export async function recordFriendAdded(tx: Tx, userIds: readonly string[], now = new Date()): Promise<{ userId: string; notice: AchievementNotice }[]> {
  const counts = await acceptedFriendCounts(tx, userIds);
  return recordForEach(
    tx,
    userIds.map((userId, i) => ({ userId, events: [{ type: 'friend-added' as const, friends: counts[i] ?? 0 }] })),
    now,
  );
}

/** After the commit: `announceAchievements` for each player of `recordForEach`. */
export function announceEach(p: Pusher, notices: readonly { userId: string; notice: AchievementNotice }[]): void {
  for (const { userId, notice } of notices) announceAchievements(p, userId, notice);
}
