import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { expect, test } from '../support/test.ts';
import { logIn, newEmail, PASSWORD } from '../support/game.ts';
import { fillBasicInformation, tinyPngFile } from '../tests/character-helpers.ts';

/**
 * Issue 48: the containers of deploy/compose.yaml (PostgreSQL, game1 and game2 from the image of
 * deploy/Dockerfile, Caddy on ports 80 and 443) as `npm run test:deploy` started them, driven
 * through Caddy at https://localhost by two Chromium contexts. Mail goes to an SMTP catcher in
 * this process (SMTP_URL=smtp://host.docker.internal:DEPLOY_SMTP_PORT, NODE_ENV stays production).
 * A sign-up, a character made through the form, an adventure, a chat line seen live in the other
 * browser; then `docker stop` of the game container holding a player's socket under a stream of
 * requests (none fails, none it took is lost, each chat line it answered is stored), both players
 * reconnect to the other process, the stopped one comes back; and after `docker compose down` and
 * `up` (containers new, volumes kept) the account, the chat and the uploaded avatar are still there,
 * and `npm run audit-economy` in a game container finds the economy whole.
 */
const run = promisify(execFile);
const docker = process.env.DEPLOY_DOCKER ?? 'docker';
const compose = JSON.parse(process.env.DEPLOY_COMPOSE ?? '[]') as string[];
const smtpPort = Number(process.env.DEPLOY_SMTP_PORT ?? 0);
const origin = new URL(process.env.DEPLOY_URL ?? 'https://localhost').origin;
const LOADED = { timeout: 30_000 };

const sh = async (command: string[]): Promise<string> => (await run(command[0]!, command.slice(1), { maxBuffer: 16 << 20 })).stdout.trim();
const composeRun = (...args: string[]) => sh([...compose, ...args]);
const containerOf = (service: string) => composeRun('ps', '-q', service);
const health = async (service: string) => sh([docker, 'inspect', '-f', '{{.State.Health.Status}}', await containerOf(service)]);
const began = Date.now();
/** How long each part took, in the run's output. */
const mark = (what: string) => console.log(`${((Date.now() - began) / 1000).toFixed(1)} s: ${what}`);

/** An SMTP server on every address of the host: the game containers reach it as host.docker.internal. */
function smtpCatcher(): Promise<{ codeFor(email: string): Promise<string>; close(): Promise<void> }> {
  const mails: Array<{ to: string[]; raw: string }> = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    smtp.on('error', reject);
    smtp.listen(smtpPort, '0.0.0.0', () =>
      resolve({
        async codeFor(email) {
          let code = '';
          await expect
            .poll(
              () => {
                const mail = mails.find((m) => m.to.includes(email));
                code = /sign-in page: (\d{6})/.exec(mail?.raw ?? '')?.[1] ?? '';
                return code;
              },
              { timeout: 30_000 },
            )
            .not.toBe('');
          return code;
        },
        close: () => new Promise<void>((done) => smtp.close(() => done())),
      }),
    );
  });
}

/** The process's own metric, read from inside its container with the token (behind a proxy /metrics needs it). */
async function openSockets(container: string): Promise<number> {
  const read =
    "fetch('http://127.0.0.1:3000/metrics', { headers: { authorization: 'Bearer ' + process.env.METRICS_TOKEN } }).then((r) => r.text()).then((t) => console.log(t))";
  const text = await sh([docker, 'exec', container, 'node', '-e', read]);
  return Number(/^realtime_open_sockets (\d+)/m.exec(text)?.[1] ?? NaN);
}

const chatLog = (page: Page) => page.getByRole('log', { name: 'Global chat messages' });
async function say(page: Page, line: string): Promise<void> {
  await page.getByLabel('Message the global chat').fill(line);
  await page.getByLabel('Message the global chat').press('Enter');
}

/** A second player, made through the API from its own browser context (the first used the forms). */
async function secondPlayer(browser: Browser, mail: { codeFor(email: string): Promise<string> }): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  const email = newEmail('deployb');
  const headers = { origin };
  expect((await page.request.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, name: 'deployb' }, headers })).status()).toBe(200);
  const otp = await mail.codeFor(email);
  expect((await page.request.post('/api/auth/email-otp/verify-email', { data: { email, otp }, headers })).status()).toBe(200);
  await logIn(page, email);
  expect((await page.request.post('/api/characters', { data: { name: 'Bryn', race: 'elf', class: 'mage', gender: 'female' }, headers })).status()).toBe(201);
  return page;
}

