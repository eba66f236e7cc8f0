/**
 * The browser suite's test object: every page of the portal must load with no console error and
 * no Content-Security-Policy violation. Other origins (the stand-in Google's pages) are not ours
 * to judge.
 */
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page, baseURL }, use) => {
      const errors: string[] = [];
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      const onOurPage = () => page.url().startsWith(origin);
      page.on('console', (message) => {
        if (message.type() === 'error' && onOurPage()) errors.push(message.text());
      });
      page.on('pageerror', (error) => {
        if (onOurPage()) errors.push(String(error));
      });
      // A violation the page's code catches (an eval probe, say) logs nothing: listen for it.
      await page.exposeFunction('__reportCspViolation', (report: string) => {
        if (onOurPage()) errors.push(`CSP violation: ${report}`);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`;
          (window as unknown as { __reportCspViolation(r: string): void }).__reportCspViolation(report);
        });
      });
      await use(errors);
      // Failed API calls the test provokes on purpose (401, 409...) log as resource errors.
      const unexpected = errors.filter((e) => !/Failed to load resource: the server responded with a status of (4\d\d)/.test(e));
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
