import { useId } from 'react';
import { texts, type TreatmentAvailability } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';

type TreatmentCardProps = {
  treatment: TreatmentAvailability;
  onBook: (treatment: TreatmentAvailability) => void;
  /** Where the page offers the waitlist: 'Join waitlist' beside a disabled booking button. */
  onJoinWaitlist?: ((treatment: TreatmentAvailability) => void) | undefined;
};

/**
 * One treatment on the chosen day (spec section 2): its name, the first free slot or 'No Slot
 * Available' in red, how many spaces are left, the price, and 'Book Appointment' (disabled when
 * nothing is free). When nothing is free, 'Join waitlist' beside it, if the page offers one.
 */
export function TreatmentCard({ treatment, onBook, onJoinWaitlist }: TreatmentCardProps) {
  const titleId = useId();
  const [firstSlot] = treatment.slots;
  const hasSlots = firstSlot !== undefined;
  return (
    <li className="card bg-base-100 shadow-md" aria-labelledby={titleId}>
      <div className="card-body items-center text-center">
        <h2 id={titleId} className="card-title text-secondary">
          {treatment.name}
        </h2>
        <p>{hasSlots ? firstSlot : <span className="text-error">{texts.noSlot}</span>}</p>
        <p>{texts.spacesAvailable(treatment.slots.length)}</p>
        <p>{texts.price(treatment.price)}</p>
        <div className="card-actions mt-2 justify-center">
          <Button
            disabled={!hasSlots}
            // Six cards share the button's words; the card's title tells them apart when read out.
            aria-describedby={titleId}
            onClick={() => onBook(treatment)}
          >
            {texts.bookAppointment}
          </Button>
          {!hasSlots && onJoinWaitlist && (
            <Button
              variant="outline"
              aria-describedby={titleId}
              onClick={() => onJoinWaitlist(treatment)}
            >
              Join waitlist
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
