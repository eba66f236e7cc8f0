/**
 * The first run (practice-loop.md section 10, issue 31's "Done when"): a fresh install without
 * ADMIN_EMAIL logs a one-time setup address; the owner follows it, names the clinic, lands signed
 * in on the dashboard, sets the weekly hours, and the home page then shows the clinic's name,
 * address, phone and the same hours GET /api/clinic reports and the booking calendar offers.
 *
 * The suite's shared servers are started with ADMIN_EMAIL, so this spec runs a server of its own:
 * the built bundle (as `npm start` runs it) on a fresh embedded database in a temporary DATA_DIR.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, infoCardTitles, isoWeekday, slotEndMinutes, slotStartMinutes, todayInZone } from '@clinic/shared';
import { freePort } from '../apps/server/src/test/throwaway-postgres.ts';
import { test as base, expect } from './support/fixtures.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUNDLE = path.join(ROOT, 'apps/server/dist/server.mjs');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');

const CLINIC = {
  name: 'Smile Dental',
  address: '12 Harbour Street, Galway H91 X2Y3',
  phone: '+353 91 555 0142',
  timezone: 'Europe/Dublin',
};
const OWNER = { name: 'Orla Owner', email: 'orla@smile-dental.test', password: 'smile-owner-2031' };
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
const WEEKEND = ['Saturday', 'Sunday'] as const;

interface FirstRunServer {
  baseURL: string;
  /** The address the server logged for the first run. */
  setupURL: string;
}

