import { useId, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  REVIEW_TEXT_MAX_LENGTH,
  reviewCreateSchema,
  type OwnReview,
  type ReviewCreate,
  type ReviewedVisit,
} from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { Modal, ModalFooter, type ModalHandle } from '../../../components/ui/modal.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useCreateReview } from '../api/create-review.ts';
import { useUpdateReview } from '../api/update-review.ts';
import { reviewsText, useReviewsT, useReviewsText } from '../../../i18n/reviews.ts';
import { useReviewTexts } from '../utils/use-review-texts.ts';
import { StarRatingInput } from './star-rating-input.tsx';

export const REVIEW_SENT_TOAST = 'Thank you! Your review is waiting for the clinic.';
export const REVIEW_SAVED_TOAST = 'Your review is saved and waiting for the clinic.';

const formFields = ['rating', 'text', 'location'] as const;

type ReviewFormDialogProps = {
  visit: ReviewedVisit;
  /** The review to edit; absent, a new one is written. */
  review?: OwnReview | undefined;
  /** How the review is signed publicly: 'Pat P.'. */
  authorName: string;
  onClose: () => void;
};

/**
 * Writes or edits a review of one visit: 1 to 5 stars, up to 1,000 characters of plain text (with
 * a count of what is left) and, if the patient wants, where they are from. The shared schema the
 * route checks is the form's; the server's field errors go under the fields, its other refusals
 * (already reviewed, too many reviews) stay in the dialog. Success says so and closes it.
 */
export function ReviewFormDialog({ visit, review, authorName, onClose }: ReviewFormDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const t = useReviewsT();
  const tr = useReviewsText();
  const { visitDetails, charactersLeft } = useReviewTexts();
  const textId = useId();
  const countId = useId();
  const create = useCreateReview();
  const update = useUpdateReview();
  const [refusal, setRefusal] = useState<string | null>(null);
  const isEdit = review !== undefined;
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useZodForm(reviewCreateSchema, {
    defaultValues: {
      rating: review?.rating,
      text: review?.text ?? '',
      location: review?.location ?? '',
    },
  });
  const text = useWatch({ control, name: 'text' }) ?? '';
  const left = REVIEW_TEXT_MAX_LENGTH - text.length;

  const onError = (error: unknown) => {
    if (!setServerFieldErrors(setError, error, formFields)) setRefusal(tr(errorMessage(error)));
  };
  const onSaved = (message: string) => {
    toast.success(message);
    modalRef.current?.close();
  };

  const send = ({ rating, text, location }: ReviewCreate) => {
    setRefusal(null);
    if (isEdit) {
      // The location is always sent, so that clearing it removes it.
      update.mutate(
        { id: review._id, changes: { rating, text, location: location ?? '' } },
        { onSuccess: () => onSaved(reviewsText(REVIEW_SAVED_TOAST)), onError },
      );
    } else {
      create.mutate(
        { visit, review: { rating, text, ...(location ? { location } : {}) } },
        { onSuccess: () => onSaved(reviewsText(REVIEW_SENT_TOAST)), onError },
      );
    }
  };

  return (
    <Modal
      ref={modalRef}
      title={
        isEdit
          ? t('Edit your review of {{treatment}}', { treatment: visit.treatment })
          : t('Review {{treatment}}', { treatment: visit.treatment })
      }
      onClose={onClose}
    >
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(send)(event)}
        className="flex flex-col gap-4"
      >
        <p className="text-sm text-base-content/80">{visitDetails(visit)}</p>
        <Controller
          control={control}
          name="rating"
          render={({ field, fieldState }) => (
            <StarRatingInput
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <div className="flex flex-col gap-1">
          <TextAreaField
            label={t('Your review')}
            rows={6}
            id={textId}
            error={errors.text?.message && tr(errors.text.message)}
            aria-describedby={errors.text ? `${textId}-error ${countId}` : countId}
            {...register('text')}
          />
          <p
            id={countId}
            className={`text-right text-sm ${left < 0 ? 'text-error' : 'text-base-content/80'}`}
          >
            {charactersLeft(left)}
          </p>
        </div>
        <TextField
          label={t('Where are you from? (optional)')}
          autoComplete="address-level1"
          error={errors.location?.message && tr(errors.location.message)}
          {...register('location')}
        />
        <p className="text-sm">
          {t(
            'Your review is shown under your first name and initial ({{authorName}}) and published once the clinic has checked it.',
            { authorName },
          )}
          {review?.status === 'published' &&
            ` ${t('A published review you edit is checked again and is not shown until then.')}`}
        </p>
        <ModalFooter refusal={refusal} dismissLabel={t('Cancel')} onDismiss={() => modalRef.current?.close()}>
          <Button type="submit" isLoading={create.isPending || update.isPending}>
            {isEdit ? t('Save review') : t('Send review')}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
