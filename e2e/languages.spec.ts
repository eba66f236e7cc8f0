/**
 * Languages (practice-loop.md section 9): a visitor whose browser asks for Spanish reads the
 * landing page in Spanish, `<html lang>` says so, and English is fetched by nobody who does not
 * ask for it; a choice made in the footer's switcher sticks across pages and reloads, and `?lang=`
 * wins over both. The English texts themselves are the other specs' business (home.spec.ts).
 */
import { addDays, todayInZone } from '@clinic/shared';
import { uniquePatient } from './support/auth.ts';
import { test, expect } from './support/fixtures.ts';
import { ADMIN, PHONE, expectNoHorizontalScroll } from './support/admin.ts';

test.describe('languages', () => {
  test.use({ locale: 'es-ES' });

  test('a Spanish browser gets the landing page in Spanish; German chosen in the footer sticks', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Atención dental excepcional, a su manera');
    await expect(page.getByRole('link', { name: 'Empezar' })).toHaveCount(2);
    for (const name of ['Horario', 'Visítenos', 'Contáctenos ahora', 'Servicios que ofrecemos', 'Tratamiento con flúor',
      'Pida su cita hoy', 'Lo que dicen nuestros pacientes', 'Contacto']) {
      await expect(page.getByRole('heading', { name, exact: true }).first(), name).toBeVisible();
    }
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

test.describe('languages: booking', () => {
  test.use({ locale: 'es-ES' });

  test('a Spanish browser signs up, books and reads the toast in Spanish, and the confirmation mail is in Spanish', async ({ page, request }) => {
    const patient = uniquePatient('es');
    await page.goto('/register');
    await expect(page).toHaveTitle('Registrarse - Doctors Portal');
    await expect(page.getByRole('heading', { name: 'Registrarse' })).toBeVisible();
    await page.getByRole('button', { name: 'Registrarse', exact: true }).click();
    await expect(page.getByText('El nombre es obligatorio')).toBeVisible();
    await page.getByLabel('Nombre').fill(patient.name);
    await page.getByLabel('Correo electrónico').fill(patient.email);
    await page.getByLabel('Contraseña').fill(patient.password);
    await page.getByRole('button', { name: 'Registrarse', exact: true }).click();
    await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();

    // Nine days ahead: a day no other spec on the shared server books Teeth Cleaning.
    const day = addDays(todayInZone(new Date(), 'UTC'), 9);
    const spanishDay = new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
    await page.goto(`/appointment?date=${day}`);
    await expect(page.getByRole('heading', { name: `Citas disponibles el ${spanishDay}` })).toBeVisible();
    const card = page.getByRole('listitem', { name: 'Teeth Cleaning' });
    await expect(card.getByText(/^precio: 17,00\sUS\$$/)).toBeVisible();
    await expect(card.getByText(/\d+ plazas? disponibles?/)).toBeVisible();
    await card.getByRole('button', { name: 'Reservar cita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reserva de Teeth Cleaning' });
    await expect(dialog.getByLabel('Fecha')).toHaveValue(spanishDay);
    // The slot on the 24-hour clock; the API still gets the spec's label.
    await dialog.getByLabel('Hora').selectOption({ label: '10:00–10:30' });
    const slot = '10:00–10:30';
    await dialog.getByLabel('Teléfono').fill('+34 600 000 000');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText(`Cita reservada: ${spanishDay} a las ${slot}`)).toBeVisible();
    await expect(dialog).toBeHidden();

    // My Appointments says it in Spanish too.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Bienvenido a su panel' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Mi panel' }).getByRole('link', { name: 'Mis citas' })).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Mis citas: 1' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Teeth Cleaning' });
    await expect(row).toContainText(spanishDay);
    await expect(row.getByRole('link', { name: 'pagar' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Tratamiento' })).toBeAttached();

    // The account took the page's language at sign-up, so the mail the clinic queued is Spanish
    // (read from the clinic's outbox as its admin: this server sends no mail).
    const signedIn = await request.post('/api/auth/sign-in/email', { data: ADMIN });
    expect(signedIn.ok()).toBe(true);
    const { token } = await (await request.put(`/api/user/${ADMIN.email}`, { data: { email: ADMIN.email } })).json();
    const outbox: { kind: string; to: string; subject: string }[] = await (await request.get('/api/outbox', { headers: { Authorization: `Bearer ${token}` } })).json();
    const confirmation = outbox.find((m) => m.to === patient.email.toLowerCase() && m.kind === 'booking-confirmation');
    expect(confirmation?.subject).toBe(`Cita confirmada: ${spanishDay}, 10:00–10:30`);
  });
});
