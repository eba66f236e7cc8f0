import type { ReactNode } from 'react';
import { infoCardTitles, type OpeningHours } from '@clinic/shared';
import { useCommonT } from '../../../i18n/common.ts';
import { useClinic } from '../../../lib/clinic-query.ts';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-12 w-12 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

function ClockIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" strokeLinecap="round" />
    </Icon>
  );
}

function MarkerIcon() {
  return (
    <Icon>
      <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Z" strokeLinejoin="round" />
      <circle cx="12" cy="9.5" r="2.5" />
    </Icon>
  );
}

function PhoneIcon() {
  return (
    <Icon>
      <path
        d="M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z"
        strokeLinejoin="round"
      />
    </Icon>
  );
}

type InfoCardProps = { title: string; icon: ReactNode; tone: string; children: ReactNode };

function InfoCard({ title, icon, tone, children }: InfoCardProps) {
  return (
    <li className={`card card-side items-center gap-4 p-6 ${tone}`}>
      {icon}
      <div>
        <h3 className="text-lg font-semibold">{title}</h3>
        <div className="mt-1 text-sm">{children}</div>
      </div>
    </li>
  );
}

/** One line per group of days: `Mon–Fri 08:00–12:00, 13:00–17:00`. */
export function openingHoursLines(openingHours: readonly OpeningHours[]): string[] {
  return openingHours
    .filter((group) => group.hours.length > 0)
    .map((group) => `${group.days} ${group.hours.join(', ')}`);
}

/**
 * Opening hours, location and phone (spec section 1), from the clinic's profile: the hours are
 * the schedule's (the server derives them), the address and phone the clinic's own. Until the
 * profile says otherwise (loading, failed, or nothing set) each card keeps a fresh install's text.
 */
export function InfoCards() {
  const { data: clinic } = useClinic();
  const hours = openingHoursLines(clinic?.openingHours ?? []);
  const address = clinic?.address.trim() ?? '';
  const phone = clinic?.phone.trim() ?? '';
  const t = useCommonT();
  return (
    <section aria-label={t('Clinic information')} className="mx-auto max-w-6xl px-4 py-12">
      <ul className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <InfoCard
          title={t(infoCardTitles.openingHours)}
          icon={<ClockIcon />}
          tone="bg-primary text-primary-content"
        >
          {hours.length > 0 ? (
            hours.map((line) => <p key={line}>{line}</p>)
          ) : (
            <>
              <p>{t('Mon-Fri 8:00 AM - 5:00 PM')}</p>
              <p>{t('Saturday 9:00 AM - 1:00 PM')}</p>
            </>
          )}
        </InfoCard>
        <InfoCard
          title={t(infoCardTitles.location)}
          icon={<MarkerIcon />}
          tone="bg-accent text-accent-content"
        >
          <address className="not-italic">{address || 'Brooklyn, NY 10036, United States'}</address>
        </InfoCard>
        <InfoCard
          title={t(infoCardTitles.contact)}
          icon={<PhoneIcon />}
          tone="bg-secondary text-secondary-content"
        >
          {phone ? (
            <p>
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="link link-hover">
                {phone}
              </a>
            </p>
          ) : (
            <p>+1 (555) 010-2030</p>
          )}
        </InfoCard>
      </ul>
    </section>
  );
}
