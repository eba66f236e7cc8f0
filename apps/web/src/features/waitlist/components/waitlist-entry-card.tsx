import { useId } from 'react';
import type { WaitlistList } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { useFamilyT, useFamilyText } from '../../../i18n/family.ts';
import { useLocalFormat } from '../../../i18n/format.ts';
import { doctorTitle } from '../../../lib/doctor-title.ts';
import { timeWindowText } from '../utils/waitlist-texts.ts';
import { WaitlistOffer } from './waitlist-offer.tsx';

type WaitlistEntryCardProps = {
  item: WaitlistList[number];
  now: number;
  phone?: string | undefined;
  onLeave: () => void;
};

/** One treatment the patient waits for: what for, with whom, when, its open offers, and leaving. */
export function WaitlistEntryCard({
  item: { entry, offers },
  now,
  phone,
  onLeave,
}: WaitlistEntryCardProps) {
  const titleId = useId();
  const hasOffers = offers.length > 0;
  const t = useFamilyT();
  const text = useFamilyText();
  const format = useLocalFormat();
  return (
    <li aria-labelledby={titleId} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titleId} className="card-title break-words text-secondary">
            {entry.treatment}
          </h3>
          <span className={`badge ${hasOffers ? 'badge-success' : 'badge-ghost'}`}>
            {hasOffers ? t('Offer open') : t('Waiting')}
          </span>
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-base-content/70">{t('Doctor')}</dt>
          <dd>{entry.doctor ? doctorTitle(entry.doctor.name) : t('Any doctor')}</dd>
          <dt className="text-base-content/70">{t('Days')}</dt>
          <dd>
            {entry.from === entry.to
              ? format.date(entry.from)
              : `${format.date(entry.from)} – ${format.date(entry.to)}`}
          </dd>
          <dt className="text-base-content/70">{t('Time of day')}</dt>
          <dd>{text(timeWindowText(entry))}</dd>
        </dl>
        {hasOffers && (
          <ul aria-label={t('Offers for {{treatment}}', { treatment: entry.treatment })} className="flex flex-col gap-2">
            {offers.map((offer) => (
              <WaitlistOffer key={offer._id} offer={offer} now={now} phone={phone} />
            ))}
          </ul>
        )}
        <div className="card-actions justify-end">
          <Button
            variant="ghost"
            className="btn-sm text-error"
            aria-describedby={titleId}
            onClick={onLeave}
          >
            {t('Leave waitlist')}
          </Button>
        </div>
      </div>
    </li>
  );
}
