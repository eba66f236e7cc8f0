import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bookingFactory } from '../../../test/factories.ts';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { loadCatalog } from '../../../i18n/catalog.ts';
import { chooseLocale } from '../../../i18n/locale.ts';
import { MyAppointments } from './my-appointments.tsx';

function renderList(onAccessDenied = vi.fn()) {
  const { router } = renderAt(
    <MyAppointments email="Pat@Example.com" onAccessDenied={onAccessDenied} />,
    { path: '/dashboard' },
  );
  return { onAccessDenied, router };
}

describe('MyAppointments', () => {
  it('counts the bookings and lists them with a pay link or paid', async () => {
    const { calls } = mockFetch({
      'GET /api/booking': () =>
        json([
          bookingFactory({ _id: 'b1', date: '2030-06-12', slot: '08.30 AM - 09.00 AM' }),
          bookingFactory({
            _id: 'b2',
            treatment: 'Oral Surgery',
            date: '2030-07-01',
            slot: '01.00 PM - 01.30 PM',
            price: 35,
            paid: true,
            transactionId: 'pi_test_123',
          }),
        ]),
    });
    renderList();

    expect(await screen.findByRole('heading', { name: 'My Appointments: 2' })).toBeInTheDocument();
    expect(calls[0]?.path).toBe('/api/booking?patient=pat%40example.com');

    const table = screen.getByRole('table', { name: 'My Appointments: 2' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Date', 'Time', 'Treatment', 'Payment', 'Manage']);
    const [, unpaid, paid] = within(table).getAllByRole('row');
    expect(
      within(unpaid!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual([
      'Pat Patient',
      'Jun 12, 2030',
      '08.30 AM - 09.00 AM',
      'Teeth Cleaning',
      'pay',
      'Details',
    ]);
    expect(within(unpaid!).getByRole('link', { name: 'pay' })).toHaveAttribute(
      'href',
      '/dashboard/payment/b1',
    );

    const paidCells = within(paid!).getAllByRole('cell');
    expect(paidCells[1]).toHaveTextContent('Jul 1, 2030');
    expect(paidCells[3]).toHaveTextContent('Oral Surgery');
    expect(within(paid!).getByText('paid')).toHaveClass('text-success');
    expect(within(paid!).getByText(/pi_test_123/)).toHaveClass('text-xs');
    expect(within(paid!).queryByRole('link', { name: 'pay' })).not.toBeInTheDocument();
  });

  it('shows staff which bookings were test payments, in the Payment cell; patients see the spec cells', async () => {
    mockFetch({
      'GET /api/booking': () =>
        json([
          bookingFactory({ _id: 'b1', paid: true, transactionId: 'test_1', paymentMode: 'test' }),
          bookingFactory({ _id: 'b2', paid: true, transactionId: 'pi_2', paymentMode: 'stripe' }),
        ]),
    });
    const staff = renderAt(
      <MyAppointments email="pat@example.com" onAccessDenied={vi.fn()} isStaffView />,
      {
        path: '/dashboard',
      },
    );
    const table = await screen.findByRole('table', { name: 'My Appointments: 2' });
    const [, testPaid, stripePaid] = within(table).getAllByRole('row');
    expect(within(testPaid!).getAllByRole('cell')).toHaveLength(6);
    expect(within(testPaid!).getByText('Test payment')).toBeInTheDocument();
    expect(within(stripePaid!).queryByText('Test payment')).not.toBeInTheDocument();
    staff.unmount();

    renderList();
    const patientTable = await screen.findByRole('table', { name: 'My Appointments: 2' });
    expect(within(patientTable).queryByText('Test payment')).not.toBeInTheDocument();
  });

  it('says a booking paid at the desk was paid at the clinic, with no test badge for staff', async () => {
    mockFetch({
      'GET /api/booking': () =>
        json([
          bookingFactory({
            _id: 'b1',
            paid: true,
            transactionId: 'desk_cash_0123abcd',
            paymentMode: 'desk',
          }),
        ]),
    });
    renderAt(<MyAppointments email="pat@example.com" onAccessDenied={vi.fn()} isStaffView />, {
      path: '/dashboard',
    });
    const table = await screen.findByRole('table', { name: 'My Appointments: 1' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByText('paid')).toHaveClass('text-success');
    expect(within(row!).getByText('at the clinic')).toBeInTheDocument();
    expect(within(row!).queryByText('Test payment')).not.toBeInTheDocument();
  });

  it('names the doctor on a second line of the Treatment cell, and nothing when there is none', async () => {
    mockFetch({
      'GET /api/booking': () =>
        json([
          bookingFactory({
            _id: 'b1',
            treatment: 'Root Canal',
            doctor: { _id: '7d0c1c0e-0000-4000-8000-000000000001', name: 'Ann Lee' },
          }),
          bookingFactory({ _id: 'b2', doctor: null }),
        ]),
    });
    renderList();

    const table = await screen.findByRole('table', { name: 'My Appointments: 2' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Date', 'Time', 'Treatment', 'Payment', 'Manage']);
    const [, withDoctor, withoutDoctor] = within(table).getAllByRole('row');
    const cells = within(withDoctor!).getAllByRole('cell');
    expect(cells).toHaveLength(6);
    expect(cells[3]).toHaveTextContent(/^Root Canal\s*with Dr\. Ann Lee$/);
    expect(within(cells[3]!).getByText('with Dr. Ann Lee')).toHaveClass('block', 'text-xs');
    expect(within(withoutDoctor!).getAllByRole('cell')[3]!.textContent).toBe('Teeth Cleaning');
    expect(within(table).getAllByText(/with Dr\./)).toHaveLength(1);
  });

  it("says whose a family member's booking is, under its treatment, in the spec's columns", async () => {
    mockFetch({
      'GET /api/booking': () =>
        json([
          bookingFactory({ _id: 'b1', dependent: null }),
          bookingFactory({ _id: 'b2', patientName: 'Leo Patient', dependent: { _id: 'd1', name: 'Leo Patient' } }),
        ]),
    });
    renderList();

    const table = await screen.findByRole('table', { name: 'My Appointments: 2' });
    const [, own, leo] = within(table).getAllByRole('row');
    expect(within(own!).getAllByRole('cell').map((td) => td.textContent)).toEqual([
      'Pat Patient', 'Jun 12, 2030', '08.30 AM - 09.00 AM', 'Teeth Cleaning', 'pay', 'Details',
    ]);
    expect(within(leo!).getAllByRole('cell').map((td) => td.textContent)).toEqual([
      'Leo Patient', 'Jun 12, 2030', '08.30 AM - 09.00 AM', 'Teeth Cleaningfor Leo Patient', 'pay', 'Details',
    ]);
  });

  it('shows each booking as a card on a phone, every line named by its column, pay and Details included', async () => {
    mockFetch({ 'GET /api/booking': () => json([bookingFactory({ _id: 'b1' })]) });
    renderList();

    const table = await screen.findByRole('table', { name: 'My Appointments: 1' });
    expect(table).toHaveClass('max-sm:block');
    expect(table.parentElement).not.toHaveClass('overflow-x-auto');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    const [, row] = within(table).getAllByRole('row');
    const cells = within(row!).getAllByRole('cell');
    expect(cells.map((td) => td.dataset.label)).toEqual(headers);
    expect(within(cells[4]!).getByRole('link', { name: 'pay' })).toBeInTheDocument();
    expect(within(cells[5]!).getByRole('link', { name: 'Details' })).toBeInTheDocument();
  });

  it('keeps the title a doctor was entered with, rather than saying "Dr. Dr."', async () => {
    mockFetch({
      'GET /api/booking': () =>
        json([
          bookingFactory({
            _id: 'b1',
            doctor: { _id: '7d0c1c0e-0000-4000-8000-000000000001', name: 'Dr. Emily Watson' },
          }),
        ]),
    });
    renderList();

    const table = await screen.findByRole('table', { name: 'My Appointments: 1' });
    expect(within(table).getByText('with Dr. Emily Watson')).toBeInTheDocument();
    expect(within(table).queryByText(/Dr\. Dr\./)).not.toBeInTheDocument();
  });

  it("links each row's Details to the booking's page, in a sixth column after the spec's five", async () => {
    mockFetch({
      'GET /api/booking': () =>
        json([bookingFactory({ _id: 'b1' }), bookingFactory({ _id: 'b/2' })]),
    });
    renderList();

    const table = await screen.findByRole('table', { name: 'My Appointments: 2' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getAllByRole('cell')[5]).toHaveTextContent(/^Details$/);
    expect(within(first!).getByRole('link', { name: 'Details' })).toHaveAttribute(
      'href',
      '/dashboard/appointments/b1',
    );
    expect(within(second!).getByRole('link', { name: 'Details' })).toHaveAttribute(
      'href',
      '/dashboard/appointments/b%2F2',
    );
  });

  it('shows completed and no-show bookings with a small badge, and confirmed ones without', async () => {
    mockFetch({
      'GET /api/booking': () =>
        json([
          bookingFactory({ _id: 'b1', status: 'confirmed' }),
          bookingFactory({ _id: 'b2', status: 'completed', paid: true }),
          bookingFactory({ _id: 'b3', status: 'no_show' }),
        ]),
    });
    renderList();

    const table = await screen.findByRole('table', { name: 'My Appointments: 3' });
    const [, confirmed, completed, noShow] = within(table).getAllByRole('row');
    expect(within(confirmed!).getAllByRole('cell')[5]!.textContent).toBe('Details');
    expect(within(completed!).getByText('Completed')).toHaveClass('badge', 'badge-sm');
    expect(within(noShow!).getByText('No-show')).toHaveClass('badge', 'badge-sm');
    // Only a confirmed booking can be paid: the server refuses the others.
    expect(within(noShow!).queryByRole('link', { name: 'pay' })).not.toBeInTheDocument();
    expect(within(confirmed!).getByRole('link', { name: 'pay' })).toBeInTheDocument();
  });

  it('asks for the cancelled bookings too behind "Show past and cancelled", and says who cancelled each', async () => {
    const { calls } = mockFetch({
      'GET /api/booking': ({ path }) =>
        json(
          path.includes('include=cancelled')
            ? [
                bookingFactory({ _id: 'b1' }),
                bookingFactory({ _id: 'b2', status: 'cancelled', cancelledBy: 'patient' }),
                bookingFactory({
                  _id: 'b3',
                  status: 'cancelled',
                  cancelledBy: 'admin',
                  paid: true,
                  transactionId: 'pi_3',
                }),
                bookingFactory({ _id: 'b4', status: 'cancelled', cancelledBy: 'system' }),
              ]
            : [bookingFactory({ _id: 'b1' })],
        ),
    });
    const { router } = renderList();

    await screen.findByRole('table', { name: 'My Appointments: 1' });
    const bookingCalls = () => calls.filter((c) => c.path.startsWith('/api/booking'));
    expect(bookingCalls()).toHaveLength(1);
    expect(bookingCalls()[0]?.path).toBe('/api/booking?patient=pat%40example.com');
    const toggle = screen.getByRole('checkbox', { name: 'Show past and cancelled' });
    expect(toggle).not.toBeChecked();
    expect(screen.queryByText(/Cancelled/)).not.toBeInTheDocument();

    await userEvent.setup().click(toggle);

    const table = await screen.findByRole('table', { name: 'My Appointments: 4' });
    expect(bookingCalls().at(-1)?.path).toBe('/api/booking?patient=pat%40example.com&include=cancelled');
    expect(screen.getByRole('checkbox', { name: 'Show past and cancelled' })).toBeChecked();
    // Kept in the address, so coming back from a booking's page shows the same list.
    expect(router.state.location.search).toBe('?include=cancelled');
    const [, confirmed, online, byClinic, bySystem] = within(table).getAllByRole('row');
    expect(within(confirmed!).getByRole('link', { name: 'pay' })).toBeInTheDocument();
    expect(within(online!).getByText('Cancelled online')).toHaveClass('badge-sm');
    expect(within(online!).queryByRole('link', { name: 'pay' })).not.toBeInTheDocument();
    expect(within(byClinic!).getByText('Cancelled by the clinic')).toBeInTheDocument();
    expect(within(byClinic!).getByText('paid')).toBeInTheDocument();
    expect(within(bySystem!).getByText('Cancelled by the clinic')).toBeInTheDocument();
    expect(within(bySystem!).getByRole('link', { name: 'Details' })).toHaveAttribute(
      'href',
      '/dashboard/appointments/b4',
    );

    await userEvent
      .setup()
      .click(screen.getByRole('checkbox', { name: 'Show past and cancelled' }));
    expect(await screen.findByRole('table', { name: 'My Appointments: 1' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('offers no pay link for a booking without a price', async () => {
    mockFetch({ 'GET /api/booking': () => json([bookingFactory({ price: 0 })]) });
    renderList();
    await screen.findByRole('heading', { name: 'My Appointments: 1' });
    expect(screen.queryByRole('link', { name: 'pay' })).not.toBeInTheDocument();
    expect(screen.queryByText('paid')).not.toBeInTheDocument();
  });

  it('says when there are no bookings yet and links to the booking page', async () => {
    mockFetch({ 'GET /api/booking': () => json([]) });
    renderList();

    expect(await screen.findByRole('heading', { name: 'My Appointments: 0' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText(/You have no appointments yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book an appointment' })).toHaveAttribute(
      'href',
      '/appointment',
    );
  });

  it.each([401, 403])('reports a %i once, as access denied', async (status) => {
    mockFetch({ 'GET /api/booking': () => problem(status, 'Sign in again') });
    const { onAccessDenied } = renderList();

    await vi.waitFor(() => expect(onAccessDenied).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows other failures with a retry, without signing out', async () => {
    const onAccessDenied = vi.fn();
    mockFetch({ 'GET /api/booking': () => problem(500, 'Something went wrong on our side') });
    renderList(onAccessDenied);

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(onAccessDenied).not.toHaveBeenCalled();
  });
});

describe('MyAppointments: check-in', () => {
  /** Half an hour before the factory's appointment (08.30 on Jun 12, 2030, UTC). */
  const HALF_AN_HOUR_BEFORE = new Date('2030-06-12T08:00:00.000Z');
  const today = bookingFactory({ _id: 'b1' });
  const nextMonth = bookingFactory({ _id: 'b2', date: '2030-07-12', startsAt: '2030-07-12T08:30:00.000Z' });
  const cancelled = bookingFactory({ _id: 'b3', status: 'cancelled', slot: '09.00 AM - 09.30 AM', startsAt: '2030-06-12T09:00:00.000Z' });
  const checkInName = 'Check in: Teeth Cleaning, Jun 12, 2030, 08.30 AM - 09.00 AM';

  it('offers Check in on a confirmed booking of the next hour only, and then says Checked in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(HALF_AN_HOUR_BEFORE);
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/booking': () => json([today, nextMonth, cancelled]),
      'POST /api/booking/b1/check-in': () => json({ arrivedAt: '2030-06-12T08:00:00.000Z' }),
    });
    renderList();

    await user.click(await screen.findByRole('button', { name: checkInName }));

    expect(await screen.findByRole('status')).toHaveTextContent('Checked in');
    expect(screen.queryByRole('button', { name: /Check in/ })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/booking/b1/check-in', undefined],
    ]);
  });

  it("shows the server's reason when check-in is closed, and lets the patient try again", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(HALF_AN_HOUR_BEFORE);
    const user = userEvent.setup();
    let isOpen = false;
    mockFetch({
      'GET /api/booking': () => json([today]),
      'POST /api/booking/b1/check-in': () =>
        isOpen
          ? json({ arrivedAt: '2030-06-12T08:05:00.000Z' })
          : problem(409, 'Check-in opens 15 minutes before your appointment.', { code: 'check_in_closed' }),
    });
    renderList();

    await user.click(await screen.findByRole('button', { name: checkInName }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Check-in opens 15 minutes before your appointment.');

    isOpen = true;
    await user.click(screen.getByRole('button', { name: checkInName }));
    expect(await screen.findByRole('status')).toHaveTextContent('Checked in');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers no Check in outside the window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-06-12T09:00:01.000Z'));
    mockFetch({ 'GET /api/booking': () => json([today]) });
    renderList();
    expect(await screen.findByRole('heading', { name: 'My Appointments: 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Check in/ })).not.toBeInTheDocument();
  });

  it('still says Checked in after a reload, from the booking itself', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(HALF_AN_HOUR_BEFORE);
    mockFetch({ 'GET /api/booking': () => json([{ ...today, arrivedAt: '2030-06-12T07:55:00.000Z' }]) });
    renderList();
    expect(await screen.findByText('Checked in')).toHaveRole('status');
    expect(screen.queryByRole('button', { name: /Check in/ })).not.toBeInTheDocument();
  });

  it("opens as early as the clinic's CHECKIN_OPENS_MINUTES says", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // An hour and a half before: closed by the default hour, open when the clinic says two.
    vi.setSystemTime(new Date('2030-06-12T07:00:00.000Z'));
    mockFetch({
      'GET /api/booking': () => json([today]),
      'GET /api/config': () => json({ googleSignIn: false, checkInOpensMinutes: 120 }),
    });
    renderList();
    expect(await screen.findByRole('button', { name: checkInName })).toBeInTheDocument();
  });

  it('checks in in Spanish, the server’s refusal translated', async () => {
    await loadCatalog('es', 'app');
    chooseLocale('es');
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(HALF_AN_HOUR_BEFORE);
      const user = userEvent.setup();
      let isOpen = false;
      mockFetch({
        'GET /api/booking': () => json([today]),
        'POST /api/booking/b1/check-in': () =>
          isOpen
            ? json({ arrivedAt: '2030-06-12T08:05:00.000Z' })
            : problem(409, 'Check-in opens 60 minutes before your appointment. Please check in when you arrive.', { code: 'check_in_closed' }),
      });
      renderList();
      const button = await screen.findByRole('button', { name: 'Registrar llegada: Teeth Cleaning, 12 jun 2030, 08:30–09:00' });
      await user.click(button);
      expect(await screen.findByRole('alert')).toHaveTextContent('El registro de llegada se abre 60 minutos antes de su cita. Regístrese cuando llegue.');
      isOpen = true;
      await user.click(button);
      expect(await screen.findByRole('status')).toHaveTextContent('Llegada registrada');
    } finally {
      chooseLocale('en');
    }
  });
});
