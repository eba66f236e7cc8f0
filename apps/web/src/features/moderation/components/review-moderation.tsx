import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { AdminReview, ReviewStatus } from '@clinic/shared';
import { ReviewText, StarRating } from '../../../components/review-parts.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { StaffLoadFailed } from '../../../components/ui/staff-load-failed.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { doctorTitle } from '../../../lib/doctor-title.ts';
import { mediumDateOf } from '../../../lib/medium-date.ts';
import { useAdminReviews } from '../api/get-admin-reviews.ts';
import { useModerateReview } from '../api/moderate-review.ts';
import { Instant, instantDateLabel } from '../../../lib/instants.tsx';
import { useClinicTimeZone } from '../../../lib/clinic-query.ts';

/** The lists to choose from, in the clinic's words. */
export const REVIEW_STATUS_CHOICES: readonly { status: ReviewStatus; label: string }[] = [
  { status: 'pending', label: 'Pending' },
  { status: 'published', label: 'Published' },
  { status: 'hidden', label: 'Not published' },
  { status: 'withdrawn', label: 'Withdrawn' },
];

const EMPTY_TEXT: Record<ReviewStatus, string> = {
  pending: 'No reviews are waiting for a decision.',
  published: 'No reviews are published.',
  hidden: 'No reviews are hidden.',
  withdrawn: 'No reviews are withdrawn.',
};

type Decision = 'published' | 'hidden';

const DECIDED_TEXT: Record<Decision, string> = { published: 'published', hidden: 'hidden' };

/** 'Teeth Cleaning, Jun 12, 2030, 08.30 AM - 09.00 AM, with Dr. Ann Lee'. */
function visitText(visit: AdminReview['booking']): string {
  const when = `${visit.treatment}, ${mediumDateOf(visit.date)}, ${visit.slot}`;
  return visit.doctor ? `${when}, with ${doctorTitle(visit.doctor)}` : when;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col sm:flex-row sm:gap-2">
      <dt className="shrink-0 font-medium sm:w-28">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function ModeratedReview({ review }: { review: AdminReview }) {
  const moderate = useModerateReview();
  const timeZone = useClinicTimeZone();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const canPublish = review.status === 'pending' || review.status === 'hidden';
  const canHide = review.status === 'pending' || review.status === 'published';
  const written = `${review.author}, ${instantDateLabel(review.createdAt, timeZone)}`;

  const decide = (status: Decision) => {
    setNoteError(undefined);
    const trimmed = note.trim();
    moderate.mutate(
      { id: review._id, decision: { status, ...(trimmed ? { note: trimmed } : {}) } },
      {
        onSuccess: () => toast.success(`Review by ${review.author} ${DECIDED_TEXT[status]}`),
        onError: (error) => {
          const message = isApiError(error) ? error.errors.note?.[0] : undefined;
          if (message) setNoteError(message);
          else toast.error(errorMessage(error));
        },
      },
    );
  };

  return (
    <li className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <StarRating rating={review.rating} size="h-5 w-5" />
      <ReviewText text={review.text} />
      <dl className="flex flex-col gap-1 text-sm">
        <Detail term="Shown as">
          {review.author}
          {review.location ? `, ${review.location}` : ''}
        </Detail>
        <Detail term="Patient">
          {review.patientName}{' '}
          <a href={`mailto:${review.patientEmail}`} className="link break-all">
            {review.patientEmail}
          </a>
        </Detail>
        <Detail term="Visit">{visitText(review.booking)}</Detail>
        <Detail term="Written"><Instant iso={review.updatedAt} dateOnly /></Detail>
        {review.publishedAt && <Detail term="Published"><Instant iso={review.publishedAt} dateOnly /></Detail>}
        {review.moderationNote && <Detail term="Note">{review.moderationNote}</Detail>}
      </dl>
      {(canPublish || canHide) && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="min-w-0 sm:flex-1">
            <TextField
              label="Note (optional)"
              value={note}
              maxLength={500}
              error={noteError}
              onChange={(event) => setNote(event.target.value)}
              className="input-sm"
            />
          </div>
          <div className="flex flex-wrap gap-2">
            {canPublish && (
              <Button
                className="btn-sm"
                aria-label={`Publish the review by ${written}`}
                isLoading={
                  moderate.isPending && moderate.variables?.decision.status === 'published'
                }
                disabled={moderate.isPending}
                onClick={() => decide('published')}
              >
                Publish
              </Button>
            )}
            {canHide && (
              <Button
                variant="outline"
                className="btn-sm"
                aria-label={`Hide the review by ${written}`}
                isLoading={moderate.isPending && moderate.variables?.decision.status === 'hidden'}
                disabled={moderate.isPending}
                onClick={() => decide('hidden')}
              >
                Hide
              </Button>
            )}
          </div>
        </div>
      )}
    </li>
  );
}

/**
 * Reviews (admin): the reviews waiting for a decision, or those published, hidden or withdrawn,
 * each with its stars and words (plain text), the author as the public sees them and the
 * patient behind them, and the visit. Publish and Hide take an optional note (the audit log keeps
 * it); the lists then update and a toast says what was done. A page at a time, with Load more.
 */
export function ReviewModeration() {
  const titleId = useId();
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const reviews = useAdminReviews(status);
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];

  let list;
  if (reviews.isPending) {
    list = <Spinner label="Loading the reviews…" />;
  } else if (reviews.isError && !reviews.isFetchNextPageError) {
    list = <StaffLoadFailed error={reviews.error} onRetry={() => void reviews.refetch()} />;
  } else if (items.length === 0) {
    list = <p>{EMPTY_TEXT[status]}</p>;
  } else {
    list = (
      <>
        <ul className="flex flex-col gap-4">
          {items.map((review) => (
            <ModeratedReview key={review._id} review={review} />
          ))}
        </ul>
        {reviews.isFetchNextPageError && (
          <LoadFailed
            error={reviews.error}
            onRetry={() => void reviews.fetchNextPage()}
            layout="section"
          />
        )}
        {reviews.hasNextPage && !reviews.isFetchNextPageError && (
          <Button
            variant="outline"
            className="self-center"
            isLoading={reviews.isFetchingNextPage}
            onClick={() => void reviews.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-4">
      <h2 id={titleId} className="text-xl font-semibold">
        Reviews
      </h2>
      <div className="max-w-xs">
        <SelectField
          label="Show"
          value={status}
          onChange={(event) => setStatus(event.target.value as ReviewStatus)}
        >
          {REVIEW_STATUS_CHOICES.map((choice) => (
            <option key={choice.status} value={choice.status}>
              {choice.label}
            </option>
          ))}
        </SelectField>
      </div>
      {list}
    </section>
  );
}
