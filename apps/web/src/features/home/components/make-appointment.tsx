import { Link } from 'react-router';
import { landingTexts } from '@clinic/shared';
import ctaBackground from '../../../assets/cta-bg.webp';
import { BackgroundImage } from '../../../components/ui/background-image.tsx';
import { useCommonT } from '../../../i18n/common.ts';

/** 'Make an Appointment Today' call to action (spec section 1). */
export function MakeAppointment() {
  const t = useCommonT();
  return (
    <section aria-labelledby="cta-title" className="relative isolate overflow-hidden bg-neutral">
      <BackgroundImage src={ctaBackground} width={1280} height={480} />
      <div className="mx-auto flex max-w-3xl flex-col items-start gap-4 px-4 py-16 text-neutral-content">
        <p className="font-bold uppercase tracking-wide">{t('Appointment')}</p>
        <h2 id="cta-title" className="text-3xl font-semibold">
          {t(landingTexts.ctaTitle)}
        </h2>
        <p>
          {t(
            'Choose a treatment and a time that suits you: our dentists and hygienists see patients six days a week, and most visits can be booked for the same week.',
          )}
        </p>
        <Link to="/appointment" className="btn btn-primary">
          {t(landingTexts.getStarted)}
        </Link>
      </div>
    </section>
  );
}
