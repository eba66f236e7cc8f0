/** The payment page's fixed words, shared by its components and their tests. */
export const paymentTexts = {
  testMode: 'Test mode — no real charge',
  paymentSuccessful: 'Payment successful',
  greeting: (name: string) => `Hello, ${name}`,
  payFor: (treatment: string) => `Please pay for ${treatment}`,
  appointment: (date: string, slot: string) => `Your appointment: ${date} at ${slot}`,
  amount: (price: number) => `Please pay: $${formatDollars(price)}`,
  alreadyPaid: 'This booking is already paid.',
  paidFor: (price: number, treatment: string) => `$${formatDollars(price)} paid for ${treatment}.`,
  notFound: 'We could not find this booking.',
  backToAppointments: 'Back to My Appointments',
} as const;

/** Whole dollars as the spec shows prices (`$17`); cents, when there are any, as `$17.50`. */
export function formatDollars(price: number): string {
  return Number.isInteger(price) ? String(price) : price.toFixed(2);
}
