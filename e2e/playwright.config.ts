import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
// Debian's Chromium: the binary itself skips the launcher script's noise.
const chromium = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));
/** RPG_TIME_SCALE for the run: a level-1 forest adventure (1 minute) lasts 3 seconds. */
export const TIME_SCALE = 20;

export default defineConfig({
  testDir: './tests',
  // Two workers share CI's two cores with the server and three browser contexts: a two-player
  // flow that takes 20 s alone took 48-60 s there. Long flows set their own, longer, limits.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // Recording a trace (its screencast above all) took ~40% more of Chromium's CPU and made a
    // two-player test ~60% slower on CI's two cores, where two workers share them: CI records on
    // the retry of a failed test only; a local run keeps the failing test's trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // The server logs warnings and errors only (LOG_LEVEL=warn): a crash shows in the run's output.
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: path.join(tmpdir(), `rpg-e2e-${process.pid}`),
      DATABASE_URL: '',
      NODE_ENV: 'development',
      DEV_OUTBOX: '1',
      // POST /api/dev/characters/:id/materials: crafting tests get their ingredients without random drops.
      DEV_GRANTS: '1',
      LOG_LEVEL: 'warn',
      RPG_TIME_SCALE: String(TIME_SCALE),
      RATE_LIMIT_FACTOR: '50',
      // A ready build to serve (start.mjs then builds nothing); the default is apps/web/dist.
      ...(process.env.WEB_DIST ? { WEB_DIST: path.resolve(process.env.WEB_DIST) } : {}),
    },
  },
});
