/**
 * Intake, consent and check-in (design practice-loop.md section 6): the clinic's versioned
 * medical-history form, per-treatment consent texts, what a patient has filled in and signed,
 * and what staff see of it (complete or missing, and the answers that raise an alert).
 */
import { z } from 'zod';
import { oneLine } from './validation.ts';

export const FORM_QUESTION_KINDS = ['yesno', 'text', 'choice', 'multi', 'date'] as const;
export type FormQuestionKind = (typeof FORM_QUESTION_KINDS)[number];

/** A text answer's longest. */
export const MAX_TEXT_ANSWER = 2000;

const label = (max: number, what: string) => oneLine(z.string().trim().min(1, `${what} is required`).max(max, `${what} must be ${max} characters or shorter`));

export const formQuestionSchema = z
  .object({
    /** Stable across versions: answers are keyed by it, and a returning patient's pre-fill follows it. */
    id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'A question id is 1-40 lower-case letters, digits, - or _'),
    kind: z.enum(FORM_QUESTION_KINDS),
    label: label(300, 'A question'),
    required: z.boolean(),
    options: z.array(label(100, 'An option')).max(20, 'At most 20 options').optional(),
    /** The answer that flags the question for staff (`yes` for a yes/no question, else one of the options). */
    alert: z.object({ when: z.string().min(1).max(100) }).optional(),
  })
  .superRefine((q, ctx) => {
    const hasOptions = q.kind === 'choice' || q.kind === 'multi';
    if (hasOptions && (q.options?.length ?? 0) < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: 'A choice needs at least two options' });
    if (!hasOptions && q.options) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only a choice has options' });
    if (hasOptions && new Set(q.options).size !== q.options?.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Options must differ' });
    if (q.alert) {
      const possible = q.kind === 'yesno' ? ['yes'] : hasOptions ? (q.options ?? []) : [];
      if (!possible.includes(q.alert.when)) {
        ctx.addIssue({ code: 'custom', path: ['alert', 'when'], message: q.kind === 'yesno' ? 'A yes/no question alerts on yes' : hasOptions ? 'The alert must name one of the options' : 'Only yes/no questions and choices raise alerts' });
      }
    }
  });
export type FormQuestion = z.infer<typeof formQuestionSchema>;

/** `PUT /api/admin/forms/medical-history`: a new version of the form. */
export const medicalHistoryFormInputSchema = z
  .object({
    title: label(120, 'The title'),
    questions: z.array(formQuestionSchema).min(1, 'A form needs at least one question').max(60, 'At most 60 questions'),
  })
  .superRefine((form, ctx) => {
    const seen = new Set<string>();
    form.questions.forEach((q, i) => {
      if (seen.has(q.id)) ctx.addIssue({ code: 'custom', path: ['questions', i, 'id'], message: 'Question ids must differ' });
      seen.add(q.id);
    });
  });
export type MedicalHistoryFormInput = z.infer<typeof medicalHistoryFormInputSchema>;

export const medicalHistoryFormSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  questions: z.array(formQuestionSchema),
  createdAt: z.string(),
});
export type MedicalHistoryForm = z.infer<typeof medicalHistoryFormSchema>;

/** `GET /api/admin/forms/medical-history`: the current version, and whether patients must fill it in. */
export const adminMedicalHistorySchema = medicalHistoryFormSchema.extend({
  /** MEDICAL_HISTORY_REQUIRED, or the clinic's own choice on the screen. */
  required: z.boolean(),
  /** Set by MEDICAL_HISTORY_REQUIRED: the screen cannot turn it off. */
  requiredBySetting: z.boolean(),
});
export type AdminMedicalHistory = z.infer<typeof adminMedicalHistorySchema>;

/** `PATCH /api/admin/forms/medical-history`: turns the requirement on or off (no new version). */
export const medicalHistorySettingsSchema = z.object({ required: z.boolean() });

/** `PUT /api/admin/treatments/:id/consent`: the treatment's consent text (a new version), or null for none. */
export const treatmentConsentInputSchema = z.object({
  text: z.string().trim().min(1, 'The consent text is required').max(10_000, 'The consent text must be 10,000 characters or shorter').nullable(),
});
export const treatmentConsentSchema = z.object({ treatmentId: z.string(), version: z.number().int(), text: z.string().nullable(), createdAt: z.string() });
export type TreatmentConsent = z.infer<typeof treatmentConsentSchema>;

/** An answer: `yes`/`no`, an option, several options, a `YYYY-MM-DD` date, or a text. */
export const formAnswerSchema = z.union([z.string().max(MAX_TEXT_ANSWER), z.array(z.string().max(100)).max(20)]);
export const formAnswersSchema = z.record(z.string().max(40), formAnswerSchema);
export type FormAnswers = z.infer<typeof formAnswersSchema>;

export const typedNameSchema = label(200, 'Your name');

export const medicalHistorySubmitSchema = z.object({
  version: z.number().int().min(1),
  answers: formAnswersSchema,
  signature: z.object({ typedName: typedNameSchema }),
});
export type MedicalHistorySubmit = z.infer<typeof medicalHistorySubmitSchema>;

export const submissionSchema = z.object({ _id: z.string(), version: z.number().int(), submittedAt: z.string(), sha256: z.string() });
export const submissionCreatedSchema = z.object({ submission: submissionSchema });

