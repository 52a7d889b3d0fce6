import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * PROCESS_NAME (docs/operations.md): with it, every answer names the process that gave it (X-Process),
 * so an operator, and the browser test behind Caddy (e2e/tests/proxy.spec.ts), can tell which
 * process behind the proxy answered. Without it, no header.
 */
describe('PROCESS_NAME', () => {
  let named: TestServer;
  let unnamed: TestServer;
  beforeAll(async () => {
    named = await startTestServer({ env: { PROCESS_NAME: 'game1' } });
    unnamed = await startTestServer();
  });
  afterAll(async () => {
    await named?.stop();
    await unnamed?.stop();
  });

  it('names the process on every answer (readiness, a refusal, an unknown path), and only when set', async () => {
    for (const pathname of ['/api/ready', '/api/me', '/api/no-such-route']) {
      expect((await fetch(`${named.url}${pathname}`)).headers.get('x-process')).toBe('game1');
      expect((await fetch(`${unnamed.url}${pathname}`)).headers.get('x-process')).toBeNull();
    }
  });

  it('takes a plain name only', () => {
    expect(loadConfig({ PROCESS_NAME: 'game-2.eu_1' }).processName).toBe('game-2.eu_1');
    expect(() => loadConfig({ PROCESS_NAME: 'game 1\r\nSet-Cookie: x' })).toThrow(/PROCESS_NAME/);
  });
});
