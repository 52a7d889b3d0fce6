import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * `npm run test:deploy` (scripts/test-deploy.sh): the browser checks of the containers that
 * deploy/compose.yaml starts, reached through Caddy at DEPLOY_URL (https://localhost, Caddy's own
 * local certificate). No web server of its own: the script has started the containers.
 */
export default defineConfig({
  ...base,
  testDir: './deploy',
  workers: 1,
  retries: 0,
  webServer: undefined,
  use: { ...base.use, baseURL: process.env.DEPLOY_URL ?? 'https://localhost', ignoreHTTPSErrors: true },
});
