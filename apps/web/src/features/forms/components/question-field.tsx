/**
 * One question of the medical history as its kind asks: yes/no and one choice as radio buttons,
 * several choices as boxes (each group a fieldset with the question as its legend), a date, or
 * words. The error, when there is one, is under it and read with it (WCAG 3.3.1).
 */
import type { FormQuestion } from '@clinic/shared';
import { useFormsT } from '../../../i18n/forms.ts';

export type Answer = string | string[] | undefined;

type QuestionFieldProps = {
  question: FormQuestion;
  value: Answer;
  error?: string;
  onChange: (value: Answer) => void;
};

export const questionInputId = (id: string) => `question-${id}`;

export function QuestionField({ question, value, error, onChange }: QuestionFieldProps) {
  const t = useFormsT();
  const id = questionInputId(question.id);
  const errorId = `${id}-error`;
  const described = error ? errorId : undefined;
  const invalid = error ? true : undefined;
  const label = (
    <>
      {question.label}
      {question.required && <span className="text-error"> {t('(required)')}</span>}
    </>
  );
  const errorText = error && (
    <p id={errorId} className="text-sm text-error">
      {error}
    </p>
  );

  if (question.kind === 'yesno' || question.kind === 'choice' || question.kind === 'multi') {
    const options = question.kind === 'yesno' ? ['yes', 'no'] : (question.options ?? []);
    const isMulti = question.kind === 'multi';
    const chosen = Array.isArray(value) ? value : value ? [value] : [];
    return (
      <fieldset className="flex flex-col gap-1" aria-describedby={described} aria-invalid={invalid}>
        <legend className="mb-1 text-sm font-medium">{label}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {options.map((option, i) => (
            <label key={option} className="flex min-h-11 cursor-pointer items-center gap-2 sm:min-h-0">
              <input
                id={i === 0 ? id : undefined}
                type={isMulti ? 'checkbox' : 'radio'}
                className={isMulti ? 'checkbox checkbox-sm' : 'radio radio-sm'}
                name={id}
                value={option}
                checked={chosen.includes(option)}
                onChange={(event) => {
                  if (!isMulti) onChange(option);
                  else onChange(event.target.checked ? [...chosen, option] : chosen.filter((o) => o !== option));
                }}
              />
              <span>{question.kind === 'yesno' ? (option === 'yes' ? t('Yes') : t('No')) : option}</span>
            </label>
          ))}
        </div>
        {errorText}
      </fieldset>
    );
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {question.kind === 'date' ? (
        <input
          id={id}
          type="date"
          className={`input w-full sm:w-60 ${error ? 'input-error' : ''}`}
          value={typeof value === 'string' ? value : ''}
          aria-invalid={invalid}
          aria-describedby={described}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <textarea
          id={id}
          className={`textarea w-full ${error ? 'textarea-error' : ''}`}
          rows={2}
          maxLength={2000}
          value={typeof value === 'string' ? value : ''}
          aria-invalid={invalid}
          aria-describedby={described}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {errorText}
    </div>
  );
}
