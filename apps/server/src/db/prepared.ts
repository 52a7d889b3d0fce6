import pg from 'pg';
import { Column, DrizzleQueryError, getTableName, is, Param, Placeholder, SQL, Subquery } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * A hot query built once. Drizzle assembles a statement's SQL text from its query builder on
 * every call; on the request path that assembly was the largest single cost in the CPU profile
 * of GET /api/characters (~23%, docs/performance.md, "The database driver"). A prepared query takes
 * its changing values through `sql.placeholder(...)`, so its text is built on the first call and
 * then only bound.
 *
 * The text and the result shape are kept apart from the connection: the same prepared query runs
 * on the database (a lane, db/lanes.ts), where PostgreSQL keeps it as a named statement on each
 * connection, and inside any transaction (drizzle's own `.prepare()` is tied to the connection it
 * was built on). Names are checked to be unique, so one name never stands for two texts.
 *
 * It runs without drizzle's per-call machinery: no query object built per call, the placeholders
 * resolved by a plan made once, and the rows mapped by a mapper made once for the query's columns
 * (drizzle's `mapResultRow` walked every column's path and type checks on every row). What the rows
 * become is exactly what drizzle makes of them: the same decoders, nested objects and left-join nulls.
 */

/** What drizzle's select, insert, update and delete builders have once built: `.prepare(name)`. */
interface Preparable<R> {
  prepare(name: string): unknown;
  /** Only for the result type. */
  execute(): Promise<R>;
}

/** The parts of drizzle's prepared query that do not depend on the connection. */
interface DrizzlePrepared {
  queryString: string;
  params: unknown[];
  fields?: Array<{ path: string[]; field: unknown }>;
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/**
 * The type parsers drizzle's node-postgres driver gives every query: date and time types, intervals
 * and their arrays as the server's text (their columns decode them), everything else as pg parses it.
 */
const textTypes = new Set([pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP, pg.types.builtins.DATE, pg.types.builtins.INTERVAL, 1231, 1115, 1185, 1187, 1182]);
const asText = (value: string) => value;
const drizzleTypes = {
  getTypeParser: (oid: number, format?: string) => (textTypes.has(oid) ? asText : pg.types.getTypeParser(oid, format as 'text')),
};

type Client = { query(config: object, values?: unknown[]): Promise<{ rows: unknown[][] }> };

/** Resolves the statement's parameters from a call's values (drizzle's fillPlaceholders, planned once). */
function parameterPlan(params: readonly unknown[]): (values: Record<string, unknown>) => unknown[] {
  const steps = params.map((p): ((values: Record<string, unknown>) => unknown) => {
    if (is(p, Placeholder)) return (values) => valueOf(values, p.name);
    if (is(p, Param) && is(p.value, Placeholder)) {
      const { encoder } = p;
      const name = (p.value as Placeholder).name;
      return (values) => encoder.mapToDriverValue(valueOf(values, name));
    }
    return () => p;
  });
  return (values) => steps.map((step) => step(values));
}

function valueOf(values: Record<string, unknown>, name: string): unknown {
  if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
  return values[name];
}

/** Column decoders that change nothing are skipped. */
const passThrough = (Column.prototype as unknown as Decoder).mapFromDriverValue;

function decoderOf(field: unknown): Decoder | undefined {
  // A column decodes itself; an SQL expression, an aliased one or a subquery carries its decoder (drizzle's `decoder`, internal).
  const expression = is(field, SQL) ? field : is(field, Subquery) ? (field as unknown as { _: { sql: SQL } })._.sql : (field as { sql: SQL }).sql;
  const decoder = is(field, Column) ? (field as unknown as Decoder) : (expression as unknown as { decoder: Decoder }).decoder;
  return decoder.mapFromDriverValue === passThrough ? undefined : decoder;
}

/**
 * A row mapper for drizzle's selected fields: each column's value decoded and put at its path; a
 * joined table's object is null when its first column is null and the join may leave it out
 * (drizzle's own rule in mapResultRow).
 */
function rowMapper(fields: NonNullable<DrizzlePrepared['fields']>, joinsNotNullableMap: Record<string, boolean> | undefined): (row: unknown[]) => Record<string, unknown> {
  const columns = fields.map(({ path, field }) => ({ path, decoder: decoderOf(field), table: is(field, Column) ? getTableName(field.table) : undefined }));
  // Left-joined objects: the first column of each, if every column of it comes from one table.
  const nullable: Array<{ key: string; index: number }> = [];
  if (joinsNotNullableMap) {
    const seen = new Map<string, { index: number; table: string | undefined; mixed: boolean }>();
    columns.forEach(({ path, table }, index) => {
      if (path.length !== 2 || table === undefined) return;
      const key = path[0]!;
      const first = seen.get(key);
      if (!first) seen.set(key, { index, table, mixed: false });
      else if (first.table !== table) first.mixed = true;
    });
    for (const [key, { index, table, mixed }] of seen) if (!mixed && !joinsNotNullableMap[table!]) nullable.push({ key, index });
  }
  return (row) => {
    const result: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) {
      const { path, decoder } = columns[i]!;
      let node = result;
      for (let p = 0; p < path.length - 1; p++) node = (node[path[p]!] ??= {}) as Record<string, unknown>;
      const raw = row[i];
      node[path[path.length - 1]!] = raw === null || raw === undefined ? null : decoder ? decoder.mapFromDriverValue(raw) : raw;
    }
    for (const { key, index } of nullable) if (row[index] === null) result[key] = null;
    return result;
  };
}

const names = new Set<string>();

export function prepared<V extends Record<string, unknown>, R>(name: string, build: (db: DbOrTx) => Preparable<R>): (db: DbOrTx, values: V) => Promise<R> {
  if (names.has(name)) throw new Error(`prepared query name used twice: ${name}`);
  names.add(name);
  let run: ((client: Client, values: V) => Promise<R>) | undefined;
  return (db, values) => {
    if (!run) {
      // Built through drizzle once, on whatever connection came first: only its text, its
      // parameters (placeholders) and its result shape are kept.
      const built = build(db).prepare(name) as unknown as DrizzlePrepared;
      if (built.customResultMapper || !built.fields) throw new Error(`prepared query ${name}: only selects and returning writes (drizzle fields) are supported`);
      const config = { name, text: built.queryString, rowMode: 'array', types: drizzleTypes };
      const parameters = parameterPlan(built.params);
      const map = rowMapper(built.fields, built.joinsNotNullableMap);
      run = async (client, callValues) => {
        const params = parameters(callValues);
        let rows: unknown[][];
        try {
          ({ rows } = await client.query(config, params));
        } catch (error) {
          // As drizzle reports a failed statement: the text, the parameters, and the cause.
          throw new DrizzleQueryError(config.text, params, error as Error);
        }
        return rows.map(map) as R;
      };
    }
    return run((db as unknown as { session: { client: Client } }).session.client, values);
  };
}
