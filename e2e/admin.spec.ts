/**
 * The admin screens in the browser: the server starts with ADMIN_EMAIL/ADMIN_PASSWORD, the admin
 * signs in through the login form, promotes and removes patients, adds a doctor with a real
 * photo, deletes them again, and reads a message sent through /contact. A patient who types an
 * admin address is signed out and sent to /login.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { signUpThroughUi, uniquePatient } from './support/auth.ts';
import { test, expect } from './support/fixtures.ts';
import { ADMIN, logInAsAdmin } from './support/admin.ts';

const PHOTO = fileURLToPath(new URL('../apps/web/src/assets/avatar-sarah.webp', import.meta.url));
const ADMIN_ENTRIES = ['All Users', 'Add a Doctor', 'Manage Doctors', 'Messages'];


/** Opens an admin page from the dashboard's side menu, as an admin would. */
async function openFromMenu(page: Page, entry: string) {
  if (!new URL(page.url()).pathname.startsWith('/dashboard')) await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: entry }).click();
}

/** Signs a fresh patient up in a browser context of their own. */
async function newPatient(page: Page, prefix: string) {
  const other = await page.context().browser()!.newPage();
  const patient = await signUpThroughUi(other, uniquePatient(prefix));
  await other.close();
  return patient;
}

function userRow(page: Page, email: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
}

