/**
 * The review screens' texts about a visit and a review in the reader's language. English is the
 * spec's text byte for byte ('Teeth Cleaning on Jun 12, 2030', '1,000 characters left'); other
 * languages write dates, slots and counts their own way.
 */
import type { ReviewedVisit } from '@clinic/shared';
import { doctorTitle } from '../../../lib/doctor-title.ts';
import { useLocalFormat } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { useReviewsT } from '../../../i18n/reviews.ts';

export function useReviewTexts() {
  const t = useReviewsT();
  const format = useLocalFormat();
  const locale = useLocale();
  return {
    /** 'Teeth Cleaning on Jun 12, 2030': names a visit in buttons and headings. */
    visitName: (visit: Pick<ReviewedVisit, 'treatment' | 'date'>) =>
      t('{{treatment}} on {{date}}', { treatment: visit.treatment, date: format.date(visit.date) }),
    /** 'Jun 12, 2030, 08.30 AM - 09.00 AM, with Dr. Ann Lee', '..., for Leo Parent'. */
    visitDetails: (visit: ReviewedVisit) => {
      const when = `${format.date(visit.date)}, ${format.slot(visit.slot)}`;
      const withDoctor = visit.doctor
        ? t('{{when}}, with {{doctor}}', { when, doctor: doctorTitle(visit.doctor) })
        : when;
      return visit.for
        ? t('{{details}}, for {{name}}', { details: withDoctor, name: visit.for })
        : withDoctor;
    },
    /** '1,000 characters left', '3 characters too many'. */
    charactersLeft: (left: number) => {
      const count = Math.abs(left).toLocaleString(locale === 'en' ? 'en-US' : locale);
      if (left >= 0)
        return Math.abs(left) === 1
          ? t('1 character left')
          : t('{{count}} characters left', { count });
      return Math.abs(left) === 1
        ? t('1 character too many')
        : t('{{count}} characters too many', { count });
    },
    /** '1 star', '4 stars'. */
    stars: (rating: number) =>
      rating === 1 ? t('1 star') : t('{{count}} stars', { count: rating }),
  };
}
