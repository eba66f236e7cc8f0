import { useId } from 'react';
import { Link } from 'react-router';
import { texts, type TreatmentAvailability } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { useAppT } from '../../../i18n/app.ts';
import { useLocalFormat } from '../../../i18n/format.ts';

type TreatmentCardProps = {
  treatment: TreatmentAvailability;
  onBook: (treatment: TreatmentAvailability) => void;
  /**
   * Where the page offers the waitlist, the address of its join form for this treatment: a
   * 'Join waitlist' link beside the disabled booking button, which stays the card's only button.
   */
  joinWaitlistHref?: string | undefined;
};

/**
 * One treatment on the chosen day (spec section 2): its name, the first free slot or 'No Slot
 * Available' in red, how many spaces are left, the price, and 'Book Appointment' (disabled when
 * nothing is free). When nothing is free, a 'Join waitlist' link beside it, if the page offers one.
 */
export function TreatmentCard({ treatment, onBook, joinWaitlistHref }: TreatmentCardProps) {
  const titleId = useId();
  const [firstSlot] = treatment.slots;
  const hasSlots = firstSlot !== undefined;
  const t = useAppT();
  const format = useLocalFormat();
  const spaces = treatment.slots.length;
  return (
    <li className="card bg-base-100 shadow-md" aria-labelledby={titleId}>
      <div className="card-body items-center text-center">
        <h2 id={titleId} className="card-title text-secondary">
          {treatment.name}
        </h2>
        <p>{hasSlots ? format.slot(firstSlot) : <span className="text-error">{t(texts.noSlot)}</span>}</p>
        <p>{t(spaces === 1 ? '{{count}} space available' : '{{count}} spaces available', { count: spaces })}</p>
        <p>{t('price: {{amount}}', { amount: format.money(treatment.price) })}</p>
        <div className="card-actions mt-2 justify-center">
          <Button
            disabled={!hasSlots}
            // Six cards share the button's words; the card's title tells them apart when read out.
            aria-describedby={titleId}
            onClick={() => onBook(treatment)}
          >
            {t(texts.bookAppointment)}
          </Button>
          {!hasSlots && joinWaitlistHref && (
            <Link to={joinWaitlistHref} className="btn btn-outline" aria-describedby={titleId}>
              {t('Join waitlist')}
            </Link>
          )}
        </div>
      </div>
    </li>
  );
}
