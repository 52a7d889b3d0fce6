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

/**
 * A one-statement write (no transaction: db/queries/auction-writes.ts) claims the request's key in
 * its statement, once its rechecks passed (`claimInsert`, the CTE `claim`): the values of its
 * placeholders (nulls without a key). The key is then marked as claiming, as `transaction` does.
 */
export function statementClaim(): {
  write: (IdempotentWrite & { account: string }) | undefined;
  values: Record<'claimAccount' | 'claimKey' | 'claimRequest', string | null>;
} {
  const write = unclaimedWrite();
  if (write) write.state = 'claiming';
  return { write, values: { claimAccount: write?.account ?? null, claimKey: write?.key ?? null, claimRequest: write?.request ?? null } };
}

/** The claim's CTE body when `ready` (the statement's rechecks) holds; the moves then wait for `claimed`. */
export const claimInsert = (ready: SQL) => sql`insert into ${idempotencyKeys} (user_id, key, request)
  select ${sql.placeholder('claimAccount')}::text, ${sql.placeholder('claimKey')}::text, ${sql.placeholder('claimRequest')}::text
  where ${sql.placeholder('claimKey')}::text is not null and ${ready} on conflict do nothing returning key`;

/** Whether the statement may move things: no key to claim, or the claim's CTE `claim` inserted it. */
export const claimed = sql`(${sql.placeholder('claimKey')}::text is null or exists (select from claim))`;

/**
 * After the statement: `ready` (its rechecks passed) and `moved` (it changed things). A key found
 * claimed already throws RepeatedRequest (the first answer is given); a statement that did
 * nothing leaves the key to the transaction that runs instead.
 */
export function settleStatementClaim(write: (IdempotentWrite & { account: string }) | undefined, ready: boolean, moved: boolean): void {
  if (!write) return;
  write.state = moved ? 'claimed' : 'open';
  if (ready && !moved) throw new RepeatedRequest(write.account, write.key, write.request);
}
