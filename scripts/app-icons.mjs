// Draws the installable app's icons (apps/web/public/icons/*.png) from the favicon's shield with
// the machine's Chromium: `node scripts/app-icons.mjs` (run again only when the shield changes).
import { writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const shield = (size, inset) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
<rect width="64" height="64" rx="${inset ? 0 : 14}" fill="#0b0d12"/>
<g transform="translate(32 32) scale(${inset ? 0.72 : 1}) translate(-32 -32)">
<path d="M32 6 52 14v16c0 13-9 23-20 28C21 53 12 43 12 30V14z" fill="none" stroke="#e3bd5c" stroke-width="4" stroke-linejoin="round"/>
<path d="M32 18v26M24 26h16" stroke="#f1e7d0" stroke-width="4" stroke-linecap="round"/></g></svg>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const page = await browser.newPage();
for (const [file, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<body style="margin:0;background:transparent">${shield(size, maskable)}</body>`);
  await writeFile(new URL(`../apps/web/public/icons/${file}`, import.meta.url), await page.screenshot({ omitBackground: true }));
}
await browser.close();
