import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { auctionListings, authUser, chatMessages, consoleMessages, gifts, idempotencyKeys, mailOutbox, playerCharacters, reports } from '../schema/index.ts';

/** Characters whose consoles one statement trims. */
const CHARACTERS_PER_STATEMENT = 200;

/**
 * docs/security-limits.md "Retention": each prune deletes at most `batch` rows in one statement and
 * answers how many it deleted; the scheduler calls it again while whole batches go (so the
 * embedded database's one connection is never held long). Rows another process is deleting at
 * the same moment are skipped (SKIP LOCKED), so several processes may prune at once.
 */
export interface Prune {
  name: string;
  /** One bounded statement: how many rows it deleted, and whether there may be more to do now. */
  run(db: Db, now: Date, batch: number): Promise<{ deleted: number; more: boolean }>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

async function deleted(db: Db, statement: SQL, batch: number): Promise<{ deleted: number; more: boolean }> {
  const result = await db.execute(statement);
  const n = (result as unknown as { rowCount?: number | null }).rowCount ?? 0;
  return { deleted: n, more: n >= batch };
}

/**
 * Global chat: lines older than `days`, but never the newest `keepNewest` (what the chat shows on
 * opening), the Game Master's lines, or a line a player reported while the report is kept.
 */
export function chatPrune(days: number, keepNewest: number): Prune {
  return {
    name: 'chat lines',
    run: (db, now, batch) =>
      deleted(
        db,
        sql`delete from ${chatMessages} where id in (
          select m.id from ${chatMessages} m
          where m.created_at < ${before(now, days)}::timestamptz and m.system_key is null
            and m.id < coalesce((select n.id from ${chatMessages} n order by n.id desc offset ${keepNewest - 1} limit 1), 0)
            and not exists (select 1 from ${reports} r where r.kind = 'chat' and r.item_id = m.id::text)
          order by m.id limit ${batch} for update skip locked)`,
        batch,
      ),
  };
}

/**
 * Reports (issue 28): `days` after a moderator closed them; an open report stays until it is
 * handled. The moderation log is never pruned (it is not in this list).
 */
export function reportPrune(days: number): Prune {
  return {
    name: 'reports',
    run: (db, now, batch) =>
      deleted(
        db,
        sql`delete from ${reports} where id in (select id from ${reports} where status <> 'open' and resolved_at < ${before(now, days)}::timestamptz limit ${batch} for update skip locked)`,
        batch,
      ),
  };
}

/**
 * A character's console: its newest `keep` lines (the console pages back through them). The
 * characters are walked in id order, CHARACTERS_PER_STATEMENT at a time (a cursor this process
 * keeps), each one's cut found through its (character_id, id) index, so no statement ranks the
 * whole table; a walk that reached the last character starts again at the next run.
 */
export function consolePrune(keep: number): Prune {
  let cursor = '00000000-0000-0000-0000-000000000000';
  return {
    name: 'console lines',
    async run(db, _now, batch) {
      const result = await db.execute<{ last: string | null; deleted: number }>(sql`
        with chars as (select id from ${playerCharacters} where id > ${cursor}::uuid order by id limit ${CHARACTERS_PER_STATEMENT}),
        cut as (
          select c.id as character_id,
            (select m.id from ${consoleMessages} m where m.character_id = c.id order by m.id desc offset ${keep} limit 1) as cutoff
          from chars c
        ),
        gone as (
          delete from ${consoleMessages} where id in (
            select m.id from cut join ${consoleMessages} m on m.character_id = cut.character_id and m.id <= cut.cutoff
            limit ${batch} for update of m skip locked)
          returning 1
        )
        select (select max(id::text) from chars) as last, (select count(*) from gone)::int as deleted`);
      const row = (result as unknown as { rows: Array<{ last: string | null; deleted: number }> }).rows[0];
      const n = row?.deleted ?? 0;
      // A whole batch: the same characters again. Otherwise the next ones, until the walk is done.
      if (n >= batch) return { deleted: n, more: true };
      if (!row?.last) {
        cursor = '00000000-0000-0000-0000-000000000000';
        return { deleted: n, more: false };
      }
      cursor = row.last;
      return { deleted: n, more: true };
    },
  };
}

/** Ended auction listings (sold, cancelled, expired): `days` after they ended. Active ones are never touched. */
export function endedListingPrune(days: number): Prune {
  return {
    name: 'ended listings',
    run: (db, now, batch) =>
      deleted(
        db,
        sql`delete from ${auctionListings} where id in (select id from ${auctionListings}
          where status <> 'active' and ended_at < ${before(now, days)}::timestamptz limit ${batch} for update skip locked)`,
        batch,
      ),
  };
}

/** The gift log (its request ids make a retried gift give once): `days` after the gift. */
export function giftPrune(days: number): Prune {
  return {
    name: 'gifts',
    run: (db, now, batch) =>
      deleted(
        db,
        sql`delete from ${gifts} where id in (select id from ${gifts} where created_at < ${before(now, days)}::timestamptz limit ${batch} for update skip locked)`,
        batch,
      ),
  };
}

/** The development outbox's mails: `days` after they were sent (their codes expired long before). */
export function outboxPrune(days: number): Prune {
  return {
    name: 'dev outbox',
    run: (db, now, batch) =>
      deleted(
        db,
        sql`delete from ${mailOutbox} where id in (select id from ${mailOutbox} where sent_at < ${before(now, days)}::timestamptz limit ${batch} for update skip locked)`,
        batch,
      ),
  };
}

/** Idempotency keys (http/idempotency.ts): `days` after their request; a retry later than that runs anew. */
export function idempotencyPrune(days: number): Prune {
  return {
    name: 'idempotency keys',
    run: (db, now, batch) =>
      deleted(
        db,
        sql`delete from ${idempotencyKeys} where (user_id, key) in (select user_id, key from ${idempotencyKeys}
          where created_at < ${before(now, days)}::timestamptz limit ${batch} for update skip locked)`,
        batch,
      ),
  };
}

/** Issue 43: accounts never verified, `days` after their sign-up (their address was free all along: a new sign-up replaces them). */
export function unverifiedAccountPrune(days: number): Prune {
  return {
    name: 'unverified accounts',
    run: (db, now, batch) =>
      deleted(
        db,
        sql`delete from ${authUser} where id in (select id from ${authUser} where email_verified = false and created_at < ${before(now, days)}::timestamptz limit ${batch} for update skip locked)`,
        batch,
      ),
  };
}
