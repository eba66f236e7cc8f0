/**
 * What the code-split Stripe form needs from the page. The chunk is loaded through LazyChunk,
 * which renders components without props, so the page hands them over in this context.
 */
import { createContext, use } from 'react';

export type StripePaymentProps = {
  bookingId: string;
  publishableKey: string;
  onPaid: (transactionId: string) => void;
};

export const StripePaymentContext = createContext<StripePaymentProps | null>(null);

export function useStripePaymentProps(): StripePaymentProps {
  const props = use(StripePaymentContext);
  if (!props) throw new Error('The Stripe payment form needs a StripePaymentContext provider.');
  return props;
}
