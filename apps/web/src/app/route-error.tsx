import { Link } from 'react-router';

/** Last resort for a page that crashed while rendering: say so, offer a way on. */
export function RouteError() {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
      <h1 className="text-3xl font-semibold">Something went wrong</h1>
      <p>This page could not be shown. Please try again, or go back to the home page.</p>
      <Link to="/" reloadDocument className="btn btn-primary">
        Back to Home
      </Link>
    </main>
  );
}
