import { test, expect } from './support/fixtures.ts';

test.describe('contact form', () => {
  test('requires every field, sends the message, confirms and resets', async ({ page }) => {
    await page.goto('/contact');
    const form = page.locator('main form');
    await form.getByRole('button', { name: /submit|send/i }).click();
    await expect(form.getByText('Email is Required')).toBeVisible();

    await form.getByLabel('Email').fill('mia@example.com');
    await form.getByLabel('Subject').fill('Saturday hours');
    await form.getByLabel('Message').fill('Are you open on Saturdays?');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
    await form.getByRole('button', { name: /submit|send/i }).click();
    expect((await sent).status()).toBe(201);
    await expect(page.getByText('We received your message')).toBeVisible();
    await expect(form.getByLabel('Email')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');
  });

  test('works from the home page section too', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('section', { hasText: 'Stay connected with us' });
    // The form loads as the visitor scrolls towards it.
    await section.scrollIntoViewIfNeeded();
    await section.getByLabel('Email').fill('leo@example.com');
    await section.getByLabel('Subject').fill('Parking');
    await section.getByLabel('Message').fill('Is there parking nearby?');
    await section.getByRole('button', { name: /submit|send/i }).click();
    await expect(page.getByText('We received your message')).toBeVisible();
  });
});
