import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WaitlistEntry } from '@clinic/shared';
import {
  availabilityFactory,
  doctorFactory,
  laneFactory,
  slotLabels,
  treatmentFactory,
} from '../../../test/factories.ts';
import { availabilityQueryKey } from '../../../lib/query-keys.ts';
import { json, mockFetch, problem, renderAt, type ApiCall } from '../../../test/utils.tsx';
import { loadCatalog } from '../../../i18n/catalog.ts';
import { chooseLocale } from '../../../i18n/locale.ts';
import { JoinWaitlistDialog } from './join-waitlist-dialog.tsx';

const treatment = treatmentFactory({ slots: [] });
const ann = doctorFactory();
const bo = doctorFactory({ _id: '7d0c1c0e-0000-4000-8000-000000000002', name: 'Bo Park', img: '' });

function entryOf(body: unknown): WaitlistEntry {
  const join = body as { treatmentId: string; from: string; to: string };
  return {
    _id: 'w1',
    treatmentId: join.treatmentId,
    treatment: 'Teeth Cleaning',
    doctor: null,
    from: join.from,
    to: join.to,
    earliestMin: null,
    latestMin: null,
    status: 'waiting',
    createdAt: '2030-06-10T09:00:00.000Z',
  };
}

/** The API as the dialog meets it: the treatment's doctors, and a join that succeeds. */
function mockApi(overrides: Record<string, (call: ApiCall) => Response> = {}) {
  return mockFetch({
    'GET /api/availability': () => json(availabilityFactory()),
    'POST /api/waitlist': (call) => json({ entry: entryOf(call.body) }, 201),
    ...overrides,
  });
}

function renderDialog(props: { withTreatment?: boolean } = {}) {
  const onClose = vi.fn();
  const result = renderAt(
    <JoinWaitlistDialog
      treatment={props.withTreatment === false ? undefined : treatment}
      date="2030-06-12"
      onClose={onClose}
    />,
  );
  const dialog = screen.getByRole('dialog');
  return { ...result, dialog, onClose };
}

const joins = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/waitlist');

function setDate(field: HTMLElement, value: string) {
  // jsdom's date input takes a value as the browser's picker gives it.
  fireEvent.change(field, { target: { value } });
}

