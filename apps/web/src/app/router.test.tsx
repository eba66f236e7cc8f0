import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { RouteErrorBoundary } from './route-error.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

function Broken(): never {
  throw new Error('render failed');
}

function Back() {
  const navigate = useNavigate();
  return <button onClick={() => void navigate(-1)}>Back</button>;
}

function renderApp(initialEntry: string) {
  return render(
    <MemoryRouter initialEntries={[initialEntry]} useTransitions={false}>
      <nav>
        <Link to="/">Home</Link>
        <Link to="/other">Other</Link>
        <Back />
      </nav>
      <RouteErrorBoundary>
        <ScrollToTop />
        <Routes>
          <Route path="/" element={<h1>Home page</h1>} />
          <Route path="/other" element={<h1>Other page</h1>} />
          <Route path="/broken" element={<Broken />} />
        </Routes>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
}

describe('route error boundary', () => {
  it('shows the error page for a page that crashes, and the next page once the user moves on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error.
    const user = userEvent.setup();
    renderApp('/broken');

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

    await user.click(screen.getByRole('link', { name: 'Other' }));
    expect(screen.getByRole('heading', { name: 'Other page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });
});

describe('scroll position', () => {
  it('starts a newly opened page at the top, and leaves back navigation to the browser', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/');
    scrollTo.mockClear();

    await user.click(screen.getByRole('link', { name: 'Other' }));
    expect(screen.getByRole('heading', { name: 'Other page' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0);

    scrollTo.mockClear();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
