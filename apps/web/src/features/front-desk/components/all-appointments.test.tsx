import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminBooking } from '@clinic/shared';
import { json, mockFetch, problem, renderAt, type ApiCall } from '../../../test/utils.tsx';
import { filledClinicProfileFactory } from '../../../test/clinic-factories.ts';
import {
  adminBookingFactory,
  adminBookingsPageFactory,
  callbackFactory,
} from '../utils/appointments-test-factories.ts';
import {
  adminTreatmentFactory,
  DAVID_ID,
  david,
  sarah,
  SARAH_ID,
} from '../../../test/schedule-factories.ts';
import { AllAppointments, NO_APPOINTMENTS_TEXT, NO_UNCONFIRMED_TEXT } from './all-appointments.tsx';

const TODAY = '2030-06-12';
const cleaning = adminTreatmentFactory();
const whitening = adminTreatmentFactory({
  _id: '5f0c1c0e-0000-4000-8000-000000000004',
  name: 'Teeth Whitening',
});

const paidByCard = adminBookingFactory({
  _id: 'b1',
  slot: '08.30 AM - 09.00 AM',
  paid: true,
  paymentMode: 'stripe',
  payment: { paid: true, refunded: 0 },
  doctor: { _id: SARAH_ID, name: 'Sarah Smile' },
  outsideHours: true,
});
const testPaid = adminBookingFactory({
  _id: 'b2',
  slot: '09.00 AM - 09.30 AM',
  paid: true,
  paymentMode: 'test',
  payment: { paid: true, refunded: 0 },
  patientAccount: { name: 'Tess Test', email: 'tess@example.com', phone: '' },
  patientName: 'Tess Test',
  patient: 'tess@example.com',
});
const refunded = adminBookingFactory({
  _id: 'b3',
  slot: '10.00 AM - 10.30 AM',
  status: 'cancelled',
  cancelledBy: 'admin',
  paid: true,
  paymentMode: 'stripe',
  payment: { paid: true, refunded: 10 },
  patientAccount: { name: 'Rita Refund', email: 'rita@example.com', phone: '' },
  patientName: 'Rita Refund',
});
const unpaid = adminBookingFactory({
  _id: 'b4',
  slot: '11.00 AM - 11.30 AM',
  patientAccount: { name: 'Uma Unpaid', email: 'uma@example.com', phone: '' },
  patientName: 'Uma Unpaid',
});

function listCalls(calls: ApiCall[]): URLSearchParams[] {
  return calls
    .filter((call) => call.method === 'GET' && call.path.startsWith('/api/admin/bookings?'))
    .map((call) => new URL(call.path, 'http://localhost').searchParams);
}

function lastListCall(calls: ApiCall[]): Record<string, string> {
  const all = listCalls(calls);
  return Object.fromEntries(all[all.length - 1] ?? []);
}

function mockDesk(list: (call: ApiCall) => Response, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/admin/bookings': list,
    'GET /api/doctors/public': () => json([sarah, david]),
    'GET /api/admin/treatments': () => json([cleaning, whitening]),
    'GET /api/admin/callbacks': () => json({ items: [] }),
    ...extra,
  });
}

/** Half an hour after the factories' appointments start (08.30 on the day, UTC). */
const HALF_AN_HOUR_IN = Date.parse('2030-06-12T09:00:00.000Z');

function renderDesk(now = HALF_AN_HOUR_IN) {
  return renderAt(<AllAppointments today={TODAY} now={now} />, {
    path: '/dashboard/all-appointments',
  });
}

/** A table row by the patient's name in it (the callbacks above may name the patient too). */
function rowOf(name: string): HTMLElement {
  const cell = within(screen.getByRole('table')).getByText(name);
  return cell.closest('tr')!;
}

