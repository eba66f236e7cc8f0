import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { FormAnswers, MyForms } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { formsText, useFormsT, useFormsText } from '../../../i18n/forms.ts';
import { myFormsQueryKey, useSubmitHistory } from '../api/my-forms.ts';
import { QuestionField, questionInputId, type Answer } from './question-field.tsx';

/** Questions per page: a phone screen's worth. */
export const QUESTIONS_PER_PAGE = 5;
export const HISTORY_SAVED_TOAST = 'Medical history saved';
export const STILL_RIGHT = 'These answers are still right';

type History = MyForms['medicalHistory'];

/** Whether last time's answer still fits the question as this version asks it (its options may have changed). */
function stillFits(question: History['form']['questions'][number], answer: string | string[]): boolean {
  if (question.kind === 'yesno') return answer === 'yes' || answer === 'no';
  if (question.kind === 'choice') return typeof answer === 'string' && (question.options ?? []).includes(answer);
  if (question.kind === 'multi') return Array.isArray(answer) && answer.every((a) => (question.options ?? []).includes(a));
  return typeof answer === 'string';
}

/** Last time's answers to the questions this version still asks, where they still fit. */
function prefill(history: History): FormAnswers {
  const previous = history.previousAnswers ?? {};
  return Object.fromEntries(
    history.form.questions.filter((q) => previous[q.id] !== undefined && stillFits(q, previous[q.id]!)).map((q) => [q.id, previous[q.id]!]),
  );
}

const blank = (value: Answer) => value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The medical history, a few questions a page, then a typed-name signature. A returning patient
 * starts from last time's answers and goes through a page they have not changed with one tap;
 * the server's refusal of an answer shows under its question, on its page, focused.
 */
/** The errors' key of the typed name (question ids are the form's own, never this). */
const SIGNATURE = '#signature';

export function HistoryForm({ history, forId }: { history: History; forId?: string | undefined }) {
  const t = useFormsT();
  const text = useFormsText();
  const questions = history.form.questions;
  const pages = Math.max(1, Math.ceil(questions.length / QUESTIONS_PER_PAGE));
  const [answers, setAnswers] = useState<FormAnswers>(() => prefill(history));
  const [changed, setChanged] = useState<ReadonlySet<number>>(new Set());
  const [page, setPage] = useState(0);
  const [typedName, setTypedName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = useSubmitHistory(forId);
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<string | null>(null);

  const onSignature = page === pages;
  const shown = questions.slice(page * QUESTIONS_PER_PAGE, (page + 1) * QUESTIONS_PER_PAGE);
  // One tap for a page only when it holds last time's answers, untouched.
  const [initial] = useState(() => prefill(history));
  const isPrefilled = !changed.has(page) && shown.some((q) => initial[q.id] !== undefined);

  useEffect(() => {
    if (focusNext.current) {
      document.getElementById(focusNext.current)?.focus();
      focusNext.current = null;
    } else headingRef.current?.focus();
  }, [page]);

  const missingHere = () => {
    const missing = shown.filter((q) => q.required && blank(answers[q.id]));
    setErrors(Object.fromEntries(missing.map((q) => [q.id, 'Please answer this question'])));
    if (missing[0]) document.getElementById(questionInputId(missing[0].id))?.focus();
    return missing.length > 0;
  };
  const next = () => {
    if (missingHere()) return;
    setPage((p) => p + 1);
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate(
      { version: history.version, answers, typedName },
      {
        onSuccess: () => toast.success(formsText(HISTORY_SAVED_TOAST)),
        onError: (error) => {
          if (!isApiError(error)) return;
          // The clinic changed the form meanwhile: the new one is asked for (its answers start from these).
          if (error.code === 'precondition_failed') void queryClient.invalidateQueries({ queryKey: myFormsQueryKey });
          const byQuestion = Object.fromEntries(
            Object.entries(error.errors).filter(([key]) => key.startsWith('answers.')).map(([key, [message]]) => [key.slice(8), message ?? '']),
          );
          const nameError = error.errors['signature.typedName']?.[0];
          setErrors(nameError ? { ...byQuestion, [SIGNATURE]: nameError } : byQuestion);
          const first = questions.findIndex((q) => byQuestion[q.id]);
          if (first >= 0) {
            focusNext.current = questionInputId(questions[first]!.id);
            setPage(Math.floor(first / QUESTIONS_PER_PAGE));
          }
        },
      },
    );
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={send} noValidate>
      <h4 ref={headingRef} tabIndex={-1} className="text-base font-semibold outline-none">
        {onSignature ? t('Sign your answers') : t('Page {{page}} of {{pages}}', { page: page + 1, pages })}
      </h4>
      {!onSignature &&
        shown.map((q) => (
          <QuestionField
            key={q.id}
            question={q}
            value={answers[q.id]}
            error={errors[q.id] ? text(errors[q.id]!) : undefined}
            onChange={(value) => {
              setAnswers((all) => {
                const copy = { ...all };
                if (blank(value)) delete copy[q.id];
                else copy[q.id] = value!;
                return copy;
              });
              setChanged((pagesChanged) => new Set(pagesChanged).add(page));
              setErrors(({ [q.id]: _dropped, ...rest }) => rest);
            }}
          />
        ))}
      {onSignature && (
        <TextField
          label={t('Type your full name to sign')}
          autoComplete="name"
          value={typedName}
          onChange={(event) => {
            setTypedName(event.target.value);
            setErrors(({ [SIGNATURE]: _dropped, ...rest }) => rest);
            if (submit.isError) submit.reset();
          }}
          error={errors[SIGNATURE] ? text(errors[SIGNATURE]!) : undefined}
          required
        />
      )}
      {submit.isError && !Object.keys(errors).length && (
        <p role="alert" className="text-sm text-error">
          {text(errorMessage(submit.error))}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {page > 0 && (
          <Button type="button" variant="outline" onClick={() => setPage((p) => p - 1)}>
            {t('Back')}
          </Button>
        )}
        {!onSignature && isPrefilled && (
          <Button type="button" onClick={next}>
            {t(STILL_RIGHT)}
          </Button>
        )}
        {!onSignature && !isPrefilled && (
          <Button type="button" onClick={next}>
            {t('Next')}
          </Button>
        )}
        {onSignature && (
          <Button type="submit" isLoading={submit.isPending} disabled={typedName.trim() === ''}>
            {t('Sign and send')}
          </Button>
        )}
      </div>
    </form>
  );
}
