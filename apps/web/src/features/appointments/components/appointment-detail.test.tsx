import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingDetail } from '@clinic/shared';
import {
  bookingDetailFactory,
  bookingEventFactory,
  bookingFactory,
} from '../../../test/factories.ts';
import { json, mockFetch, problem, renderAt, type ApiCall } from '../../../test/utils.tsx';
import { AppointmentDetail } from './appointment-detail.tsx';

function renderDetail(id = 'b1') {
  return renderAt(<AppointmentDetail id={id} />, {
    path: '/dashboard/appointments/:id',
    initialEntries: [`/dashboard/appointments/${id}`],
  });
}

const cancelCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/booking/b1/cancel');

describe('AppointmentDetail', () => {
  it('shows the booking, its status, doctor, price and payment, and its history in order', async () => {
    const booking = bookingDetailFactory({
      doctor: { _id: '7d0c1c0e-0000-4000-8000-000000000001', name: 'Ann Lee' },
      price: 17,
      paid: true,
      events: [
        bookingEventFactory({
          _id: 'e3',
          at: '2030-06-03T12:00:00.000Z',
          type: 'paid',
          data: { amount: 17 },
        }),
        bookingEventFactory({ _id: 'e1', at: '2030-06-01T12:00:00.000Z', type: 'created' }),
        bookingEventFactory({
          _id: 'e2',
          at: '2030-06-02T12:00:00.000Z',
          type: 'rescheduled',
          data: {
            from: { date: '2030-06-10', slot: '08.00 AM - 08.30 AM' },
            to: { date: '2030-06-12', slot: '08.30 AM - 09.00 AM' },
          },
        }),
      ],
    });
    mockFetch({ 'GET /api/booking/b1': () => json(booking) });
    renderDetail();

    expect(screen.getByRole('status')).toHaveTextContent('Loading your appointment…');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Teeth Cleaning' });
    const page = heading.closest('section')!;
    expect(within(page).getByText('Confirmed')).toHaveClass('badge');
    const facts = within(page)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(facts).toEqual([
      'Date: Jun 12, 2030',
      'Time: 08.30 AM - 09.00 AM',
      'Doctor: Dr. Ann Lee',
      'Price: $17',
      'Payment: paid',
    ]);

    const history = within(page).getByRole('region', { name: 'History' });
    const lines = within(history)
      .getAllByRole('listitem')
      .map((item) => item.firstChild?.textContent);
    expect(lines).toEqual([
      'Booked by you',
      'Moved to Jun 12, 2030 at 08.30 AM - 09.00 AM (was Jun 10, 2030 at 08.00 AM - 08.30 AM) by you',
      'Paid $17',
    ]);
    const times = history.querySelectorAll('time');
    expect(times[0]).toHaveAttribute('dateTime', '2030-06-01T12:00:00.000Z');
    expect(times[0]).toHaveTextContent(/Jun (1|2), 2030/);

    expect(within(page).getByRole('link', { name: 'Reschedule' })).toHaveAttribute(
      'href',
      '/dashboard/appointments/b1/reschedule',
    );
    expect(within(page).getByRole('button', { name: 'Cancel appointment' })).toBeEnabled();
    expect(
      within(page).getByText(/You can change or cancel it online until Jun 11, 2030/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /My Appointments/ })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('offers pay for an unpaid confirmed booking with a price', async () => {
    mockFetch({
      'GET /api/booking/b1': () => json(bookingDetailFactory({ price: 17, paid: false })),
    });
    renderDetail();
    expect(await screen.findByRole('link', { name: 'pay' })).toHaveAttribute(
      'href',
      '/dashboard/payment/b1',
    );
  });

  it.each([
    ['pending', 'Refund pending'],
    ['succeeded', 'Refunded $17'],
    ['failed', 'The refund could not be completed; the clinic will contact you.'],
  ] as const)(
    'shows a %s refund of a cancelled booking as "%s", with no actions',
    async (status, text) => {
      mockFetch({
        'GET /api/booking/b1': () =>
          json(
            bookingDetailFactory({
              status: 'cancelled',
              cancelledBy: 'admin',
              paid: true,
              canCancel: false,
              canReschedule: false,
              refund: { status, amount: 17 },
            }),
          ),
      });
      renderDetail();

      await screen.findByRole('heading', { level: 2, name: 'Teeth Cleaning' });
      expect(screen.getByText('Cancelled by the clinic')).toHaveClass('badge');
      const refund = screen.getByText('Refund');
      expect(refund.nextElementSibling).toHaveTextContent(text);
      expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Reschedule' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'pay' })).not.toBeInTheDocument();
      expect(screen.queryByText(/Changes close/)).not.toBeInTheDocument();
    },
  );

  it('disables both changes inside the window and says why', async () => {
    mockFetch({
      'GET /api/booking/b1': () =>
        json(bookingDetailFactory({ canCancel: false, canReschedule: false })),
    });
    renderDetail();

    const cancel = await screen.findByRole('button', { name: 'Cancel appointment' });
    const reschedule = screen.getByRole('button', { name: 'Reschedule' });
    const why = 'Changes close 24 hours before your appointment. Please call the clinic.';
    expect(cancel).toBeDisabled();
    expect(reschedule).toBeDisabled();
    expect(screen.getByText(why)).toBeInTheDocument();
    expect(cancel).toHaveAccessibleDescription(why);
    expect(reschedule).toHaveAccessibleDescription(why);
    expect(screen.queryByRole('link', { name: 'Reschedule' })).not.toBeInTheDocument();
  });

  it('reads the notice from the deadline when the clinic set another than 24 hours', async () => {
    mockFetch({
      'GET /api/booking/b1': () =>
        json(
          bookingDetailFactory({
            canCancel: false,
            cancelDeadline: '2030-06-10T08:30:00.000Z',
          }),
        ),
    });
    renderDetail();
    expect(
      await screen.findByText(
        'Changes close 48 hours before your appointment. Please call the clinic.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reschedule' })).toBeInTheDocument();
  });

  it('says there is no such booking for a 404, with the way back', async () => {
    mockFetch({ 'GET /api/booking/nope': () => problem(404, 'Not Found') });
    renderDetail('nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such booking.');
    expect(screen.getByRole('link', { name: /My Appointments/ })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('shows another failure with a retry', async () => {
    let calls = 0;
    mockFetch({
      'GET /api/booking/b1': () =>
        ++calls === 1
          ? problem(500, 'Something went wrong on our side')
          : json(bookingDetailFactory()),
    });
    renderDetail();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Teeth Cleaning' }),
    ).toBeInTheDocument();
  });

  describe('cancel', () => {
    it('says a payment taken at the clinic is refunded at its desk, not to a card', async () => {
      const user = userEvent.setup();
      mockFetch({
        'GET /api/booking/b1': () =>
          json(
            bookingDetailFactory({
              paid: true,
              price: 17,
              transactionId: 'desk_cash_0123abcd',
              paymentMode: 'desk',
            }),
          ),
      });
      renderDetail();

      expect(await screen.findByText('at the clinic', { exact: false })).toHaveTextContent(
        'paid at the clinic',
      );
      await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
      const dialog = screen.getByRole('dialog', { name: 'Cancel this appointment?' });
      expect(dialog).toHaveTextContent(
        "You paid $17 at the clinic: you will get a full refund of $17 at the clinic's desk.",
      );
      expect(dialog).not.toHaveTextContent('to your card');
    });

    it('states the deadline and the full refund, posts the reason, and shows the booking cancelled', async () => {
      const user = userEvent.setup();
      let current: BookingDetail = bookingDetailFactory({
        paid: true,
        price: 17,
        transactionId: 'pi_1',
      });
      const { calls } = mockFetch({
        'GET /api/booking/b1': () => json(current),
        'POST /api/booking/b1/cancel': () => {
          const booking = bookingFactory({
            paid: true,
            price: 17,
            status: 'cancelled',
            cancelledBy: 'patient',
            canCancel: false,
            canReschedule: false,
            refund: { status: 'pending', amount: 17 },
          });
          current = {
            ...booking,
            events: [
              bookingEventFactory(),
              bookingEventFactory({ _id: 'e2', at: '2030-06-05T09:00:00.000Z', type: 'cancelled' }),
            ],
          };
          return json({ booking, refund: { status: 'pending', amount: 17 } });
        },
      });
      renderDetail();

      await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
      const dialog = screen.getByRole('dialog', { name: 'Cancel this appointment?' });
      expect(dialog).toHaveTextContent('Teeth Cleaning on Jun 12, 2030 at 08.30 AM - 09.00 AM.');
      expect(dialog).toHaveTextContent(/You can cancel online until Jun 11, 2030/);
      expect(dialog).toHaveTextContent(
        'You paid $17: you will get a full refund of $17 to your card.',
      );

      await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Travelling');
      await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));

      expect(await screen.findByText('Your appointment was cancelled.')).toBeInTheDocument();
      expect(cancelCalls(calls)).toHaveLength(1);
      expect(cancelCalls(calls)[0]?.body).toEqual({ reason: 'Travelling' });
      await waitFor(() =>
        expect(
          screen.queryByRole('dialog', { name: 'Cancel this appointment?' }),
        ).not.toBeInTheDocument(),
      );
      const heading = screen.getByRole('heading', { level: 2, name: 'Teeth Cleaning' });
      expect(within(heading.parentElement!).getByText('Cancelled online')).toHaveClass('badge');
      expect(screen.getByText('Refund pending')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
      // The refetched history has the cancellation.
      const history = screen.getByRole('region', { name: 'History' });
      expect(await within(history).findByText('Cancelled online')).toBeInTheDocument();
    });

    it('says nothing is refunded for an unpaid booking and sends no empty reason', async () => {
      const user = userEvent.setup();
      const { calls } = mockFetch({
        'GET /api/booking/b1': () => json(bookingDetailFactory({ paid: false })),
        'POST /api/booking/b1/cancel': () =>
          json({
            booking: bookingFactory({ status: 'cancelled', cancelledBy: 'patient' }),
            refund: null,
          }),
      });
      renderDetail();

      await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
      const dialog = screen.getByRole('dialog', { name: 'Cancel this appointment?' });
      expect(dialog).toHaveTextContent(
        'Nothing has been paid for it, so there is nothing to refund.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
      await screen.findByText('Your appointment was cancelled.');
      expect(cancelCalls(calls)[0]?.body).toEqual({});
    });

    it('keeps the appointment when the patient changes their mind', async () => {
      const user = userEvent.setup();
      const { calls } = mockFetch({ 'GET /api/booking/b1': () => json(bookingDetailFactory()) });
      renderDetail();

      await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
      await user.click(screen.getByRole('button', { name: 'Keep appointment' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(cancelCalls(calls)).toHaveLength(0);
    });

    it("shows the server's words when the window closed meanwhile", async () => {
      const user = userEvent.setup();
      mockFetch({
        'GET /api/booking/b1': () => json(bookingDetailFactory()),
        'POST /api/booking/b1/cancel': () =>
          problem(409, 'Changes close 24 hours before your appointment. Please call +1 555 0100.', {
            code: 'cancel_window_closed',
            deadline: '2030-06-11T08:30:00.000Z',
            clinicPhone: '+1 555 0100',
          }),
      });
      renderDetail();

      await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
      await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
      const dialog = screen.getByRole('dialog', { name: 'Cancel this appointment?' });
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Changes close 24 hours before your appointment. Please call +1 555 0100.',
      );
      expect(screen.queryByText('Your appointment was cancelled.')).not.toBeInTheDocument();
    });

    it('words a closed window itself, with the clinic phone, when the server gave no words', async () => {
      const user = userEvent.setup();
      mockFetch({
        'GET /api/booking/b1': () => json(bookingDetailFactory()),
        'POST /api/booking/b1/cancel': () =>
          new Response(
            JSON.stringify({
              title: 'Conflict',
              status: 409,
              detail: 'Conflict',
              code: 'cancel_window_closed',
              deadline: '2030-06-11T08:30:00.000Z',
              clinicPhone: '+1 555 0100',
            }),
            { status: 409, headers: { 'content-type': 'application/problem+json' } },
          ),
      });
      renderDetail();

      await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
      await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Changes close 24 hours before your appointment. Please call +1 555 0100.',
      );
    });
  });

  describe('calendar file', () => {
    const createObjectURL = vi.fn(() => 'blob:ics');
    const revokeObjectURL = vi.fn();
    beforeEach(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });
    afterEach(() => {
      createObjectURL.mockClear();
      revokeObjectURL.mockClear();
    });

    it('fetches the .ics with the bearer token and saves it as a file', async () => {
      const user = userEvent.setup();
      localStorage.setItem('accessToken', 'tok.en');
      const clicked: { download: string; href: string }[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        clicked.push({ download: this.download, href: this.href });
      });
      const { calls } = mockFetch({
        'GET /api/booking/b1': () => json(bookingDetailFactory()),
        'GET /api/booking/b1/ics': () =>
          new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
            headers: { 'content-type': 'text/calendar' },
          }),
      });
      renderDetail();

      await user.click(await screen.findByRole('button', { name: 'Add to my calendar (.ics)' }));

      await waitFor(() =>
        expect(clicked).toEqual([{ download: 'appointment-b1.ics', href: 'blob:ics' }]),
      );
      const ics = calls.find((call) => call.path === '/api/booking/b1/ics');
      expect(ics?.headers.get('Authorization')).toBe('Bearer tok.en');
      const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
      expect(await blob.text()).toContain('BEGIN:VCALENDAR');
    });

    it('says so in a toast when the file cannot be fetched', async () => {
      const user = userEvent.setup();
      mockFetch({
        'GET /api/booking/b1': () => json(bookingDetailFactory()),
        'GET /api/booking/b1/ics': () => problem(500, 'Something went wrong on our side'),
      });
      renderDetail();
      await user.click(await screen.findByRole('button', { name: 'Add to my calendar (.ics)' }));
      expect(await screen.findByText('Something went wrong on our side')).toBeInTheDocument();
      expect(createObjectURL).not.toHaveBeenCalled();
    });
  });
});