export const consentSignSchema = z.object({ version: z.number().int().min(1), typedName: typedNameSchema });
export const consentSignedSchema = z.object({
  consent: z.object({ _id: z.string(), bookingId: z.string(), version: z.number().int(), signedAt: z.string(), sha256: z.string() }),
});

export const historyStatusSchema = z.enum(['missing', 'outdated', 'current']);
export type HistoryStatus = z.infer<typeof historyStatusSchema>;

/** `GET /api/me/forms?for=` and `POST /api/me/forms/medical-history?for=`: a dependent's forms, filled in and signed by their guardian (practice-loop.md section 7). */
export const formsSubjectQuerySchema = z.object({ for: z.string().trim().min(1).max(64).optional() });

/** `GET /api/me/forms`. */
export const myFormsSchema = z.object({
  medicalHistory: z.object({
    status: historyStatusSchema,
    /** The clinic asks every patient to fill it in before a visit. */
    required: z.boolean(),
    version: z.number().int(),
    form: medicalHistoryFormSchema,
    /** The last submission's answers (of any version): the new form starts from them. */
    previousAnswers: formAnswersSchema.optional(),
    submittedAt: z.string().optional(),
  }),
  /** The patient's upcoming bookings whose treatment has a consent text. */
  consents: z.array(
    z.object({
      bookingId: z.string(),
      treatment: z.string(),
      date: z.string(),
      slot: z.string(),
      status: z.enum(['missing', 'signed']),
      text: z.string(),
      version: z.number().int(),
    }),
  ),
});
export type MyForms = z.infer<typeof myFormsSchema>;

/** What staff lists carry of a booking's forms (section 6.3). */
export const bookingFormsSchema = z.object({
  medicalHistory: historyStatusSchema,
  /** The clinic asks for the history before a visit; when not, staff lists leave its state out. */
  historyRequired: z.boolean(),
  consent: z.enum(['signed', 'missing', 'none']),
});
export type BookingForms = z.infer<typeof bookingFormsSchema>;

/** `GET /api/admin/patients/:id/forms`: a doctor's or admin's read of the answers (audited). */
export const patientFormsSchema = z.object({
  submissions: z.array(
    z.object({
      _id: z.string(),
      version: z.number().int(),
      title: z.string(),
      questions: z.array(formQuestionSchema),
      answers: formAnswersSchema,
      alerts: z.array(z.string()),
      typedName: z.string(),
      submittedAt: z.string(),
      sha256: z.string(),
    }),
  ),
  consents: z.array(
    z.object({
      _id: z.string(),
      bookingId: z.string(),
      treatment: z.string(),
      date: z.string(),
      version: z.number().int(),
      text: z.string(),
      typedName: z.string(),
      signedAt: z.string(),
      sha256: z.string(),
    }),
  ),
});
export type PatientForms = z.infer<typeof patientFormsSchema>;

/** The medical history a fresh install ships: not required until the clinic turns it on. */
export const DEFAULT_MEDICAL_HISTORY: MedicalHistoryFormInput = {
  title: 'Medical history',
  questions: [
    { id: 'allergies', kind: 'yesno', label: 'Do you have any allergies (medicines, latex, food)?', required: true, alert: { when: 'yes' } },
    { id: 'allergies-detail', kind: 'text', label: 'If yes, which ones, and what happens?', required: false },
    { id: 'medication', kind: 'yesno', label: 'Do you take any medication regularly?', required: true },
    { id: 'medication-detail', kind: 'text', label: 'If yes, which medication and how much?', required: false },
    { id: 'anticoagulants', kind: 'yesno', label: 'Do you take blood thinners (anticoagulants, aspirin)?', required: true, alert: { when: 'yes' } },
    { id: 'pregnancy', kind: 'choice', label: 'Are you pregnant or breastfeeding?', required: false, options: ['No', 'Pregnant', 'Breastfeeding', 'Not applicable'], alert: { when: 'Pregnant' } },
    { id: 'heart', kind: 'yesno', label: 'Do you have a heart condition, a pacemaker or high blood pressure?', required: true, alert: { when: 'yes' } },
    { id: 'bleeding', kind: 'yesno', label: 'Do you have a bleeding disorder, or bleed for long after a cut?', required: true, alert: { when: 'yes' } },
    { id: 'diabetes', kind: 'yesno', label: 'Do you have diabetes?', required: true, alert: { when: 'yes' } },
    { id: 'conditions', kind: 'multi', label: 'Do you have or have you had any of these?', required: false, options: ['Asthma', 'Epilepsy', 'Hepatitis', 'HIV', 'Osteoporosis treatment', 'Cancer treatment'] },
    { id: 'smoking', kind: 'choice', label: 'Do you smoke or vape?', required: false, options: ['No', 'Yes, daily', 'Sometimes', 'I used to'] },
    { id: 'last-visit', kind: 'date', label: 'When was your last dental visit (roughly)?', required: false },
    { id: 'other', kind: 'text', label: 'Anything else the dentist should know?', required: false },
  ],
};

/** `POST /api/booking/:id/check-in`: when the patient arrived (the first check-in's time). */
export const checkInResultSchema = z.object({ arrivedAt: z.string() });
export const patientIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
