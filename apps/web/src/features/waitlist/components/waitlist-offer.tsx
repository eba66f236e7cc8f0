import { useId } from 'react';
import { toast } from 'sonner';
import {
  bookingConflictSchema,
  ErrorCode,
  SLOT_TAKEN_MESSAGE,
  type WaitlistOffer as Offer,
} from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { doctorTitle } from '../../../lib/doctor-title.ts';
import { familyText, useFamilyT, useFamilyText } from '../../../i18n/family.ts';
import { localDate, localSlot, useLocalFormat } from '../../../i18n/format.ts';
import { currentLocale } from '../../../i18n/locale.ts';
import { useClaimOffer } from '../api/claim-offer.ts';
import { minutesLeft, OFFER_EXPIRED_TEXT, timeLeftText } from '../utils/waitlist-texts.ts';

/** A booking's day and time as the reader's language writes them (English: the spec's). */
function dateAndSlot(date: string, slot: string) {
  const locale = currentLocale();
  return { date: localDate(locale, date), slot: localSlot(locale, slot) };
}

/**
 * What to tell the patient when booking an offered time failed, in the reader's language (`text`:
 * the server's words translated). Toasts are raised in a callback: they take this moment's language.
 */
function claimFailureText(error: unknown, text: (english: string) => string): string {
  if (!isApiError(error)) return text(errorMessage(error));
  if (error.code === ErrorCode.SLOT_TAKEN) return familyText(SLOT_TAKEN_MESSAGE);
  if (error.code === ErrorCode.OFFER_EXPIRED || error.status === 410)
    return familyText(OFFER_EXPIRED_TEXT);
  // The claim answers as a booking does: a booking of the patient's own in the way, in the spec's words.
  const conflict = error.status === 409 ? bookingConflictSchema.safeParse(error.body) : null;
  if (conflict?.success) {
    const { date, slot } = conflict.data.booking;
    return familyText('Already have and appointment on {{date}} at {{slot}}', dateAndSlot(date, slot));
  }
  return text(errorMessage(error));
}

type WaitlistOfferProps = {
  offer: Offer;
  /** The time now (epoch ms), for the minutes left. */
  now: number;
  /** The profile's phone, sent with the booking as the booking dialog pre-fills it. */
  phone?: string | undefined;
};

/**
 * One time offered to the patient: when, with whom, how long the offer stands, and 'Book now',
 * which books it unless someone was quicker (the time is not held) or the offer ran out.
 */
export function WaitlistOffer({ offer, now, phone }: WaitlistOfferProps) {
  const descriptionId = useId();
  const claim = useClaimOffer();
  const t = useFamilyT();
  const text = useFamilyText();
  const format = useLocalFormat();
  const timeLeft = timeLeftOf(text, offer.expiresAt, now);
  const isExpired = Date.parse(offer.expiresAt) <= now;

  const book = () =>
    claim.mutate(
      { offerId: offer._id, ...(phone && { phone }) },
      {
        onSuccess: ({ booking }) => {
          toast.success(familyText('Appointment is set, {{date}} at {{slot}}', dateAndSlot(booking.date, booking.slot)));
        },
        onError: (error) => {
          toast.error(claimFailureText(error, text));
        },
      },
    );

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-box bg-base-200 p-3">
      <div id={descriptionId} className="min-w-0">
        <p className="font-semibold">
          {t('{{date}} at', { date: format.date(offer.date) })}{' '}
          <span className="whitespace-nowrap">{format.slot(offer.slot)}</span>
        </p>
        {offer.doctor && (
          <p className="text-sm">{t('with {{doctor}}', { doctor: doctorTitle(offer.doctor.name) })}</p>
        )}
        <p className={`text-sm ${isExpired ? 'text-error' : 'text-base-content/80'}`}>
          <time dateTime={offer.expiresAt}>{timeLeft}</time>
        </p>
      </div>
      <Button
        className="btn-sm"
        aria-describedby={descriptionId}
        disabled={isExpired}
        isLoading={claim.isPending}
        onClick={book}
      >
        {t('Book now')}
      </Button>
    </li>
  );
}

/** The minutes left, in the current language (the English words are timeLeftText's). */
function timeLeftOf(text: (english: string, values?: { minutes: number }) => string, expiresAt: string, now: number) {
  const english = timeLeftText(expiresAt, now);
  const minutes = minutesLeft(expiresAt, now);
  return minutes > 1 && english === `${minutes} minutes left` ? text('{{minutes}} minutes left', { minutes }) : text(english);
}
