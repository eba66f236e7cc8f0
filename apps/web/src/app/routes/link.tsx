import { useParams } from 'react-router';
import { useMe } from '../../features/auth/api/get-me.ts';
import { LinkPage } from '../../features/links/components/link-page.tsx';
import { useLinksT } from '../../i18n/links.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/**
 * A link in a message (`/l/:token`): confirm, move or cancel one appointment, or book the
 * check-up a recall is about, without a password; or accept an invitation about a family member
 * (signed in, for a guardian's: the page is told who is).
 */
export default function LinkRoute() {
  const t = useLinksT();
  usePageMeta(
    t('Your appointment - Doctors Portal'),
    t('Confirm, move, cancel or book your appointment at Doctors Portal.'),
  );
  const { token = '' } = useParams();
  const me = useMe();
  // Asking who is signed in failed: as signed out, whose way on is logging in.
  const account = me.isError ? null : me.data;
  return <LinkPage key={token} token={token} account={account} />;
}
