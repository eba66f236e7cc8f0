/**
 * A recall link's page (practice-loop.md section 4): the check-up that is due and the three
 * earliest free times as buttons, each a complete choice, so that from the mail to a booked time
 * is two taps. Below them: any other time ("See more times"), "Not now" (no message for a
 * month), "Stop check-up reminders". Once booked from the link, the same link shows the booking
 * and moves it.
 */
import { useId, useState } from 'react';
import {
  addDays,
  parseDateInput,
  type IsoDate,
  type LinkBooking,
  type LinkResult,
  type LinkView,
} from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { useClinic } from '../../../lib/clinic-query.ts';
import { localToday } from '../../../lib/local-today.ts';
import { useBookLink } from '../api/book-link.ts';
import { useSnoozeLink } from '../api/snooze-link.ts';
import { useStopReminders } from '../api/stop-reminders.ts';
import {
  isTimeTaken,
  RECALL_STOPPED_TEXT,
  resultText,
  timeRefusalText,
} from '../utils/link-texts.ts';
import { useLinkWords } from '../utils/use-link-words.ts';
import { ActionError, ActionResult } from './action-result.tsx';
import { AppointmentSummary } from './appointment-summary.tsx';
import { RescheduleAction } from './reschedule-action.tsx';
import { Sentence } from './sentence.tsx';
import { TimePickerForm } from './time-picker-form.tsx';

type Suggestion = NonNullable<LinkView['suggestions']>[number];

/** How far ahead the server looked for the suggestions (practice-loop.md section 4). */
const SUGGESTION_DAYS = 30;

const keyOf = (time: Suggestion) => `${time.date} ${time.slot} ${time.doctorId ?? ''}`;

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The clinic's phone as a link, when the clinic has given one; else null. */
function useClinicPhoneLink() {
  const phone = useClinic().data?.phone.trim() ?? '';
  if (!phone) return null;
  return (
    <a href={telHref(phone)} className="link link-primary">
      {phone}
    </a>
  );
}

/** The offered times as big buttons: one tap books one. A time taken meanwhile is dropped. */
function SuggestedTimes({
  token,
  suggestions,
  onBooked,
}: {
  token: string;
  suggestions: readonly Suggestion[];
  onBooked: (result: LinkResult) => void;
}) {
  const headingId = useId();
  const book = useBookLink(token);
  const words = useLinkWords();
  const { t } = words;
  const [taken, setTaken] = useState<readonly string[]>([]);
  const offered = suggestions.filter((time) => !taken.includes(keyOf(time)));
  const tapped = book.isPending ? book.variables : undefined;

  const choose = (time: Suggestion) =>
    book.mutate(
      {
        date: time.date,
        slot: time.slot,
        ...(time.doctorId !== null && { doctorId: time.doctorId }),
      },
      {
        onSuccess: onBooked,
        onError: (error) => {
          if (isTimeTaken(error)) setTaken((keys) => [...keys, keyOf(time)]);
        },
      },
    );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="font-medium">
        {t('Tap a time to book it')}
      </h2>
      {book.isError && <ActionError>{timeRefusalText(book.error, words)}</ActionError>}
      {offered.map((time) => (
        <Button
          key={keyOf(time)}
          className="btn-lg btn-block h-auto min-h-14 flex-col gap-0 py-3"
          disabled={book.isPending}
          isLoading={tapped?.date === time.date && tapped.slot === time.slot}
          onClick={() => choose(time)}
        >
          {/* Two lines to the eye, one name to a screen reader ("… at …"): the flex column
              drops the spaces between the lines, which the name keeps. */}
          <span className="font-semibold">{words.weekdayDate(time.date)}</span>{' '}
          <span className="sr-only">{t('at')}</span>{' '}
          <span className="text-base font-normal">{words.slot(time.slot)}</span>
        </Button>
      ))}
    </section>
  );
}

/** Any other day's free times, booked with "Book this time". */
function MoreTimes({
  token,
  initialDate,
  id,
  onBooked,
}: {
  token: string;
  initialDate: IsoDate;
  id?: string;
  onBooked: (result: LinkResult) => void;
}) {
  const book = useBookLink(token);
  const words = useLinkWords();
  return (
    <TimePickerForm
      id={id}
      token={token}
      initialDate={initialDate}
      dateLabel={words.t('Date')}
      submitLabel={words.t('Book this time')}
      isPending={book.isPending}
      refusal={book.isError ? timeRefusalText(book.error, words) : undefined}
      onChange={book.reset}
      onSubmit={(input) => book.mutateAsync(input).then(onBooked)}
    />
  );
}

/** "Not now" and "Stop check-up reminders": neither books, neither uses up the link. */
function NotNow({ token, onDone }: { token: string; onDone: (result: LinkResult) => void }) {
  const headingId = useId();
  const snooze = useSnoozeLink(token);
  const stop = useStopReminders(token);
  const { t, problem } = useLinkWords();
  const isPending = snooze.isPending || stop.isPending;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 border-t border-base-300 pt-4 text-sm"
    >
      <h2 id={headingId} className="font-medium">
        {t('Not the right moment?')}
      </h2>
      {snooze.isError && <ActionError>{problem(snooze.error)}</ActionError>}
      {stop.isError && <ActionError>{problem(stop.error)}</ActionError>}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="outline"
          className="btn-sm w-full sm:w-auto"
          disabled={isPending}
          isLoading={snooze.isPending}
          onClick={() => {
            stop.reset();
            snooze.mutate(undefined, { onSuccess: onDone });
          }}
        >
          {t('Not now')}
        </Button>
        <Button
          variant="ghost"
          className="btn-sm w-full sm:w-auto"
          disabled={isPending}
          isLoading={stop.isPending}
          onClick={() => {
            snooze.reset();
            stop.mutate(undefined, { onSuccess: onDone });
          }}
        >
          {t('Stop check-up reminders')}
        </Button>
      </div>
    </section>
  );
}

