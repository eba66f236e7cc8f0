/**
 * Intake and consent (design practice-loop.md section 6): the clinic's medical-history form in
 * versions, what a patient fills in and signs (typed name, time, hash of what was signed), each
 * booking's consent, what staff lists show of it, and the doctor's audited read of the answers.
 */
import { isGuardianOf } from '../families/family-reads.ts';
import { ErrorCode, todayInZone, type AccountExport, type AdminMedicalHistory, type BookingForms, type FormAnswers, type FormQuestion, type Locale, type MedicalHistoryFormInput, type MedicalHistorySubmit, type MyForms, type PatientForms, type TreatmentConsent } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { BookingRow, BookingService } from '../booking/booking.service.ts';
import type { Caller } from '../identity/caller.ts';
import type { MailTexts } from '../mail/mail-texts.ts';
import { scopeOf } from '../identity/permissions.ts';
import { FORMS_PLACEHOLDERS } from './forms-placeholder.ts';
import { alertsOf, checkAnswers, historyStatus, signatureHash } from './forms-rules.ts';
import {
  consentsOf,
  currentConsents,
  currentForm,
  ensureDefaultForm,
  eraseFormsOf,
  formsByVersions,
  historyRequiredByClinic,
  insertBookingConsent,
  insertFormVersion,
  insertSubmission,
  insertTreatmentConsent,
  latestSubmissionsOf,
  purgeRetainedForms,
  setHistoryRequired,
  signedConsentsOf,
  submissionsOf,
  type FormRow,
} from './forms.repository.ts';

export interface FormsDeps {
  db: Db;
  now: () => Date;
  timeZone: string;
  publicUrl: string;
  settings: { historyRequired: boolean; historyValidMonths: number; clinicalRetentionDays: number };
  booking: Pick<BookingService, 'rowsOf' | 'activeOf' | 'seesDoctor'>;
  /** The mails' words: the line asking for the history is in the mail's language. */
  texts: Pick<MailTexts, 't' | 'url'>;
}

/** A unique violation (two admins saving a version at once), wherever Drizzle put the SQLSTATE. */
const isUniqueViolation = (error: unknown) => (error as { code?: string; cause?: { code?: string } }).cause?.code === '23505' || (error as { code?: string }).code === '23505';
const isForeignKeyViolation = (error: unknown) => (error as { cause?: { code?: string } }).cause?.code === '23503' || (error as { code?: string }).code === '23503';

const formDto = (form: FormRow) => ({ version: form.version, title: form.title, questions: form.questions, createdAt: form.createdAt.toISOString() });

