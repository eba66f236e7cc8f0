import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TreatmentConsent } from '@clinic/shared';
import { json, mockFetch, problem, renderAt, type ApiCall } from '../../../test/utils.tsx';
import { adminTreatmentFactory, sarah, SARAH_ID } from '../../../test/schedule-factories.ts';
import { TreatmentsAdmin } from './treatments-admin.tsx';

const cleaning = adminTreatmentFactory({ doctorIds: [SARAH_ID] });
const consentApi = `/api/admin/treatments/${cleaning._id}/consent`;

function consentFactory(overrides: Partial<TreatmentConsent> = {}): TreatmentConsent {
  return { treatmentId: cleaning._id, version: 0, text: null, createdAt: '2030-06-01T09:00:00.000Z', ...overrides };
}

function renderWithConsent(consent: TreatmentConsent, put: (call: ApiCall) => Response) {
  const mocks = mockFetch({
    'GET /api/admin/treatments': () => json([cleaning]),
    'GET /api/doctor': () => json([sarah]),
    [`GET ${consentApi}`]: () => json(consent),
    [`PUT ${consentApi}`]: put,
  });
  renderAt(<TreatmentsAdmin />, { path: '/dashboard/treatments' });
  return mocks;
}

async function openConsent(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Consent text for Teeth Cleaning' }));
  return screen.findByRole('dialog', { name: 'Consent for Teeth Cleaning' });
}

describe('TreatmentConsentDialog', () => {
  it("writes a treatment's first consent text", async () => {
    const user = userEvent.setup();
    const { calls } = renderWithConsent(consentFactory(), (call) =>
      json(consentFactory({ version: 1, text: (call.body as { text: string }).text })),
    );
    const dialog = await openConsent(user);

    const field = await within(dialog).findByLabelText('Consent text');
    expect(field).toHaveAccessibleDescription(/No consent text yet: patients sign nothing for this treatment\. Leave it empty for none\./);
    await user.type(field, 'I understand that a cleaning can make my gums bleed.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Consent text for Teeth Cleaning saved as version 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { text: 'I understand that a cleaning can make my gums bleed.' },
    ]);
  });

  it('takes the consent away when the text is emptied, and saves nothing when it is unchanged', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithConsent(consentFactory({ version: 2, text: 'I agree.' }), () => json(consentFactory({ version: 3 })));

    let dialog = await openConsent(user);
    expect(await within(dialog).findByLabelText('Consent text')).toHaveValue('I agree.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    dialog = await openConsent(user);
    await user.clear(await within(dialog).findByLabelText('Consent text'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Teeth Cleaning needs no consent now')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ text: null }]);
  });

  it("shows the server's refusal of the text on the field, and keeps the dialog open", async () => {
    const user = userEvent.setup();
    renderWithConsent(consentFactory(), () =>
      problem(400, 'Some of the data sent is not valid.', { code: 'validation', errors: { text: ['The consent text must be one text'] } }),
    );
    const dialog = await openConsent(user);
    const field = await within(dialog).findByLabelText('Consent text');
    await user.type(field, 'Words');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('The consent text must be one text');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