/** What is due and the times to book it at. */
function RecallOffer({
  token,
  view,
  onBooked,
  onEnded,
}: {
  token: string;
  view: LinkView;
  onBooked: (result: LinkResult) => void;
  onEnded: (result: LinkResult) => void;
}) {
  const moreId = useId();
  const [today] = useState(localToday);
  const [isMoreShown, setIsMoreShown] = useState(false);
  const { t, date } = useLinkWords();
  const phone = useClinicPhoneLink();
  const { recall } = view;
  const suggestions = view.suggestions ?? [];
  const lastSuggested = suggestions.at(-1)?.date;
  // From the last offered day on (it may have later times), else past the days the server searched.
  const firstDay =
    (lastSuggested && parseDateInput(lastSuggested.slice(0, 10))) ||
    addDays(today, SUGGESTION_DAYS);

  return (
    <>
      <p>
        {recall
          ? t('Your {{treatment}} is due on {{date}}.', {
              treatment: recall.treatment,
              date: date(recall.dueDate),
            })
          : t('It is time to book your next visit.')}
      </p>
      {suggestions.length > 0 ? (
        <>
          <SuggestedTimes token={token} suggestions={suggestions} onBooked={onBooked} />
          <Button
            variant="outline"
            className="w-full sm:w-auto sm:self-start"
            aria-expanded={isMoreShown}
            aria-controls={moreId}
            onClick={() => setIsMoreShown((shown) => !shown)}
          >
            {t('See more times')}
          </Button>
          {isMoreShown && (
            <MoreTimes id={moreId} token={token} initialDate={firstDay} onBooked={onBooked} />
          )}
        </>
      ) : (
        <>
          <div role="status" className="flex flex-col gap-1">
            <p className="font-medium">
              {t('No free times in the next {{days}} days', { days: SUGGESTION_DAYS })}
            </p>
            <p>
              {phone ? (
                <Sentence
                  text={t('Please choose a later day, or call us at {{phone}}.')}
                  parts={{ phone }}
                />
              ) : (
                t('Please choose a later day.')
              )}
            </p>
          </div>
          <MoreTimes token={token} initialDate={firstDay} onBooked={onBooked} />
        </>
      )}
      <NotNow token={token} onDone={onEnded} />
    </>
  );
}

/**
 * The booking made from the link: just booked (the result, and a way to move it), or already
 * booked when the link was opened (the appointment and the move form, as a reschedule link).
 */
function RecallBooking({
  token,
  booking,
  result,
  onMoved,
}: {
  token: string;
  booking: LinkBooking;
  result: string | undefined;
  onMoved: (result: LinkResult) => void;
}) {
  const moveId = useId();
  const [isMoving, setIsMoving] = useState(false);
  const { t } = useLinkWords();
  const phone = useClinicPhoneLink();
  // Inside the clinic's notice window: only the clinic can move it (this page has no callback).
  const closed = !booking.rescheduleUntil && (
    <p>
      {phone ? (
        <Sentence
          text={t(
            'It can no longer be moved online. To change it, please call the clinic at {{phone}}.',
          )}
          parts={{ phone }}
        />
      ) : (
        t('It can no longer be moved online. To change it, please call the clinic.')
      )}
    </p>
  );
  if (!result) {
    return (
      <>
        <p>{t('You booked your {{treatment}}:', { treatment: booking.treatment })}</p>
        <AppointmentSummary booking={booking} />
        {closed || <RescheduleAction token={token} booking={booking} onDone={onMoved} />}
      </>
    );
  }
  return (
    <>
      <ActionResult>{result}</ActionResult>
      {closed || (
        <>
          <Button
            variant="outline"
            className="w-full sm:w-auto sm:self-start"
            aria-expanded={isMoving}
            aria-controls={moveId}
            onClick={() => setIsMoving((moving) => !moving)}
          >
            {t('Move it to another time')}
          </Button>
          {isMoving && (
            <div id={moveId}>
              <RescheduleAction token={token} booking={booking} onDone={onMoved} />
            </div>
          )}
        </>
      )}
    </>
  );
}

export function RecallAction({ token, view }: { token: string; view: LinkView }) {
  const [booking, setBooking] = useState(view.booking);
  const [result, setResult] = useState<LinkResult>();
  const words = useLinkWords();

  const onBooked = (next: LinkResult) => {
    setResult(next);
    if (next.booking) setBooking(next.booking);
  };

  if (result && (result.done === 'snoozed' || result.done === 'stopped' || !booking)) {
    return (
      <ActionResult>
        {result.done === 'stopped'
          ? words.t(RECALL_STOPPED_TEXT)
          : resultText(result, view.firstName, booking, words)}
      </ActionResult>
    );
  }
  if (booking) {
    const text = result && resultText(result, view.firstName, booking, words);
    // A new result is a new screen: the move form closes and the result takes the focus.
    return (
      <RecallBooking
        key={result ? resultText(result, view.firstName, booking) : 'opened'}
        token={token}
        booking={booking}
        result={text}
        onMoved={onBooked}
      />
    );
  }
  return <RecallOffer token={token} view={view} onBooked={onBooked} onEnded={setResult} />;
}
