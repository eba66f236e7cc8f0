/**
 * The free times of a link's treatment on a day (the link's own availability), each with its
 * doctor: every doctor's times under their name, the booking's own doctor first, so that moving
 * a booking keeps its doctor unless the patient picks another. A treatment without doctors has
 * one list. The booking's own time is shown, not offered.
 */
import { useId } from 'react';
import type { Availability, IsoDate } from '@clinic/shared';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { doctorTitle } from '../../../lib/doctor-title.ts';
import { useLinkAvailability } from '../api/get-link-availability.ts';
import { useLinkWords } from '../utils/use-link-words.ts';

/** One free time as the patient picks it: the slot and the doctor it is free with (null: none needed). */
export type TimeChoice = { slot: string; doctorId: string | null };

type Lane = Availability['lanes'][number];

/** The booking being moved: its doctor's times come first and its own time is not offered. */
export type CurrentTime = { date: string; slot: string; doctorId: string | null };

const doctorIdOf = (lane: Lane) => lane.doctor?._id ?? null;

/** The lanes with a free time, the current doctor's first, the others as the server ordered them. */
export function lanesToOffer(lanes: readonly Lane[], currentDoctorId: string | null): Lane[] {
  const free = lanes.filter((lane) => lane.slots.length > 0);
  if (currentDoctorId === null) return free;
  return [
    ...free.filter((lane) => doctorIdOf(lane) === currentDoctorId),
    ...free.filter((lane) => doctorIdOf(lane) !== currentDoctorId),
  ];
}

type FreeTimesProps = {
  token: string;
  date: IsoDate;
  choice: TimeChoice | null;
  error: string | undefined;
  onChoose: (choice: TimeChoice) => void;
  current?: CurrentTime;
};

export function FreeTimes({ token, date, choice, error, onChoose, current }: FreeTimesProps) {
  const name = useId();
  const errorId = useId();
  const availability = useLinkAvailability(token, date);
  const words = useLinkWords();
  const { t } = words;
  if (availability.isPending) {
    return <Spinner label={t('Loading the free times…')} className="py-4" />;
  }
  if (availability.isError) {
    return (
      <LoadFailed
        layout="section"
        message={words.problem(availability.error)}
        retryLabel={t('Retry')}
        onRetry={() => void availability.refetch()}
      />
    );
  }
  const lanes = lanesToOffer(availability.data.lanes, current?.doctorId ?? null);
  if (lanes.length === 0) {
    return (
      <p role="status">
        {t('There is no free time on {{date}}. Please choose another day.', {
          date: words.date(date),
        })}
      </p>
    );
  }

  const isCurrent = (lane: Lane, label: string) =>
    current !== undefined &&
    date === current.date.slice(0, 10) &&
    label === current.slot &&
    doctorIdOf(lane) === current.doctorId;

  const timesOf = (lane: Lane) => (
    <div className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2">
      {lane.slots.map(({ label }) => {
        const isOwn = isCurrent(lane, label);
        return (
          <label
            key={label}
            className={`flex items-center gap-2 rounded-field border border-base-300 px-3 py-2 ${isOwn ? 'opacity-60' : 'cursor-pointer'}`}
          >
            <input
              type="radio"
              className="radio radio-sm radio-primary"
              name={name}
              value={`${doctorIdOf(lane) ?? ''} ${label}`}
              checked={choice?.slot === label && choice.doctorId === doctorIdOf(lane)}
              disabled={isOwn}
              onChange={() => onChoose({ slot: label, doctorId: doctorIdOf(lane) })}
            />
            <span>
              {isOwn
                ? t('{{slot}} (your current time)', { slot: words.slot(label) })
                : words.slot(label)}
            </span>
          </label>
        );
      })}
    </div>
  );

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">
        {t('Free times on {{date}}', { date: words.date(date) })}
      </legend>
      {lanes.map((lane) =>
        lane.doctor ? (
          <fieldset key={lane.doctor._id} className="flex flex-col gap-2">
            <legend className="mb-1 text-sm">
              {t('With {{doctor}}', { doctor: doctorTitle(lane.doctor.name) })}
            </legend>
            {timesOf(lane)}
          </fieldset>
        ) : (
          <div key="no-doctor">{timesOf(lane)}</div>
        ),
      )}
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
