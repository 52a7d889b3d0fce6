import type { DbOrTx } from './client.ts';

/**
 * A hot query built once. Drizzle assembles a statement's SQL text from its query builder on
 * every call; on the request path that assembly was the largest single cost in the CPU profile
 * of GET /api/characters (~23%, docs/performance.md). A prepared query takes its changing values
 * through `sql.placeholder(...)`, so its text is built on the first call and then only bound.
 *
 * The text and the result shape are kept apart from the connection: the same prepared query runs
 * on the database, where PostgreSQL keeps it as a named statement on each pooled connection, and
 * inside any transaction (drizzle's own `.prepare()` is tied to the connection it was built on).
 * Names are checked to be unique, so one name never stands for two texts.
 */

/** What drizzle's select, insert, update and delete builders have once built: `.prepare(name)`. */
interface Preparable<R> {
  prepare(name: string): DrizzlePrepared<R>;
}
interface DrizzlePrepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}
/** The parts of drizzle's prepared query that do not depend on the connection. */
interface Template {
  queryString: string;
  params: unknown[];
  fields: unknown;
  joinsNotNullableMap: unknown;
  isResponseInArrayMode: boolean;
  customResultMapper: unknown;
}
interface Session {
  prepareQuery(query: { sql: string; params: unknown[] }, fields: unknown, name: string, isResponseInArrayMode: boolean, customResultMapper?: unknown): DrizzlePrepared<unknown> & { joinsNotNullableMap?: unknown };
}

const names = new Set<string>();

export function prepared<V extends Record<string, unknown>, R>(name: string, build: (db: DbOrTx) => Preparable<R>): (db: DbOrTx, values: V) => Promise<R> {
  if (names.has(name)) throw new Error(`prepared query name used twice: ${name}`);
  names.add(name);
  let template: Template | undefined;
  return (db, values) => {
    if (!template) {
      // Built through drizzle once, on whatever connection came first; only its text, its
      // parameters (placeholders) and its result shape are kept.
      const first = build(db).prepare(name) as unknown as Omit<Template, 'isResponseInArrayMode'> & { _isResponseInArrayMode: boolean };
      template = {
        queryString: first.queryString,
        params: first.params,
        fields: first.fields,
        joinsNotNullableMap: first.joinsNotNullableMap,
        isResponseInArrayMode: first._isResponseInArrayMode,
        customResultMapper: first.customResultMapper,
      };
    }
    const session = (db as unknown as { session: Session }).session;
    const query = session.prepareQuery({ sql: template.queryString, params: template.params }, template.fields, name, template.isResponseInArrayMode, template.customResultMapper);
    query.joinsNotNullableMap = template.joinsNotNullableMap;
    return query.execute(values) as Promise<R>;
  };
}
