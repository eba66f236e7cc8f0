import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { WaitlistEntry } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { useFamilyT } from '../../../i18n/family.ts';
import { useTreatments } from '../api/get-treatments.ts';
import { useWaitlist } from '../api/get-waitlist.ts';
import { readJoinLink, withoutJoinLink, type JoinLink } from '../utils/join-link.ts';
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
 *
 * Reached from a booking page card's 'Join waitlist' (`?join=<treatmentId>&from=<day>`), it opens
 * the join dialog for that treatment from that day, and drops the query when the dialog closes,
 * in place of the history entry, so Back does not open it again.
 */
export function MyWaitlist({ phone }: MyWaitlistProps) {
  const waitlist = useWaitlist();
  const now = useNow(COUNTDOWN_TICK_MS);
  const titleId = useId();
  const t = useFamilyT();
  const [isJoining, setIsJoining] = useState(false);
  const [leaving, setLeaving] = useState<WaitlistEntry | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const joinLink = readJoinLink(searchParams, localToday());

  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-xl font-semibold">
          {t('My Waitlist')}
        </h2>
        <Button className="btn-sm" onClick={() => setIsJoining(true)}>
          {t('Join a waitlist')}
        </Button>
      </div>
      {waitlist.isPending ? (
        <Spinner label={t('Loading your waitlist…')} />
      ) : waitlist.isError ? (
        <LoadFailed error={waitlist.error} onRetry={() => void waitlist.refetch()} />
      ) : waitlist.data.length === 0 ? (
        <p>
          {t(
            'You are not on any waitlist. When a treatment shows No Slot Available, you can join its waitlist from the',
          )}{' '}
          <Link to="/appointment" className="link link-primary">
            {t('Appointment page')}
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
      {joinLink && (
        <LinkedJoinDialog
          key={`${joinLink.treatmentId} ${joinLink.from}`}
          link={joinLink}
          onClose={() => setSearchParams(withoutJoinLink, { replace: true })}
        />
      )}
      {leaving && (
        <LeaveWaitlistDialog key={leaving._id} entry={leaving} onClose={() => setLeaving(null)} />
      )}
    </section>
  );
}

type LinkedJoinDialogProps = { link: JoinLink; onClose: () => void };

/**
 * The join dialog for the linked treatment, once its name is known. A treatment the clinic does
 * not list (an old or edited link), or a list that failed to load, leaves the choice to the
 * patient, in the dialog's own treatment select.
 */
function LinkedJoinDialog({ link, onClose }: LinkedJoinDialogProps) {
  const treatments = useTreatments();
  const t = useFamilyT();
  if (treatments.isPending) return <Spinner label={t('Opening the waitlist form…')} />;
  const treatment = treatments.data?.find(({ _id }) => _id === link.treatmentId);
  return <JoinWaitlistDialog treatment={treatment} date={link.from} onClose={onClose} />;
}
