/** Shared steps of the browser suite for the clinic's staff and for phones. */
import { expect, type Browser, type Page } from '@playwright/test';
import { signInThroughUi } from './auth.ts';

/** The admin account playwright.config.ts creates at start-up. */
export const ADMIN = { email: 'admin@clinic.test', password: 'clinic-owner-2030' };
export const PHONE = { width: 360, height: 800 };

export async function logInAsAdmin(page: Page) {
  await signInThroughUi(page, ADMIN);
}

/** Opens a dashboard page from the side menu, as staff would (behind 'Dashboard menu' on a phone). */
export async function openFromMenu(page: Page, entry: string) {
  if (!new URL(page.url()).pathname.startsWith('/dashboard')) await page.goto('/dashboard');
  // Below daisyUI's lg breakpoint the menu is a drawer.
  if (page.viewportSize()!.width < 1024) await page.getByRole('button', { name: 'Dashboard menu' }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: entry, exact: true }).click();
}

/**
 * A page in a context of its own (another person's browser). The suite's fixture watches only
 * `page` for console errors, so this one collects its own for the test to check.
 */
export async function otherPage(browser: Browser, viewport?: { width: number; height: number }) {
  const other = await browser.newPage(viewport ? { viewport } : {});
  const errors: string[] = [];
  other.on('console', (m) => {
    if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) errors.push(m.text());
  });
  other.on('pageerror', (e) => errors.push(String(e)));
  return { page: other, errors };
}

/** Nothing on the page is wider than the viewport (a phone never scrolls sideways). */
export async function expectNoHorizontalScroll(page: Page) {
  const width = page.viewportSize()!.width;
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
