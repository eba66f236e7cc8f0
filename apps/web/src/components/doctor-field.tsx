import { doctorRatingText, useDoctorRatings, type DoctorRating } from '../hooks/use-doctor-ratings.ts';
import { ANY_DOCTOR } from '../lib/lane-slots.ts';
import { DoctorAvatar, type AvatarDoctor } from './doctor-avatar.tsx';
import { SelectField } from './ui/form-field.tsx';
import { useAppT } from '../i18n/app.ts';

/** A doctor to choose; one with no free slot that day is listed but cannot be chosen. */
export type DoctorOption = AvatarDoctor & { _id: string; hasFreeSlots: boolean };

/** How many faces stand for 'Any available doctor' before a '+n'. */
const FACES_SHOWN = 3;

type DoctorFieldProps = {
  doctors: DoctorOption[];
  value: string;
  onChange: (doctorId: string) => void;
};

/**
 * The 'Doctor' select of the booking and waitlist dialogs, for a treatment that needs one: 'Any
 * available doctor' first, then the treatment's doctors (in the booking dialog, those of that
 * day; one with no free slot that day is listed but cannot be chosen).
 * A native select keeps the phone's own picker and the keyboard; it cannot show pictures, so the
 * chosen doctor's photo (or initials) sits beside it, and for any doctor, those free that day.
 * A doctor with published reviews has their rating after their name ('★ 4.7 (12)').
 */
/** 'rated 4.7 out of 5 in 12 reviews': a doctor's rating for screen readers, in the page's language. */
function useRatingLabel() {
  const t = useAppT();
  return ({ average, count }: DoctorRating) =>
    count === 1
      ? t('rated {{average}} out of 5 in 1 review', { average: average.toFixed(1) })
      : t('rated {{average}} out of 5 in {{count}} reviews', { average: average.toFixed(1), count });
}

export function DoctorField({ doctors, value, onChange }: DoctorFieldProps) {
  const ratings = useDoctorRatings();
  const t = useAppT();
  const ratingLabel = useRatingLabel();
  const chosen = doctors.find((doctor) => doctor._id === value);
  const faces = chosen ? [chosen] : doctors.filter((doctor) => doctor.hasFreeSlots);
  const hidden = faces.length - FACES_SHOWN;

  return (
    <div className="flex items-end gap-3">
      <div className="min-w-0 flex-1">
        <SelectField
          label="Doctor"
          name="doctorId"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value={ANY_DOCTOR}>{t('Any available doctor')}</option>
          {doctors.map((doctor) => {
            const rating = ratings.get(doctor._id);
            const busy = doctor.hasFreeSlots ? '' : t(' (no free slot this day)');
            return (
              <option
                key={doctor._id}
                value={doctor._id}
                disabled={!doctor.hasFreeSlots}
                aria-label={
                  rating ? `${doctor.name}, ${ratingLabel(rating)}${busy}` : undefined
                }
              >
                {rating
                  ? `${doctor.name} ${doctorRatingText(rating)}${busy}`
                  : `${doctor.name}${busy}`}
              </option>
            );
          })}
        </SelectField>
      </div>
      {faces.length > 0 && (
        <div aria-hidden="true" className="flex h-10 shrink-0 items-center -space-x-3">
          {faces.slice(0, FACES_SHOWN).map((doctor) => (
            <DoctorAvatar key={doctor._id} doctor={doctor} />
          ))}
          {hidden > 0 && (
            // Left out on a phone, where the select needs the width for its words.
            <span className="hidden h-8 w-8 items-center justify-center rounded-full bg-base-300 text-xs ring-2 ring-base-100 sm:flex">
              +{hidden}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
