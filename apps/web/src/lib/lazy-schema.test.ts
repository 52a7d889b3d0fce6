import * as contract from '@rpg/contract';
import { characterViewSchema, lazySchema, toastSchema } from '@rpg/contract';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

// The contract's schemas are built on first use (packages/contract/src/lazy.ts, zod's z.lazy): a lazy
// schema must behave exactly as the schema it stands for, wherever the web app or the server uses it.
describe('lazySchema', () => {
  it('builds nothing until first used, then builds once', () => {
    const build = vi.fn(() => z.strictObject({ name: z.string() }));
    const schema = lazySchema(build);
    const list = z.array(schema);
    expect(build).not.toHaveBeenCalled();

    expect(list.parse([{ name: 'Beacon' }])).toEqual([{ name: 'Beacon' }]);
    expect(schema.parse({ name: 'Ash' })).toEqual({ name: 'Ash' });
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('refuses what the schema refuses, with the same issues', () => {
    const eager = z.strictObject({ level: z.number().int() });
    const lazy = lazySchema(() => z.strictObject({ level: z.number().int() }));
    for (const input of [{ level: 1.5 }, { level: 1, extra: true }, null]) {
      expect(lazy.safeParse(input).error?.issues).toEqual(eager.safeParse(input).error?.issues);
    }
    expect(() => z.object({ inner: lazy }).parse({ inner: { level: 'x' } })).toThrow(z.ZodError);
  });

  it('is a zod schema to instanceof, derived schemas and JSON Schema (the server route checks and /api/docs)', () => {
    const lazy = lazySchema(() => z.strictObject({ id: z.string(), muted: z.boolean() }));
    expect(lazy).toBeInstanceOf(z.ZodType);
    expect(lazy.unwrap().pick({ muted: true }).parse({ muted: true })).toEqual({ muted: true });
    expect(lazy.unwrap().extend({ title: z.string() }).safeParse({ id: 'a', muted: false, title: 't' }).success).toBe(true);
    expect(z.toJSONSchema(z.array(lazy))).toEqual(z.toJSONSchema(z.array(z.strictObject({ id: z.string(), muted: z.boolean() }))));
  });

  it('gives the JSON Schema of the schema it stands for, wrappers and pipes included (/api/docs)', () => {
    const eager = () => z.string().max(64).nullish();
    const lazy = lazySchema(eager);
    const email = lazySchema(() => z.string().max(254).pipe(z.email()));
    for (const io of ['input', 'output'] as const) {
      expect(z.toJSONSchema(lazy, { io })).toEqual(z.toJSONSchema(eager(), { io }));
      expect(z.toJSONSchema(z.object({ name: lazy, again: lazy, email }), { io })).toEqual(
        z.toJSONSchema(z.object({ name: eager(), again: eager(), email: z.string().max(254).pipe(z.email()) }), { io }),
      );
    }
  });

  it("parses the contract's own schemas", () => {
    expect(toastSchema.parse({ title: 'Saved', description: 'Done.', variant: 'success' })).toEqual({
      title: 'Saved',
      description: 'Done.',
      variant: 'success',
    });
    expect(characterViewSchema.safeParse({ id: 'c1' }).success).toBe(false);
  });

  it('gives, for every schema of the contract, the JSON Schema of the schema it builds, inlined (/api/docs)', () => {
    const lazies = (Object.entries(contract) as Array<[string, unknown]>).filter((entry): entry is [string, z.ZodLazy] => entry[1] instanceof z.ZodLazy);
    expect(lazies.length).toBeGreaterThan(100);
    for (const [name, schema] of lazies) {
      for (const io of ['input', 'output'] as const) {
        const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
        expect(json, name).toEqual(z.toJSONSchema(schema.unwrap(), { io, unrepresentable: 'any' }));
        expect(JSON.stringify(json), name).not.toMatch(/"\$(ref|defs)"/);
      }
    }
  });
});
