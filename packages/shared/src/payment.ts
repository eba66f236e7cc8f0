/** Card payments (DESIGN.md section 5): the test-mode card form and the Stripe flow. */
import { z } from 'zod';

/** The Luhn checksum every real card number satisfies. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const cardNumberSchema = z
  .string()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, { message: 'Card number is required', abort: true })
      .refine(passesLuhn, 'Your card number is invalid.'),
  );

/** `MM/YY` (or `MM / YY`), not in the past relative to `now`. */
export const expirySchema = z
  .string()
  .trim()
  .min(1, { message: 'Expiry is required', abort: true })
  .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, { message: 'Use MM/YY', abort: true });

export function isExpired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map((p) => Number(p.trim())) as [number, number];
  const lastDay = new Date(Date.UTC(2000 + year, month, 0, 23, 59, 59));
  return lastDay.getTime() < now.getTime();
}

export const cvcSchema = z
  .string()
  .trim()
  .min(1, { message: 'CVC is required', abort: true })
  .regex(/^\d{3,4}$/, 'CVC is 3 or 4 digits');

export const testCardPaymentSchema = z.object({
  cardNumber: cardNumberSchema,
  expiry: expirySchema,
  cvc: cvcSchema,
});
export type TestCardPayment = z.input<typeof testCardPaymentSchema>;

/**
 * How a booking was paid, or how this installation takes payments: the built-in test mode (no
 * money moves; the default without Stripe keys) or Stripe.
 */
export const paymentModeSchema = z.enum(['test', 'stripe']);
export type PaymentMode = z.infer<typeof paymentModeSchema>;

/** How a booking was paid: online (test mode or Stripe) or at the clinic's desk (cash, the clinic's card terminal). */
export const bookingPaymentModeSchema = z.enum(['test', 'stripe', 'desk']);
export type BookingPaymentMode = z.infer<typeof bookingPaymentModeSchema>;

/** Transaction ids of the built-in test mode start so; Stripe's PaymentIntent ids with `pi_`. */
export const TEST_TRANSACTION_PREFIX = 'test_';
/** Transaction ids of a payment the front desk took start so (`desk_cash_…`, `desk_card-terminal_…`). */
export const DESK_TRANSACTION_PREFIX = 'desk_';

/** How a paid booking was paid; null while unpaid (or paid with no transaction on record). */
export function paymentModeOf(booking: {
  paid: boolean;
  transactionId: string | null;
}): BookingPaymentMode | null {
  if (!booking.paid || !booking.transactionId) return null;
  if (booking.transactionId.startsWith(DESK_TRANSACTION_PREFIX)) return 'desk';
  return booking.transactionId.startsWith(TEST_TRANSACTION_PREFIX) ? 'test' : 'stripe';
}

/** `POST /api/admin/bookings/:id/payment`: the front desk took the booking's price in person. */
export const deskPaymentRequestSchema = z.object({ method: z.enum(['cash', 'card-terminal']) });
export type DeskPaymentRequest = z.infer<typeof deskPaymentRequestSchema>;
export const deskPaymentResultSchema = z.object({ paid: z.literal(true), transactionId: z.string(), amount: z.number() });

export const paymentConfigSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('test') }),
  z.object({ mode: z.literal('stripe'), publishableKey: z.string() }),
]);
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

export const paymentDoneSchema = z.object({ paid: z.literal(true), transactionId: z.string() });
export const paymentIntentSchema = z.object({ clientSecret: z.string() });
