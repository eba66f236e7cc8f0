import { useParams } from 'react-router';
import { LinkPage } from '../../features/links/components/link-page.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/**
 * A link in a message (`/l/:token`): confirm, move or cancel one appointment, or book the
 * check-up a recall is about, without a password.
 */
export default function LinkRoute() {
  usePageMeta(
    'Your appointment - Doctors Portal',
    'Confirm, move, cancel or book your appointment at Doctors Portal.',
  );
  const { token = '' } = useParams();
  return <LinkPage key={token} token={token} />;
}
