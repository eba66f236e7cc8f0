/**
 * Languages (practice-loop.md section 9): a visitor whose browser asks for Spanish reads the
 * landing page in Spanish, `<html lang>` says so, and English is fetched by nobody who does not
 * ask for it; a choice made in the footer's switcher sticks across pages and reloads, and `?lang=`
 * wins over both. The English texts themselves are the other specs' business (home.spec.ts).
 */
import { test, expect } from './support/fixtures.ts';
import { PHONE, expectNoHorizontalScroll } from './support/admin.ts';

test.describe('languages', () => {
  test.use({ locale: 'es-ES' });

  test('a Spanish browser gets the landing page in Spanish; German chosen in the footer sticks', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Atención dental excepcional, a su manera');
    await expect(page.getByRole('link', { name: 'Empezar' })).toHaveCount(2);
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await expect(nav.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();

    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByText('Todos los derechos reservados por Doctors Portal', { exact: false })).toBeVisible();
    await footer.getByRole('combobox', { name: 'Idioma' }).selectOption('Deutsch');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hervorragende Zahnmedizin, ganz nach Ihren Wünschen');
    await expect(footer.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');

    // Another page, then a reload: still German, though the browser asks for Spanish.
    await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Startseite' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hervorragende Zahnmedizin, ganz nach Ihren Wünschen');

    // ?lang= wins, and is remembered.
    await page.goto('/?lang=en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Exceptional Dental Care, on Your Terms');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Exceptional Dental Care, on Your Terms');

    await page.setViewportSize(PHONE);
    await page.goto('/?lang=de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hervorragende Zahnmedizin, ganz nach Ihren Wünschen');
    await expectNoHorizontalScroll(page);
  });
});
