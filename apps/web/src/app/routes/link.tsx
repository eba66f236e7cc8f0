import { useParams } from 'react-router';
import { LinkPage } from '../../features/links/components/link-page.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** A link in a reminder (`/l/:token`): confirm, move or cancel one appointment without a password. */
export default function LinkRoute() {
  usePageMeta(
    'Your appointment - Doctors Portal',
    'Confirm, move or cancel your appointment at Doctors Portal.',
  );
  const { token = '' } = useParams();
  return <LinkPage key={token} token={token} />;
}
