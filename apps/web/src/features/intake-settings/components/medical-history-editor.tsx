/**
 * The medical-history form's editor (admin, practice-loop.md section 6.1): its title and
 * questions, added, removed, moved, each with its kind, options, whether it must be answered and
 * the answer that alerts staff. Saving makes a new version; patients' earlier answers keep theirs.
 * The draft is checked with the shared schema the server checks it with, and the first field in
 * error, the draft's or the server's, takes the focus.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { AdminMedicalHistory } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useSaveMedicalHistoryForm } from '../api/save-medical-history-form.ts';
import {
  blankQuestion,
  changeQuestion,
  draftErrors,
  draftOf,
  inputOf,
  moveQuestion,
  type DraftErrors,
  type FormDraft,
} from '../utils/form-draft.ts';
import { QuestionEditor, type QuestionPart } from './question-editor.tsx';

type ErrorPart = 'label' | 'kind' | 'options' | 'alert';

/** A question's own messages, from the draft's or the server's, keyed by its place. */
function questionErrors(errors: DraftErrors, index: number): Partial<Record<ErrorPart, string>> {
  const at = `questions.${index}`;
  const firstUnder = (prefix: string) => Object.entries(errors).find(([name]) => name.startsWith(`${prefix}.`))?.[1];
  return {
    label: errors[`${at}.label`] ?? errors[`${at}.id`],
    kind: errors[`${at}.kind`],
    options: errors[`${at}.options`] ?? firstUnder(`${at}.options`),
    alert: errors[`${at}.alert.when`] ?? errors[`${at}.alert`],
  };
}

/** The server's field errors, first message each (`questions.2.label`). */
function serverErrors(error: unknown): DraftErrors {
  if (!isApiError(error)) return {};
  return Object.fromEntries(Object.entries(error.errors).flatMap(([name, [message]]) => (message ? [[name, message]] : [])));
}

export function MedicalHistoryEditor({ form }: { form: AdminMedicalHistory }) {
  const formId = useId();
  const [draft, setDraft] = useState<FormDraft>(() => draftOf(form));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [hasTriedSave, setHasTriedSave] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSaveMedicalHistoryForm();
  const pendingFocus = useRef<string | null>(null);

  const saved = useMemo(() => JSON.stringify(inputOf(draftOf(form))), [form]);
  const isDirty = JSON.stringify(inputOf(draft)) !== saved;

  const idOf = (key: string, part: QuestionPart) => `${formId}-${key}-${part}`;
  const titleId = `${formId}-title`;
  const questionsErrorId = `${formId}-questions`;
  const addId = `${formId}-add`;

  useEffect(() => {
    if (!pendingFocus.current) return;
    document.getElementById(pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });

  /** Where the first message shows, in the order the page shows them. */
  const firstErrorId = (found: DraftErrors, questions = draft.questions): string | null => {
    if (found.title) return titleId;
    if (found.questions) return questionsErrorId;
    for (const [index, question] of questions.entries()) {
      const mine = questionErrors(found, index);
      const part = (['label', 'kind', 'options', 'alert'] as const).find((p) => mine[p]);
      if (part) return idOf(question.key, part);
    }
    return null;
  };

  const update = (next: FormDraft) => {
    setDraft(next);
    setRefusal(null);
    // Once a save was refused, each change shows what is still wrong (as the other forms do).
    if (hasTriedSave) setErrors(draftErrors(next));
  };

  const onSave = () => {
    setHasTriedSave(true);
    const found = draftErrors(draft);
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0) {
      pendingFocus.current = firstErrorId(found);
      return;
    }
    save.mutate(inputOf(draft), {
      onSuccess: (result) => {
        toast.success(`Saved as version ${result.version}`);
        setDraft(draftOf(result));
        setHasTriedSave(false);
      },
      onError: (error) => {
        const fromServer = serverErrors(error);
        const focus = firstErrorId(fromServer);
        setErrors(fromServer);
        if (focus) pendingFocus.current = focus;
        else setRefusal(errorMessage(error));
      },
    });
  };

  const questions = draft.questions;
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      aria-label="Medical history form"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <TextField
        id={titleId}
        label="Title"
        value={draft.title}
        maxLength={120}
        error={errors.title}
        onChange={(event) => update({ ...draft, title: event.target.value })}
      />
      {errors.questions && (
        <p id={questionsErrorId} tabIndex={-1} className="text-sm text-error">
          {errors.questions}
        </p>
      )}
      <ol className="flex flex-col gap-3" aria-label="Questions">
        {questions.map((question, index) => (
          <li key={question.key}>
            <QuestionEditor
              question={question}
              index={index}
              count={questions.length}
              errors={questionErrors(errors, index)}
              idOf={(part) => idOf(question.key, part)}
              onChange={(change) =>
                update({ ...draft, questions: questions.map((q) => (q.key === question.key ? changeQuestion(q, change) : q)) })
              }
              onMove={(by) => {
                const to = index + by;
                // The button pressed stays under the keyboard, or its twin once at an end.
                const atEnd = to === 0 || to === questions.length - 1;
                const part = atEnd ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down';
                pendingFocus.current = idOf(question.key, part);
                update({ ...draft, questions: moveQuestion(questions, index, by) });
              }}
              onRemove={() => {
                const rest = questions.filter((q) => q.key !== question.key);
                const next = rest[index] ?? rest[index - 1];
                pendingFocus.current = next ? idOf(next.key, 'label') : addId;
                update({ ...draft, questions: rest });
              }}
            />
          </li>
        ))}
      </ol>
      <Button
        id={addId}
        variant="outline"
        className="self-start"
        onClick={() => {
          const added = blankQuestion();
          pendingFocus.current = idOf(added.key, 'label');
          update({ ...draft, questions: [...questions, added] });
        }}
      >
        Add a question
      </Button>
      {refusal && (
        <p role="alert" className="text-error">
          {refusal}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" isLoading={save.isPending}>
          Save as a new version
        </Button>
        {isDirty && (
          <Button
            variant="ghost"
            disabled={save.isPending}
            onClick={() => {
              setDraft(draftOf(form));
              setErrors({});
              setRefusal(null);
              setHasTriedSave(false);
            }}
          >
            Discard changes
          </Button>
        )}
        <span className="text-sm opacity-80" aria-live="polite">
          {isDirty ? 'Unsaved changes' : ''}
        </span>
      </div>
    </form>
  );
}
