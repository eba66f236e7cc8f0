import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useCommonT } from '../../i18n/common.ts';

/** Every page: skip link, header with the navbar, the route in <main>, the footer. */
export function RootLayout() {
  const account = useMe().data;
  const t = useCommonT();
  // The account's language, once someone is signed in (i18n/account-locale.ts).
  useEffect(() => {
    if (account) void import('../../i18n/account-locale.ts').then(({ syncAccountLocale }) => syncAccountLocale(account), () => {});
  }, [account]);
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-base-100 focus:p-2"
      >
        {t('Skip to main content')}
      </a>
      <header className="border-b border-base-300">
        <Navbar />
      </header>
      {/* A full screen even before the route's chunk arrives: otherwise the footer first paints in
          view and is then pushed down, a layout shift Lighthouse counts against the page (figures:
          docs/benchmarks.md, "A full screen before the chunk arrives"). */}
      <main id="main" tabIndex={-1} className="min-h-svh flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
