import { Link } from 'react-router';
import { footerColumns, landingTexts } from '@clinic/shared';
import footerBackground from '../../assets/footer-bg.webp';
import { ClinicContacts } from '../../components/clinic-contacts.tsx';
import { BackgroundImage } from '../../components/ui/background-image.tsx';
import { useClinic } from '../../lib/clinic-query.ts';
import { LazyChunk } from '../../components/lazy-chunk.tsx';
import { WhenNearViewport } from '../../components/when-near-viewport.tsx';
import { retryableLazy } from '../../lib/retryable-lazy.ts';
import { useCommonT } from '../../i18n/common.ts';

const languageSwitcher = retryableLazy(() => import('../../i18n/language-switcher.tsx'));
const switcherPlace = <div className="h-8" />;


/**
 * The spec's footer links have no targets. 'About us' and 'Contact' lead to their pages; the
 * others keep their words as plain text styled like the links (DESIGN.md section 7): not links,
 * not focusable, so keyboard and screen-reader users are not offered something that goes nowhere.
 * 'Privacy policy' and 'Terms of use' lead to their pages once the clinic has written them.
 */
const footerTargets: Partial<Record<string, string>> = {
  'About us': '/about',
  Contact: '/contact',
};

function useFooterTargets(): Partial<Record<string, string>> {
  const { data: clinic } = useClinic();
  return {
    ...footerTargets,
    ...(clinic?.privacyPolicy.trim() && { 'Privacy policy': '/privacy' }),
    ...(clinic?.terms.trim() && { 'Terms of use': '/terms' }),
  };
}

export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  const targets = useFooterTargets();
  const t = useCommonT();
  return (
    <footer className="relative isolate overflow-hidden bg-base-200">
      <BackgroundImage src={footerBackground} width={1280} height={360} />
      <div className="footer mx-auto max-w-6xl p-10 sm:footer-horizontal sm:justify-around">
        {footerColumns.map((column) => (
          <nav key={column.title} aria-label={t(column.title)}>
            <h2 className="footer-title opacity-100">{t(column.title)}</h2>
            <ul className="flex flex-col gap-2">
              {column.links.map((label) => {
                const target = targets[label];
                return (
                  <li key={label}>
                    {target ? (
                      <Link to={target} className="link link-hover">
                        {t(label)}
                      </Link>
                    ) : (
                      <span>{t(label)}</span>
                    )}
                  </li>
                );
              })}
            </ul>
          </nav>
        ))}
      </div>
      <ClinicContacts isFull className="justify-center px-4 pb-4 text-sm" />
      <p className="pb-4 text-center text-sm">
        Copyright © {year} - {t(landingTexts.copyright)}
      </p>
      <div className="flex justify-center pb-8">
        <WhenNearViewport placeholder={switcherPlace} margin="200px">
          <LazyChunk chunk={languageSwitcher} fallback={switcherPlace} />
        </WhenNearViewport>
      </div>
    </footer>
  );
}
