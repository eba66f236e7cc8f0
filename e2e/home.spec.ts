import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';

const testimonialCards = (page: Page) =>
  page.getByRole('listitem').filter({ has: page.getByRole('img', { name: /^Portrait of/ }) });

test.describe('home page', () => {
  test('shows every marketing section of the spec in its words', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Exceptional Dental Care, on Your Terms');
    for (const name of ['Opening Hours', 'Visit our location', 'Contact us now', 'Service We Provide',
      'Fluoride Treatment', 'Cavity Filling', 'Teeth Whitening', 'Make an Appointment Today', 'What our Patients say']) {
      await expect(page.getByRole('heading', { name, exact: true }).first(), name).toBeVisible();
    }
    await expect(page.getByText('Contact Us', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Stay connected with us')).toBeVisible();

    const getStarted = page.getByRole('link', { name: 'Get Started' });
    await expect(getStarted).toHaveCount(2);
    for (const link of await getStarted.all()) await expect(link).toHaveAttribute('href', '/appointment');
  });

  test('has a footer with the spec links and the current year', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const word of ['Branding', 'Design', 'Marketing', 'Advertisement', 'About us', 'Contact', 'Jobs',
      'Press kit', 'Terms of use', 'Privacy policy', 'Cookie policy']) {
      await expect(footer.getByText(word, { exact: true }), word).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: 'About us' })).toHaveAttribute('href', '/about');
    await expect(footer).toContainText(`${new Date().getFullYear()}`);
    await expect(footer).toContainText('All right reserved by Doctors Portal');
  });

  test('lays the three testimonials out in 1, 2 and 3 columns', async ({ page }) => {
    for (const [width, columns] of [[390, 1], [800, 2], [1280, 3]] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const cards = testimonialCards(page);
      await expect(cards).toHaveCount(3);
      const tops = await cards.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
      expect(new Set(tops).size, `${width}px`).toBe(Math.ceil(3 / columns));
    }
  });

  test('uses optimised images with their size set', async ({ page }) => {
    await page.goto('/');
    // Some sections arrive as their own chunks: count the images once they are all on the page.
    await expect(testimonialCards(page)).toHaveCount(3);
    await expect(page.getByRole('heading', { name: 'Service We Provide' })).toBeVisible();
    await expect(page.getByText('Stay connected with us')).toBeVisible();
    const images = await page.locator('img').evaluateAll((els) =>
      els.map((el) => ({ src: el.getAttribute('src') ?? '', w: el.getAttribute('width'), h: el.getAttribute('height'), alt: el.getAttribute('alt') })),
    );
    expect(images.length).toBeGreaterThan(3);
    for (const image of images) {
      expect(image.src, image.src).toMatch(/\.(webp|avif)$/);
      expect(image.w && image.h, image.src).toBeTruthy();
      expect(image.alt, image.src).not.toBeNull();
    }
  });

  test('gives every page its own title, and unknown routes a 404 page', async ({ page }) => {
    const pages = {
      '/': /^Doctors Portal/, '/about': /^About - /, '/contact': /^Contact/, '/login': /^Login - /,
      '/register': /^Sign Up - /, '/reviews': /^Reviews - /,
    };
    const descriptions = new Set<string | null>();
    for (const [path, title] of Object.entries(pages)) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
      const description = page.locator('meta[name="description"]');
      await expect(description, path).toHaveAttribute('content', /.{20,}/);
      descriptions.add(await description.getAttribute('content'));
    }
    expect(descriptions.size).toBe(Object.keys(pages).length);
    await page.goto('/about');
    await expect(page.getByText('This is about')).toBeVisible();
    await page.goto('/no/such/page');
    await expect(page.getByText(/page not found/i)).toBeVisible();
    await page.goto('/reviews');
    await expect(testimonialCards(page)).toHaveCount(3);
  });

  test("announces each arrival page's own code in its HTML, and every file it names exists", async ({ page, request }) => {
    const expected: Record<string, RegExp> = {
      '/login': /<link rel="modulepreload" crossorigin href="\/assets\/login-[\w-]+\.js">/,
      '/contact': /<link rel="modulepreload" crossorigin href="\/assets\/contact-[\w-]+\.js">/,
      '/appointment': /<link rel="modulepreload" crossorigin href="\/assets\/appointment-[\w-]+\.js">/,
    };
    for (const [path, hint] of Object.entries(expected)) {
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(hint);
      for (const [, href] of html.matchAll(/<link rel="(?:module)?preload"[^>]* href="([^"]+)"/g)) {
        expect((await request.get(href!)).status(), `${path}: ${href}`).toBe(200);
      }
    }
    // The page announced is the page that loads: the login chunk comes once, from the hint.
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(scripts.filter((url) => /\/assets\/login-[\w-]+\.js$/.test(url))).toHaveLength(1);
  });

  test('folds the navbar into a menu on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'About', exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    for (const name of ['Home', 'Appointment', 'Reviews', 'Contact Us', 'About', 'Login']) {
      await expect(page.getByRole('link', { name, exact: true }), name).toBeVisible();
    }
    await page.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
  });
});