describe('AllAppointments', () => {
  it("shows today's appointments with patient, treatment, doctor, status, payment and an outside-hours warning", async () => {
    const { calls } = mockDesk(() =>
      json(adminBookingsPageFactory([paidByCard, testPaid, refunded, unpaid])),
    );
    renderDesk();

    const table = await screen.findByRole('table', { name: 'Appointments on Jun 12, 2030' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Time', 'Date', 'Patient', 'Treatment', 'Status', 'Payment', 'Actions']);
    expect(lastListCall(calls)).toEqual({ from: TODAY, to: TODAY, limit: '50' });

    const pat = rowOf('Pat Patient');
    expect(within(pat).getByText('08.30 AM - 09.00 AM')).toBeInTheDocument();
    expect(within(pat).getByText('Jun 12, 2030')).toBeInTheDocument();
    expect(within(pat).getByRole('link', { name: 'pat@example.com' })).toHaveAttribute(
      'href',
      'mailto:pat@example.com',
    );
    expect(within(pat).getByRole('link', { name: '+1 555 0100' })).toHaveAttribute(
      'href',
      'tel:+15550100',
    );
    expect(within(pat).getByText('Teeth Cleaning')).toBeInTheDocument();
    expect(within(pat).getByText('Sarah Smile')).toBeInTheDocument();
    expect(within(pat).getByText('Confirmed')).toBeInTheDocument();
    expect(within(pat).getByText('Paid')).toBeInTheDocument();
    expect(within(pat).getByText('Outside hours')).toBeInTheDocument();

    expect(within(rowOf('Tess Test')).getByText('Test payment')).toBeInTheDocument();
    expect(within(rowOf('Tess Test')).queryByText('Outside hours')).not.toBeInTheDocument();
    const rita = rowOf('Rita Refund');
    expect(within(rita).getByText('Refunded $10')).toBeInTheDocument();
    expect(within(rita).getByText('Cancelled by the clinic')).toBeInTheDocument();
    // A cancelled booking is past every action.
    expect(within(rita).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf('Uma Unpaid')).getByText('Unpaid')).toBeInTheDocument();

    expect(
      within(pat)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Mark completed', 'Mark no-show', 'Reschedule']);
    expect(screen.getByText('4 appointments shown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('fits a row in its card: the amount beside the payment, a long email cut with its full text in a title, actions one under the other', async () => {
    const long = 'alexandra.konstantinopoulou-vanderbilt@example-dental-patients.com';
    mockDesk(() =>
      json(
        adminBookingsPageFactory([
          paidByCard,
          testPaid,
          adminBookingFactory({
            ...unpaid,
            patientAccount: { name: 'Uma Unpaid', email: long, phone: '' },
          }),
        ]),
      ),
    );
    renderDesk();

    await screen.findByRole('table', { name: 'Appointments on Jun 12, 2030' });
    expect(within(rowOf('Pat Patient')).getByText('$17 paid')).toBeInTheDocument();
    const tess = rowOf('Tess Test');
    expect(within(tess).getByText('Test payment')).toBeInTheDocument();
    expect(within(tess).getByText('$17 paid')).toBeInTheDocument();
    const uma = rowOf('Uma Unpaid');
    expect(within(uma).getByText('$17 due')).toBeInTheDocument();

    const email = within(uma).getByRole('link', { name: long });
    expect(email).toHaveAttribute('title', long);
    expect(email).toHaveClass('truncate');
    expect(email).not.toHaveClass('break-all');

    // The slot wraps only between its two times, never inside one.
    const time = within(uma).getAllByRole('cell')[0]!;
    expect(time.textContent).toBe('11.00\u00a0AM - 11.30\u00a0AM');
    const actions = within(uma).getAllByRole('button')[0]!.parentElement!;
    expect(actions).toHaveClass('md:flex-col');
  });

  it('says so when no appointment matches', async () => {
    mockDesk(() => json(adminBookingsPageFactory([])));
    renderDesk();

    expect(await screen.findByText(NO_APPOINTMENTS_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says why the list could not be loaded, and asks again on Retry', async () => {
    const user = userEvent.setup();
    let isDown = true;
    mockDesk(() =>
      isDown
        ? problem(500, 'The clinic server is having a moment')
        : json(adminBookingsPageFactory([unpaid])),
    );
    renderDesk();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The clinic server is having a moment',
    );
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Uma Unpaid')).toBeInTheDocument();
  });

  it('asks again with each filter: days, status, doctor, treatment, and the search once typing pauses', async () => {
    const user = userEvent.setup();
    const { calls } = mockDesk(() => json(adminBookingsPageFactory([unpaid])));
    renderDesk();
    await screen.findByText('Uma Unpaid');

    await user.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() =>
      expect(lastListCall(calls)).toMatchObject({ from: '2030-06-13', to: '2030-06-13' }),
    );
    expect(screen.getByLabelText('Day')).toHaveValue('2030-06-13');
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() =>
      expect(lastListCall(calls)).toMatchObject({ from: '2030-06-11', to: '2030-06-11' }),
    );
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(lastListCall(calls)).toMatchObject({ from: TODAY, to: TODAY }));

    // A date input takes a whole date at once, as the browser's picker gives it.
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-06-30' } });
    await waitFor(() =>
      expect(lastListCall(calls)).toMatchObject({ from: TODAY, to: '2030-06-30' }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Appointments from Jun 12, 2030 – Jun 30, 2030' }),
    ).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'No-show');
    await user.selectOptions(screen.getByLabelText('Doctor'), 'David Drill');
    await user.selectOptions(screen.getByLabelText('Treatment'), 'Teeth Whitening');
    await waitFor(() =>
      expect(lastListCall(calls)).toEqual({
        from: TODAY,
        to: '2030-06-30',
        status: 'no_show',
        doctorId: DAVID_ID,
        treatmentId: whitening._id,
        limit: '50',
      }),
    );

    const before = listCalls(calls).length;
    await user.type(screen.getByLabelText('Search'), 'smith');
    await waitFor(() => expect(lastListCall(calls)).toMatchObject({ q: 'smith' }));
    // One request for the word, none for each letter on the way.
    const searched = listCalls(calls)
      .slice(before)
      .map((search) => search.get('q'));
    expect(searched).toEqual(['smith']);
  });

  it('loads the next page with the cursor of the last, until there is none', async () => {
    const user = userEvent.setup();
    const { calls } = mockDesk((call) => {
      const cursor = new URL(call.path, 'http://localhost').searchParams.get('cursor');
      return cursor === 'c1'
        ? json(adminBookingsPageFactory([unpaid], null))
        : json(adminBookingsPageFactory([paidByCard], 'c1'));
    });
    renderDesk();

    await screen.findByText('Pat Patient');
    expect(screen.getByText('1 appointment shown, more to load')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Uma Unpaid')).toBeInTheDocument();
    expect(screen.getByText('Pat Patient')).toBeInTheDocument();
    expect(listCalls(calls).map((search) => search.get('cursor'))).toEqual([null, 'c1']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('marks a no-show with PATCH and shows the new status', async () => {
    const user = userEvent.setup();
    let current: AdminBooking = paidByCard;
    const { calls } = mockDesk(() => json(adminBookingsPageFactory([current])), {
      'PATCH /api/admin/bookings/b1/status': () => {
        current = { ...current, status: 'no_show' };
        const {
          patientAccount: _account,
          outsideHours: _outside,
          payment: _payment,
          ...booking
        } = current;
        return json(booking);
      },
    });
    renderDesk();

    await user.click(
      await screen.findByRole('button', {
        name: 'Mark no-show: Pat Patient, Jun 12, 2030, 08.30 AM - 09.00 AM',
      }),
    );

    expect(
      await screen.findByText("Pat Patient's appointment marked as a no-show"),
    ).toBeInTheDocument();
    expect(within(rowOf('Pat Patient')).getByText('No-show')).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ status: 'no_show' });
    // A no-show can still be corrected to completed, nothing else.
    expect(
      within(rowOf('Pat Patient'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Mark completed']);
    // The admin-only parts of the row stay.
    expect(within(rowOf('Pat Patient')).getByText('Outside hours')).toBeInTheDocument();
  });

  it.each([
    ['before it starts', '2030-06-12T08:29:00.000Z', ['Reschedule', 'Cancel']],
    ['once it has started', '2030-06-12T08:30:00.000Z', ['Mark completed', 'Reschedule']],
    [
      '15 minutes after the start',
      '2030-06-12T08:45:00.000Z',
      ['Mark completed', 'Mark no-show', 'Reschedule'],
    ],
  ])('offers an outcome only once the appointment has started: %s', async (_, now, buttons) => {
    mockDesk(() => json(adminBookingsPageFactory([paidByCard])));
    renderDesk(Date.parse(now));

    await screen.findByRole('table', { name: 'Appointments on Jun 12, 2030' });
    expect(
      within(rowOf('Pat Patient'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(buttons);
  });

  it("shows the server's reason when a mark is refused", async () => {
    const user = userEvent.setup();
    mockDesk(() => json(adminBookingsPageFactory([paidByCard])), {
      'PATCH /api/admin/bookings/b1/status': () =>
        problem(409, 'This appointment has not started yet.', { code: 'booking_not_modifiable' }),
    });
    renderDesk();

    await user.click(await screen.findByRole('button', { name: /^Mark completed: Pat Patient/ }));
    expect(await screen.findByText('This appointment has not started yet.')).toBeInTheDocument();
    expect(within(rowOf('Pat Patient')).getByText('Confirmed')).toBeInTheDocument();
  });

  it("narrows the list by the patient's confirmation, and leaves it out for All", async () => {
    const user = userEvent.setup();
    const { calls } = mockDesk(() => json(adminBookingsPageFactory([unpaid])));
    renderDesk();
    await screen.findByText('Uma Unpaid');

    const confirmation = screen.getByLabelText('Confirmation');
    expect(
      within(confirmation)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Confirmed', 'Unconfirmed']);
    await user.selectOptions(confirmation, 'Unconfirmed');
    await waitFor(() =>
      expect(lastListCall(calls)).toEqual({
        from: TODAY,
        to: TODAY,
        confirmation: 'unconfirmed',
        limit: '50',
      }),
    );
    await user.selectOptions(confirmation, 'Confirmed');
    await waitFor(() => expect(lastListCall(calls)).toMatchObject({ confirmation: 'confirmed' }));
    await user.selectOptions(confirmation, 'All');
    await waitFor(() =>
      expect(lastListCall(calls)).toEqual({ from: TODAY, to: TODAY, limit: '50' }),
    );
  });

  it('shows the Unconfirmed view: still-booked appointments of today and tomorrow the patient has not confirmed, from any day shown', async () => {
    const user = userEvent.setup();
    let answer = [unpaid];
    const { calls } = mockDesk(() => json(adminBookingsPageFactory(answer)));
    renderDesk();
    await screen.findByText('Uma Unpaid');
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    await user.type(screen.getByLabelText('Search'), 'uma');
    await waitFor(() => expect(lastListCall(calls)).toMatchObject({ q: 'uma' }));

    answer = [];
    const view = screen.getByRole('button', { name: 'Unconfirmed' });
    expect(view).toHaveAttribute('aria-pressed', 'false');
    await user.click(view);

    await waitFor(() =>
      expect(lastListCall(calls)).toEqual({
        from: TODAY,
        to: '2030-06-13',
        status: 'confirmed',
        confirmation: 'unconfirmed',
        limit: '50',
      }),
    );
    expect(view).toHaveAttribute('aria-pressed', 'true');
    expect(
      await screen.findByRole('heading', {
        name: 'Unconfirmed appointments from Jun 12, 2030 – Jun 13, 2030',
      }),
    ).toBeInTheDocument();
    expect(await screen.findByText(NO_UNCONFIRMED_TEXT)).toBeInTheDocument();
    // The view is the filters, shown as such: the desk can still narrow it by doctor.
    expect(screen.getByLabelText('Status')).toHaveValue('confirmed');
    expect(screen.getByLabelText('Confirmation')).toHaveValue('unconfirmed');
    expect(screen.getByLabelText('Search')).toHaveValue('');
    await user.selectOptions(screen.getByLabelText('Doctor'), 'David Drill');
    await waitFor(() =>
      expect(lastListCall(calls)).toMatchObject({
        confirmation: 'unconfirmed',
        doctorId: DAVID_ID,
      }),
    );
    expect(view).toHaveAttribute('aria-pressed', 'true');

    // Pressed again: the day's whole list.
    answer = [unpaid];
    await user.click(view);
    await waitFor(() =>
      expect(lastListCall(calls)).toEqual({ from: TODAY, to: TODAY, limit: '50' }),
    );
    expect(view).toHaveAttribute('aria-pressed', 'false');
    expect(
      await screen.findByRole('heading', { name: 'Appointments on Jun 12, 2030' }),
    ).toBeInTheDocument();
  });

  it("starts the Unconfirmed view on the clinic's today, not the browser's", async () => {
    const user = userEvent.setup();
    // 23.30 on Jun 12 in UTC (the browser here) is 11.30 on Jun 13 in Auckland (UTC+12 in June).
    const { calls } = mockDesk(
      () =>
        json(
          adminBookingsPageFactory([
            adminBookingFactory({ patientConfirmedAt: '2030-06-12T08:00:00.000Z' }),
          ]),
        ),
      {
        'GET /api/clinic': () => json(filledClinicProfileFactory({ timezone: 'Pacific/Auckland' })),
      },
    );
    renderAt(<AllAppointments now={Date.parse('2030-06-12T23:30:00.000Z')} />, {
      path: '/dashboard/all-appointments',
    });
    // The badge's instant in the clinic's zone: the zone has arrived.
    await waitFor(() =>
      expect(screen.getByText('Patient confirmed').closest('.badge')).toHaveAttribute(
        'title',
        'Confirmed by the patient on Jun 12, 2030, 08.00 PM',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Unconfirmed' }));
    await waitFor(() =>
      expect(lastListCall(calls)).toMatchObject({
        from: '2030-06-13',
        to: '2030-06-14',
        status: 'confirmed',
        confirmation: 'unconfirmed',
      }),
    );
    expect(screen.getByRole('button', { name: 'Unconfirmed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('marks who confirmed (and when), who arrived and who asked to be called, small enough for the row', async () => {
    mockDesk(() =>
      json(
        adminBookingsPageFactory([
          adminBookingFactory({
            ...paidByCard,
            patientConfirmedAt: '2030-06-11T17:20:00.000Z',
            arrivedAt: '2030-06-12T08:25:00.000Z',
            callbackOpen: true,
          }),
          unpaid,
        ]),
      ),
    );
    renderDesk();
    await screen.findByRole('table', { name: 'Appointments on Jun 12, 2030' });

    const pat = rowOf('Pat Patient');
    const confirmed = within(pat).getByText('Patient confirmed');
    expect(confirmed).toHaveAttribute(
      'title',
      'Confirmed by the patient on Jun 11, 2030, 05.20 PM',
    );
    // Read out with the badge, where a title is not.
    expect(confirmed).toHaveTextContent('Patient confirmed Jun 11, 2030, 05.20 PM');
    expect(confirmed.querySelector('time')).toHaveAttribute('dateTime', '2030-06-11T17:20:00.000Z');
    const arrived = within(pat).getByText('Arrived');
    expect(arrived).toHaveAttribute('title', 'Checked in on Jun 12, 2030, 08.25 AM');
    expect(arrived).toHaveTextContent('Arrived Jun 12, 2030, 08.25 AM');
    const callBack = within(pat).getByText('Call back');
    // Beside the status, each badge whole, wrapping as a whole onto the next line on a phone.
    const badges = within(pat).getByText('Outside hours').closest('div')!;
    expect(badges).toHaveClass('flex-wrap');
    for (const badge of [confirmed, arrived, callBack]) {
      expect(badge.parentElement).toBe(badges);
      expect(badge).toHaveClass('badge-sm', 'whitespace-nowrap');
    }

    const uma = rowOf('Uma Unpaid');
    for (const text of ['Patient confirmed', 'Arrived', 'Call back']) {
      expect(within(uma).queryByText(text)).not.toBeInTheDocument();
    }
  });

  it('shows the callbacks above the list; resolving one refreshes both', async () => {
    const user = userEvent.setup();
    let callbackOpen = true;
    const { calls } = mockDesk(
      () => json(adminBookingsPageFactory([adminBookingFactory({ ...paidByCard, callbackOpen })])),
      {
        'GET /api/admin/callbacks': () =>
          json({ items: callbackOpen ? [callbackFactory({ bookingId: 'b1' })] : [] }),
        'POST /api/admin/callbacks/cb1/resolve': () => {
          callbackOpen = false;
          return json(
            callbackFactory({ resolvedAt: '2030-06-12T09:00:00.000Z', resolvedBy: 'u9' }),
          );
        },
      },
    );
    renderDesk();

    const panel = await screen.findByRole('region', { name: 'Callbacks' });
    const list = screen.getByRole('region', { name: /^Appointments on/ });
    expect(panel.compareDocumentPosition(list)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await screen.findByRole('table');
    expect(within(rowOf('Pat Patient')).getByText('Call back')).toBeInTheDocument();
    const before = listCalls(calls).length;

    await user.click(
      await within(panel).findByRole('button', { name: /^Mark resolved: Pat Patient/ }),
    );

    expect(await screen.findByText("Pat Patient's callback marked resolved")).toBeInTheDocument();
    expect(await within(panel).findByText('No one is waiting for a call.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(rowOf('Pat Patient')).queryByText('Call back')).not.toBeInTheDocument(),
    );
    expect(listCalls(calls).length).toBeGreaterThan(before);
  });

  describe('Export CSV', () => {
    const createObjectURL = vi.fn(() => 'blob:csv');
    const revokeObjectURL = vi.fn();
    beforeEach(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });
    afterEach(() => {
      createObjectURL.mockClear();
      revokeObjectURL.mockClear();
    });

    it('downloads the CSV of the same filters with the bearer token, named by the days', async () => {
      const user = userEvent.setup();
      localStorage.setItem('accessToken', 'tok.en');
      const clicked: { download: string; href: string }[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        clicked.push({ download: this.download, href: this.href });
      });
      const { calls } = mockDesk(() => json(adminBookingsPageFactory([unpaid])), {
        'GET /api/admin/bookings.csv': () =>
          new Response('Date,Time\r\n2030-06-12,08.30 AM\r\n', {
            status: 200,
            headers: { 'content-type': 'text/csv' },
          }),
      });
      renderDesk();
      await screen.findByText('Uma Unpaid');
      await user.selectOptions(screen.getByLabelText('Status'), 'Confirmed');

      await user.click(screen.getByRole('button', { name: 'Export CSV' }));

      expect(
        await screen.findByText(`Saved appointments-${TODAY}-${TODAY}.csv`),
      ).toBeInTheDocument();
      const csvCall = calls.find((call) => call.path.startsWith('/api/admin/bookings.csv'))!;
      expect(Object.fromEntries(new URL(csvCall.path, 'http://localhost').searchParams)).toEqual({
        from: TODAY,
        to: TODAY,
        status: 'confirmed',
      });
      expect(csvCall.headers.get('authorization')).toBe('Bearer tok.en');
      expect(clicked).toEqual([
        { download: `appointments-${TODAY}-${TODAY}.csv`, href: 'blob:csv' },
      ]);
      const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
      expect(await blob.text()).toContain('2030-06-12,08.30 AM');
    });

    it('says why when the export is refused', async () => {
      const user = userEvent.setup();
      mockDesk(() => json(adminBookingsPageFactory([unpaid])), {
        'GET /api/admin/bookings.csv': () => problem(400, 'Ask for at most 366 days at a time'),
      });
      renderDesk();
      await screen.findByText('Uma Unpaid');

      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(await screen.findByText('Ask for at most 366 days at a time')).toBeInTheDocument();
      expect(createObjectURL).not.toHaveBeenCalled();
    });
  });
});
