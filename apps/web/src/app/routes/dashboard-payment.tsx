import { useParams } from 'react-router';
import { useIsAdmin } from '../../features/auth/hooks/use-is-admin.ts';
import { PaymentPage } from '../../features/payment/components/payment-page.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { usePaymentT } from '../../i18n/payment.ts';

/** The payment page of one booking (spec section 2), nested in the dashboard. */
export default function DashboardPaymentRoute() {
  const t = usePaymentT();
  usePageMeta(
    t('Payment - Doctors Portal'),
    t('Pay for your dental appointment at Doctors Portal by card.'),
  );
  const { id = '' } = useParams();
  // Staff see whether a payment was a test payment.
  const isAdmin = useIsAdmin();
  // A new booking id starts the page afresh (no payment outcome carried over).
  return <PaymentPage key={id} bookingId={id} isStaffView={isAdmin} />;
}