test('All Users: makes a patient admin and removes another after confirming', async ({ page }) => {
  // Two sign-ups and an admin sign-in (deliberately slow password hashes) before a dozen steps:
  // 16 s alone, past 30 s on two busy cores beside the other specs (CI, 2026-11-28).
  test.setTimeout(60_000);
  const promoted = await newPatient(page, 'promote');
  const removed = await newPatient(page, 'remove');
  await logInAsAdmin(page);

  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  for (const entry of ADMIN_ENTRIES) await expect(menu.getByRole('link', { name: entry })).toBeVisible();
  await openFromMenu(page, 'All Users');
  await expect(page).toHaveURL(/\/dashboard\/users$/);
  await expect(page).toHaveTitle('All Users - Doctors Portal');

  // The admin's own row offers neither action.
  await expect(userRow(page, ADMIN.email).getByRole('button')).toHaveCount(0);

  const row = userRow(page, promoted.email);
  await row.getByRole('button', { name: /Make Admin/ }).click();
  await expect(page.getByText('successfully made an admin')).toBeVisible();
  await expect(row.getByRole('button', { name: /Make Admin/ })).toHaveCount(0);
  await expect(row.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();

  // Cancel first, then remove.
  const doomed = userRow(page, removed.email);
  await doomed.getByRole('button', { name: /Remove User/ }).click();
  let dialog = page.getByRole('dialog', { name: `Remove ${removed.email}?` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(doomed).toBeVisible();

  await doomed.getByRole('button', { name: /Remove User/ }).click();
  dialog = page.getByRole('dialog', { name: `Remove ${removed.email}?` });
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText(`User ${removed.email} removed`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(doomed).toHaveCount(0);
  await expect(userRow(page, promoted.email)).toBeVisible();

  // Still gone after a reload: the server removed the account.
  await page.reload();
  await expect(userRow(page, promoted.email)).toBeVisible();
  await expect(userRow(page, removed.email)).toHaveCount(0);
});

test('Add a Doctor and Manage Doctors: validates, adds with a photo, deletes through the modal', async ({
  page,
}) => {
  const id = uniquePatient('doctor');
  const doctor = { name: id.name.replace(/^Pat /, 'Sarah '), email: id.email };
  await logInAsAdmin(page);

  await openFromMenu(page, 'Add a Doctor');
  await expect(page).toHaveURL(/\/dashboard\/addDoctor$/);
  await expect(page).toHaveTitle('Add a Doctor - Doctors Portal');
  const form = page.locator('main form');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(form.getByText('Name is Required')).toBeVisible();
  await expect(form.getByText('Email is Required')).toBeVisible();
  await expect(form.getByText('Image is Required')).toBeVisible();
  await form.getByLabel('Email').fill('not-an-email');
  await expect(form.getByText('Provide a valid Email')).toBeVisible();

  await form.getByLabel('Name').fill(doctor.name);
  await expect(form.getByText('Name is Required')).toBeHidden();
  await form.getByLabel('Email').fill(doctor.email);
  await expect(form.getByText('Provide a valid Email')).toBeHidden();
  const specialty = form.getByLabel('Specialty');
  await expect(specialty.getByRole('option')).toHaveText([
    'Teeth Orthodontics',
    'Cosmetic Dentistry',
    'Teeth Cleaning',
    'Cavity Protection',
    'Pediatric Dental',
    'Oral Surgery',
  ]);
  await specialty.selectOption('Oral Surgery');
  await form.getByLabel('Photo').setInputFiles(PHOTO);
  await expect(form.getByText('Image is Required')).toBeHidden();

  const upload = page.waitForResponse((r) => r.url().endsWith('/api/image') && r.request().method() === 'POST');
  const save = page.waitForResponse((r) => r.url().endsWith('/api/doctor') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  const uploaded = await upload;
  expect(uploaded.status()).toBe(200);
  const { data } = (await uploaded.json()) as { data: { url: string } };
  const saved = await save;
  expect(saved.status()).toBe(201);
  expect(saved.request().postDataJSON()).toEqual({ ...doctor, specialty: 'Oral Surgery', img: data.url });
  await expect(page.getByText('Doctor added Successfully')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Email')).toHaveValue('');

  await openFromMenu(page, 'Manage Doctors');
  await expect(page).toHaveURL(/\/dashboard\/manage-doctor$/);
  await expect(page).toHaveTitle('Manage Doctors - Doctors Portal');
  const row = page.getByRole('row').filter({ hasText: doctor.name });
  await expect(row.getByRole('cell', { name: 'Oral Surgery' })).toBeVisible();
  const avatar = row.getByRole('img', { name: doctor.name });
  await expect(avatar).toHaveAttribute('src', data.url);
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  await row.getByRole('button', { name: `delete ${doctor.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Are you sure you want to delete dr.${doctor.name}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'delete', exact: true }).click();
  await expect(page.getByText(`Doctor ${doctor.name} deleted`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
});

test('Messages: a message sent through /contact reaches the admin', async ({ page, browser }) => {
  const subject = `Parking ${uniquePatient().email}`;
  const visitor = await browser.newPage();
  await visitor.goto('/contact');
  const contact = visitor.locator('main form');
  await contact.getByLabel('Email').fill('leo@example.com');
  await contact.getByLabel('Subject').fill(subject);
  await contact.getByLabel('Message').fill('Is there parking nearby?');
  await contact.getByRole('button', { name: /submit|send/i }).click();
  await expect(visitor.getByText('We received your message')).toBeVisible();
  await visitor.close();

  await logInAsAdmin(page);
  await openFromMenu(page, 'Messages');
  await expect(page).toHaveURL(/\/dashboard\/messages$/);
  await expect(page).toHaveTitle('Messages - Doctors Portal');
  const row = page.getByRole('row').filter({ hasText: subject });
  await expect(row.getByRole('cell', { name: 'leo@example.com' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Is there parking nearby?' })).toBeVisible();
});

test('a patient sees no admin entries, and typing an admin address signs them out', async ({ page }) => {
  await signUpThroughUi(page, uniquePatient('nosy'));
  const asked = page.waitForResponse((r) => r.url().includes('/api/admin/'));
  await page.goto('/dashboard');
  expect(await (await asked).json()).toEqual({ admin: false });
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu.getByRole('link', { name: 'My Appointments' })).toBeVisible();
  for (const entry of ADMIN_ENTRIES) await expect(menu.getByRole('link', { name: entry })).toHaveCount(0);

  await page.goto('/dashboard/users');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await expect(page.getByRole('link', { name: 'All Users' })).toHaveCount(0);

  // Signed out for real: the dashboard now asks to log in.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});
