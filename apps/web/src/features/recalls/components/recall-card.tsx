import { useId } from 'react';
import type { AdminRecallItem } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Instant } from '../../../lib/instants.tsx';
import { mediumDateOf } from '../../../lib/medium-date.ts';
import {
  attemptsLabel,
  RECALL_STATUS_BADGES,
  RECALL_STATUS_LABELS,
} from '../utils/recall-labels.ts';

/** What the desk does about a due recall. */
export type RecallAction = 'contacted' | 'dismiss';

type RecallCardProps = {
  item: AdminRecallItem;
  onAction: (action: RecallAction, item: AdminRecallItem) => void;
};

/** The name the desk knows the patient by: an account may have none. */
export function patientNameOf(item: AdminRecallItem): string {
  return item.patient.name || item.patient.email;
}

/**
 * One patient's recall: who and how to reach them, what they are due for and when, the messages
 * sent and the last contact, the visit it follows, the desk's note; Called and Dismiss while due.
 */
export function RecallCard({ item, onAction }: RecallCardProps) {
  const headingId = useId();
  const { recall, patient, lastVisit } = item;
  const name = patientNameOf(item);

  return (
    <li
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-box border border-base-300 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="min-w-0 break-words font-semibold">
          {name}
        </h3>
        <span className={`badge whitespace-nowrap ${RECALL_STATUS_BADGES[recall.status]}`}>
          {RECALL_STATUS_LABELS[recall.status]}
        </span>
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {patient.phone && (
          <a href={`tel:${patient.phone.replace(/[^\d+]/g, '')}`} className="link">
            {patient.phone}
          </a>
        )}
        {patient.email && (
          <a href={`mailto:${patient.email}`} className="link break-all">
            {patient.email}
          </a>
        )}
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="opacity-70">Treatment</dt>
        <dd className="break-words">{recall.treatment}</dd>
        <dt className="opacity-70">Due</dt>
        <dd>{mediumDateOf(recall.dueDate)}</dd>
        <dt className="opacity-70">Messages</dt>
        <dd>{attemptsLabel(recall.attempts)}</dd>
        <dt className="opacity-70">Last contacted</dt>
        <dd>{recall.lastContactedAt ? <Instant iso={recall.lastContactedAt} /> : 'Not yet'}</dd>
        <dt className="opacity-70">Last visit</dt>
        <dd className="break-words">
          {lastVisit
            ? `${mediumDateOf(lastVisit.date)}, ${lastVisit.slot}, ${lastVisit.treatment}`
            : 'Not on record'}
        </dd>
        {recall.snoozedUntil && (
          <>
            <dt className="opacity-70">Asked to wait until</dt>
            <dd>{mediumDateOf(recall.snoozedUntil)}</dd>
          </>
        )}
        {recall.note && (
          <>
            <dt className="opacity-70">Note</dt>
            <dd className="whitespace-pre-line break-words">{recall.note}</dd>
          </>
        )}
      </dl>
      {recall.status === 'due' && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            className="btn-sm"
            aria-label={`Called ${name}`}
            onClick={() => onAction('contacted', item)}
          >
            Called
          </Button>
          <Button
            variant="outline"
            className="btn-sm"
            aria-label={`Dismiss ${name}'s recall`}
            onClick={() => onAction('dismiss', item)}
          >
            Dismiss
          </Button>
        </div>
      )}
    </li>
  );
}
