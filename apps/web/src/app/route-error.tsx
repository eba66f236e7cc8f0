import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

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

type BoundaryProps = { pathname: string; children: ReactNode };
type BoundaryState = { error: unknown; pathname: string };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  // Going to another page (the back button included) tries again: the crash may have been that
  // page's alone.
  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

/** Catches what a page throws while rendering and shows RouteError instead of a blank screen. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary pathname={useLocation().pathname}>{children}</Boundary>;
}
