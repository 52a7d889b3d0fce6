import { z } from 'zod';

/**
 * Every schema of the contract is built on its first use, not when its module is evaluated.
 * Building all of them at once is costly: the contract's schemas took ~130 ms of a 4x-throttled
 * /game load, which parses one answer (docs/performance.md, "The web"). `lazySchema(() => z...)`
 * is zod's own `z.lazy`: a schema that builds the one its function returns when it is first
 * parsed (alone or inside another schema) or turned into JSON Schema, and reuses it from then on.
 * For the object methods (`pick`, `extend`), `unwrap()` gives the built schema.
 *
 * The annotation tells the bundler a call is free of side effects, so a schema that nothing imports
 * can be dropped from the web build.
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazySchema<T extends z.ZodType>(build: () => T): z.ZodLazy<T> {
  return z.lazy(build);
}
