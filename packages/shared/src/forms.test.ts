import { describe, expect, it } from 'vitest';
import { DEFAULT_MEDICAL_HISTORY, medicalHistoryFormInputSchema } from './forms.ts';

describe('the medical-history form', () => {
  it('ships a default that is a valid form with the alerts a dentist needs', () => {
    const parsed = medicalHistoryFormInputSchema.parse(DEFAULT_MEDICAL_HISTORY);
    expect(parsed.questions.filter((q) => q.alert).map((q) => q.id)).toEqual(['allergies', 'anticoagulants', 'pregnancy', 'heart', 'bleeding', 'diabetes']);
  });

  it('refuses duplicate ids, choices without options, and alerts on answers that cannot be given', () => {
    const bad = medicalHistoryFormInputSchema.safeParse({
      title: 'History',
      questions: [
        { id: 'a', kind: 'yesno', label: 'A?', required: true, alert: { when: 'no way' } },
        { id: 'a', kind: 'choice', label: 'B?', required: false, options: ['One'] },
        { id: 'c', kind: 'text', label: 'C?', required: false, alert: { when: 'yes' } },
      ],
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toEqual(expect.arrayContaining([
      ['questions.0.alert.when', 'A yes/no question alerts on yes'],
      ['questions.1.options', 'A choice needs at least two options'],
      ['questions.2.alert.when', 'Only yes/no questions and choices raise alerts'],
      ['questions.1.id', 'Question ids must differ'],
    ]));
  });
});
