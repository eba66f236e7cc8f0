/**
 * The browser suite's test object: every page must load with no console error and no
 * Content-Security-Policy violation.
 */
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      await use(errors);
      // Failed API calls the test provokes on purpose (401, 409...) log as resource errors.
      const unexpected = errors.filter((e) => !/Failed to load resource: the server responded with a status of (4\d\d)/.test(e));
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
