import { useId, useState } from 'react';
import type { MyReviews as MyReviewsList, OwnReview, ReviewedVisit } from '@clinic/shared';
import { ReviewText, StarRating } from '../../../components/review-parts.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { useMyReviews } from '../api/get-my-reviews.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useReviewsT, useReviewsText } from '../../../i18n/reviews.ts';
import { useReviewTexts } from '../utils/use-review-texts.ts';
import { ReviewFormDialog } from './review-form-dialog.tsx';
import { ReviewStatusBadge } from './review-status-badge.tsx';
import { WithdrawReviewDialog } from './withdraw-review-dialog.tsx';

export const NO_REVIEWS_TEXT = 'When you have had a treatment with us, you can review it here.';

type Reviewed = MyReviewsList['reviews'][number];

type Acting =
  | { action: 'write'; visit: ReviewedVisit }
  | { action: 'edit' | 'withdraw'; review: OwnReview; visit: ReviewedVisit };

function VisitToReview({ visit, onWrite }: { visit: ReviewedVisit; onWrite: () => void }) {
  const t = useReviewsT();
  const { visitName, visitDetails } = useReviewTexts();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 p-4">
      <div className="min-w-0">
        <p className="font-medium">{visit.treatment}</p>
        <p className="text-sm text-base-content/80">{visitDetails(visit)}</p>
      </div>
      <Button
        className="btn-sm"
        aria-label={t('Write a review of {{visit}}', { visit: visitName(visit) })}
        onClick={onWrite}
      >
        {t('Write a review')}
      </Button>
    </li>
  );
}

type OwnReviewCardProps = {
  item: Reviewed;
  onEdit: () => void;
  onWithdraw: () => void;
};

function OwnReviewCard({ item: { review, booking }, onEdit, onWithdraw }: OwnReviewCardProps) {
  const t = useReviewsT();
  const { visitName, visitDetails } = useReviewTexts();
  const isWithdrawn = review.status === 'withdrawn';
  const name = visitName(booking);
  return (
    <li className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{booking.treatment}</p>
          <p className="text-sm text-base-content/80">{visitDetails(booking)}</p>
        </div>
        <ReviewStatusBadge status={review.status} />
      </div>
      <StarRating rating={review.rating} />
      <ReviewText text={review.text} className={isWithdrawn ? 'text-base-content/70' : ''} />
      {review.location && (
        <p className="text-sm text-base-content/80">
          {t('From {{location}}', { location: review.location })}
        </p>
      )}
      {!isWithdrawn && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            className="btn-sm"
            aria-label={t('Edit your review of {{visit}}', { visit: name })}
            onClick={onEdit}
          >
            {t('Edit')}
          </Button>
          <Button
            variant="outline"
            className="btn-sm btn-error"
            aria-label={t('Withdraw your review of {{visit}}', { visit: name })}
            onClick={onWithdraw}
          >
            {t('Withdraw')}
          </Button>
        </div>
      )}
    </li>
  );
}

type MyReviewsProps = {
  /** How the patient's reviews are signed publicly: 'Pat P.'. */
  authorName: string;
};

/**
 * My Reviews: each completed visit not reviewed yet, with 'Write a review'; then the patient's
 * reviews with what the clinic made of them (waiting, published, not published) or withdrawn,
 * each to edit or withdraw. The words are shown as plain text, their line breaks kept.
 */
export function MyReviews({ authorName }: MyReviewsProps) {
  const t = useReviewsT();
  const text = useReviewsText();
  const reviews = useMyReviews();
  const titleId = useId();
  const [acting, setActing] = useState<Acting | null>(null);
  const close = () => setActing(null);

  let content;
  if (reviews.isPending) {
    content = <Spinner label={t('Loading your reviews…')} />;
  } else if (reviews.isError) {
    content = (
      <LoadFailed
        message={text(errorMessage(reviews.error))}
        retryLabel={t('Retry')}
        onRetry={() => void reviews.refetch()}
      />
    );
  } else if (reviews.data.reviewableVisits.length === 0 && reviews.data.reviews.length === 0) {
    content = <p>{t(NO_REVIEWS_TEXT)}</p>;
  } else {
    const { reviewableVisits, reviews: own } = reviews.data;
    content = (
      <>
        {reviewableVisits.length > 0 && (
          <TitledSection title={t('Visits to review')} className="flex flex-col gap-3">
            <ul className="flex flex-col gap-3">
              {reviewableVisits.map((visit) => (
                <VisitToReview
                  key={visit._id}
                  visit={visit}
                  onWrite={() => setActing({ action: 'write', visit })}
                />
              ))}
            </ul>
          </TitledSection>
        )}
        {own.length > 0 && (
          <TitledSection title={t('Your reviews')} className="flex flex-col gap-3">
            <ul className="flex flex-col gap-3">
              {own.map((item) => (
                <OwnReviewCard
                  key={item.review._id}
                  item={item}
                  onEdit={() =>
                    setActing({ action: 'edit', review: item.review, visit: item.booking })
                  }
                  onWithdraw={() =>
                    setActing({ action: 'withdraw', review: item.review, visit: item.booking })
                  }
                />
              ))}
            </ul>
          </TitledSection>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-6">
      <h2 id={titleId} className="text-xl font-semibold">
        {t('My Reviews')}
      </h2>
      {content}
      {acting?.action === 'write' && (
        <ReviewFormDialog visit={acting.visit} authorName={authorName} onClose={close} />
      )}
      {acting?.action === 'edit' && (
        <ReviewFormDialog
          key={acting.review._id}
          visit={acting.visit}
          review={acting.review}
          authorName={authorName}
          onClose={close}
        />
      )}
      {acting?.action === 'withdraw' && (
        <WithdrawReviewDialog review={acting.review} visit={acting.visit} onClose={close} />
      )}
    </section>
  );
}
