import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the rule is plain JavaScript (eslint/no-dependency-patching.js), typed by ESLint's Rule shape here.
import noPatching from '../../../eslint/no-dependency-patching.js';

/**
 * The lint rule that keeps dependencies as published (eslint.config.js, docs/security.md,
 * "Dependencies as published"): each way the old database layer (and realtime/frames.ts) changed
 * or read a library from inside is reported, and the ordinary uses of the same libraries are not.
 */
const linter = new Linter({ configType: 'flat' });
const config = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser as Linter.Parser, sourceType: 'module' as const },
    plugins: { local: noPatching as { rules: Record<string, unknown> } },
    rules: { 'local/no-dependency-patching': 'error' as const },
  },
] as Linter.Config[];
const problems = (code: string) => linter.verify(code, config, 'probe.ts').map((m) => m.message);

describe('lint: dependencies as published', () => {
  it.each([
    ["import pg from 'pg';\npg.types = {} as never;", "Do not change 'pg.types'"],
    ["import pg from 'pg';\n(pg.Result.prototype as any).addFields = () => undefined;", 'Do not assign to a prototype'],
    ["import { NodePgSession } from 'drizzle-orm/node-postgres';\nNodePgSession.prototype.transaction = async () => undefined;", 'Do not assign to a prototype'],
    ['class Mine {}\n(Mine.prototype as any).x = 1;', 'Do not assign to a prototype'],
    ["import * as utils from 'some-lib';\nutils.fn = () => 1;", "Do not change 'utils.fn'"],
    ["import pg from 'pg';\nconst { types } = pg;\ntypes.setTypeParser = () => undefined;", "Do not change 'types.setTypeParser'"],
    ["import pg from 'pg';\nObject.defineProperty(pg, 'types', { value: 1 });", "Do not redefine members of 'pg'"],
    ["const globals = (globalThis as any)[Symbol.for('better-auth:global')];", 'Symbol.for'],
    ["import pgUtils from 'pg/lib/utils.js';", "'pg/lib/utils.js' is a private file"],
    ["const m = await import('some-lib/dist/internal.js');", "'some-lib/dist/internal.js' is a private file"],
    ["import { x } from '@scope/lib/src/x.js';", "'@scope/lib/src/x.js' is a private file"],
    ['declare const ws: any;\nconst socket = ws._socket;', "'_socket' is a private field"],
    ['declare const ws: any;\nconst ready = ws._sender._state === 0;', "'_sender' is a private field"],
    ['declare const result: any;\nresult._parsers = [];', "'_parsers' is a private field"],
    ['declare const client: any;\nclient.connection.stream.cork();', "pg's connection.stream is private"],
  ])('reports %s', (code, message) => {
    expect(problems(code).join('\n')).toContain(message);
  });

  it('leaves the ordinary uses alone: public subpaths, our own objects and aliases, zod\'s _zod, class fields', () => {
    const code = [
      "import { drizzle } from 'drizzle-orm/node-postgres';",
      "import { migrate } from 'drizzle-orm/node-postgres/migrator';",
      "import { createAuthClient } from 'better-auth/react';",
      "import { api } from '@/lib/api';",
      "import { local } from './local.ts';",
      "import pg from 'pg';",
      'const pool = new pg.Pool({ max: 1 });',
      'pool.on("error", () => undefined);',
      'const options: Record<string, unknown> = {};',
      'options.max = 2;',
      'local.count = 3;',
      'declare const schema: { _zod: unknown };',
      'const internals = schema._zod;',
      'class Socket { #pending = 1; bump() { this.#pending++; } }',
      'export { drizzle, migrate, createAuthClient, api, pool, internals, Socket };',
    ].join('\n');
    expect(problems(code)).toEqual([]);
  });

  it('fails on each patch the old database layer made (db/client.ts at 6410a99, abridged)', () => {
    const old = `
import pg from 'pg';
import pgUtils from 'pg/lib/utils.js';
import { NodePgSession } from 'drizzle-orm/node-postgres';
type Corkable = { cork(): void; uncork(): void };
const streamOf = (client: pg.PoolClient) => (client as unknown as { connection: { stream: Corkable } }).connection.stream;
export function skipUnusedRowObjects(): void {
  const prototype = pg.Result.prototype as unknown as { addFields(fields: unknown[]): void };
  prototype.addFields = function (this: { _parsers?: unknown[]; _types?: unknown }, fields) {
    this._parsers = fields.map(() => this._types);
  };
}
export function copyQueryConfigsCheaply(): void {
  const utils = pgUtils as { normalizeQueryConfig: (config: unknown) => unknown };
  utils.normalizeQueryConfig = (config) => config;
}
export function leanTransactions(): void {
  const prototype = NodePgSession.prototype as unknown as { transaction(): Promise<unknown> };
  prototype.transaction = async function () {
    return undefined;
  };
}
export { streamOf };
`;
    const found = problems(old);
    expect(found.filter((m) => m.includes('Do not assign to a prototype'))).toHaveLength(2);
    for (const message of ["'pg/lib/utils.js' is a private file", "Do not change 'utils.normalizeQueryConfig'", "connection.stream is private", "'_parsers' is a private field", "'_types' is a private field"]) {
      expect(found.join('\n')).toContain(message);
    }
  });
});
