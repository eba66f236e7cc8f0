import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bookingFactory } from '../../../test/factories.ts';
import { json, mockFetch, problem, renderAt, type ApiCall } from '../../../test/utils.tsx';
import { loadCatalog } from '../../../i18n/catalog.ts';
import { chooseLocale } from '../../../i18n/locale.ts';
import { PaymentPage } from './payment-page.tsx';

// Stripe's modules must never load in test mode: the flag says whether anything imported them.
const stripeModules = vi.hoisted(() => ({ loaded: false }));
vi.mock('@stripe/stripe-js', () => {
  stripeModules.loaded = true;
  return { loadStripe: vi.fn() };
});
vi.mock('@stripe/react-stripe-js', () => {
  stripeModules.loaded = true;
  return {};
});

const booking = bookingFactory({
  _id: 'b1',
  patientName: 'Pat Patient',
  treatment: 'Teeth Cleaning',
  date: '2030-06-12',
  slot: '08.30 AM - 09.00 AM',
  price: 17,
});
const testMode = { 'GET /api/payments/config': () => json({ mode: 'test' }) };

function renderPage() {
  return renderAt(<PaymentPage bookingId="b1" />, {
    path: '/dashboard/payment/:id',
    initialEntries: ['/dashboard/payment/b1'],
  });
}

async function fillCard(
  user: ReturnType<typeof userEvent.setup>,
  card: { number: string; expiry?: string; cvc?: string },
) {
  await user.type(await screen.findByLabelText('Card number'), card.number);
  await user.type(screen.getByLabelText('Expiry'), card.expiry ?? '12/34');
  await user.type(screen.getByLabelText('CVC'), card.cvc ?? '123');
}

const payCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/booking/b1/pay');

