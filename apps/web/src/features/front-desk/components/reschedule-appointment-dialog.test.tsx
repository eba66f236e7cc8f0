import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminBooking } from '@clinic/shared';
import {
  availabilityFactory,
  doctorFactory,
  laneFactory,
  slotLabels,
} from '../../../test/factories.ts';
import { json, mockFetch, problem, renderAt, type ApiCall } from '../../../test/utils.tsx';
import {
  adminBookingFactory,
  adminBookingsPageFactory,
} from '../utils/appointments-test-factories.ts';
import { AllAppointments } from './all-appointments.tsx';
import { CHANGED_MEANWHILE_TEXT, SLOT_TAKEN_TEXT } from './reschedule-appointment-dialog.tsx';

const booking = adminBookingFactory({ _id: 'b1', version: 3, slot: slotLabels[1] });
const ann = doctorFactory();
const ben = doctorFactory({ _id: '7d0c1c0e-0000-4000-8000-000000000002', name: 'Ben Brace' });

function mockDesk(
  reschedule: (call: ApiCall) => Response,
  {
    lanes = [laneFactory(null, slotLabels)],
    rows = booking,
  }: { lanes?: ReturnType<typeof laneFactory>[]; rows?: AdminBooking } = {},
) {
  return mockFetch({
    'GET /api/admin/bookings': () => json(adminBookingsPageFactory([rows])),
    'GET /api/doctors/public': () => json([]),
    'GET /api/admin/treatments': () => json([]),
    'GET /api/availability': (call) => {
      const date = new URL(call.path, 'http://localhost').searchParams.get('date')!;
      return json(availabilityFactory({ date, lanes }));
    },
    'POST /api/admin/bookings/b1/reschedule': reschedule,
  });
}

async function openReschedule(user: ReturnType<typeof userEvent.setup>) {
  renderAt(<AllAppointments today="2030-06-12" />, { path: '/dashboard/all-appointments' });
  await user.click(await screen.findByRole('button', { name: /^Reschedule: Pat Patient/ }));
  return screen.getByRole('dialog', { name: "Reschedule Pat Patient's appointment" });
}

function availabilityCalls(calls: ApiCall[]): Record<string, string>[] {
  return calls
    .filter((call) => call.path.startsWith('/api/availability?'))
    .map((call) => Object.fromEntries(new URL(call.path, 'http://localhost').searchParams));
}

describe('Rescheduling an appointment as the clinic', () => {
  it("offers the day's free times with the booking's own counted free, and moves it with If-Match", async () => {
    const user = userEvent.setup();
    const { calls } = mockDesk(() =>
      json({ booking: { ...booking, date: '2030-06-14', version: 4 } }),
    );
    const dialog = await openReschedule(user);

    const time = await within(dialog).findByLabelText('New time');
    expect(
      within(time).getByRole('option', { name: `${slotLabels[1]} (current)` }),
    ).toBeInTheDocument();
    expect(availabilityCalls(calls)[0]).toEqual({
      date: '2030-06-12',
      treatmentId: booking.treatmentId,
      excludeBookingId: 'b1',
    });

    fireEvent.change(within(dialog).getByLabelText('New date'), {
      target: { value: '2030-06-14' },
    });
    await waitFor(() => expect(availabilityCalls(calls).at(-1)?.date).toBe('2030-06-14'));
    const move = within(dialog).getByRole('button', { name: 'Move appointment' });
    expect(move).toBeDisabled();
    await user.selectOptions(await within(dialog).findByLabelText('New time'), slotLabels[2]);
    await user.click(move);

    expect(
      await screen.findByText(
        `Pat Patient's appointment moved to Jun 14, 2030 at ${slotLabels[2]}`,
      ),
    ).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.headers.get('If-Match')).toBe('"v3"');
    expect(post.body).toEqual({ date: '2030-06-14', slot: slotLabels[2] });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends the doctor of the lane picked, for a treatment that needs one', async () => {
    const user = userEvent.setup();
    const { calls } = mockDesk(() => json({ booking }), {
      lanes: [laneFactory(ann, [slotLabels[0]]), laneFactory(ben, [slotLabels[0], slotLabels[2]])],
    });
    const dialog = await openReschedule(user);

    const time = await within(dialog).findByLabelText('New time');
    expect(within(time).getByRole('group', { name: 'Ben Brace' })).toBeInTheDocument();
    const benSlot = within(within(time).getByRole('group', { name: 'Ben Brace' })).getByRole(
      'option',
      { name: slotLabels[0] },
    );
    await user.selectOptions(time, benSlot);
    await user.click(within(dialog).getByRole('button', { name: 'Move appointment' }));

    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        date: '2030-06-12',
        slot: slotLabels[0],
        doctorId: ben._id,
      }),
    );
  });

  it('says the time is no longer available on a conflict, and asks for the free times again', async () => {
    const user = userEvent.setup();
    const { calls } = mockDesk(() =>
      json(
        {
          success: false,
          booking: { date: 'Jun 12, 2030', slot: slotLabels[2], treatment: 'Teeth Cleaning' },
        },
        409,
      ),
    );
    const dialog = await openReschedule(user);

    await user.selectOptions(await within(dialog).findByLabelText('New time'), slotLabels[2]);
    const before = availabilityCalls(calls).length;
    await user.click(within(dialog).getByRole('button', { name: 'Move appointment' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SLOT_TAKEN_TEXT);
    await waitFor(() => expect(availabilityCalls(calls).length).toBeGreaterThan(before));
    expect(within(dialog).getByLabelText('New time')).toHaveValue('');
  });

  it('closes, asks for the list again and says so when the booking changed meanwhile', async () => {
    const user = userEvent.setup();
    const { calls } = mockDesk(() =>
      problem(412, 'The booking has changed', { code: 'precondition_failed' }),
    );
    const dialog = await openReschedule(user);
    const listsBefore = calls.filter((call) => call.path.startsWith('/api/admin/bookings?')).length;

    await user.selectOptions(await within(dialog).findByLabelText('New time'), slotLabels[0]);
    await user.click(within(dialog).getByRole('button', { name: 'Move appointment' }));

    expect(await screen.findByText(CHANGED_MEANWHILE_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path.startsWith('/api/admin/bookings?')).length,
      ).toBeGreaterThan(listsBefore),
    );
  });
});
