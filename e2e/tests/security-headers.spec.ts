import { expect, test } from '@playwright/test';
import { CSP_VIOLATION } from '../support/test.ts';

// Issue 25, point 7: the server's Content-Security-Policy, seen by a real browser.
test.describe('security headers', () => {
  test('the page runs its own scripts, and an injected inline script is blocked and reported', async ({ page }) => {
    const reports: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && CSP_VIOLATION.test(message.text())) reports.push(message.text());
    });
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    // The app rendered (its module scripts ran), and so did index.html's inline script, allowed by
    // its hash: it added the landing page's modulepreload links.
    await expect(page.getByRole('main')).toBeVisible();
    expect(await page.evaluate("[...document.querySelectorAll('link[rel=modulepreload]')].some((l) => l.href.includes('/assets/LandingRoute-'))")).toBe(true);

    await page.evaluate("var s = document.createElement('script'); s.textContent = 'window.__injected = true'; document.body.append(s);");
    expect(await page.evaluate('typeof window.__injected')).toBe('undefined');
    await expect.poll(() => reports.length).toBeGreaterThan(0);
  });
});