describe('JoinWaitlistDialog', () => {
  it('starts on the page’s day for two weeks at any time, and joins with just that', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi();
    const { dialog, onClose } = renderDialog();

    expect(dialog).toHaveAccessibleName('Join the waitlist for Teeth Cleaning');
    expect(within(dialog).getByLabelText('First day')).toHaveValue('2030-06-12');
    expect(within(dialog).getByLabelText('Last day')).toHaveValue('2030-06-25');
    const timeOfDay = within(dialog).getByLabelText('Time of day');
    expect(timeOfDay).toHaveValue('any');
    expect(
      within(timeOfDay)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any time', 'Mornings (before 12.00)', 'Afternoons (from 12.00)']);
    expect(within(dialog).queryByLabelText('Treatment')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Join waitlist' }));

    expect(
      await screen.findByText('You are on the waitlist for Teeth Cleaning.'),
    ).toBeInTheDocument();
    expect(joins(calls).map((call) => call.body)).toEqual([
      { treatmentId: treatment._id, from: '2030-06-12', to: '2030-06-25' },
    ]);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog).not.toHaveAttribute('open');
  });

  it.each([
    ['Mornings (before 12.00)', { latestMin: 720 }],
    ['Afternoons (from 12.00)', { earliestMin: 720 }],
  ])('sends %s as the window %j', async (label, window) => {
    const user = userEvent.setup();
    const { calls } = mockApi();
    const { dialog, onClose } = renderDialog();

    await user.selectOptions(within(dialog).getByLabelText('Time of day'), label);
    await user.click(within(dialog).getByRole('button', { name: 'Join waitlist' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(joins(calls)[0]?.body).toEqual({
      treatmentId: treatment._id,
      from: '2030-06-12',
      to: '2030-06-25',
      ...window,
    });
  });

  it('keeps the last day two weeks after the first until the patient sets it', () => {
    mockApi();
    const { dialog } = renderDialog();
    const [first, last] = [
      within(dialog).getByLabelText('First day'),
      within(dialog).getByLabelText('Last day'),
    ];

    setDate(first, '2030-06-20');
    expect(last).toHaveValue('2030-07-03');
    setDate(last, '2030-06-30');
    setDate(first, '2030-06-21');
    expect(last).toHaveValue('2030-06-30');
  });

  it('offers no doctor for a treatment that needs none', async () => {
    const { calls } = mockApi();
    const { dialog, queryClient } = renderDialog();
    const key = [...availabilityQueryKey, '2030-06-12', treatment._id];

    // Once the treatment's availability has answered, still no doctor select.
    await vi.waitFor(() => expect(queryClient.getQueryState(key)?.status).toBe('success'));
    expect(calls.find((c) => c.path.startsWith('/api/availability'))?.path).toBe(
      `/api/availability?date=2030-06-12&treatmentId=${treatment._id}`,
    );
    expect(within(dialog).queryByLabelText('Doctor')).not.toBeInTheDocument();
  });

  it('offers every doctor of a treatment that needs one, any of them first, and sends the choice', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/availability': () =>
        json(
          availabilityFactory({
            requiresDoctor: true,
            // Bo has no free time that day: he can still be waited for.
            lanes: [laneFactory(ann, slotLabels), laneFactory(bo, [])],
          }),
        ),
    });
    const { dialog, onClose } = renderDialog();

    const doctor = await within(dialog).findByLabelText('Doctor');
    expect(doctor).toHaveValue('');
    const options = within(doctor).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Any available doctor',
      'Ann Lee',
      'Bo Park',
    ]);
    expect(options.every((o) => !(o as HTMLOptionElement).disabled)).toBe(true);

    await user.selectOptions(doctor, 'Bo Park');
    await user.click(within(dialog).getByRole('button', { name: 'Join waitlist' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(joins(calls)[0]?.body).toMatchObject({ treatmentId: treatment._id, doctorId: bo._id });
  });

  it('checks the range before sending: the last day not before the first, at most 60 days', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi();
    const { dialog } = renderDialog();
    const last = within(dialog).getByLabelText('Last day');

    setDate(last, '2030-06-11');
    await user.click(within(dialog).getByRole('button', { name: 'Join waitlist' }));
    expect(
      await within(dialog).findByText('The last day must not be before the first'),
    ).toBeInTheDocument();
    expect(last).toHaveAttribute('aria-invalid', 'true');

    setDate(last, '2030-08-11');
    expect(
      await within(dialog).findByText('Wait for at most 60 days at a time'),
    ).toBeInTheDocument();
    expect(joins(calls)).toHaveLength(0);
  });

  it('shows a refusal in the dialog and stays open (already waiting, too many entries)', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/waitlist': () =>
        problem(409, 'You can wait for at most 3 treatments at a time.', {
          code: 'waitlist_limit_reached',
        }),
    });
    const { dialog, onClose } = renderDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Join waitlist' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You can wait for at most 3 treatments at a time.',
    );
    expect(dialog).toHaveAttribute('open');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts the server’s field errors under their fields', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/waitlist': () =>
        problem(400, 'Invalid input', {
          code: 'validation_failed',
          errors: { to: ['The last day is beyond the booking window'] },
        }),
    });
    const { dialog } = renderDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Join waitlist' }));

    expect(
      await within(dialog).findByText('The last day is beyond the booking window'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Last day')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  describe('opened without a treatment (the waitlist page)', () => {
    const services = [
      { _id: '5f0c1c0e-0000-4000-8000-000000000001', name: 'Teeth Orthodontics' },
      { _id: treatment._id, name: 'Teeth Cleaning' },
    ];

    it('asks which treatment, and joins for the one chosen', async () => {
      const user = userEvent.setup();
      const { calls } = mockApi({ 'GET /api/service': () => json(services) });
      const { dialog, onClose } = renderDialog({ withTreatment: false });

      expect(dialog).toHaveAccessibleName('Join a waitlist');
      const select = within(dialog).getByLabelText('Treatment');
      await within(select).findByRole('option', { name: 'Teeth Cleaning' });
      await user.click(within(dialog).getByRole('button', { name: 'Join waitlist' }));
      expect(
        await within(dialog).findByText('Choose the treatment to wait for'),
      ).toBeInTheDocument();
      expect(joins(calls)).toHaveLength(0);

      await user.selectOptions(select, 'Teeth Cleaning');
      await user.click(within(dialog).getByRole('button', { name: 'Join waitlist' }));

      await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(joins(calls)[0]?.body).toMatchObject({ treatmentId: treatment._id });
      expect(calls.some((c) => c.path.includes(`treatmentId=${treatment._id}`))).toBe(true);
    });

    it('says when the treatments cannot be loaded, with a retry', async () => {
      const user = userEvent.setup();
      let isDown = true;
      mockApi({
        'GET /api/service': () =>
          isDown ? problem(500, 'Something went wrong on our side') : json(services),
      });
      const { dialog } = renderDialog({ withTreatment: false });

      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Something went wrong on our side',
      );
      isDown = false;
      await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
      expect(
        await within(dialog).findByRole('option', { name: 'Teeth Cleaning' }),
      ).toBeInTheDocument();
    });
  });
});

describe('JoinWaitlistDialog in Spanish', () => {
  afterEach(() => {
    act(() => chooseLocale('en'));
  });

  it('gives the server’s refusals with values in them in Spanish, in the dialog and under the field', async () => {
    const user = userEvent.setup();
    await Promise.all([loadCatalog('es', 'family'), loadCatalog('es', 'app')]);
    act(() => chooseLocale('es'));
    let answer = problem(409, 'You are already on the waitlist for Teeth Cleaning.', {
      code: 'conflict',
    });
    mockApi({ 'POST /api/waitlist': () => answer });
    const { dialog } = renderDialog();
    const join = within(dialog).getByRole('button', { name: 'Unirse a la lista de espera' });

    await user.click(join);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Ya está en la lista de espera de Teeth Cleaning.',
    );

    const message = 'Bookings open up to 60 days ahead; choose an earlier last day.';
    answer = problem(400, message, { code: 'validation_failed', errors: { to: [message] } });
    await user.click(join);
    expect(
      await within(dialog).findByText(
        'Se puede reservar con hasta 60 días de antelación; elija un último día anterior.',
      ),
    ).toBeInTheDocument();
  });
});
