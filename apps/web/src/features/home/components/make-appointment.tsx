import { Link } from 'react-router';
import { texts } from '@clinic/shared';
import ctaBackground from '../../../assets/cta-bg.webp';
import { BackgroundImage } from '../../../components/ui/background-image.tsx';

/** 'Make an Appointment Today' call to action (spec section 1). */
export function MakeAppointment() {
  return (
    <section aria-labelledby="cta-title" className="relative isolate overflow-hidden bg-neutral">
      <BackgroundImage src={ctaBackground} width={1280} height={480} />
      <div className="mx-auto flex max-w-3xl flex-col items-start gap-4 px-4 py-16 text-neutral-content">
        <p className="font-bold uppercase tracking-wide">Appointment</p>
        <h2 id="cta-title" className="text-3xl font-semibold">
          {texts.ctaTitle}
        </h2>
        <p>
          Choose a treatment and a time that suits you: our dentists and hygienists see patients
          six days a week, and most visits can be booked for the same week.
        </p>
        <Link to="/appointment" className="btn btn-primary">
          {texts.getStarted}
        </Link>
      </div>
    </section>
  );
}