describe('PaymentPage', () => {
  it('greets the patient and shows the treatment, date, slot and amount of the booking', async () => {
    const { calls } = mockFetch({ ...testMode, 'GET /api/booking/b1': () => json(booking) });
    renderPage();

    expect(screen.getByRole('status')).toHaveTextContent('Loading your booking…');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Hello, Pat Patient' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Please pay for Teeth Cleaning')).toBeInTheDocument();
    expect(
      screen.getByText('Your appointment: Jun 12, 2030 at 08.30 AM - 09.00 AM'),
    ).toBeInTheDocument();
    expect(screen.getByText('Please pay: $17')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('GET /api/booking/b1');
  });

  it('shows cents only when the price has them', async () => {
    mockFetch({ ...testMode, 'GET /api/booking/b1': () => json({ ...booking, price: 17.5 }) });
    renderPage();
    expect(await screen.findByText('Please pay: $17.50')).toBeInTheDocument();
  });

  it('offers a card form clearly marked as test mode, with labelled card fields', async () => {
    mockFetch({ ...testMode, 'GET /api/booking/b1': () => json(booking) });
    renderPage();

    const form = await screen.findByRole('form', { name: 'Card details' });
    expect(within(form).getByText('Test mode — no real charge')).toBeVisible();
    expect(within(form).getByText(/4242 4242 4242 4242/)).toHaveTextContent(
      /4000 0000 0000 0002 for one that is declined/,
    );
    const number = within(form).getByLabelText('Card number');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(within(form).getByLabelText('Expiry')).toHaveAttribute('autocomplete', 'cc-exp');
    expect(within(form).getByLabelText('Expiry')).toHaveAttribute('placeholder', 'MM/YY');
    expect(within(form).getByLabelText('CVC')).toHaveAttribute('autocomplete', 'cc-csc');
    expect(within(form).getByRole('button', { name: 'Pay' })).toHaveAttribute('type', 'submit');
    expect(stripeModules.loaded).toBe(false);
  });

  it('groups the card number in fours and puts the slash in the expiry as the patient types', async () => {
    const user = userEvent.setup();
    mockFetch({ ...testMode, 'GET /api/booking/b1': () => json(booking) });
    renderPage();

    await fillCard(user, { number: '4242424242424242', expiry: '1234' });

    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry')).toHaveValue('12/34');
  });

  it('refuses a number that fails the Luhn check at the form, without sending anything', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ ...testMode, 'GET /api/booking/b1': () => json(booking) });
    renderPage();

    await fillCard(user, { number: '4242 4242 4242 4241' });
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText('Your card number is invalid.')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(
      'Your card number is invalid.',
    );
    expect(payCalls(calls)).toHaveLength(0);
  });

  it('pays with the card, shows the transaction id and refreshes the booking and the list', async () => {
    const user = userEvent.setup();
    let isPaid = false;
    const { calls } = mockFetch({
      ...testMode,
      'GET /api/booking/b1': () =>
        json(isPaid ? { ...booking, paid: true, transactionId: 'test_abc123' } : booking),
      'POST /api/booking/b1/pay': () => {
        isPaid = true;
        return json({ paid: true, transactionId: 'test_abc123' });
      },
    });
    const { queryClient } = renderPage();
    queryClient.setQueryData(['bookings', 'pat@example.com'], [booking]);

    await fillCard(user, { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText('Transaction id: test_abc123')).toBeInTheDocument();
    const pays = payCalls(calls);
    expect(pays).toHaveLength(1);
    expect(pays[0]!.body).toEqual({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
    // The toast and the page both say so.
    expect(await screen.findAllByText('Payment successful')).toHaveLength(2);
    expect(screen.getByText('$17 paid for Teeth Cleaning.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByText('Please pay: $17')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Appointments' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(queryClient.getQueryState(['bookings', 'pat@example.com'])?.isInvalidated).toBe(true);
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/booking/b1')).toHaveLength(2),
    );
    // Still "successful" once the refreshed booking says it is paid, not "already paid".
    expect(screen.queryByText('This booking is already paid.')).not.toBeInTheDocument();
  });

  it('shows a declined card in red under the form, and lets the patient try again', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      ...testMode,
      'GET /api/booking/b1': () => json(booking),
      'POST /api/booking/b1/pay': ({ body }) =>
        (body as { cardNumber: string }).cardNumber === '4000000000000002'
          ? problem(402, 'Your card was declined.', { code: 'payment_declined' })
          : json({ paid: true, transactionId: 'test_ok' }),
    });
    renderPage();

    await fillCard(user, { number: '4000 0000 0000 0002' });
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveClass('text-error');
    expect(screen.queryByText('Payment successful')).not.toBeInTheDocument();

    const number = screen.getByLabelText('Card number');
    await user.clear(number);
    await user.type(number, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText('Transaction id: test_ok')).toBeInTheDocument();
    expect(screen.queryByText('Your card was declined.')).not.toBeInTheDocument();
    expect(payCalls(calls)).toHaveLength(2);
  });

  it("puts the server's field errors onto their fields", async () => {
    const user = userEvent.setup();
    mockFetch({
      ...testMode,
      'GET /api/booking/b1': () => json(booking),
      'POST /api/booking/b1/pay': () =>
        problem(400, 'Your card has expired.', {
          code: 'validation_failed',
          errors: { expiry: ['Your card has expired.'] },
        }),
    });
    renderPage();

    await fillCard(user, { number: '4242424242424242', expiry: '01/20' });
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Expiry')).toHaveAccessibleDescription('Your card has expired.'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows any other refusal as its detail in red', async () => {
    const user = userEvent.setup();
    mockFetch({
      ...testMode,
      'GET /api/booking/b1': () => json(booking),
      'POST /api/booking/b1/pay': () =>
        problem(409, 'This booking was cancelled.', { code: 'conflict' }),
    });
    renderPage();

    await fillCard(user, { number: '4242424242424242' });
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This booking was cancelled.');
  });

  it('says a paid booking is already paid, with its transaction id and no form', async () => {
    const { calls } = mockFetch({
      ...testMode,
      'GET /api/booking/b1': () => json({ ...booking, paid: true, transactionId: 'test_paid42' }),
    });
    renderPage();

    expect(await screen.findByText('This booking is already paid.')).toBeInTheDocument();
    expect(screen.getByText('Transaction id: test_paid42')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hello, Pat Patient' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Appointments' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(screen.queryByText('Please pay: $17')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows staff that a paid booking was a test payment; patients see no badge', async () => {
    mockFetch({
      ...testMode,
      'GET /api/booking/b1': () =>
        json({ ...booking, paid: true, transactionId: 'test_paid42', paymentMode: 'test' }),
    });
    const staff = renderAt(<PaymentPage bookingId="b1" isStaffView />, {
      path: '/dashboard/payment/:id',
      initialEntries: ['/dashboard/payment/b1'],
    });
    expect(await screen.findByText('Test payment')).toHaveAttribute(
      'title',
      'Paid in test mode: no money was taken',
    );
    staff.unmount();

    renderPage();
    expect(await screen.findByText('This booking is already paid.')).toBeInTheDocument();
    expect(screen.queryByText('Test payment')).not.toBeInTheDocument();
  });

  it('says a booking paid at the clinic was paid there, with no form', async () => {
    const { calls } = mockFetch({
      ...testMode,
      'GET /api/booking/b1': () =>
        json({ ...booking, paid: true, transactionId: 'desk_cash_0123abcd', paymentMode: 'desk' }),
    });
    renderPage();

    expect(await screen.findByText('This booking is already paid.')).toBeInTheDocument();
    expect(screen.getByText('$17 paid for Teeth Cleaning.')).toBeInTheDocument();
    expect(screen.getByText('Paid at the clinic in cash.')).toBeInTheDocument();
    expect(screen.queryByText('Test payment')).not.toBeInTheDocument();
    expect(screen.queryByText('Please pay: $17')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says a booking that is not there (or not yours) was not found', async () => {
    mockFetch({
      ...testMode,
      'GET /api/booking/b1': () => problem(404, 'There is no such booking.', { code: 'not_found' }),
    });
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Booking not found' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('We could not find this booking.');
    expect(screen.getByRole('link', { name: 'Back to My Appointments' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it('offers a retry when the booking could not be loaded', async () => {
    const user = userEvent.setup();
    let fails = true;
    mockFetch({
      ...testMode,
      'GET /api/booking/b1': () => (fails ? problem(500, 'Something went wrong.') : json(booking)),
    });
    renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Please pay: $17')).toBeInTheDocument();
  });
});

describe('PaymentPage in Spanish', () => {
  afterEach(() => {
    act(() => chooseLocale('en'));
    localStorage.clear();
  });

  it('greets the patient, shows the amount in Spanish and labels the card form in Spanish', async () => {
    mockFetch({ ...testMode, 'GET /api/booking/b1': () => json(booking) });
    await loadCatalog('es', 'payment');
    act(() => chooseLocale('es'));
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Hola, Pat Patient' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Su cita: .+ a las 08:30–09:00$/)).toBeInTheDocument();
    expect(screen.getByText(/^Importe a pagar: 17,00\sUS\$$/)).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Datos de la tarjeta' });
    expect(within(form).getByLabelText('Número de tarjeta')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Pagar' })).toBeInTheDocument();
  });
});
