import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clinicQueryKey } from '../../../lib/clinic-query.ts';
import { filledClinicProfileFactory } from '../../../test/clinic-factories.ts';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { CLINIC_SAVED_TOAST, ClinicProfileForm, TIME_ZONE_NOTE } from './clinic-profile-form.tsx';

const saved = filledClinicProfileFactory();
const save = () => screen.getByRole('button', { name: 'Save clinic profile' });

describe('ClinicProfileForm', () => {
  it('shows the saved profile, with the note beside the time zone', async () => {
    mockFetch({ 'GET /api/clinic': () => json(saved) });
    renderAt(<ClinicProfileForm />);

    expect(await screen.findByLabelText('Clinic name')).toHaveValue('Smile Studio');
    expect(screen.getByLabelText('Time zone')).toHaveValue('Europe/Berlin');
    expect(screen.getByLabelText('Time zone')).toHaveAccessibleDescription(TIME_ZONE_NOTE);
    expect(screen.getByLabelText('Phone')).toHaveValue('+49 30 1234567');
    expect(screen.getByLabelText('Email')).toHaveValue('hello@smile.test');
    expect(screen.getByLabelText('Address')).toHaveValue('Hauptstraße 1, 10115 Berlin');
    expect(screen.getByLabelText('About the clinic')).toHaveValue(saved.about);
    expect(screen.getByLabelText('Privacy policy')).toHaveValue(saved.privacyPolicy);
    expect(screen.getByLabelText('Terms of use')).toHaveValue(saved.terms);
  });

  it('saves every field but the opening hours, says so, and the public pages get the answer', async () => {
    const user = userEvent.setup();
    const answer = { ...saved, name: 'Smile Studio Mitte', terms: '' };
    const { calls } = mockFetch({
      'GET /api/clinic': () => json(saved),
      'PUT /api/admin/clinic': () => json(answer),
    });
    const { queryClient } = renderAt(<ClinicProfileForm />);

    const name = await screen.findByLabelText('Clinic name');
    await user.clear(name);
    await user.type(name, 'Smile Studio Mitte');
    await user.clear(screen.getByLabelText('Terms of use'));
    await user.click(save());

    expect(await screen.findByText(CLINIC_SAVED_TOAST)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Smile Studio Mitte',
      timezone: 'Europe/Berlin',
      phone: '+49 30 1234567',
      email: 'hello@smile.test',
      address: 'Hauptstraße 1, 10115 Berlin',
      about: saved.about,
      privacyPolicy: saved.privacyPolicy,
      terms: '',
    });
    expect(queryClient.getQueryData(clinicQueryKey)).toEqual(answer);
  });

  it('shows and keeps the zone the owner chose, not the one still in effect until the restart', async () => {
    const user = userEvent.setup();
    const waiting = { ...saved, timezone: 'UTC', chosenTimezone: 'Europe/Dublin' };
    const { calls } = mockFetch({
      'GET /api/clinic': () => json(waiting),
      'PUT /api/admin/clinic': () => json(waiting),
    });
    renderAt(<ClinicProfileForm />);

    expect(await screen.findByLabelText('Time zone')).toHaveValue('Europe/Dublin');
    await user.click(save());
    expect(await screen.findByText(CLINIC_SAVED_TOAST)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ timezone: 'Europe/Dublin' });
  });

  it('checks the fields before saving', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ 'GET /api/clinic': () => json(saved) });
    renderAt(<ClinicProfileForm />);

    await user.clear(await screen.findByLabelText('Clinic name'));
    await user.click(save());

    expect(await screen.findByText('Name the clinic')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it("puts the server's field errors under their fields, and anything else in a toast", async () => {
    const user = userEvent.setup();
    let answer = problem(400, 'Some of the data sent is not valid.', {
      errors: { email: ['Provide a valid Email'] },
    });
    mockFetch({ 'GET /api/clinic': () => json(saved), 'PUT /api/admin/clinic': () => answer });
    renderAt(<ClinicProfileForm />);

    await screen.findByLabelText('Clinic name');
    await user.click(save());
    expect(await screen.findByText('Provide a valid Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Provide a valid Email');

    answer = problem(500, 'Something went wrong on our side. Please try again.');
    await user.click(save());
    expect(
      await screen.findByText('Something went wrong on our side. Please try again.'),
    ).toBeInTheDocument();
  });

  it('says when the profile cannot be loaded, and asks again', async () => {
    const user = userEvent.setup();
    let answer = problem(500, 'Down for a moment');
    const { calls } = mockFetch({ 'GET /api/clinic': () => answer });
    renderAt(<ClinicProfileForm />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Down for a moment');
    answer = json(saved);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Clinic name')).toHaveValue('Smile Studio');
    await vi.waitFor(() => expect(calls).toHaveLength(2));
  });
});
