/**
 * A day and one of its free times, sent as `{ date, slot, doctorId? }`: moving a booking from a
 * link, and booking another time than those a recall link offers. A time refused as taken is no
 * longer chosen (the free times reload without it) and the refusal stays until the next choice.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { parseDateInput, type IsoDate, type LinkRescheduleRequest } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { localToday } from '../../../lib/local-today.ts';
import { useLinkWords } from '../utils/use-link-words.ts';
import { ActionError } from './action-result.tsx';
import { FreeTimes, type CurrentTime, type TimeChoice } from './free-times.tsx';

type TimePickerFormProps = {
  token: string;
  initialDate: IsoDate;
  dateLabel: string;
  submitLabel: string;
  /** What the form is about, above the date. */
  intro?: ReactNode;
  current?: CurrentTime;
  isPending: boolean;
  /** Why the last request was refused, in words; undefined: it was not (or nothing was sent). */
  refusal: string | undefined;
  /** The patient changed the day or the time: an earlier refusal is old news. */
  onChange: () => void;
  /** Sends the time; rejects when the server refused it. */
  onSubmit: (input: LinkRescheduleRequest) => Promise<unknown>;
  id?: string;
};

export function TimePickerForm({
  token,
  initialDate,
  dateLabel,
  submitLabel,
  intro,
  current,
  isPending,
  refusal,
  onChange,
  onSubmit,
  id,
}: TimePickerFormProps) {
  const [today] = useState(localToday);
  const [date, setDate] = useState<IsoDate>(initialDate);
  const [choice, setChoice] = useState<TimeChoice | null>(null);
  const [isChoiceMissing, setIsChoiceMissing] = useState(false);
  const { t } = useLinkWords();

  const changed = () => {
    onChange();
    setIsChoiceMissing(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) {
      setIsChoiceMissing(true);
      return;
    }
    const input = {
      date,
      slot: choice.slot,
      ...(choice.doctorId !== null && { doctorId: choice.doctorId }),
    };
    onSubmit(input).catch((error: unknown) => {
      // A time refused as taken is no longer offered once the free times reload.
      if (isApiError(error) && error.status === 409) setChoice(null);
    });
  };

  return (
    <form id={id} noValidate onSubmit={submit} className="flex flex-col gap-4">
      {intro}
      <TextField
        label={dateLabel}
        type="date"
        min={today}
        value={date}
        required
        onChange={(event) => {
          const next = parseDateInput(event.target.value);
          if (next) {
            setDate(next);
            setChoice(null);
            changed();
          }
        }}
      />
      <FreeTimes
        token={token}
        date={date}
        choice={choice}
        error={isChoiceMissing ? t('Choose a time.') : undefined}
        current={current}
        onChoose={(next) => {
          setChoice(next);
          changed();
        }}
      />
      {refusal && <ActionError>{refusal}</ActionError>}
      <Button type="submit" className="w-full sm:w-auto sm:self-start" isLoading={isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
