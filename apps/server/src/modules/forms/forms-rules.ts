/**
 * The rules of intake (design practice-loop.md section 6), pure: which answers a form accepts,
 * which raise an alert for staff, when a history is outdated, and the hash of what was signed.
 */
import { createHash } from 'node:crypto';
import { MAX_TEXT_ANSWER, isAcceptedDate, parseDateInput, type FormAnswers, type FormQuestion, type HistoryStatus } from '@clinic/shared';

const UNANSWERED = 'Please answer this question';

/**
 * The answers a form takes from what was sent: each question's answer checked against its kind
 * and options, unknown ids dropped, blank ones left out. `errors` is keyed `answers.<id>`.
 */
export function checkAnswers(questions: readonly FormQuestion[], sent: FormAnswers): { answers: FormAnswers; errors: Record<string, string[]> } {
  const answers: FormAnswers = {};
  const errors: Record<string, string[]> = {};
  for (const q of questions) {
    const raw = Object.hasOwn(sent, q.id) ? sent[q.id] : undefined;
    const value = Array.isArray(raw) ? [...new Set(raw.map((v) => v.trim()).filter(Boolean))] : raw?.trim();
    const blank = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
    const fail = (message: string) => void (errors[`answers.${q.id}`] = [message]);
    if (blank) {
      if (q.required) fail(UNANSWERED);
      continue;
    }
    switch (q.kind) {
      case 'yesno':
        if (value !== 'yes' && value !== 'no') fail('Answer yes or no');
        break;
      case 'choice':
        if (typeof value !== 'string' || !q.options?.includes(value)) fail('Choose one of the answers');
        break;
      case 'multi':
        if (!Array.isArray(value) || value.some((v) => !q.options?.includes(v))) fail('Choose from the answers given');
        break;
      case 'date':
        if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || parseDateInput(value) !== value || !isAcceptedDate(value)) fail('Enter a date as YYYY-MM-DD');
        break;
      case 'text':
        if (typeof value !== 'string') fail('Answer in words');
        else if (value.length > MAX_TEXT_ANSWER) fail(`Answers must be ${MAX_TEXT_ANSWER} characters or shorter`);
        break;
    }
    if (!errors[`answers.${q.id}`]) answers[q.id] = value;
  }
  return { answers, errors };
}

/** The labels of the questions whose answer is the one the form flags for staff. */
export function alertsOf(questions: readonly FormQuestion[], answers: FormAnswers): string[] {
  return questions
    .filter((q) => {
      const when = q.alert?.when;
      const value = answers[q.id];
      if (!when || value === undefined) return false;
      return Array.isArray(value) ? value.includes(when) : value === when;
    })
    .map((q) => q.label);
}

/**
 * A patient's history against the current form: missing (never filled in), outdated (another
 * version, or older than `validMonths`), or current.
 */
export function historyStatus(latest: { version: number; submittedAt: Date } | undefined, currentVersion: number, now: Date, validMonths: number): HistoryStatus {
  if (!latest) return 'missing';
  if (latest.version !== currentVersion) return 'outdated';
  const expires = new Date(latest.submittedAt);
  expires.setUTCMonth(expires.getUTCMonth() + validMonths);
  return expires <= now ? 'outdated' : 'current';
}

/** JSON with every object's keys sorted: one text for one content, whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The SHA-256 (hex) of what was signed, as its canonical JSON. */
export function signatureHash(signed: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(signed)).digest('hex');
}
