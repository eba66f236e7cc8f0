/**
 * The built-in test-mode processor, used when no Stripe keys are set: it takes no money and
 * answers Stripe's public test card numbers the way Stripe's test mode does.
 */
import { randomUUID } from 'node:crypto';
import { TEST_TRANSACTION_PREFIX } from '@clinic/shared';

const SUCCEEDS = new Set([
  '4242424242424242', '4000056655665556', '5555555555554444', '2223003122003222', '5200828282828210',
  '5105105105105100', '378282246310005', '371449635398431', '6011111111111117', '3056930009020004',
  '36227206271667', '3566002020360505', '6200000000000005',
]);

const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
};

export type TestChargeResult =
  | { ok: true; transactionId: string }
  | { ok: false; message: string };

export function chargeTestCard(cardNumber: string): TestChargeResult {
  if (SUCCEEDS.has(cardNumber)) return { ok: true, transactionId: `${TEST_TRANSACTION_PREFIX}${randomUUID().replaceAll('-', '')}` };
  const decline = DECLINES[cardNumber];
  if (decline) return { ok: false, message: decline };
  return {
    ok: false,
    message: 'This is test mode and no real card is charged: use a test card such as 4242 4242 4242 4242.',
  };
}
