/** The main navbar, as a patient uses it right after booking. */
import { expect, type Page } from '@playwright/test';

/**
 * Opens Dashboard from the navbar while the booking's toast is still up: the toast sits below the
 * navbar (apps/web/src/app/providers.tsx), so the click reaches the link; a toast over the link
 * would take the click and, its timer stopped under the pointer, never leave. The toasts then
 * leave on their own.
 */
export async function openDashboardFromNavbar(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click({ timeout: 5_000 });
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}
