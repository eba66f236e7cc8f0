import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '@clinic/shared';
import { json, mockFetch, patient, problem, renderAt } from '../../../test/utils.tsx';
import { ReminderSettings } from './reminder-settings.tsx';

type Account = NonNullable<Me>;

/** The page's part: it keeps the account the server answered, as the route's `me` cache does. */
function Page({ initial }: { initial: Account }) {
  const [account, setAccount] = useState(initial);
  return <ReminderSettings account={account} onSaved={setAccount} />;
}

function renderSettings(account: Partial<Account> = {}) {
  return renderAt(<Page initial={{ ...patient, ...account }} />, { path: '/dashboard/profile' });
}

const checkbox = () => screen.getByRole('checkbox', { name: 'Email me appointment reminders' });
const recallCheckbox = () =>
  screen.getByRole('checkbox', { name: 'Send me check-up reminders (recall)' });

const echoPatch = (call: { body: unknown }) =>
  json({ user: { ...patient, ...(call.body as object) } });

describe('ReminderSettings', () => {
  it('is ticked unless the patient turned reminders off', () => {
    mockFetch({});
    const { unmount } = renderSettings();
    expect(screen.getByRole('region', { name: 'Reminders' })).toContainElement(checkbox());
    expect(checkbox()).toBeChecked();
    unmount();

    renderSettings({ remindersOptOut: false });
    expect(checkbox()).toBeChecked();
  });

  it('turns reminders off and on again with PATCH /api/me, saying so each time', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'PATCH /api/me': (call) => json({ user: { ...patient, ...(call.body as object) } }),
    });
    renderSettings();

    await user.click(checkbox());
    expect(await screen.findByText('Reminder settings saved')).toBeInTheDocument();
    expect(checkbox()).not.toBeChecked();

    await user.click(checkbox());
    await waitFor(() => expect(checkbox()).toBeChecked());
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      ['/api/me', { remindersOptOut: true }],
      ['/api/me', { remindersOptOut: false }],
    ]);
  });

  it('starts unticked for a patient who turned them off, and turns them on', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'PATCH /api/me': (call) => json({ user: { ...patient, ...(call.body as object) } }),
    });
    renderSettings({ remindersOptOut: true });
    expect(checkbox()).not.toBeChecked();

    await user.click(checkbox());
    expect(await screen.findByText('Reminder settings saved')).toBeInTheDocument();
    expect(checkbox()).toBeChecked();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ remindersOptOut: false });
  });

  it('shows the saved choice again, and why, when saving fails', async () => {
    const user = userEvent.setup();
    mockFetch({ 'PATCH /api/me': () => problem(500, 'Something went wrong on our side') });
    renderSettings();

    await user.click(checkbox());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your reminder settings were not saved: Something went wrong on our side',
    );
    expect(checkbox()).toBeChecked();
    expect(checkbox()).toBeEnabled();
    expect(screen.queryByText('Reminder settings saved')).not.toBeInTheDocument();
  });

  describe('check-up reminders (recall)', () => {
    it('is ticked unless the patient turned recall messages off, whatever the reminders say', () => {
      mockFetch({});
      const { unmount } = renderSettings({ remindersOptOut: true });
      expect(screen.getByRole('region', { name: 'Reminders' })).toContainElement(recallCheckbox());
      expect(recallCheckbox()).toBeChecked();
      expect(checkbox()).not.toBeChecked();
      unmount();

      renderSettings({ recallOptOut: true });
      expect(recallCheckbox()).not.toBeChecked();
      expect(checkbox()).toBeChecked();
    });

    it('turns recall messages off and on again with PATCH /api/me { recallOptOut }, alone', async () => {
      const user = userEvent.setup();
      const { calls } = mockFetch({ 'PATCH /api/me': echoPatch });
      renderSettings();

      await user.click(recallCheckbox());
      expect(await screen.findByText('Reminder settings saved')).toBeInTheDocument();
      expect(recallCheckbox()).not.toBeChecked();
      // The appointment reminders are another choice: untouched.
      expect(checkbox()).toBeChecked();

      await user.click(recallCheckbox());
      await waitFor(() => expect(recallCheckbox()).toBeChecked());
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
        ['/api/me', { recallOptOut: true }],
        ['/api/me', { recallOptOut: false }],
      ]);
    });

    it('starts unticked for a patient who stopped them (a recall link can), and turns them on', async () => {
      const user = userEvent.setup();
      const { calls } = mockFetch({ 'PATCH /api/me': echoPatch });
      renderSettings({ recallOptOut: true });

      await user.click(recallCheckbox());
      expect(await screen.findByText('Reminder settings saved')).toBeInTheDocument();
      expect(recallCheckbox()).toBeChecked();
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
        { recallOptOut: false },
      ]);
    });

    it('shows the saved choice again, and why, when saving fails', async () => {
      const user = userEvent.setup();
      mockFetch({ 'PATCH /api/me': () => problem(500, 'Something went wrong on our side') });
      renderSettings();

      await user.click(recallCheckbox());

      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Your check-up reminder setting was not saved: Something went wrong on our side',
      );
      expect(recallCheckbox()).toBeChecked();
      expect(recallCheckbox()).toBeEnabled();
      expect(checkbox()).toBeEnabled();
    });
  });
});

describe('ReminderSettings, text messages', () => {
  const textsCheckbox = () => screen.getByRole('checkbox', { name: 'Text my reminders to my phone too' });

  it('offers texts only when the clinic sends them', async () => {
    mockFetch({ 'GET /api/config': () => json({ googleSignIn: false, textMessages: false }) });
    renderSettings();
    await waitFor(() => expect(checkbox()).toBeInTheDocument());
    expect(screen.queryByRole('checkbox', { name: 'Text my reminders to my phone too' })).not.toBeInTheDocument();
  });

  it('turns texts on with PATCH /api/me { smsOptIn }, and shows the server’s reason when the phone will not do', async () => {
    const user = userEvent.setup();
    let accept = false;
    const { calls } = mockFetch({
      'GET /api/config': () => json({ googleSignIn: false, textMessages: true }),
      'PATCH /api/me': (call) =>
        accept ? echoPatch(call) : problem(400, 'To get text messages, enter your phone in international format, such as +14155550123.'),
    });
    renderSettings({ phone: '0415 555' });
    expect(await screen.findByRole('checkbox', { name: 'Text my reminders to my phone too' })).not.toBeChecked();
    expect(textsCheckbox()).toHaveAccessibleDescription(/international format, such as \+14155550123/);

    await user.click(textsCheckbox());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your text message setting was not saved: To get text messages, enter your phone in international format, such as +14155550123.',
    );
    expect(textsCheckbox()).not.toBeChecked();

    accept = true;
    await user.click(textsCheckbox());
    expect(await screen.findByText('Reminder settings saved')).toBeInTheDocument();
    expect(textsCheckbox()).toBeChecked();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ smsOptIn: true }, { smsOptIn: true }]);
  });
});
