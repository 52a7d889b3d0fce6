import { afterEach, describe, expect, it } from 'vitest';
import { createLocalBus } from '../src/realtime/bus.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/** Issue 28 (restarts): liveness (/api/health) and readiness (/api/ready) apart; 503 while shutting down: shutdown.test.ts. */
describe('readiness', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('is ready with the database reachable, the migrations applied and the bus listening', async () => {
    server = await startTestServer();
    const res = await fetch(`${server.url}/api/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ready: true, database: true, migrations: true, bus: true, shuttingDown: false });
  });

  it('answers 503 while the bus does not listen, though the process is alive', async () => {
    const bus = createLocalBus();
    server = await startTestServer({ bus: { ...bus, listening: () => false } });
    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ ready: false, bus: false });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
