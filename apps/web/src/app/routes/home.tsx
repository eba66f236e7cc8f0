import { LazyChunk } from '../../components/lazy-chunk.tsx';
import { WhenNearViewport } from '../../components/when-near-viewport.tsx';
import { ContactSection } from '../../features/home/components/contact-section.tsx';
import { Hero } from '../../features/home/components/hero.tsx';
import { InfoCards } from '../../features/home/components/info-cards.tsx';
import { MakeAppointment } from '../../features/home/components/make-appointment.tsx';
import { Services } from '../../features/home/components/services.tsx';
import { TestimonialsSection } from '../../features/testimonials/components/testimonials-section.tsx';
import { retryableLazy } from '../../lib/retryable-lazy.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';

// The form (with react-hook-form, zod and the toasts) sits at the bottom of the page: its chunk
// loads when the visitor scrolls towards it, not while the top of the page is being shown.
const contactForm = retryableLazy(() =>
  import('../../features/contact/components/contact-form.tsx').then((module) => ({
    default: module.ContactForm,
  })),
);

/** Reserves the form's height while its code loads. */
function ContactFormPlaceholder() {
  return <div aria-hidden="true" className="h-[26rem]" />;
}

export default function HomeRoute() {
  usePageMeta(
    'Doctors Portal - Exceptional Dental Care, on Your Terms',
    'Book dental treatments online at Doctors Portal: fluoride treatment, cavity filling, teeth whitening and more, at a time that suits you.',
  );
  return (
    <>
      <Hero />
      <InfoCards />
      <Services />
      <MakeAppointment />
      <TestimonialsSection />
      <ContactSection>
        <WhenNearViewport placeholder={<ContactFormPlaceholder />}>
          <LazyChunk chunk={contactForm} fallback={<ContactFormPlaceholder />} />
        </WhenNearViewport>
      </ContactSection>
    </>
  );
}
