/**
 * Shown to staff next to a booking paid in the built-in test mode: it is marked paid, but no
 * money was taken (the clinic runs without Stripe keys).
 */
export function TestPaymentBadge() {
  return (
    <span className="badge badge-warning badge-sm" title="Paid in test mode: no money was taken">
      Test payment
    </span>
  );
}
