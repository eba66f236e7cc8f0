import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingDetail } from '@clinic/shared';
import {
  availabilityFactory,
  bookingDetailFactory,
  bookingFactory,
  doctorFactory,
  laneFactory,
  slotLabels,
} from '../../../test/factories.ts';
import { json, mockFetch, problem, renderAt, type ApiCall } from '../../../test/utils.tsx';
import { loadCatalog } from '../../../i18n/catalog.ts';
import { chooseLocale } from '../../../i18n/locale.ts';
import { RescheduleAppointment } from './reschedule-appointment.tsx';

const treatmentId = '5f0c1c0e-0000-4000-8000-000000000003';
const ann = doctorFactory();
const bob = doctorFactory({ _id: '7d0c1c0e-0000-4000-8000-000000000002', name: 'Bob Stone' });

function renderPage(id = 'b1') {
  return renderAt(<RescheduleAppointment id={id} />, {
    path: '/dashboard/appointments/:id/reschedule',
    initialEntries: [`/dashboard/appointments/${id}/reschedule`],
  });
}

const rescheduleCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/booking/b1/reschedule');
const availabilityCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.path.startsWith('/api/availability'));

describe('RescheduleAppointment', () => {
  it("offers the day's free times with the booking's own marked current, and moves it with If-Match", async () => {
    const user = userEvent.setup();
    const booking = bookingDetailFactory({ version: 3, slot: slotLabels[1] });
    const { calls } = mockFetch({
      'GET /api/booking/b1': () => json(booking),
      'GET /api/availability': () => json(availabilityFactory()),
      'POST /api/booking/b1/reschedule': () =>
        json({ booking: bookingFactory({ version: 4, slot: slotLabels[2] }) }),
    });
    const { router } = renderPage();

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Reschedule your appointment' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your current time: Teeth Cleaning on/)).toHaveTextContent(
      'Your current time: Teeth Cleaning on Jun 12, 2030 at 08.30 AM - 09.00 AM.',
    );
    expect(screen.getByLabelText('Date')).toHaveValue('2030-06-12');
    const time = await screen.findByRole('combobox', { name: 'Time' });
    expect(availabilityCalls(calls)[0]?.path).toBe(
      `/api/availability?date=2030-06-12&treatmentId=${treatmentId}&excludeBookingId=b1`,
    );
    const options = within(time).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Choose a time',
      '08.00 AM - 08.30 AM',
      '08.30 AM - 09.00 AM (current)',
      '09.00 AM - 09.30 AM',
    ]);
    expect(options[2]).toBeDisabled();
    expect(screen.queryByRole('combobox', { name: 'Doctor' })).not.toBeInTheDocument();

    await user.selectOptions(time, slotLabels[2]);
    await user.click(screen.getByRole('button', { name: 'Move appointment' }));

    expect(
      await screen.findByText('Your appointment was moved to Jun 12, 2030 at 09.00 AM - 09.30 AM.'),
    ).toBeInTheDocument();
    const [move] = rescheduleCalls(calls);
    expect(move?.headers.get('If-Match')).toBe('"v3"');
    expect(move?.body).toEqual({ date: '2030-06-12', slot: slotLabels[2] });
    expect(router.state.location.pathname).toBe('/dashboard/appointments/b1');
  });

  it('asks for the chosen day, and asks for a time before sending anything', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/booking/b1': () => json(bookingDetailFactory()),
      'GET /api/availability': ({ path }) =>
        json(availabilityFactory({ date: new URL(path, 'http://x').searchParams.get('date')! })),
    });
    renderPage();

    await screen.findByRole('combobox', { name: 'Time' });
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-06-20' } });
    await waitFor(() =>
      expect(availabilityCalls(calls).at(-1)?.path).toBe(
        `/api/availability?date=2030-06-20&treatmentId=${treatmentId}&excludeBookingId=b1`,
      ),
    );
    // Another day: the booking's own time is a time like any other there.
    const time = await screen.findByRole('combobox', { name: 'Time' });
    await waitFor(() => expect(within(time).queryByText(/\(current\)/)).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Move appointment' }));
    expect(await screen.findByText('Choose a slot')).toBeInTheDocument();
    expect(rescheduleCalls(calls)).toHaveLength(0);
  });

  it("offers any available doctor or one of them, the booking's own doctor first chosen", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/booking/b1': () =>
        json(bookingDetailFactory({ doctor: { _id: ann._id, name: ann.name }, version: 2 })),
      'GET /api/availability': () =>
        json(
          availabilityFactory({
            requiresDoctor: true,
            lanes: [
              laneFactory(ann, [slotLabels[1]]),
              laneFactory(bob, [slotLabels[0], slotLabels[1], slotLabels[2]]),
            ],
          }),
        ),
      'POST /api/booking/b1/reschedule': () =>
        json({
          booking: bookingFactory({
            slot: slotLabels[1],
            doctor: { _id: bob._id, name: bob.name },
          }),
        }),
    });
    renderPage();

    const doctor = await screen.findByRole('combobox', { name: 'Doctor' });
    expect(doctor).toHaveValue(ann._id);
    expect(
      within(doctor)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any available doctor', 'Ann Lee', 'Bob Stone']);
    const time = screen.getByRole('combobox', { name: 'Time' });
    expect(
      within(time)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a time', '08.30 AM - 09.00 AM (current)']);

    // The same time with another doctor is a change.
    await user.selectOptions(doctor, bob._id);
    expect(within(time).getByRole('option', { name: slotLabels[1] })).toBeEnabled();
    await user.selectOptions(time, slotLabels[1]);
    await user.click(screen.getByRole('button', { name: 'Move appointment' }));
    await screen.findByText('Your appointment was moved to Jun 12, 2030 at 08.30 AM - 09.00 AM.');
    expect(rescheduleCalls(calls)[0]?.body).toEqual({
      date: '2030-06-12',
      slot: slotLabels[1],
      doctorId: bob._id,
    });
    expect(rescheduleCalls(calls)[0]?.headers.get('If-Match')).toBe('"v2"');
  });

  it('sends no doctor for any available doctor', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/booking/b1': () =>
        json(bookingDetailFactory({ doctor: { _id: ann._id, name: ann.name } })),
      'GET /api/availability': () =>
        json(
          availabilityFactory({
            requiresDoctor: true,
            lanes: [laneFactory(ann, [slotLabels[1]]), laneFactory(bob, [slotLabels[2]])],
          }),
        ),
      'POST /api/booking/b1/reschedule': () =>
        json({ booking: bookingFactory({ slot: slotLabels[2] }) }),
    });
    renderPage();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Doctor' }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time' }), slotLabels[2]);
    await user.click(screen.getByRole('button', { name: 'Move appointment' }));
    await screen.findByText(/Your appointment was moved to/);
    expect(rescheduleCalls(calls)[0]?.body).toEqual({ date: '2030-06-12', slot: slotLabels[2] });
  });

  it('says the time is no longer available on the spec conflict, and asks for the free times again', async () => {
    const user = userEvent.setup();
    let taken = false;
    const { calls } = mockFetch({
      'GET /api/booking/b1': () => json(bookingDetailFactory()),
      'GET /api/availability': () =>
        json(
          availabilityFactory({ lanes: [laneFactory(null, taken ? [slotLabels[1]] : slotLabels)] }),
        ),
      'POST /api/booking/b1/reschedule': () => {
        taken = true;
        return problem(409, 'That slot was just taken', {
          code: 'slot_taken',
          success: false,
          booking: { date: '2030-06-12', slot: slotLabels[2], treatment: 'Teeth Cleaning' },
        });
      },
    });
    renderPage();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Time' }), slotLabels[2]);
    const asked = availabilityCalls(calls).length;
    await user.click(screen.getByRole('button', { name: 'Move appointment' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The time you have selected is no longer available.',
    );
    await waitFor(() => expect(availabilityCalls(calls).length).toBeGreaterThan(asked));
    const time = screen.getByRole('combobox', { name: 'Time' });
    await waitFor(() =>
      expect(within(time).queryByRole('option', { name: slotLabels[2] })).not.toBeInTheDocument(),
    );
    expect(time).toHaveValue('');
  });

  it('asks the patient to look again after a 412, with the booking reloaded', async () => {
    const user = userEvent.setup();
    let version = 1;
    const { calls } = mockFetch({
      'GET /api/booking/b1': () => json(bookingDetailFactory({ version })),
      'GET /api/availability': () => json(availabilityFactory()),
      'POST /api/booking/b1/reschedule': ({ headers }) =>
        headers.get('If-Match') === `"v${version}"`
          ? json({ booking: bookingFactory({ version: version + 1, slot: slotLabels[0] }) })
          : problem(412, 'The booking changed', { code: 'precondition_failed' }),
    });
    renderPage();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Time' }), slotLabels[0]);
    version = 2; // Someone (the clinic) changed it meanwhile.
    await user.click(screen.getByRole('button', { name: 'Move appointment' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This appointment changed meanwhile; please review it and try again.',
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/booking/b1')).toHaveLength(2),
    );

    // Trying again names the version just loaded.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time' }), slotLabels[0]);
    await user.click(screen.getByRole('button', { name: 'Move appointment' }));
    await screen.findByText(/Your appointment was moved to/);
    expect(rescheduleCalls(calls).map((call) => call.headers.get('If-Match'))).toEqual([
      '"v1"',
      '"v2"',
    ]);
  });

  it('says changes have closed, with the clinic phone, on reschedule_window_closed', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/booking/b1': () => json(bookingDetailFactory()),
      'GET /api/availability': () => json(availabilityFactory()),
      'POST /api/booking/b1/reschedule': () =>
        problem(409, 'Changes close 24 hours before your appointment. Please call +1 555 0100.', {
          code: 'reschedule_window_closed',
          deadline: '2030-06-11T08:30:00.000Z',
          clinicPhone: '+1 555 0100',
        }),
    });
    renderPage();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Time' }), slotLabels[0]);
    await user.click(screen.getByRole('button', { name: 'Move appointment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Changes close 24 hours before your appointment. Please call +1 555 0100.',
    );
  });

  it('offers no form inside the window, and says why', async () => {
    const { calls } = mockFetch({
      'GET /api/booking/b1': () => json(bookingDetailFactory({ canReschedule: false })),
    });
    renderPage();

    expect(
      await screen.findByText(
        'Changes close 24 hours before your appointment. Please call the clinic.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move appointment' })).not.toBeInTheDocument();
    expect(availabilityCalls(calls)).toHaveLength(0);
  });

  it('says there is no such booking for a 404', async () => {
    mockFetch({ 'GET /api/booking/b1': () => problem(404, 'There is no such booking.') });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such booking.');
    expect(screen.getByRole('link', { name: /My Appointments/ })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('says when the day has no free time', async () => {
    const booking: BookingDetail = bookingDetailFactory();
    mockFetch({
      'GET /api/booking/b1': () => json(booking),
      'GET /api/availability': () => json(availabilityFactory({ lanes: [laneFactory(null, [])] })),
    });
    renderPage();
    expect(
      await screen.findByText('There is no free time on this day. Please choose another day.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move appointment' })).toBeDisabled();
  });
});

describe('RescheduleAppointment in Spanish', () => {
  afterEach(() => {
    act(() => chooseLocale('en'));
  });

  it('reads Spanish, with the day, the time and the free times as Spanish writes them', async () => {
    await loadCatalog('es', 'visits');
    act(() => chooseLocale('es'));
    const booking = bookingDetailFactory({ slot: slotLabels[1] });
    mockFetch({
      'GET /api/booking/b1': () => json(booking),
      'GET /api/availability': () => json(availabilityFactory()),
    });
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Cambie la fecha de su cita' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Su hora actual:/)).toHaveTextContent(
      'Su hora actual: Teeth Cleaning el 12 jun 2030 a las 08:30–09:00.',
    );
    const time = await screen.findByRole('combobox', { name: 'Hora' });
    expect(within(time).getByRole('option', { name: '08:30–09:00 (actual)' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Volver a la cita' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cambiar la cita' })).toBeInTheDocument();
  });

  it('gives the server’s refusal, with its values, in Spanish', async () => {
    const user = userEvent.setup();
    await loadCatalog('es', 'visits');
    act(() => chooseLocale('es'));
    mockFetch({
      'GET /api/booking/b1': () => json(bookingDetailFactory()),
      'GET /api/availability': () => json(availabilityFactory()),
      'POST /api/booking/b1/reschedule': () =>
        problem(409, 'Changes close 24 hours before your appointment. Please call +1 555 0100.', {
          code: 'reschedule_window_closed',
          deadline: '2030-06-11T08:30:00.000Z',
          clinicPhone: '+1 555 0100',
        }),
    });
    renderPage();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Hora' }), slotLabels[0]);
    await user.click(screen.getByRole('button', { name: 'Cambiar la cita' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Los cambios se cierran 24 horas antes de su cita. Por favor, llame al +1 555 0100.',
    );
  });
});
