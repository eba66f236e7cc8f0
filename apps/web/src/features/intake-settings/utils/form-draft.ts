/**
 * The medical-history form as the admin edits it, and the way to and from the API's shape
 * (`MedicalHistoryFormInput`). Options are edited as lines of a text box; a new question gets a
 * stable id from its label when saved (answers are keyed by it, so an existing one keeps its own).
 */
import {
  medicalHistoryFormInputSchema,
  type FormQuestion,
  type FormQuestionKind,
  type MedicalHistoryForm,
  type MedicalHistoryFormInput,
} from '@clinic/shared';

export type DraftQuestion = {
  /** React's key and the page's element ids: never sent. */
  key: string;
  /** The saved question's id; empty for a question added here. */
  id: string;
  kind: FormQuestionKind;
  label: string;
  required: boolean;
  /** One option a line, for a choice. */
  optionsText: string;
  /** The answer that raises an alert for staff; empty for none. */
  alertWhen: string;
};

export type FormDraft = { title: string; questions: DraftQuestion[] };

export const KIND_LABELS: Record<FormQuestionKind, string> = {
  yesno: 'Yes or no',
  choice: 'One of several answers',
  multi: 'Any of several answers',
  date: 'A date',
  text: 'Text',
};

export const hasOptions = (kind: FormQuestionKind) => kind === 'choice' || kind === 'multi';

let lastKey = 0;
const nextKey = () => `q${++lastKey}`;

export function draftOf(form: Pick<MedicalHistoryForm, 'title' | 'questions'>): FormDraft {
  return {
    title: form.title,
    questions: form.questions.map((q) => ({
      key: nextKey(),
      id: q.id,
      kind: q.kind,
      label: q.label,
      required: q.required,
      optionsText: (q.options ?? []).join('\n'),
      alertWhen: q.alert?.when ?? '',
    })),
  };
}

export function blankQuestion(): DraftQuestion {
  return { key: nextKey(), id: '', kind: 'yesno', label: '', required: false, optionsText: '', alertWhen: '' };
}

/** The options a line each, blank lines left out. */
export function optionsOf(question: Pick<DraftQuestion, 'optionsText'>): string[] {
  return question.optionsText
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The answers that may raise an alert: `yes` for a yes/no question, an option for a choice. */
export function alertChoices(question: DraftQuestion): string[] {
  if (question.kind === 'yesno') return ['yes'];
  return hasOptions(question.kind) ? [...new Set(optionsOf(question))] : [];
}

/**
 * A change to one question: the alert is let go when its answer can no longer be given (another
 * kind, the option deleted), so the form never names an answer it does not offer.
 */
export function changeQuestion(question: DraftQuestion, change: Partial<Omit<DraftQuestion, 'key' | 'id'>>): DraftQuestion {
  const next = { ...question, ...change };
  if (next.alertWhen && !alertChoices(next).includes(next.alertWhen)) next.alertWhen = '';
  return next;
}

/** The list with the question at `index` moved one place up (-1) or down (+1); at an end, as it was. */
export function moveQuestion<T>(questions: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= questions.length) return [...questions];
  const moved = [...questions];
  [moved[index], moved[to]] = [moved[to]!, moved[index]!];
  return moved;
}

const ID_MAX = 40;

/** `Do you take blood thinners?` -> `do-you-take-blood-thinners`, unique among `taken`. */
export function idFromLabel(label: string, taken: ReadonlySet<string>): string {
  const base =
    label
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, ID_MAX)
      .replace(/-+$/, '') || 'question';
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base.slice(0, ID_MAX - String(n).length - 1)}-${n}`;
  return id;
}

/** The draft as the API takes it (`PUT /api/admin/forms/medical-history`). */
export function inputOf(draft: FormDraft): MedicalHistoryFormInput {
  const taken = new Set(draft.questions.map((q) => q.id).filter(Boolean));
  return {
    title: draft.title,
    questions: draft.questions.map((q): FormQuestion => {
      let id = q.id;
      if (!id) {
        id = idFromLabel(q.label, taken);
        taken.add(id);
      }
      return {
        id,
        kind: q.kind,
        label: q.label,
        required: q.required,
        ...(hasOptions(q.kind) ? { options: optionsOf(q) } : {}),
        ...(q.alertWhen ? { alert: { when: q.alertWhen } } : {}),
      };
    }),
  };
}

/** A message per field, keyed as the server keys them (`title`, `questions.2.options`). */
export type DraftErrors = Record<string, string>;

/** The shared schema's verdict on the draft, the first message per field (none: it may be saved). */
export function draftErrors(draft: FormDraft): DraftErrors {
  const parsed = medicalHistoryFormInputSchema.safeParse(inputOf(draft));
  return parsed.success ? {} : issuesByField(parsed.error.issues);
}

export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): DraftErrors {
  const errors: DraftErrors = {};
  for (const issue of issues) {
    const name = issue.path.map(String).join('.') || 'questions';
    errors[name] ??= issue.message;
  }
  return errors;
}

/** The draft's fields in the order they are shown, for focusing the first one in error. */
export function fieldOrder(draft: FormDraft): string[] {
  return [
    'title',
    'questions',
    ...draft.questions.flatMap((_, i) => [`questions.${i}.label`, `questions.${i}.id`, `questions.${i}.kind`, `questions.${i}.options`, `questions.${i}.alert.when`]),
  ];
}
