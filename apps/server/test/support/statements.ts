import type { TestServer } from './server.ts';

/** A route's statement histogram in /metrics (db_request_statements, http/metrics.ts): its sum and count so far. */
async function statementTotals(server: TestServer, method: string, route: string): Promise<{ sum: number; count: number }> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const read = (series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`db_request_statements_${series}{method="${method}",route="${route}"}`));
    return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
  };
  return { sum: read('sum'), count: read('count') };
}

/**
 * The statements each request to `method route` sent while `action` ran (issue 45, point 3: begin
 * and commit included, db/statements.ts), from the server's own /metrics: `action` must make exactly
 * one request to that route, on a server only this test file uses.
 */
export async function statementsOf(server: TestServer, method: string, route: string, action: () => Promise<unknown>): Promise<number> {
  const before = await statementTotals(server, method, route);
  await action();
  const after = await statementTotals(server, method, route);
  if (after.count - before.count !== 1) throw new Error(`${method} ${route} was answered ${after.count - before.count} times, not once`);
  return after.sum - before.sum;
}
