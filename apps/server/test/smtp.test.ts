import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, uniqueEmail } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server on loopback that keeps what it receives. */
function startSmtp(): Promise<{ port: number; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    smtp.listen(0, '127.0.0.1', () => {
      const address = smtp.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ port, received, close: () => new Promise<void>((r) => smtp.close(() => r())) });
    });
  });
}

/** Undo quoted-printable soft breaks and =XX escapes, enough to read the code and the link. */
const decodeQuotedPrintable = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

describe('mail over SMTP (SMTP_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'RPG Adventure <game@rpg.test>' } });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('sends the verification mail through the SMTP server, and the code in it verifies the address', async () => {
    const client = new TestClient(server.url);
    const email = uniqueEmail('smtp');
    expect((await client.post('/api/auth/sign-up/email', { email, password: 'dragon-fire', name: 'smtp' })).status).toBe(200);
    await expect.poll(() => smtp.received.length).toBe(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe('game@rpg.test');
    expect(mail.to).toEqual([email]);
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain('Subject: Verify your RPG Adventure account');
    const code = body.match(/enter this code on the sign-in page: (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(body).toContain(`${server.url}/api/auth/verify-email?token=`);
    expect((await client.post('/api/auth/email-otp/verify-email', { email, otp: code })).status).toBe(200);
  });

  it('keeps no development outbox', async () => {
    const res = await new TestClient(server.url).get('/api/dev/outbox?to=a@b.co');
    expect(res.status).toBe(404);
  });
});
