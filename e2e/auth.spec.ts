import { signUpThroughUi, uniquePatient } from './support/auth.ts';
import { test, expect } from './support/fixtures.ts';

test.describe('sign-up, login and sign-out', () => {
  test('signs up, stores the access token and shows the signed-in navbar', async ({ page }) => {
    await signUpThroughUi(page);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/\./);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  });

  test('checks the login form on submit, then again on every change', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Email is Required')).toBeVisible();
    await expect(page.getByText('Password is Required')).toBeVisible();

    await page.getByLabel('Email').fill('someone');
    await expect(page.getByText('Provide a valid Email')).toBeVisible();
    await page.getByLabel('Email').fill('someone@example.com');
    await expect(page.getByText('Provide a valid Email')).toBeHidden();

    await page.getByLabel('Password').fill('123');
    await expect(page.getByText('Must be six character or longer')).toBeVisible();
    await page.getByLabel('Password').fill('123456');
    await expect(page.getByText('Must be six character or longer')).toBeHidden();
  });

  test('requires a name on sign-up', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Name is Required')).toBeVisible();
  });

  test('shows the identity error in red under the form', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const error = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
    await expect(error).toBeVisible();
    const color = await error.evaluate((el) => getComputedStyle(el).color);
    const [r, g, b] = color.match(/[\d.]+/g)!.map(Number);
    expect(r! > g! && r! > b!, `error colour ${color} is red`).toBe(true);
  });

  test('sends a signed-out visitor to login and back to the page they wanted', async ({ page, browser }) => {
    const patient = uniquePatient();
    const other = await browser.newPage();
    await signUpThroughUi(other, patient);
    await other.close();

    await page.goto('/appointment?date=2030-06-05');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(patient.email);
    await page.getByLabel('Password').fill(patient.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/appointment\?date=2030-06-05$/);
  });

  test('returns to / after a login that came from nowhere', async ({ page, browser }) => {
    const patient = uniquePatient();
    const other = await browser.newPage();
    await signUpThroughUi(other, patient);
    await other.close();
    await page.goto('/login');
    await page.getByLabel('Email').fill(patient.email.toUpperCase().replace('@EXAMPLE.COM', '@example.com'));
    await page.getByLabel('Password').fill(patient.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('signs out: the session ends and the token is removed and revoked', async ({ page, request }) => {
    const patient = await signUpThroughUi(page);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    const res = await request.get(`/api/admin/${patient.email}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('says when Google sign-in is not configured', async ({ page }) => {
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await expect(page.getByText('Google sign-in is not configured for this clinic yet.')).toBeVisible();
    }
  });
});
