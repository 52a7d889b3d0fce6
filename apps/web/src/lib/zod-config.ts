import { config } from 'zod';

/**
 * Zod without its compiled fast path, set before any schema is built. Zod probes whether it may
 * compile (`new Function('')`) when it builds its first object schema; under the server's
 * Content-Security-Policy (no 'unsafe-eval', docs/security.md) the probe is a reported CSP
 * violation on every page, even though zod catches it. jitless skips the probe; answers were
 * already parsed jitless (lib/api.ts: compiling cost more than it saved).
 *
 * Imported first by every web module that imports zod's values (the modules that build a schema
 * when they are evaluated), never by the entry: zod stays out of the public pages' JavaScript
 * (its chunk is 'game-core', vite.config.ts), and the contract's schemas are built on first use
 * (packages/contract/src/lazy.ts), after zod's chunk has run this. The browser tests fail on any
 * CSP violation (e2e/support/test.ts), so a schema built before this shows there.
 */
config({ jitless: true });
