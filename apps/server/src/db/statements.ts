import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm/logger';

/** The statements one piece of work (an HTTP request) has sent so far. */
export interface StatementCount {
  statements: number;
}

const current = new AsyncLocalStorage<StatementCount>();

/**
 * Counts the statements sent on behalf of the work running in `count` (issue 45, point 3: the hot
 * writes in few round trips). drizzle's published `logger` option sees every statement it sends,
 * its transactions' `begin`, `commit` and `rollback` included (db/client.ts and db/transaction.ts
 * give it to every drizzle handle). Each statement of a transaction waits for the one before it, so
 * within a transaction a statement is a round trip; statements outside one that are sent together
 * share a round trip on a pipelined line, so the count is an upper bound there.
 */
export const statementCounter: Logger = {
  logQuery() {
    const count = current.getStore();
    if (count) count.statements += 1;
  },
};

/** Runs `rest` (the rest of a request) counting its statements into `count`. */
export function countStatements(count: StatementCount, rest: () => void): void {
  current.run(count, rest);
}
