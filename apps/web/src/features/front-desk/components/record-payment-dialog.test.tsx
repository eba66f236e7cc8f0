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
import { CHOOSE_METHOD_TEXT, PAYMENT_RECORDED_TOAST } from './record-payment-dialog.tsx';

/** Half an hour before the 08.30 appointments of the day shown. */
const NOW = Date.parse('2030-06-12T08:00:00.000Z');

const patientNamed = (name: string) => ({
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  phone: '',
});

function mockDesk(bookings: AdminBooking[], pay: (call: ApiCall) => Response = () => json({})) {
  let current = bookings;
  const paidAtDesk = (id: string) => {
    current = current.map((booking) =>
      booking._id === id
        ? {
            ...booking,
            paid: true,
            transactionId: 'desk_card-terminal_0123abcd',
            paymentMode: 'desk' as const,
            payment: { paid: true, refunded: 0 },
          }
        : booking,
    );
  };
  return {
    ...mockFetch({
      'GET /api/admin/bookings': () => json(adminBookingsPageFactory(current)),
      'GET /api/doctors/public': () => json([]),
      'GET /api/admin/treatments': () => json([]),
      'POST /api/admin/bookings/b1/payment': (call) => pay(call),
    }),
    paidAtDesk,
  };
}

function renderDesk() {
  renderAt(<AllAppointments today="2030-06-12" now={NOW} />, {
    path: '/dashboard/all-appointments',
  });
}

async function openRecordPayment(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^Record payment: Pat Patient/ }));
  return screen.getByRole('dialog', { name: "Record Pat Patient's payment" });
}

describe('Recording a payment taken at the desk', () => {
  it('is offered for an unpaid booking with a price that is not cancelled, upcoming or held', async () => {
    mockDesk([
      adminBookingFactory({ _id: 'b1', patientAccount: patientNamed('Una Unpaid') }),
      adminBookingFactory({
        _id: 'b2',
        patientAccount: patientNamed('Noor Noshow'),
        status: 'no_show',
        startsAt: '2030-06-11T08:30:00.000Z',
      }),
      adminBookingFactory({
        _id: 'b3',
        patientAccount: patientNamed('Paula Paid'),
        paid: true,
        paymentMode: 'stripe',
        transactionId: 'pi_3PqExample',
        payment: { paid: true, refunded: 0 },
      }),
      adminBookingFactory({ _id: 'b4', patientAccount: patientNamed('Fred Free'), price: 0 }),
      adminBookingFactory({
        _id: 'b5',
        patientAccount: patientNamed('Cara Cancelled'),
        status: 'cancelled',
        cancelledBy: 'patient',
      }),
    ]);
    renderDesk();

    expect(
      await screen.findByRole('button', { name: /^Record payment: Una Unpaid/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /^Record payment: Noor Noshow/ }),
    ).toBeInTheDocument();
    for (const name of ['Paula Paid', 'Fred Free', 'Cara Cancelled']) {
      expect(
        screen.queryByRole('button', { name: new RegExp(`^Record payment: ${name}`) }),
      ).not.toBeInTheDocument();
    }
  });

  it('names who, what and how much, posts the method chosen, then shows the row paid at the desk', async () => {
    const user = userEvent.setup();
    const desk = mockDesk([adminBookingFactory({ _id: 'b1' })], () => {
      desk.paidAtDesk('b1');
      return json({ paid: true, transactionId: 'desk_card-terminal_0123abcd', amount: 17 });
    });
    renderDesk();
    const dialog = await openRecordPayment(user);

    expect(
      within(dialog).getByText(/^Teeth Cleaning, Jun 12, 2030 at 08.30 AM/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Amount: $17')).toBeInTheDocument();
    const methods = within(dialog).getByRole('group', { name: 'Paid by' });
    expect(
      within(methods)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['cash', 'card-terminal']);

    // The desk says how the money came in: nothing is sent until it does.
    await user.click(within(dialog).getByRole('button', { name: 'Record $17 payment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CHOOSE_METHOD_TEXT);
    expect(desk.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(within(methods).getByRole('radio', { name: 'Card terminal' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Record $17 payment' }));

    expect(await screen.findByText(PAYMENT_RECORDED_TOAST)).toBeInTheDocument();
    expect(desk.calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/admin/bookings/b1/payment',
      body: { method: 'card-terminal' },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Paid at desk')).toBeInTheDocument();
    expect(screen.getByText('$17 paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Record payment:/ })).not.toBeInTheDocument();
  });

  it("shows the server's reason when it refuses, and the list as it now is", async () => {
    const user = userEvent.setup();
    const desk = mockDesk([adminBookingFactory({ _id: 'b1' })], () => {
      // Someone else took it a moment ago.
      desk.paidAtDesk('b1');
      return problem(409, 'This booking is already paid.', { code: 'conflict' });
    });
    renderDesk();
    const dialog = await openRecordPayment(user);

    await user.click(within(dialog).getByRole('radio', { name: 'Cash' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record $17 payment' }));

    expect(await screen.findByText('This booking is already paid.')).toBeInTheDocument();
    expect(desk.calls.find((call) => call.method === 'POST')?.body).toEqual({ method: 'cash' });
    expect(screen.queryByText(PAYMENT_RECORDED_TOAST)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Paid at desk')).toBeInTheDocument();
  });

  it('keeps the dialog open to try again when the request does not get through', async () => {
    const user = userEvent.setup();
    mockDesk([adminBookingFactory({ _id: 'b1' })], () =>
      problem(503, 'The service is unavailable. Try again shortly.'),
    );
    renderDesk();
    const dialog = await openRecordPayment(user);

    await user.click(within(dialog).getByRole('radio', { name: 'Cash' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record $17 payment' }));

    expect(await screen.findByText(/Try again/)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByText('Unpaid')).toBeInTheDocument();
  });
});
