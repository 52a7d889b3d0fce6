import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { idempotencyKeys } from './schema/index.ts';

/**
 * A write sent with an `Idempotency-Key` (issue 46, finding 12; http/idempotency.ts enters it for
 * the request). The key is claimed by the first transaction the request runs (`transaction`,
 * db/transaction.ts), as that transaction's first statement: a row per account and key. A retry
 * with the same key finds the row and does nothing; a duplicate sent at the same moment waits on
 * the row of the first (PostgreSQL's unique index) until the first commits, then finds it.
 */
export interface IdempotentWrite {
  key: string;
  /** 'POST /api/characters/:id/console': the same key on another request is refused. */
  request: string;
  /** The signed-in account (known once the route's guard has run). */
  userId(): string | undefined;
  /**
   * 'claiming' while a transaction of the request claims it, 'claimed' once that one committed;
   * 'answered' when the request was answered without claiming it (nothing later claims it).
   */
  state: 'open' | 'claiming' | 'claimed' | 'answered';
}

const current = new AsyncLocalStorage<IdempotentWrite>();

/** Runs the rest of a request with its idempotent write at hand. */
export function runIdempotentWrite(write: IdempotentWrite, rest: () => void): void {
  current.run(write, rest);
}

/** Runs `work` with no request's key at hand (the scheduler's timers, armed while serving a request). */
export function outsideIdempotentWrites<T>(work: () => T): T {
  return current.exit(work);
}

/** The request's key when it is still to be claimed (a signed-in write whose first transaction this is). */
export function unclaimedWrite(): (IdempotentWrite & { account: string }) | undefined {
  const write = current.getStore();
  const account = write?.state === 'open' ? write.userId() : undefined;
  return write && account ? Object.assign(write, { account }) : undefined;
}

/** The request was made already with this key (it holds the row): the transaction rolls back and the first answer is given. */
export class RepeatedRequest extends Error {
  constructor(
    readonly userId: string,
    readonly key: string,
    readonly request: string,
  ) {
    super('a request with this idempotency key was made already');
    this.name = 'RepeatedRequest';
  }
}

/** The claim, in the transaction `tx` (its first statement); throws RepeatedRequest when the key was claimed already. */
export async function claimKey(tx: Tx, write: IdempotentWrite & { account: string }): Promise<void> {
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ userId: write.account, key: write.key, request: write.request })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (rows.length === 0) throw new RepeatedRequest(write.account, write.key, write.request);
}

/** Keeps the answer of the request that claimed the key, for its retries. */
export async function keepAnswer(db: Db, userId: string, key: string, status: number, body: string): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status, body })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** The claimed key's request and answer (status null until the first request's answer is kept). */
export async function keptAnswer(db: Db, userId: string, key: string): Promise<{ request: string; status: number | null; body: string | null } | undefined> {
  const [row] = await db
    .select({ request: idempotencyKeys.request, status: idempotencyKeys.status, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/** The claim's values of a write that claims its request's key inside one statement (`claimed` below): null when there is no key to claim. */
export interface StatementClaimValues {
  claimUser: string | null;
  claimKey: string | null;
  claimRequest: string | null;
}

const claimUser = sql`${sql.placeholder('claimUser')}::text`;
const claimKeyValue = sql`${sql.placeholder('claimKey')}::text`;
const claimRequest = sql`${sql.placeholder('claimRequest')}::text`;

/**
 * A one-statement write's claim of its request's key (no transaction: the statement is one): a
 * data-modifying CTE that inserts the key's row once per row of `from` (the write's guard, at most
 * one row), nothing without a key. `claimed` (a CTE name) then tells the write to go on: no key,
 * or the key claimed now (a repeat finds the row and claims nothing; a duplicate at the same moment
 * waits on the first's row).
 */
export const claimCte = (from: SQL) =>
  [
    'claim',
    sql`insert into ${idempotencyKeys} (user_id, key, request) select ${claimUser}, ${claimKeyValue}, ${claimRequest} from ${from}
    where ${claimKeyValue} is not null on conflict do nothing returning 1`,
  ] as const;
/** The condition a one-statement write's changes wait on: no key, or the key claimed by `claimCte`. */
export const claimed = sql`(${claimKeyValue} is null or exists (select from claim))`;

/**
 * The values of `claimCte` for the request at hand, and what to do once the statement ran with its
 * guard passed: the key is then the request's (`claimed` true), or the request is a repeat
 * (RepeatedRequest, as a transaction's claim throws it).
 */
export function statementClaim(): { values: StatementClaimValues; ran(claimedNow: boolean): void } {
  const write = unclaimedWrite();
  if (!write) return { values: { claimUser: null, claimKey: null, claimRequest: null }, ran: () => undefined };
  return {
    values: { claimUser: write.account, claimKey: write.key, claimRequest: write.request },
    ran(claimedNow) {
      if (!claimedNow) throw new RepeatedRequest(write.account, write.key, write.request);
      write.state = 'claimed';
    },
  };
}
