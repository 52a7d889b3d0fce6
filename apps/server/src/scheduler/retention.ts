import { CHAT_HISTORY_SIZE, UNVERIFIED_ACCOUNT_DAYS } from '@rpg/game';
import type { Db } from '../db/client.ts';
import {
  chatPrune,
  consolePrune,
  endedListingPrune,
  giftPrune,
  idempotencyPrune,
  outboxPrune,
  reportPrune,
  unverifiedAccountPrune,
  type Prune,
} from '../db/queries/retention.ts';

/**
 * docs/security-limits.md "Retention": what is kept how long. Players' own writing (posts, comments,
 * direct messages) is not pruned: it lives as long as the account. Nor is the moderation log
 * (issue 28): no prune here touches it.
 */
export const RETENTION = {
  /** Global chat lines (the newest CHAT_HISTORY_SIZE always stay, and reported lines while their report does). */
  chatDays: 30,
  /** Reports, from when a moderator closed them (open ones stay; the moderation log is never pruned). */
  reportDays: 180,
  /** Console lines kept per character, newest first. */
  consoleLinesPerCharacter: 1_000,
  /** Sold, cancelled and expired auction listings, from when they ended. */
  endedListingDays: 90,
  /** The gift log, from the gift. */
  giftDays: 90,
  /** The development outbox, from when a mail was kept. */
  outboxDays: 1,
  /** Idempotency keys and the answers kept for their retries, from the request. */
  idempotencyKeyDays: 1,
  /** Accounts never verified, from their sign-up (issue 43). */
  unverifiedAccountDays: UNVERIFIED_ACCOUNT_DAYS,
} as const;

/** How often each process prunes. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** Rows one statement deletes at most; statements one run makes at most per kind (the rest waits for the next run). */
const BATCH = 1_000;
const MAX_STATEMENTS_PER_KIND = 50;

export function retentionPrunes(): Prune[] {
  return [
    // Reports first: a chat line is kept while its report is.
    reportPrune(RETENTION.reportDays),
    chatPrune(RETENTION.chatDays, CHAT_HISTORY_SIZE),
    consolePrune(RETENTION.consoleLinesPerCharacter),
    endedListingPrune(RETENTION.endedListingDays),
    giftPrune(RETENTION.giftDays),
    outboxPrune(RETENTION.outboxDays),
    idempotencyPrune(RETENTION.idempotencyKeyDays),
    unverifiedAccountPrune(RETENTION.unverifiedAccountDays),
  ];
}

/**
 * Runs every prune at `now`, one bounded statement at a time, each a separate turn of the event loop
 * (requests run between them on the embedded database's one connection). Returns the rows deleted by kind.
 */
export async function pruneRetained(
  db: Db,
  now: Date,
  prunes: readonly Prune[] = retentionPrunes(),
  log?: { error(o: object, m?: string): void },
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const prune of prunes) {
    counts[prune.name] = 0;
    try {
      for (let i = 0; i < MAX_STATEMENTS_PER_KIND; i++) {
        const { deleted, more } = await prune.run(db, now, BATCH);
        counts[prune.name]! += deleted;
        if (!more) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      if (!log) throw error;
      log.error({ err: error, prune: prune.name }, 'pruning failed');
    }
  }
  return counts;
}

/**
 * The scheduler's retention task: every PRUNE_EVERY_MS in each process. Deletes are idempotent and
 * skip rows another process holds, so any number of processes may run it. `onChatPruned`: after
 * a run that deleted chat lines (the shared copy of the newest lines may hold some).
 */
export function retentionPruner(db: Db, log: { error(o: object, m?: string): void }, now = Date.now(), onChatPruned?: () => void) {
  let next = new Date(now + PRUNE_EVERY_MS);
  const prunes = retentionPrunes();
  return {
    name: 'retention-prune',
    async nextDue() {
      return next;
    },
    async settleDue(at: Date) {
      if (at < next) return 0;
      next = new Date(at.getTime() + PRUNE_EVERY_MS);
      const counts = await pruneRetained(db, at, prunes, log);
      if ((counts['chat lines'] ?? 0) > 0) onChatPruned?.();
      return Object.values(counts).reduce((a, b) => a + b, 0);
    },
  };
}
