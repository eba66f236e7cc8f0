import { Link } from 'react-router';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { usePagesT } from '../../i18n/pages.ts';

export default function NotFoundRoute() {
  const t = usePagesT();
  usePageMeta('Page not found - Doctors Portal', 'This page does not exist on Doctors Portal.');
  return (
    <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-16">
      <h1 className="text-3xl font-semibold">{t('Page not found')}</h1>
      <p>{t('The page you asked for does not exist or has moved.')}</p>
      <Link to="/" className="btn btn-primary">
        {t('Back to Home')}
      </Link>
    </div>
  );
}
