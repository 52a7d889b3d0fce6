import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint zone that keeps the server's SQL in db/ (eslint.config.js, "server: SQL only in db/";
 * issue 47): the project's own configuration, run on code placed in the server's folders. Outside
 * db/ an import of drizzle-orm (any subpath) or of pg is reported, a type-only one too; inside
 * db/, and in the tests, the same imports are not.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });
const RULE = '@typescript-eslint/no-restricted-imports';

/** The zone's reports on `code` as if it were the file `file` (relative to the repository). */
async function zoneReports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('lint: SQL only in db/', () => {
  it.each([
    ['apps/server/src/realtime/probe.ts', "import { eq } from 'drizzle-orm';\nexport const byId = (c: never, id: string) => eq(c, id);", "'drizzle-orm'"],
    ['apps/server/src/http/probe.ts', "import { sql } from 'drizzle-orm';\nexport const one = sql`select 1`;", "'drizzle-orm'"],
    ['apps/server/src/services/probe.ts', "import { alias } from 'drizzle-orm/pg-core';\nexport { alias };", "'drizzle-orm/pg-core'"],
    ['apps/server/src/routes/probe.ts', "import pg from 'pg';\nexport const pool = new pg.Pool();", "'pg'"],
    ['apps/server/src/mail/probe.ts', "import type pg from 'pg';\nexport type Pool = pg.Pool;", "'pg'"],
    ['apps/server/src/realtime/probe.ts', "export { sql } from 'drizzle-orm';", "'drizzle-orm'"],
    ['apps/server/src/app.ts', "import { drizzle } from 'drizzle-orm/node-postgres';\nexport { drizzle };", "'drizzle-orm/node-postgres'"],
  ])('reports %s importing the database library', async (file, code, name) => {
    const reports = await zoneReports(file, code);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain(name);
    expect(reports[0]).toContain('call a function of db/queries');
  });

  it('leaves db/ (the queries, the schema, the connection) and the tests alone', async () => {
    const code = "import { eq, sql } from 'drizzle-orm';\nimport pg from 'pg';\nexport const probe = [eq, sql, pg];";
    for (const file of [
      'apps/server/src/db/queries/probe.ts',
      'apps/server/src/db/schema/probe.ts',
      'apps/server/src/db/probe.ts',
      'apps/server/test/probe.test.ts',
    ]) {
      expect(await zoneReports(file, code), file).toEqual([]);
    }
  });
});
