import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 26: every refusal a player reads is a RuleError of packages/game; the server only throws
 * them. An HttpError stays for what is not a game rule: transport and input (rate limits, origin,
 * media type, upload decoding, invalid input, the 401/404 helpers in http/errors.ts), the server's
 * own set-up (auth.ts: no public URL for mail) and the dev-only grants.
 * Where the words of either come from is the lint rule's part (issue 47, eslint/no-player-text.js,
 * test/lint-no-player-text.test.ts): @rpg/game, never a literal in the server. This test keeps to
 * which refusals may be something other than a RuleError.
 */
const src = path.resolve(import.meta.dirname, '../src');
/** File -> the HttpError codes it may raise itself. */
const TRANSPORT: Record<string, string[]> = {
  'app.ts': ['rate_limited'],
  'routes/auth.ts': ['not_found', 'public_url_required', 'invalid_input'],
  'routes/dev-grants.ts': ['unknown_material', 'grant_refused'],
  // A push subscription's endpoint is made by the browser, never typed by a player.
  'routes/notices.ts': ['invalid_input'],
};

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) files(full, out);
    else if (name.endsWith('.ts')) out.push(full);
  }
  return out;
}

describe('refusals come from the rules package (issue 26)', () => {
  const sources = files(src).filter((file) => !file.includes(`${path.sep}http${path.sep}`));

  it('the server builds no RuleError of its own', () => {
    const found = sources.filter((file) => /new RuleError\(/.test(readFileSync(file, 'utf8'))).map((file) => path.relative(src, file));
    expect(found).toEqual([]);
  });

  it('an HttpError outside http/ is a transport refusal of a known file and code', () => {
    const unexpected: string[] = [];
    for (const file of sources) {
      const rel = path.relative(src, file).split(path.sep).join('/');
      for (const m of readFileSync(file, 'utf8').matchAll(/new HttpError\(\s*\d+,\s*'([^']+)'/g)) {
        if (!TRANSPORT[rel]?.includes(m[1]!)) unexpected.push(`${rel}: HttpError '${m[1]}' (a player's refusal belongs in packages/game as a RuleError)`);
      }
    }
    expect(unexpected).toEqual([]);
  });
});
