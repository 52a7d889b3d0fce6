import { test as base, expect } from '@playwright/test';

/** What a page reports when the Content-Security-Policy blocks something (Chromium's console text, or our listener's). */
export const CSP_VIOLATION = /Content Security Policy|CSP violation/i;

/**
 * Playwright's `test` with a guard: a test fails when a page of its browser context reports a
 * Content-Security-Policy violation (docs/security.md, "Headers"): the web app must run under the
 * server's CSP. The page's own `securitypolicyviolation` events are logged too, so a violation the
 * browser does not print is still seen. Contexts a test opens itself (`browser.newContext()`)
 * are not watched; they are closed when it ends (`ownContexts`), or they would live on in the
 * worker's browser with their sockets and timers and slow every later test.
 */
export const test = base.extend<{ cspGuard: void; ownContexts: void }>({
  ownContexts: [
    async ({ browser, context }, use) => {
      const before = new Set([...browser.contexts(), context]);
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c))
          .map((c) => c.close()),
      );
    },
    { auto: true },
  ],
  cspGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript(
        "document.addEventListener('securitypolicyviolation', function (e) {" +
          " console.error('CSP violation: ' + e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline')" +
          " + ' (' + e.sourceFile + ':' + e.lineNumber + ')'); });",
      );
      context.on('console', (message) => {
        if (message.type() === 'error' && CSP_VIOLATION.test(message.text())) violations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
      });
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
