import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, uniqueEmail, signedInPlayer } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { connectSocket } from './support/socket.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const connect = (client: TestClient | undefined) => connectSocket(server.url, client, { origin: server.url });

/** Two sessions of one account: this device and another browser. */
async function twoDevices() {
  const email = uniqueEmail('everywhere');
  const here = await signedInPlayer(server.url, email);
  const elsewhere = new TestClient(server.url);
  expect((await elsewhere.post('/api/auth/sign-in/email', { email, password: 'dragon-fire' })).status).toBe(200);
  return { here, elsewhere };
}

describe('spec 01 section 4 / DECISIONS section 4: sign out everywhere', () => {
  it('revoke-other-sessions then sign-out ends every session, and the other device’s socket is closed', async () => {
    const { here, elsewhere } = await twoDevices();
    const hereSocket = connect(here);
    const elsewhereSocket = connect(elsewhere);
    await hereSocket.waitFor('hello');
    await elsewhereSocket.waitFor('hello');

    expect((await here.post('/api/auth/revoke-other-sessions', {})).status).toBe(200);
    // The other device's session is gone: its socket closes reconnectably, and the reconnect is refused.
    expect((await elsewhereSocket.closed).code).toBe(4000);
    expect((await connect(elsewhere).closed).code).toBe(4401);
    expect((await elsewhere.get('/api/me')).status).toBe(401);
    // This device is still signed in until its own sign-out, which pushes 'signed-out' to its tabs.
    expect((await here.get('/api/me')).status).toBe(200);
    expect((await here.post('/api/auth/sign-out', {})).status).toBe(200);
    await hereSocket.waitFor('signed-out');
    expect((await hereSocket.closed).code).toBe(4401);
    expect((await here.get('/api/me')).status).toBe(401);
  });

  it('revoke-sessions ends every session including this one, closing every socket', async () => {
    const { here, elsewhere } = await twoDevices();
    const hereSocket = connect(here);
    const elsewhereSocket = connect(elsewhere);
    await hereSocket.waitFor('hello');
    await elsewhereSocket.waitFor('hello');

    expect((await here.post('/api/auth/revoke-sessions', {})).status).toBe(200);
    expect((await elsewhereSocket.closed).code).toBe(4000);
    expect((await hereSocket.closed).code).toBe(4000);
    expect((await connect(here).closed).code).toBe(4401);
    expect((await connect(elsewhere).closed).code).toBe(4401);
    expect((await here.get('/api/me')).status).toBe(401);
    expect((await elsewhere.get('/api/me')).status).toBe(401);
  });

  it('a plain sign-out ends this device only', async () => {
    const { here, elsewhere } = await twoDevices();
    const elsewhereSocket = connect(elsewhere);
    await elsewhereSocket.waitFor('hello');
    expect((await here.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await here.get('/api/me')).status).toBe(401);
    expect((await elsewhere.get('/api/me')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(elsewhereSocket.messages.some((m) => m.type === 'signed-out')).toBe(false);
    elsewhereSocket.ws.close();
  });
});
