/** One question of the medical-history form as the admin edits it: its words, kind, options and alert. */
import { FORM_QUESTION_KINDS } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import {
  alertChoices,
  hasOptions,
  KIND_LABELS,
  type DraftQuestion,
} from '../utils/form-draft.ts';

/** The parts of a question that can be in error, and that the page can focus. */
export type QuestionPart = 'label' | 'kind' | 'options' | 'alert' | 'up' | 'down' | 'remove';

type QuestionEditorProps = {
  question: DraftQuestion;
  /** Its place, from 0. */
  index: number;
  count: number;
  errors: Partial<Record<'label' | 'kind' | 'options' | 'alert', string>>;
  /** The element id of one of its parts, for labels, errors and focus. */
  idOf: (part: QuestionPart) => string;
  onChange: (change: Partial<Omit<DraftQuestion, 'key' | 'id'>>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

const alertLabel = (when: string) => (when === 'yes' ? 'When the answer is Yes' : `When the answer is “${when}”`);

export function QuestionEditor({ question, index, count, errors, idOf, onChange, onMove, onRemove }: QuestionEditorProps) {
  const number = index + 1;
  const choices = alertChoices(question);
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-box border border-base-300 p-4">
      <legend className="px-1 font-semibold">Question {number}</legend>
      <TextField
        id={idOf('label')}
        label="Question"
        value={question.label}
        maxLength={300}
        error={errors.label}
        onChange={(event) => onChange({ label: event.target.value })}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField
          id={idOf('kind')}
          label="Answer"
          value={question.kind}
          error={errors.kind}
          onChange={(event) => onChange({ kind: event.target.value as DraftQuestion['kind'] })}
        >
          {FORM_QUESTION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        {choices.length > 0 && (
          <SelectField
            id={idOf('alert')}
            label="Alert staff"
            value={question.alertWhen}
            error={errors.alert}
            onChange={(event) => onChange({ alertWhen: event.target.value })}
          >
            <option value="">No alert</option>
            {choices.map((when) => (
              <option key={when} value={when}>
                {alertLabel(when)}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      {hasOptions(question.kind) && (
        <TextAreaField
          id={idOf('options')}
          label="Answers to choose from, one a line"
          rows={4}
          value={question.optionsText}
          error={errors.options}
          onChange={(event) => onChange({ optionsText: event.target.value })}
        />
      )}
      <label className="flex w-fit cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={question.required}
          onChange={(event) => onChange({ required: event.target.checked })}
        />
        <span>An answer is required</span>
      </label>
      <div className="flex flex-wrap gap-2">
        <Button
          id={idOf('up')}
          variant="outline"
          className="btn-sm"
          aria-label={`Move question ${number} up`}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          <span aria-hidden="true">↑</span> Up
        </Button>
        <Button
          id={idOf('down')}
          variant="outline"
          className="btn-sm"
          aria-label={`Move question ${number} down`}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <span aria-hidden="true">↓</span> Down
        </Button>
        <Button
          id={idOf('remove')}
          variant="outline"
          className="btn-sm btn-error"
          aria-label={`Remove question ${number}`}
          disabled={count === 1}
          onClick={onRemove}
        >
          Remove
        </Button>
      </div>
    </fieldset>
  );
}
