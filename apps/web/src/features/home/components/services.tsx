import { landingTexts } from '@clinic/shared';
import { SERVICE_IMAGE_SIZE, staticServices } from '../data/services.ts';
import { useCommonText } from '../../../i18n/common.ts';

/** 'Service We Provide': the three static service cards (spec section 1). */
export function Services() {
  const t = useCommonText();
  return (
    <section aria-labelledby="services-title" className="mx-auto max-w-6xl px-4 py-16 text-center">
      <p className="font-bold uppercase tracking-wide text-primary">{t('Our Services')}</p>
      <h2 id="services-title" className="text-3xl font-semibold">
        {t(landingTexts.servicesTitle)}
      </h2>
      <ul className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {staticServices.map((service) => (
          <li key={service._id} className="card bg-base-100 shadow-md">
            <figure className="px-8 pt-8">
              <img
                src={service.img}
                alt={t(service.imgAlt)}
                width={SERVICE_IMAGE_SIZE}
                height={SERVICE_IMAGE_SIZE}
                loading="lazy"
                decoding="async"
              />
            </figure>
            <div className="card-body items-center">
              <h3 className="card-title">{t(service.name)}</h3>
              <p>{t(service.description)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
