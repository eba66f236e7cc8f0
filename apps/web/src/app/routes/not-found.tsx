import { Link } from 'react-router';
import { usePageMeta } from '../../lib/use-page-meta.ts';

export default function NotFoundRoute() {
  usePageMeta('Page not found - Doctors Portal', 'This page does not exist on Doctors Portal.');
  return (
    <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-16">
      <h1 className="text-3xl font-semibold">Page not found</h1>
      <p>The page you asked for does not exist or has moved.</p>
      <Link to="/" className="btn btn-primary">
        Back to Home
      </Link>
    </div>
  );
}
