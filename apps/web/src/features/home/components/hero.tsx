import { Link } from 'react-router';
import { LazyChunk } from '../../../components/lazy-chunk.tsx';
import { WhenNearViewport } from '../../../components/when-near-viewport.tsx';
import { retryableLazy } from '../../../lib/retryable-lazy.ts';
import { landingTexts } from '@clinic/shared';
import heroImage from '../../../assets/hero-clinic.webp';
import { useCommonT } from '../../../i18n/common.ts';

// The day picker (and date-fns) load in their own chunk, after the rest of the page, and only
// once the calendar's place is on screen: on a phone it sits just below the first screen, and
// fetching it at once made a fifth of the landing page's JavaScript (docs/benchmarks.md,
// "First-load JavaScript").
const heroCalendar = retryableLazy(() => import('./hero-calendar.tsx'));

/** Reserves the calendar's space while its code loads, so nothing below jumps. */
function CalendarPlaceholder() {
  return <div aria-hidden="true" className="h-[22rem] w-full max-w-xs rounded-box bg-base-200" />;
}

export function Hero() {
  const t = useCommonT();
  return (
    <section className="bg-base-200">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 lg:grid-cols-2 lg:py-20">
        <div className="flex flex-col items-start gap-6">
          <h1 className="text-4xl font-bold leading-tight lg:text-5xl">{t(landingTexts.heroTitle)}</h1>
          <p className="text-lg">
            {t(
              'Check-ups, cleanings and treatments with a team that explains every step. Pick a day that suits you, choose a time, and we will take care of the rest.',
            )}
          </p>
          <Link to="/appointment" className="btn btn-primary">
            {t(landingTexts.getStarted)}
          </Link>
        </div>
        <img
          src={heroImage}
          alt={t('A bright dental treatment room with a patient chair and a lamp')}
          width={560}
          height={420}
          fetchPriority="high"
          className="h-auto w-full max-w-[560px] justify-self-center rounded-box"
        />
      </div>
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 pb-12 md:flex-row md:items-start md:justify-center md:gap-10">
        <div className="max-w-sm md:pt-6">
          <h2 className="text-2xl font-semibold">{t('Pick a day for your visit')}</h2>
          <p className="mt-2">{t('Choose a date to see the treatments and times still open that day.')}</p>
        </div>
        <WhenNearViewport placeholder={<CalendarPlaceholder />} margin="0px">
          <LazyChunk chunk={heroCalendar} fallback={<CalendarPlaceholder />} />
        </WhenNearViewport>
      </div>
    </section>
  );
}
