import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminBooking } from '@clinic/shared';
import { json, mockFetch, problem, renderAt, type ApiCall } from '../../../test/utils.tsx';
import {
  adminBookingFactory,
  adminBookingsPageFactory,
} from '../utils/appointments-test-factories.ts';
import { AllAppointments } from './all-appointments.tsx';

const paid = adminBookingFactory({
  _id: 'b1',
  price: 40,
  paid: true,
  paymentMode: 'stripe',
  payment: { paid: true, refunded: 0 },
});
const unpaid = adminBookingFactory({ _id: 'b1' });

function mockDesk(booking: AdminBooking, cancel: (call: ApiCall) => Response) {
  let current = booking;
  return mockFetch({
    'GET /api/admin/bookings': () => json(adminBookingsPageFactory([current])),
    'GET /api/doctors/public': () => json([]),
    'GET /api/admin/treatments': () => json([]),
    'POST /api/admin/bookings/b1/cancel': (call) => {
      const response = cancel(call);
      if (response.ok) current = { ...current, status: 'cancelled', cancelledBy: 'admin' };
      return response;
    },
  });
}

async function openCancel(user: ReturnType<typeof userEvent.setup>) {
  renderAt(<AllAppointments today="2030-06-12" />, { path: '/dashboard/all-appointments' });
  await user.click(await screen.findByRole('button', { name: /^Cancel: Pat Patient/ }));
  return screen.getByRole('dialog', { name: "Cancel Pat Patient's appointment?" });
}

describe('Cancelling an appointment as the clinic', () => {
  it('sends a partial refund in cents with the reason and the notify choice, then shows it cancelled', async () => {
    const user = userEvent.setup();
    const { calls } = mockDesk(paid, () =>
      json({
        booking: { ...paid, status: 'cancelled' },
        refund: { status: 'pending', amount: 12.5 },
      }),
    );
    const dialog = await openCancel(user);

    expect(within(dialog).getByText('The patient paid $40.')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Full refund ($40)' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Notify patient' })).toBeChecked();
    await user.type(within(dialog).getByLabelText('Reason'), 'Late cancellation by phone');
    await user.click(within(dialog).getByRole('radio', { name: 'Partial refund' }));
    const amount = within(dialog).getByLabelText('Amount to refund (dollars)');

    // More than was paid is refused before anything is sent.
    await user.type(amount, '41');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    expect(await within(dialog).findByText('At most $40 can be refunded')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(amount);
    await user.type(amount, '12.5');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Notify patient' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));

    expect(
      await screen.findByText('Appointment cancelled. $12.50 is being refunded.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      reason: 'Late cancellation by phone',
      refund: { amountCents: 1250 },
      notify: false,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Cancelled by the clinic')).toBeInTheDocument();
  });

  it('needs a reason, and offers no refund choice for an unpaid booking', async () => {
    const user = userEvent.setup();
    const { calls } = mockDesk(unpaid, () =>
      json({ booking: { ...unpaid, status: 'cancelled' }, refund: null }),
    );
    const dialog = await openCancel(user);

    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    expect(await within(dialog).findByText('Give a reason')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Reason'), 'Doctor ill');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    expect(await screen.findByText('Appointment cancelled')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      reason: 'Doctor ill',
      notify: true,
    });
  });

  it('says a payment taken at the desk was taken there', async () => {
    const user = userEvent.setup();
    mockDesk({ ...paid, transactionId: 'desk_cash_0123abcd', paymentMode: 'desk' }, () => json({}));
    const dialog = await openCancel(user);

    expect(within(dialog).getByText('The patient paid $40 at the desk.')).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's reason when the cancel is refused", async () => {
    const user = userEvent.setup();
    mockDesk(paid, () =>
      problem(409, 'This appointment is already cancelled.', { code: 'booking_not_modifiable' }),
    );
    const dialog = await openCancel(user);

    await user.type(within(dialog).getByLabelText('Reason'), 'Duplicate');
    await user.click(within(dialog).getByRole('radio', { name: 'No refund' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));

    expect(await screen.findByText('This appointment is already cancelled.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
