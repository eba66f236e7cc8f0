import { Link } from 'react-router';
import { footerColumns, texts } from '@clinic/shared';
import footerBackground from '../../assets/footer-bg.webp';
import { ClinicContacts } from '../../components/clinic-contacts.tsx';
import { BackgroundImage } from '../../components/ui/background-image.tsx';
import { useClinic } from '../../lib/clinic-query.ts';

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
  return (
    <footer className="relative isolate overflow-hidden bg-base-200">
      <BackgroundImage src={footerBackground} width={1280} height={360} />
      <div className="footer mx-auto max-w-6xl p-10 sm:footer-horizontal sm:justify-around">
        {footerColumns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="footer-title opacity-100">{column.title}</h2>
            <ul className="flex flex-col gap-2">
              {column.links.map((label) => {
                const target = targets[label];
                return (
                  <li key={label}>
                    {target ? (
                      <Link to={target} className="link link-hover">
                        {label}
                      </Link>
                    ) : (
                      <span>{label}</span>
                    )}
                  </li>
                );
              })}
            </ul>
          </nav>
        ))}
      </div>
      <ClinicContacts isFull className="justify-center px-4 pb-4 text-sm" />
      <p className="pb-8 text-center text-sm">
        Copyright © {year} - {texts.copyright}
      </p>
    </footer>
  );
}
