/** Shared steps of the browser suite: unique patients, signing up and in through the UI. */
import { expect, type Page } from '@playwright/test';

let counter = 0;
export function uniquePatient(prefix = 'patient') {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { name: `Pat ${id}`, email: `${prefix}${id}@example.com`, password: 'secret123' };
}

export async function signUpThroughUi(page: Page, patient = uniquePatient()) {
  await page.goto('/register');
  await page.getByLabel('Name').fill(patient.name);
  await page.getByLabel('Email').fill(patient.email);
  await page.getByLabel('Password').fill(patient.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign Out' }).or(page.getByRole('link', { name: 'Sign Out' })).first()).toBeVisible();
  return patient;
}

/** Signs in through the login page and waits for the home page it lands on. */
export async function signInThroughUi(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}
