/** How a medical-history answer reads to the doctor, and whether it is one the form flags. */
import type { FormAnswers, FormQuestion } from '@clinic/shared';
import { mediumDateOf } from '../../../lib/medium-date.ts';

export const NOT_ANSWERED = 'Not answered';

/** `yes` -> Yes, several options joined, a date in the medium style; a blank one: Not answered. */
export function answerText(question: FormQuestion, answers: FormAnswers): string {
  const value = answers[question.id];
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return NOT_ANSWERED;
  if (Array.isArray(value)) return value.join(', ');
  if (question.kind === 'yesno') return value === 'yes' ? 'Yes' : value === 'no' ? 'No' : value;
  if (question.kind === 'date') return mediumDateOf(value);
  return value;
}

/** The answer is the one the question's `alert` names (one of several options counts). */
export function isAlertAnswer(question: FormQuestion, answers: FormAnswers): boolean {
  const when = question.alert?.when;
  const value = answers[question.id];
  if (!when || value === undefined) return false;
  return Array.isArray(value) ? value.includes(when) : value === when;
}
