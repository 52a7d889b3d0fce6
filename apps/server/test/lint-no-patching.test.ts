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
    files: ['**/*.ts', '**/*.tsx', '**/*.js'],
    languageOptions: { parser: tseslint.parser as Linter.Parser, sourceType: 'module' as const },
    plugins: { local: noPatching as { rules: Record<string, unknown> } },
    rules: { 'local/no-dependency-patching': 'error' as const },
  },
] as Linter.Config[];
const problems = (code: string, file = 'probe.ts') => linter.verify(code, config, file).map((m) => m.message);

describe('lint: dependencies as published', () => {
  it.each([
    ["import pg from 'pg';\npg.types = {} as never;", "Do not change 'pg.types'"],
    ["import pg from 'pg';\n(pg.Result.prototype as any).addFields = () => undefined;", 'Do not assign to a prototype'],
    [
      "import { NodePgSession } from 'drizzle-orm/node-postgres';\nNodePgSession.prototype.transaction = async () => undefined;",
      'Do not assign to a prototype',
    ],
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

  it("leaves the ordinary uses alone: public subpaths, our own objects and aliases, zod's _zod, class fields", () => {
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

  describe("subclasses that override a dependency's methods", () => {
    it.each([
      [
        "import pg from 'pg';\nexport class Piped extends pg.Pool {\n  override query() { return 1 as never; }\n}",
        "Do not override 'query' of 'pg.Pool', imported from 'pg'",
        'probe.ts',
      ],
      [
        "import { Pool } from 'pg';\nexport class Piped extends Pool {\n  override end = async () => undefined;\n}",
        "Do not override 'end' of 'Pool', imported from 'pg'",
        'probe.ts',
      ],
      [
        "import pg from 'pg';\nexport class Piped extends pg.Pool {\n  query() { return 1; }\n}",
        "Do not override 'query' of 'pg.Pool', imported from 'pg'",
        'probe.js',
      ],
    ])('reports %s (%s)', (code, message, file) => {
      expect(problems(code, file).join('\n')).toContain(message);
    });

    it("leaves alone a TypeScript subclass's own methods, React's Component, built-in and Node classes", () => {
      const code = [
        "import pg from 'pg';",
        "import { Component } from 'react';",
        "import { Duplex } from 'node:stream';",
        'export class Counted extends pg.Pool { count() { return 1; } }',
        'export class Boundary extends Component { override render() { return null; } }',
        "export class Refusal extends Error { override get name() { return 'Refusal'; } }",
        'export class Socket extends Duplex { override _read() {} }',
      ].join('\n');
      expect(problems(code)).toEqual([]);
    });
  });

  describe('patches through a value a dependency made (new, a call)', () => {
    it.each([
      ["import pg from 'pg';\nconst pool = new pg.Pool();\npool.query = (() => undefined) as never;", "Do not change 'pool.query', a value made by 'pg'"],
      [
        "import { Pool } from 'pg';\nconst pool = new Pool();\nconst again = pool;\nagain.end = (async () => undefined) as never;",
        "Do not change 'again.end', a value made by 'pg'",
      ],
      ["import { z } from 'zod';\nz.object({}).parse = (() => 1) as never;", "Do not change 'z.object({}).parse', a value made by 'zod'"],
      [
        "import { makeThing } from 'some-lib';\nObject.assign(makeThing(), { run: () => 1 });",
        "Do not redefine members of 'makeThing()', imported from 'some-lib'",
      ],
      [
        "import { makeThing } from 'some-lib';\nconst thing = makeThing();\nObject.defineProperty(thing, 'run', { value: 1 });",
        "Do not redefine members of 'thing', imported from 'some-lib'",
      ],
    ])('reports %s', (code, message) => {
      expect(problems(code).join('\n')).toContain(message);
    });

    it("leaves alone a library value's methods called, our own objects, and what a React ref holds", () => {
      const code = [
        "import pg from 'pg';",
        "import { useRef } from 'react';",
        "import { makeThing } from 'some-lib';",
        'const pool = new pg.Pool();',
        'pool.on("error", () => undefined);',
        'const settings = Object.assign({}, makeThing());',
        'const mine = { run: () => 1 };',
        'mine.run = () => 2;',
        'export function useScroll() {',
        '  const ref = useRef<HTMLDivElement | null>(null);',
        '  const seen = useRef(0);',
        '  seen.current += 1;',
        '  ref.current = null;',
        '  const el = ref.current;',
        '  if (el) el.scrollTop = el.scrollHeight;',
        '  return ref;',
        '}',
        'export { pool, settings };',
      ].join('\n');
      expect(problems(code)).toEqual([]);
    });
  });

  describe("writes under zod's _zod (or any _ field)", () => {
    it.each([
      [
        'declare const schema: { _zod: { processJSONSchema: unknown } };\nschema._zod.processJSONSchema = () => undefined;',
        "Do not write under 'schema._zod.processJSONSchema'",
      ],
      [
        'declare const schema: { _zod: Record<string, unknown> };\nconst internals = (schema as { _zod: Record<string, unknown> })._zod;\ninternals.processJSONSchema = () => undefined;',
        "Do not write under 'internals.processJSONSchema'",
      ],
      ['declare const schema: { _zod: object };\nObject.assign(schema._zod, { parse: () => 1 });', "Do not write under 'schema._zod'"],
      ['declare const schema: { _zod: { def?: unknown } };\ndelete schema._zod.def;', "Do not write under 'schema._zod.def'"],
      ['declare const schema: { _zod: unknown };\nschema._zod = {};', "Do not write under 'schema._zod'"],
      ['declare const result: { _types: unknown };\nresult._types = {};', "Do not write under 'result._types'"],
    ])('reports %s', (code, message) => {
      expect(problems(code).join('\n')).toContain(message);
    });

    it("leaves alone reading zod's _zod and writing our own objects", () => {
      const code = [
        "import { z } from 'zod';",
        'const schema = z.object({ name: z.string() });',
        'const kind = schema._zod.def.type;',
        'const copy = { ...schema._zod.def };',
        'copy.type = kind;',
        'export { copy };',
      ].join('\n');
      expect(problems(code)).toEqual([]);
    });
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
    for (const message of [
      "'pg/lib/utils.js' is a private file",
      "Do not change 'utils.normalizeQueryConfig'",
      'connection.stream is private',
      "'_parsers' is a private field",
      "'_types' is a private field",
    ]) {
      expect(found.join('\n')).toContain(message);
    }
  });
});