interface Answer {
  what: string;
  status: number;
  process: string;
  /** When it was sent and answered, in ms after the stop began (negative: before). */
  sentAt: number;
  answeredAt: number;
}

test('through Caddy: sign up, a character, an adventure, the chat; a stopped game container loses no request and its players reconnect; the volumes keep the data', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  expect(compose.length, 'DEPLOY_COMPOSE (run by scripts/test-deploy.sh)').toBeGreaterThan(0);
  const mail = await smtpCatcher();
  try {
    // Sign up through the form; the code comes by SMTP.
    const email = newEmail('deploya');
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Need an account? Sign Up' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
    await page.getByLabel(/code/i).fill(await mail.codeFor(email));
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(page.getByRole('heading', { name: 'Game Portal' })).toBeVisible(LOADED);

    // A character through the two steps of the form.
    await page.getByRole('button', { name: 'Create Character' }).click();
    await fillBasicInformation(page, { name: 'Aldric', race: 'Human', characterClass: 'Warrior', gender: 'Male' });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Character Created')).toBeVisible();

    // An avatar (the uploads volume), then an adventure: level 1 of the forest (3 s at RPG_TIME_SCALE=20).
    await page.goto('/profile');
    await page.getByLabel('Upload Avatar').setInputFiles(tinyPngFile());
    await expect(page.getByRole('img', { name: 'Avatar of Aldric' })).toHaveAttribute('src', /^\/uploads\//);
    await page.goto('/play');
    await expect(page.getByRole('heading', { name: 'Playing as Aldric' })).toBeVisible(LOADED);
    const consolePanel = page.getByRole('region', { name: 'Adventure Chat' });
    await consolePanel.getByRole('group', { name: 'Adventure launcher' }).getByRole('button', { name: 'Forest' }).click();
    await page
      .getByRole('menu', { name: 'Forest' })
      .getByRole('menuitem', { name: /^Level 1,/ })
      .click();
    await expect(consolePanel.getByRole('region', { name: 'Current adventure' })).toContainText('Aldric is on an adventure');
    await expect(page.getByText(/^Adventure (Completed|Failed)!$/)).toBeVisible({ timeout: 30_000 });

    // A second browser's chat line, live.
    const other = await secondPlayer(browser, mail);
    await other.goto('/play');
    for (const p of [page, other]) await expect(p.getByRole('img', { name: 'Live updates: connected' })).toBeVisible(LOADED);
    const hello = `Hello from the containers ${Date.now().toString(36)}`;
    await say(other, hello);
    await expect(chatLog(page).getByText(hello)).toBeVisible();

    mark('signed up, a character, an avatar, an adventure, a second player, a chat line');
    // Both game containers report healthy (their HEALTHCHECK, every 15 s).
    for (const service of ['game1', 'game2']) await expect.poll(() => health(service), { timeout: 90_000, intervals: [1_000] }).toBe('healthy');
    mark('both game containers healthy');

    // Stop the game container that holds a player's socket (if both are on one, that one).
    const containers = { game1: await containerOf('game1'), game2: await containerOf('game2') };
    const sockets = { game1: await openSockets(containers.game1), game2: await openSockets(containers.game2) };
    expect(sockets.game1 + sockets.game2).toBeGreaterThanOrEqual(2);
    const [stopped, staying] = sockets.game1 >= sockets.game2 ? (['game1', 'game2'] as const) : (['game2', 'game1'] as const);

    // A stream of requests from both players while it stops: reads in three loops each, and a chat
    // line from each every 2.5 s (the chat allows 5 in 10 s).
    const answers: Answer[] = [];
    const lines: string[] = [];
    let stopAt = Number.POSITIVE_INFINITY;
    let streaming = true;
    const shoot = async (p: Page, what: string, send: () => ReturnType<Page['request']['get']>) => {
      const sentAt = Date.now();
      const at = () => sentAt - stopAt;
      try {
        const res = await send();
        answers.push({ what, status: res.status(), process: res.headers()['x-process'] ?? '', sentAt: at(), answeredAt: Date.now() - stopAt });
      } catch (error) {
        answers.push({ what: `${what}: ${(error as Error).message.split('\n')[0]}`, status: 0, process: '', sentAt: at(), answeredAt: Date.now() - stopAt });
      }
    };
    const loops = [page, other].flatMap((p, i) => [
      ...[0, 1, 2].map(async () => {
        while (streaming) await shoot(p, 'GET /api/characters', () => p.request.get('/api/characters'));
      }),
      (async () => {
        for (let n = 0; streaming; n++) {
          const text = `Line ${i}.${n} while a process stops ${Date.now().toString(36)}`;
          lines.push(text);
          await shoot(p, `POST /api/chat ${text}`, () => p.request.post('/api/chat', { data: { text }, headers: { origin } }));
          await new Promise((r) => setTimeout(r, 2_500));
        }
      })(),
    ]);
    await new Promise((r) => setTimeout(r, 2_000));
    stopAt = Date.now();
    await sh([docker, 'stop', containers[stopped]]);
    const stoppedIn = Date.now() - stopAt;
    await new Promise((r) => setTimeout(r, 3_000));
    streaming = false;
    await Promise.all(loops);

    const failed = answers.filter((a) => a.status < 200 || a.status >= 300);
    // What the stopping process answered once its SIGTERM was sent: in flight then, or taken after.
    const byStopped = answers.filter((a) => a.process === stopped && a.answeredAt >= 0);
    console.log(
      `docker stop ${stopped}: ${stoppedIn} ms; ${answers.length} requests (${answers.filter((a) => a.sentAt >= 0).length} after the stop began), ` +
        `${byStopped.length} answered by ${stopped} after its SIGTERM` +
        ` (${byStopped.filter((a) => a.sentAt >= 0).length} sent after it, the last ${Math.max(...byStopped.map((a) => a.sentAt), 0)} ms in)` +
        `, ${failed.length} failed`,
    );
    expect(failed, 'requests that failed while a game container stopped').toEqual([]);
    expect(byStopped.length, `requests ${stopped} answered after its SIGTERM`).toBeGreaterThan(0);
    // Every chat line that was answered is stored (in the chat both players read).
    const stored = (await (await page.request.get('/api/chat')).json()) as { messages: Array<{ text: string }> };
    const texts = new Set(stored.messages.map((m) => m.text));
    const answered = answers.filter((a) => a.what.startsWith('POST /api/chat ') && a.status === 200).map((a) => a.what.slice('POST /api/chat '.length));
    expect(answered.length).toBeGreaterThanOrEqual(4);
    expect(
      answered.filter((t) => !texts.has(t)),
      'answered chat lines missing from the chat',
    ).toEqual([]);

    // Its players reconnect to the other process: both live again, every socket on the one left.
    for (const p of [page, other]) await expect(p.getByRole('img', { name: 'Live updates: connected' })).toBeVisible(LOADED);
    await expect.poll(() => openSockets(containers[staying]), { timeout: 30_000 }).toBe(sockets.game1 + sockets.game2);
    const after = `After the stop ${Date.now().toString(36)}`;
    await say(page, after);
    await expect(chatLog(other).getByText(after)).toBeVisible();

    mark(`${stopped} stopped; both players live on ${staying}`);
    // The stopped one starts again, and Caddy sends it requests again.
    await sh([docker, 'start', containers[stopped]]);
    await expect.poll(async () => (await page.request.get('/api/ready')).headers()['x-process'], { timeout: 60_000, intervals: [250] }).toBe(stopped);

    mark(`${stopped} started, back behind Caddy`);
    // New containers, the same volumes: the account, its character, the chat and the avatar remain.
    await composeRun('down', '--timeout', '10');
    mark('docker compose down');
    await composeRun('up', '-d', '--no-build');
    mark('docker compose up');
    await expect.poll(async () => (await page.request.get('/api/ready').catch(() => null))?.status(), { timeout: 90_000, intervals: [500] }).toBe(200);
    mark('ready again through Caddy');
    await page.goto('/play');
    await expect(page.getByRole('heading', { name: 'Playing as Aldric' })).toBeVisible(LOADED);
    await expect(chatLog(page).getByText(after)).toBeVisible(LOADED);
    await page.goto('/profile');
    const avatar = page.getByRole('img', { name: 'Avatar of Aldric' });
    await expect(avatar).toHaveAttribute('src', /^\/uploads\//, LOADED);
    await expect.poll(() => avatar.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);
    mark('the data is there');
    // The operator's audit runs in a game container (tsx and the sources are in the image).
    expect(await composeRun('exec', '-T', 'game1', 'npm', 'run', '--silent', 'audit-economy')).toContain('The economy is whole: no difference.');
    mark('the economy is whole');
    await other.context().close();
  } finally {
    await mail.close();
  }
});
