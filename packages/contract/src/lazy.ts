/**
 * Every schema of the contract is built on its first use, not when its module is evaluated.
 * Building a zod schema is costly (each one is an object with some fifty methods of its own): built
 * all at once, the contract's schemas took ~130 ms of a 4x-throttled /game load, which parses one
 * answer (docs/performance.md, "The web"). `lazySchema(() => z.strictObject(...))` stands for the schema
 * the function builds, with the same type: it builds it when first touched (a parse, a property, a schema
 * that contains it being parsed) and forwards everything to it from then on.
 *
 * The annotation tells the bundler a call is free of side effects, so a schema that nothing imports
 * can be dropped from the web build.
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazySchema<T extends object>(build: () => T): T {
  let schema: T | undefined;
  const built = (): T => {
    if (!schema) {
      schema = build();
      seenAsItself(schema, proxy);
    }
    return schema;
  };
  const proxy = new Proxy({} as T, {
    get: (_, key) => Reflect.get(built(), key),
    set: (_, key, value) => Reflect.set(built(), key, value),
    has: (_, key) => Reflect.has(built(), key),
    getPrototypeOf: () => Object.getPrototypeOf(built()),
    ownKeys: () => Reflect.ownKeys(built()),
    // Reported as configurable: the proxy's own (empty) target cannot vouch for a fixed property.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
  return proxy;
}

interface JsonSchemaContext {
  seen: Map<object, { schema: unknown }>;
}
type ProcessJsonSchema = (ctx: JsonSchemaContext, json: unknown, ...rest: unknown[]) => void;

/**
 * `z.toJSONSchema` (the server's /api/docs) files each schema it meets under the object it met:
 * the proxy, when a schema is reached through it. The schema's own JSON Schema step looks itself
 * up, so while that step runs for the proxy's entry, the schema names the same entry.
 */
function seenAsItself(schema: object, proxy: object): void {
  const internals = (schema as { _zod?: { processJSONSchema?: ProcessJsonSchema } })._zod;
  const process = internals?.processJSONSchema;
  if (!internals || !process) return;
  internals.processJSONSchema = (ctx, json, ...rest) => {
    const entry = ctx.seen.get(proxy);
    if (!entry || entry.schema !== json) return process(ctx, json, ...rest);
    const own = ctx.seen.get(schema);
    ctx.seen.set(schema, entry);
    try {
      process(ctx, json, ...rest);
    } finally {
      if (own) ctx.seen.set(schema, own);
      else ctx.seen.delete(schema);
    }
  };
}
