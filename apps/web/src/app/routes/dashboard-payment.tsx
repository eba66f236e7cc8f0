import { useParams } from 'react-router';
import { PaymentPage } from '../../features/payment/components/payment-page.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** The payment page of one booking (spec section 2), nested in the dashboard. */
export default function DashboardPaymentRoute() {
  usePageMeta(
    'Payment - Doctors Portal',
    'Pay for your dental appointment at Doctors Portal by card.',
  );
  const { id = '' } = useParams();
  // A new booking id starts the page afresh (no payment outcome carried over).
  return <PaymentPage key={id} bookingId={id} />;
}
