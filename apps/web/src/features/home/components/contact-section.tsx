import type { ReactNode } from 'react';
import { landingTexts } from '@clinic/shared';
import ctaBackground from '../../../assets/cta-bg.webp';
import { ClinicContacts } from '../../../components/clinic-contacts.tsx';
import { BackgroundImage } from '../../../components/ui/background-image.tsx';
import { useCommonT } from '../../../i18n/common.ts';

/** 'Contact Us / Stay connected with us' (spec section 1); the home route puts the form inside. */
export function ContactSection({ children }: { children: ReactNode }) {
  const t = useCommonT();
  return (
    <section aria-labelledby="contact-title" className="relative isolate overflow-hidden bg-neutral">
      <BackgroundImage src={ctaBackground} width={1280} height={480} />
      <div className="mx-auto flex max-w-xl flex-col items-center gap-2 px-4 py-16 text-center">
        <h2 id="contact-title" className="font-bold uppercase tracking-wide text-neutral-content">
          {t(landingTexts.contactTitle)}
        </h2>
        <p className="text-3xl font-semibold text-neutral-content">{t(landingTexts.contactSubtitle)}</p>
        <ClinicContacts className="justify-center text-neutral-content" />
        <div className="mt-6 w-full rounded-box bg-base-100 p-6 text-left">{children}</div>
      </div>
    </section>
  );
}