/** Starts the bundle with no admin and waits for its setup line (pino JSON on stdout) and health. */
async function startFirstRunServer(): Promise<FirstRunServer & { stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-e2e-first-run-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    child = spawn(process.execPath, ['--enable-source-maps', BUNDLE], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: WEB_DIST,
        CLINIC_TIMEZONE: 'UTC',
        // The setup line is a warning (level 40): nothing quieter is needed.
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_IP: '10000',
        AUTH_RATE_LIMIT_FAILURES_PER_IP: '10000',
        AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
    const setupURL = await new Promise<string>((resolve, reject) => {
      let pending = '';
      const timer = setTimeout(() => reject(new Error(`no setup line in 60 s:\n${output}`)), 60_000);
      const onExit = (code: number | null) => {
        clearTimeout(timer);
        reject(new Error(`the server exited with ${code} before logging a setup address:\n${output}`));
      };
      child!.once('exit', onExit);
      // Read on to the end (a full pipe would stall the server), keeping the tail for errors.
      child!.stdout!.on('data', (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4000);
        pending += chunk.toString();
        const lines = pending.split('\n');
        pending = lines.pop()!;
        for (const line of lines) {
          let entry: { level?: number; msg?: string; setup?: string };
          try {
            entry = JSON.parse(line) as typeof entry;
          } catch {
            continue;
          }
          if (entry.setup && entry.msg?.startsWith('no admin yet: set the clinic up at') && entry.level === 40) {
            clearTimeout(timer);
            child!.off('exit', onExit);
            resolve(entry.setup);
          }
        }
      });
    });
    // The line is logged before the server listens.
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
      try {
        if ((await fetch(`${baseURL}/api/health`)).ok) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`the server did not answer /api/health in 30 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return { baseURL, setupURL, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The suite's test object (console errors checked) on the first-run server: `baseURL` is its. */
const test = base.extend<object, { firstRun: FirstRunServer }>({
  firstRun: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for.
    async ({}, use) => {
      const server = await startFirstRunServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ firstRun }, use) => use(firstRun.baseURL),
});

/** The next `weekday` (ISO 1-7) at least a week from today, so no slot is already past. */
function nextWeekday(weekday: number): string {
  let day = addDays(todayInZone(new Date(), 'UTC'), 7);
  while (isoWeekday(day) !== weekday) day = addDays(day, 1);
  return day;
}

test('the owner follows the logged setup address, names the clinic, sets its hours, and the home page says so', async ({
  page,
  request,
  firstRun,
}) => {
  test.setTimeout(60_000);
  const setupURL = new URL(firstRun.setupURL);
  expect(setupURL.origin, 'the address is PUBLIC_URL').toBe(firstRun.baseURL);
  expect(setupURL.pathname).toBe('/setup');
  expect(setupURL.searchParams.get('token')).toBeTruthy();
  expect((await request.get('/api/setup')).status()).toBe(200);

  await test.step('set the clinic up from the logged address', async () => {
    await page.goto(firstRun.setupURL);
    await page.getByLabel('Clinic name').fill(CLINIC.name);
    await page.getByLabel('Time zone').selectOption(CLINIC.timezone);
    await page.getByLabel('Clinic phone (optional)').fill(CLINIC.phone);
    await page.getByLabel('Clinic address (optional)').fill(CLINIC.address);
    await page.getByLabel('Your name').fill(OWNER.name);
    await page.getByLabel('Your email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Set up the clinic' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Clinic profile' })).toBeVisible();
  });

  await test.step('the clinic profile holds what setup was given', async () => {
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Clinic profile', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/clinic$/);
    await expect(page.getByLabel('Clinic name')).toHaveValue(CLINIC.name);
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(CLINIC.phone);
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue(CLINIC.address);
    // The zone chosen at setup, though the running server keeps its own until it restarts.
    await expect(page.getByLabel('Time zone')).toHaveValue(CLINIC.timezone);
  });

  await test.step('set the weekly hours: Mon–Fri 09:00–17:00, the weekend closed', async () => {
    // The profile page's own pointer to where the hours are set.
    await page.getByText('The opening hours follow').getByRole('link', { name: 'Clinic Hours & Closures' }).click();
    await expect(page).toHaveURL(/\/dashboard\/clinic-hours$/);
    for (const day of WEEKDAYS) {
      await page.getByRole('button', { name: `Remove ${day}, stretch 2`, exact: true }).click();
      await page.getByLabel(`${day}, stretch 1: From`, { exact: true }).selectOption({ label: '09.00 AM' });
      await page.getByLabel(`${day}, stretch 1: To`, { exact: true }).selectOption({ label: '05.00 PM' });
    }
    for (const day of WEEKEND) {
      await page.getByRole('button', { name: `Remove ${day}, stretch 2`, exact: true }).click();
      await page.getByRole('button', { name: `Remove ${day}, stretch 1`, exact: true }).click();
      await expect(page.getByRole('group', { name: day, exact: true })).toContainText('Closed');
    }
    const saved = page.waitForResponse((r) => r.url().includes('/api/admin/working-hours') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save weekly hours' }).click();
    expect((await saved).ok()).toBe(true);
    await expect(page.getByText('Weekly hours saved')).toBeVisible();
  });

  const profile = (await (await request.get('/api/clinic')).json()) as {
    name: string;
    address: string;
    phone: string;
    openingHours: { days: string; hours: string[] }[];
  };
  expect(profile).toMatchObject({ name: CLINIC.name, address: CLINIC.address, phone: CLINIC.phone });
  expect(profile.openingHours).toEqual([{ days: 'Mon–Fri', hours: ['09:00–17:00'] }]);

  await test.step('the home page shows the name, address, phone and the same hours', async () => {
    await page.goto('/');
    const cards = page.getByRole('region', { name: 'Clinic information' });
    const card = (title: string) =>
      cards.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    const hours = card(infoCardTitles.openingHours).getByRole('paragraph');
    await expect(hours).toHaveText(profile.openingHours.map((g) => `${g.days} ${g.hours.join(', ')}`));
    await expect(card(infoCardTitles.location)).toContainText(CLINIC.address);
    await expect(card(infoCardTitles.contact).getByRole('link', { name: CLINIC.phone })).toHaveAttribute(
      'href',
      'tel:+353915550142',
    );
    await expect(page.getByRole('contentinfo')).toContainText(CLINIC.name);
  });

  await test.step('the booking calendar offers those hours: a weekday 09:00 to 17:00, no Saturday', async () => {
    type Availability = { name: string; slots: string[] }[];
    const monday = (await (await request.get(`/api/available?date=${nextWeekday(1)}`)).json()) as Availability;
    const slots = monday.flatMap((t) => t.slots);
    expect(slots.length, 'a Monday offers slots').toBeGreaterThan(0);
    // Every treatment's slots lie within 09:00-17:00, and the day is offered from end to end.
    const starts = slots.map((s) => slotStartMinutes(s)!);
    const ends = slots.map((s) => slotEndMinutes(s)!);
    expect(Math.min(...starts), 'the first slot starts at 9 AM').toBe(9 * 60);
    expect(Math.max(...ends), 'the last slot ends at 5 PM').toBe(17 * 60);

    const saturday = await request.get(`/api/available?date=${nextWeekday(6)}`);
    expect(saturday.ok()).toBe(true);
    expect(((await saturday.json()) as Availability).flatMap((t) => t.slots)).toEqual([]);
  });

  await test.step('setup is gone: GET /api/setup is 404 and the setup address shows the home page', async () => {
    expect((await request.get('/api/setup')).status()).toBe(404);
    await page.goto(firstRun.setupURL);
    await expect(page).toHaveURL(new RegExp(`^${firstRun.baseURL}/$`));
    await expect(page.getByRole('region', { name: 'Clinic information' })).toContainText(CLINIC.address);
    await expect(page.getByLabel('Clinic name')).toHaveCount(0);
  });
});