export function createFormsService(deps: FormsDeps) {
  const { db, now, settings, booking } = deps;

  /** The current form; a fresh install's default is stored the first time anyone asks. */
  async function current(): Promise<FormRow> {
    const found = await currentForm(db);
    if (found) return found;
    await ensureDefaultForm(db);
    return (await currentForm(db))!;
  }

  const required = async () => settings.historyRequired || (await historyRequiredByClinic(db));
  const audit = (caller: Caller, action: string, target: string, detail: Record<string, unknown> = {}) =>
    recordAudit(db, { actorId: caller.userId, actorEmail: caller.email, action, target, detail: { role: caller.role, ...detail } });

  async function adminView(): Promise<AdminMedicalHistory> {
    const form = await current();
    return { ...formDto(form), required: await required(), requiredBySetting: settings.historyRequired };
  }

  /** What staff lists show of each booking: the history's state, the consent's, and the alerts. */
  async function flagsOf(rows: readonly Pick<BookingRow, 'id' | 'patientId' | 'treatmentId'>[]) {
    const patientIds = [...new Set(rows.flatMap((r) => (r.patientId ? [r.patientId] : [])))];
    const [form, historyRequired, latest, consents, signed] = await Promise.all([
      current(),
      required(),
      latestSubmissionsOf(db, patientIds),
      currentConsents(db, [...new Set(rows.map((r) => r.treatmentId))]),
      signedConsentsOf(db, rows.map((r) => r.id)),
    ]);
    const latestOf = new Map(latest.map((s) => [s.patientId!, s]));
    const needsConsent = new Set(consents.filter((c) => c.text !== null).map((c) => c.treatmentId));
    const signedBookings = new Set(signed.map((s) => s.bookingId));
    const at = now();
    return new Map(
      rows.map((row) => {
        const submission = row.patientId ? latestOf.get(row.patientId) : undefined;
        const forms: BookingForms = {
          medicalHistory: historyStatus(submission, form.version, at, settings.historyValidMonths),
          historyRequired,
          consent: !needsConsent.has(row.treatmentId) ? 'none' : signedBookings.has(row.id) ? 'signed' : 'missing',
        };
        return [row.id, { forms, alerts: submission?.alerts ?? [] }];
      }),
    );
  }

  return {
    adminView,
    flagsOf,
    /** The same, for bookings known by id (a doctor's day). */
    async flagsOfBookings(ids: readonly string[]) {
      return flagsOf(await booking.rowsOf(ids));
    },

    /** `PUT /api/admin/forms/medical-history`: version N+1; answers already given keep theirs. */
    async saveForm(caller: Caller, input: MedicalHistoryFormInput): Promise<AdminMedicalHistory> {
      await current();
      try {
        const saved = await insertFormVersion(db, { title: input.title, questions: input.questions as FormQuestion[], createdBy: caller.userId });
        await audit(caller, 'forms.medical-history.update', `medical-history:v${saved.version}`, { questions: input.questions.length });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw new AppError(ErrorCode.PRECONDITION_FAILED, 'Someone saved the form at the same moment. Please reload it and make your change again.');
      }
      return adminView();
    },

    /** `PATCH /api/admin/forms/medical-history {required}`: the clinic's own choice (MEDICAL_HISTORY_REQUIRED also can). */
    async setRequired(caller: Caller, value: boolean): Promise<AdminMedicalHistory> {
      await setHistoryRequired(db, value, now());
      await audit(caller, 'forms.medical-history.required', 'medical-history', { required: value });
      return adminView();
    },

    async consentOf(treatmentId: string): Promise<TreatmentConsent> {
      const [row] = await currentConsents(db, [treatmentId]);
      return { treatmentId, version: row?.version ?? 0, text: row?.text ?? null, createdAt: (row?.createdAt ?? new Date(0)).toISOString() };
    },

    /** `PUT /api/admin/treatments/:id/consent`: a new version of the text (null: none from now on). */
    async setConsent(caller: Caller, treatmentId: string, text: string | null): Promise<TreatmentConsent> {
      try {
        const row = await insertTreatmentConsent(db, { treatmentId, text, createdBy: caller.userId });
        await audit(caller, 'forms.consent.update', treatmentId, { version: row.version, none: text === null });
        return { treatmentId, version: row.version, text: row.text, createdAt: row.createdAt.toISOString() };
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such treatment.');
        if (isUniqueViolation(error)) throw new AppError(ErrorCode.PRECONDITION_FAILED, 'Someone saved this consent at the same moment. Please reload it.');
        throw error;
      }
    },

    /** `GET /api/me/forms`. */
    async myForms(caller: Caller): Promise<MyForms> {
      const [form, [latest], upcoming, isRequired] = await Promise.all([
        current(),
        latestSubmissionsOf(db, [caller.userId]),
        booking.activeOf(caller.userId, todayInZone(now(), deps.timeZone)),
        required(),
      ]);
      const [consents, signed] = await Promise.all([
        currentConsents(db, [...new Set(upcoming.map((b) => b.treatmentId))]),
        signedConsentsOf(db, upcoming.map((b) => b.id)),
      ]);
      const textOf = new Map(consents.filter((c) => c.text !== null).map((c) => [c.treatmentId, c]));
      const signedBookings = new Set(signed.map((s) => s.bookingId));
      return {
        medicalHistory: {
          status: historyStatus(latest, form.version, now(), settings.historyValidMonths),
          required: isRequired,
          version: form.version,
          form: formDto(form),
          ...(latest ? { previousAnswers: latest.answers, submittedAt: latest.submittedAt.toISOString() } : {}),
        },
        consents: upcoming
          .filter((b) => textOf.has(b.treatmentId) && b.startsAt > now())
          .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
          .map((b) => {
            const consent = textOf.get(b.treatmentId)!;
            return { bookingId: b.id, treatment: b.treatmentName, date: b.date, slot: b.slot, status: signedBookings.has(b.id) ? ('signed' as const) : ('missing' as const), text: consent.text!, version: consent.version };
          }),
      };
    },

    /** `POST /api/me/forms/medical-history`: the answers to the current version, signed with a typed name. */
    async submitHistory(caller: Caller, body: MedicalHistorySubmit) {
      const form = await current();
      if (body.version !== form.version) {
        throw new AppError(ErrorCode.PRECONDITION_FAILED, 'The clinic has changed this form since you opened it. Please review the new questions.', { extra: { version: form.version } });
      }
      const { answers, errors } = checkAnswers(form.questions, body.answers);
      if (Object.keys(errors).length > 0) throw new AppError(ErrorCode.VALIDATION, 'Some answers are missing or not valid.', { errors });
      const submittedAt = now();
      const typedName = body.signature.typedName;
      const sha256 = signatureHash({ version: form.version, answers, typedName, submittedAt: submittedAt.toISOString() });
      const stored = await insertSubmission(db, { patientId: caller.userId, version: form.version, answers, alerts: alertsOf(form.questions, answers), typedName, submittedAt, sha256 });
      return { submission: { _id: stored.id, version: stored.version, submittedAt: submittedAt.toISOString(), sha256 } };
    },

    /** `POST /api/booking/:id/consent`: the patient signs the treatment's current consent for this booking. */
    async signConsent(caller: Caller, bookingId: string, body: { version: number; typedName: string }) {
      const [row] = await booking.rowsOf([bookingId]);
      // The patient's own booking, or a dependent's signed by their guardian (practice-loop.md section 7).
      if (!row || (row.patientId !== caller.userId && !(await isGuardianOf(db, caller.userId, row.patientId)))) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such booking.');
      if (row.status !== 'confirmed') throw new AppError(ErrorCode.BOOKING_NOT_MODIFIABLE, 'This appointment cannot be changed.', { extra: { bookingStatus: row.status } });
      const [consent] = await currentConsents(db, [row.treatmentId]);
      if (!consent || consent.text === null) throw new AppError(ErrorCode.VALIDATION, 'This treatment needs no consent.', { errors: { version: ['This treatment needs no consent'] } });
      if (consent.version !== body.version) {
        throw new AppError(ErrorCode.PRECONDITION_FAILED, 'The clinic has changed this consent since you opened it. Please read it again.', { extra: { version: consent.version } });
      }
      const signedAt = now();
      const sha256 = signatureHash({ bookingId, version: consent.version, text: consent.text, typedName: body.typedName, signedAt: signedAt.toISOString() });
      const stored = await insertBookingConsent(db, { bookingId, patientId: row.patientId!, treatmentId: row.treatmentId, version: consent.version, text: consent.text, typedName: body.typedName, signedAt, sha256 });
      return { consent: { _id: stored.id, bookingId, version: stored.version, signedAt: stored.signedAt.toISOString(), sha256: stored.sha256 } };
    },

    /**
     * `GET /api/admin/patients/:id/forms`: the answers, for the owner or a doctor the patient has
     * a booking with; never the front desk. Each read is audited as a read of health data.
     */
    async patientForms(caller: Caller, patientId: string): Promise<PatientForms> {
      const scope = scopeOf(caller, 'healthRecords');
      if (scope === 'none') throw new AppError(ErrorCode.FORBIDDEN, 'Only the patient’s doctor or the clinic’s admin may read medical histories.');
      if (scope === 'ownLane' && !(caller.doctorId && (await booking.seesDoctor(patientId, caller.doctorId)))) {
        throw new AppError(ErrorCode.FORBIDDEN, 'You can read the medical history of your own patients only.');
      }
      const [submissions, consents] = await Promise.all([submissionsOf(db, patientId), consentsOf(db, patientId)]);
      const forms = new Map((await formsByVersions(db, [...new Set(submissions.map((s) => s.version))])).map((f) => [f.version, f]));
      await audit(caller, 'forms.read', patientId, { submissions: submissions.length, consents: consents.length });
      return {
        submissions: submissions.map((s) => ({
          _id: s.id,
          version: s.version,
          title: forms.get(s.version)?.title ?? '',
          questions: forms.get(s.version)?.questions ?? [],
          answers: s.answers as FormAnswers,
          alerts: s.alerts,
          typedName: s.typedName,
          submittedAt: s.submittedAt.toISOString(),
          sha256: s.sha256,
        })),
        consents: consents.map(({ consent, treatment, date }) => ({
          _id: consent.id, bookingId: consent.bookingId, treatment, date, version: consent.version, text: consent.text,
          typedName: consent.typedName, signedAt: consent.signedAt.toISOString(), sha256: consent.sha256,
        })),
      };
    },

    /** The patient's submissions and consents, as the export lists them. */
    async exportOf(patientId: string): Promise<Pick<AccountExport, 'medicalHistory' | 'consents'>> {
      const [submissions, consents] = await Promise.all([submissionsOf(db, patientId), consentsOf(db, patientId)]);
      return {
        medicalHistory: submissions.map((s) => ({ version: s.version, answers: s.answers, typedName: s.typedName, submittedAt: s.submittedAt.toISOString(), sha256: s.sha256 })),
        consents: consents.map(({ consent, treatment, date }) => ({ bookingId: consent.bookingId, treatment, date, version: consent.version, text: consent.text, typedName: consent.typedName, signedAt: consent.signedAt.toISOString(), sha256: consent.sha256 })),
      };
    },

    /**
     * A mail's forms placeholder as it is sent: a line asking for the medical history while the
     * clinic requires it and this patient's is missing or outdated, else nothing.
     */
    async expandIntake(tx: Db, mail: { textBody: string; userId: string | null }): Promise<string> {
      if (!mail.textBody.includes('{{forms')) return mail.textBody;
      let asked = false;
      if (mail.userId && (await required())) {
        const [form, [latest]] = await Promise.all([current(), latestSubmissionsOf(tx, [mail.userId])]);
        asked = historyStatus(latest, form.version, now(), settings.historyValidMonths) !== 'current';
      }
      // In the mail's language, which its placeholder names (none: English, as it always was).
      return mail.textBody.replace(FORMS_PLACEHOLDERS, (_, lng: Locale | undefined) =>
        asked ? `\n\n${deps.texts.t(lng ?? 'en', 'intake.beforeVisit', { url: deps.texts.url(lng ?? 'en', `${deps.publicUrl}/dashboard/forms`) })}` : '');
    },

    /** An erased account's forms (section 6.5), in the erasure's transaction. */
    erase(tx: Db, patientId: string, subjectRef: string): Promise<number> {
      return eraseFormsOf(tx, patientId, subjectRef, new Date(now().getTime() + settings.clinicalRetentionDays * 86_400_000));
    },

    /** The daily purge of kept forms past CLINICAL_RECORD_RETENTION_DAYS. */
    purgeRetained(): Promise<number> {
      return purgeRetainedForms(db, now());
    },
  };
}

export type FormsService = ReturnType<typeof createFormsService>;
