import { defineConfig } from '@playwright/test';

/**
 * Browser end-to-end suite: Debian's Chromium (never a downloaded browser) against the real
 * server, started on the built web app with a fresh embedded database.
 */
const port = Number(process.env.E2E_PORT ?? 3107);
export const baseURL = `http://127.0.0.1:${port}`;
/** A second server with Google sign-in configured against a local OpenID provider. */
const googlePort = port + 1;
const oidcPort = port + 2;
export const googleBaseURL = `http://127.0.0.1:${googlePort}`;
/** The Google server's mail goes to a local SMTP server, readable over HTTP here. */
const smtpPort = port + 3;
export const mailboxURL = `http://127.0.0.1:${port + 4}`;
/** The mailbox's SMTP side, for a spec's own server that mails too (e2e/recall.spec.ts). */
export const smtpURL = `smtp://127.0.0.1:${smtpPort}`;

const serverEnv = {
  HOST: '127.0.0.1',
  CLINIC_TIMEZONE: 'UTC',
  ADMIN_EMAIL: 'admin@clinic.test',
  ADMIN_PASSWORD: 'clinic-owner-2030',
  // Every browser test signs in from 127.0.0.1: the per-IP limit is tested in the API suite.
  AUTH_RATE_LIMIT_PER_IP: '10000',
  AUTH_RATE_LIMIT_FAILURES_PER_IP: '10000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
  LOG_LEVEL: 'warn',
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: '.tmp/test-results',
  // Every spec signs someone up (deliberately slow password hashes) and runs beside another worker
  // on CI's two cores: specs of 10-16 s alone took 29-33 s there (2026-11-28/29), so a spec has a
  // minute. A hang still fails well inside the run's budget.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // One retry on CI only: a test that needed it is reported as flaky, so it is seen, not hidden.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ],
    },
  },
  // Tests are handed to the workers in the order of their projects, then files. The recall spec
  // waits for the job engine's minute tick (about a minute); started last, it ran alone at the
  // end while the other worker idled, so it has a project of its own, listed first.
  projects: [
    { name: 'chromium-minute-tick', testMatch: /recall\.spec\.ts$/, use: { browserName: 'chromium' } },
    { name: 'chromium', testIgnore: /recall\.spec\.ts$/, use: { browserName: 'chromium' } },
  ],
  webServer: [
    {
      command: 'node --import tsx e2e/support/start-server.ts',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...serverEnv, PORT: String(port), DATA_DIR: '.tmp/e2e-data' },
    },
    {
      command: 'node --import tsx e2e/support/start-oidc-provider.ts',
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { OIDC_PORT: String(oidcPort), APP_URL: googleBaseURL },
    },
    {
      command: 'node --import tsx e2e/support/start-mailbox.ts',
      url: `${mailboxURL}/mail`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { SMTP_PORT: String(smtpPort), MAILBOX_PORT: String(port + 4) },
    },
    {
      command: 'node --import tsx e2e/support/start-server.ts',
      url: `${googleBaseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        PORT: String(googlePort),
        DATA_DIR: '.tmp/e2e-data-google',
        GOOGLE_CLIENT_ID: 'clinic-e2e',
        GOOGLE_CLIENT_SECRET: 'clinic-e2e-secret-0123456789',
        GOOGLE_ISSUER: `http://127.0.0.1:${oidcPort}`,
        // Mail really leaves (the links the verification, reset and linking tests follow), so an
        // unverified patient may not book here: REQUIRE_EMAIL_VERIFICATION's default with SMTP_URL.
        SMTP_URL: smtpURL,
      },
    },
  ],
});
