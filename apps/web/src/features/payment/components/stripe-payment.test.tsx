/**
 * The Stripe path with Stripe's modules replaced: Stripe.js cannot be loaded offline, and its
 * PaymentElement is Stripe's own iframe. What is ours is tested: the intent is created, Elements
 * gets its client secret, Pay confirms with Stripe and then asks the server to check.
 */
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bookingFactory } from '../../../test/factories.ts';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { PaymentPage } from './payment-page.tsx';

const fake = vi.hoisted(() => {
  const stripe = { confirmPayment: vi.fn() };
  const elements = { name: 'the elements group' };
  return { stripe, elements, loadStripe: vi.fn(), elementsProps: [] as unknown[] };
});

vi.mock('@stripe/stripe-js', () => ({ loadStripe: fake.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, ...props }: { children: ReactNode }) => {
    fake.elementsProps.push(props);
    return <div data-testid="stripe-elements">{children}</div>;
  },
  PaymentElement: () => <div data-testid="stripe-payment-element" />,
  useStripe: () => fake.stripe,
  useElements: () => fake.elements,
}));

const booking = bookingFactory({ _id: 'b1', price: 17 });

function stripeApi(
  confirmation: () => Response = () => json({ paid: true, transactionId: 'pi_123' }),
) {
  return mockFetch({
    'GET /api/payments/config': () => json({ mode: 'stripe', publishableKey: 'pk_test_clinic' }),
    'GET /api/booking/b1': () => json(booking),
    'POST /api/booking/b1/payment-intent': () => json({ clientSecret: 'pi_123_secret_456' }),
    'POST /api/booking/b1/payment-confirmation': confirmation,
  });
}

function renderPage() {
  fake.loadStripe.mockResolvedValue(fake.stripe);
  fake.elementsProps.length = 0;
  return renderAt(<PaymentPage bookingId="b1" />, {
    path: '/dashboard/payment/:id',
    initialEntries: ['/dashboard/payment/b1'],
  });
}

const posts = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.method === 'POST').map((call) => call.path);

describe('PaymentPage with Stripe', () => {
  it('loads Stripe.js with the publishable key and Elements with the intent, not the test form', async () => {
    const { calls } = stripeApi();
    renderPage();

    expect(await screen.findByTestId('stripe-payment-element')).toBeInTheDocument();
    expect(fake.loadStripe).toHaveBeenCalledWith('pk_test_clinic');
    expect(fake.elementsProps.at(-1)).toEqual({
      stripe: fake.stripe,
      options: { clientSecret: 'pi_123_secret_456', locale: 'auto' },
    });
    expect(posts(calls)).toEqual(['/api/booking/b1/payment-intent']);
    expect(screen.queryByText('Test mode — no real charge')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.getByText('Please pay: $17')).toBeInTheDocument();
  });

  it('confirms with Stripe, then has the server check the intent, and shows the transaction id', async () => {
    const user = userEvent.setup();
    fake.stripe.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const { calls } = stripeApi();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Pay' }));

    expect(await screen.findByText('Transaction id: pi_123')).toBeInTheDocument();
    expect(fake.stripe.confirmPayment).toHaveBeenCalledWith({
      elements: fake.elements,
      redirect: 'if_required',
      confirmParams: { return_url: expect.stringContaining('/dashboard/payment/b1') },
    });
    expect(posts(calls)).toEqual([
      '/api/booking/b1/payment-intent',
      '/api/booking/b1/payment-confirmation',
    ]);
    expect(await screen.findAllByText('Payment successful')).toHaveLength(2);
  });

  it("shows Stripe's refusal in red and does not ask the server to check", async () => {
    const user = userEvent.setup();
    fake.stripe.confirmPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card was declined.' },
    });
    const { calls } = stripeApi();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Pay' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveClass('text-error');
    expect(posts(calls)).not.toContain('/api/booking/b1/payment-confirmation');
  });

  it("shows the server's answer when the intent has not gone through", async () => {
    const user = userEvent.setup();
    fake.stripe.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'processing' } });
    stripeApi(() =>
      problem(402, 'The payment has not gone through yet.', { code: 'payment_declined' }),
    );
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Pay' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payment has not gone through yet.',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
    expect(screen.queryByText(/Transaction id/)).not.toBeInTheDocument();
  });
});
