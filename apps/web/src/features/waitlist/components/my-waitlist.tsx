import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { WaitlistEntry } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useWaitlist } from '../api/get-waitlist.ts';
import { useNow } from '../hooks/use-now.ts';
import { localToday } from '../utils/waitlist-texts.ts';
import { JoinWaitlistDialog } from './join-waitlist-dialog.tsx';
import { LeaveWaitlistDialog } from './leave-waitlist-dialog.tsx';
import { WaitlistEntryCard } from './waitlist-entry-card.tsx';

/** How often the minutes left are counted again. */
const COUNTDOWN_TICK_MS = 15_000;

type MyWaitlistProps = {
  /** The profile's phone, sent with a booked offer as the booking dialog pre-fills it. */
  phone?: string | undefined;
};

/**
 * My Waitlist: the treatments the patient waits for, each with the times offered to them and how
 * long each offer stands, 'Book now' and 'Leave waitlist'; and 'Join a waitlist' for another. The
 * list is asked for again every 30 seconds, so a new offer shows without a reload.
 */
export function MyWaitlist({ phone }: MyWaitlistProps) {
  const waitlist = useWaitlist();
  const now = useNow(COUNTDOWN_TICK_MS);
  const titleId = useId();
  const [isJoining, setIsJoining] = useState(false);
  const [leaving, setLeaving] = useState<WaitlistEntry | null>(null);

  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-xl font-semibold">
          My Waitlist
        </h2>
        <Button className="btn-sm" onClick={() => setIsJoining(true)}>
          Join a waitlist
        </Button>
      </div>
      {waitlist.isPending ? (
        <Spinner label="Loading your waitlist…" />
      ) : waitlist.isError ? (
        <LoadFailed error={waitlist.error} onRetry={() => void waitlist.refetch()} />
      ) : waitlist.data.length === 0 ? (
        <p>
          You are not on any waitlist. When a treatment shows No Slot Available, you can join its
          waitlist from the{' '}
          <Link to="/appointment" className="link link-primary">
            Appointment page
          </Link>
          .
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {waitlist.data.map((item) => (
            <WaitlistEntryCard
              key={item.entry._id}
              item={item}
              now={now}
              phone={phone}
              onLeave={() => setLeaving(item.entry)}
            />
          ))}
        </ul>
      )}
      {isJoining && <JoinWaitlistDialog date={localToday()} onClose={() => setIsJoining(false)} />}
      {leaving && (
        <LeaveWaitlistDialog key={leaving._id} entry={leaving} onClose={() => setLeaving(null)} />
      )}
    </section>
  );
}
