import { useId } from 'react';
import { toast } from 'sonner';
import type { Callback } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { Instant } from '../../../lib/instants.tsx';
import { mediumDateOf } from '../../../lib/medium-date.ts';
import { useOpenCallbacks } from '../api/get-open-callbacks.ts';
import { useResolveCallback } from '../api/resolve-callback.ts';
import { STATUS_LABELS } from '../utils/appointment-labels.ts';

export const NO_CALLBACKS_TEXT = 'No one is waiting for a call.';

function CallbackItem({ callback }: { callback: Callback }) {
  const resolve = useResolveCallback();
  const { patient, booking } = callback;
  const name = patient.name || patient.email;
  const appointment = `${booking.treatment}, ${mediumDateOf(booking.date)}, ${booking.slot}`;
  const markResolved = () =>
    resolve.mutate(callback._id, {
      onSuccess: () => toast.success(`${name}'s callback marked resolved`),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 md:flex-row md:items-start md:justify-between md:gap-4">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-medium">{name}</span>
          {patient.phone ? (
            <a href={`tel:${patient.phone.replace(/[^\d+]/g, '')}`} className="link text-sm">
              {patient.phone}
            </a>
          ) : (
            <a href={`mailto:${patient.email}`} className="link text-sm break-all">
              {patient.email}
            </a>
          )}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 text-sm">
          <span>{appointment}</span>
          {/* Still booked is the usual case; a cancelled or past one is worth a word. */}
          {booking.status !== 'confirmed' && (
            <span className="badge badge-sm badge-ghost whitespace-nowrap">
              {STATUS_LABELS[booking.status]}
            </span>
          )}
        </p>
        {callback.note && <p className="text-sm break-words italic">“{callback.note}”</p>}
        <p className="text-xs text-base-content/70">
          Asked <Instant iso={callback.createdAt} />
        </p>
      </div>
      <Button
        variant="outline"
        className="btn-sm self-start whitespace-nowrap"
        aria-label={`Mark resolved: ${name}, ${appointment}`}
        isLoading={resolve.isPending}
        onClick={markResolved}
      >
        Mark resolved
      </Button>
    </li>
  );
}

/**
 * The patients who asked, from a link in a message, to be phoned, oldest first, each marked
 * resolved once called. Shown even when nobody is waiting, so the desk knows where they appear.
 */
export function CallbacksPanel() {
  const titleId = useId();
  const callbacks = useOpenCallbacks();
  const items = callbacks.data?.items ?? [];

  const failed = callbacks.isError && (
    <LoadFailed error={callbacks.error} onRetry={() => void callbacks.refetch()} layout="section" />
  );

  let content;
  if (callbacks.isPending) {
    content = <Spinner label="Loading the callbacks…" />;
  } else if (!callbacks.data) {
    content = failed;
  } else if (items.length === 0) {
    content = <p className="text-sm opacity-80">{NO_CALLBACKS_TEXT}</p>;
  } else {
    content = (
      <ul className="divide-y divide-base-300">
        {items.map((callback) => (
          <CallbackItem key={callback._id} callback={callback} />
        ))}
      </ul>
    );
  }

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-box border border-base-300 p-4"
    >
      <div className="flex items-center gap-2">
        <h3 id={titleId} className="text-lg font-semibold">
          Callbacks
        </h3>
        {items.length > 0 && (
          <span className="badge badge-sm badge-warning">{items.length} waiting</span>
        )}
      </div>
      {content}
      {/* A later look failed: what was there stays, with the reason under it. */}
      {callbacks.data && failed}
    </section>
  );
}
