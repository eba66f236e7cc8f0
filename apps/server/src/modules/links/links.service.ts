/**
 * Signed links (design practice-loop.md section 3) and the callbacks they raise (section 5). A
 * link acts for its patient without a password, but only for its one purpose and booking, and
 * only through the same service calls the signed-in routes make (notice windows, refunds, locks,
 * limits). The token is 256 random bits, given once (in a mail) and stored as its SHA-256.
 *
 * A link is refused once used, once past its time, and once its booking has moved on (a new
 * version, a cancellation): the booking's own state decides the last, so a link whose use was
 * not recorded (an instance died between the action and the mark) is still refused.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, type Callback, type LinkBooking, type LinkPurpose, type LinkResult, type LinkView } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { instantText } from '../../lib/clinic-time.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { BookingRow, BookingService, RescheduleInput } from '../booking/booking.service.ts';
import type { Caller } from '../identity/caller.ts';
import { LINK_PLACEHOLDER } from './link-placeholders.ts';
import {
  callbacksOf,
  findLinkByHash,
  insertLinks,
  listCallbacks,
  markLinkUsed,
  openCallbackBookings,
  raiseCallback,
  resolveCallback,
  type CallbackRow,
  type LinkRow,
} from './links.repository.ts';


/** A token as the mail carries it: 43 URL-safe characters. Anything else is no link. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface LinkPatient {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export interface LinksDeps {
  db: Db;
  now: () => Date;
  timeZone: string;
  publicUrl: string;
  booking: Pick<BookingService, 'visible' | 'asDto' | 'confirmAttendance' | 'cancel' | 'reschedule' | 'briefsOf'>;
  patients: {
    patientOf(userId: string): Promise<LinkPatient | null>;
    /** `/stop`: no more reminder mails (the profile's `remindersOptOut`). */
    stopReminders(caller: Caller): Promise<void>;
  };
}

const invalid = () => new AppError(ErrorCode.NOT_FOUND, 'This link is not valid. Please sign in to see your appointments.');
const cannot = () => new AppError(ErrorCode.FORBIDDEN, 'This link cannot do that. Please sign in to see your appointments.');
const used = (detail: string, extra: Record<string, unknown> = {}) => new AppError(ErrorCode.LINK_USED, detail, { extra });
const CHANGED = 'This appointment has changed since this message was sent. Please sign in to see it as it is now.';

/** The patient's first name: all a link's page shows of them, should the mail be forwarded. */
const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** The booking's status said as what happened to it. */
const NOT_CONFIRMED = {
  cancelled: 'This appointment was cancelled.',
  completed: 'This appointment has taken place.',
  no_show: 'This appointment has passed.',
} as const;

export function createLinksService(deps: LinksDeps) {
  const { db, now, timeZone, publicUrl, booking, patients } = deps;

  /** The signed-in patient a link stands for: a patient's powers only, whatever the account's role. */
  const callerOf = (link: LinkRow, patient: LinkPatient): Caller => ({
    userId: patient.id,
    email: patient.email,
    name: patient.name,
    role: 'user',
    doctorId: null,
    sessionId: `link:${link.id}`,
    twoFactorEnabled: false,
    isAdmin: false,
    emailVerified: patient.emailVerified,
  });

  function usedDetail(link: LinkRow): string {
    const when = instantText(link.usedAt!, timeZone);
    switch (link.purpose) {
      case 'confirm':
        return `You confirmed this appointment on ${when}.`;
      case 'cancel':
        return `This appointment was cancelled on ${when}.`;
      default:
        return `This link was used on ${when}. Please sign in to see your appointment as it is now.`;
    }
  }

  /**
   * The link, its patient and its booking, or the reason it cannot be used. `lenient`: a link
   * already used may still ask for a call or stop reminders (neither changes the booking).
   */
  async function open(token: string, lenient = false) {
    if (!TOKEN_SHAPE.test(token)) throw invalid();
    const link = await findLinkByHash(db, hashOf(token));
    if (!link) throw invalid();
    if (link.usedAt && !lenient) throw used(usedDetail(link), { usedAt: link.usedAt.toISOString() });
    if (link.expiresAt <= now()) {
      throw new AppError(ErrorCode.LINK_EXPIRED, 'This link has expired. Please sign in to see your appointments, or call the clinic.');
    }
    const patient = await patients.patientOf(link.patientId);
    if (!patient) throw invalid();
    const caller = callerOf(link, patient);
    let row: BookingRow | undefined;
    if (link.bookingId) {
      row = await booking.visible(caller, link.bookingId).catch(() => undefined);
      if (!row || row.patientId !== patient.id) throw invalid();
      if (row.status !== 'confirmed') throw used(NOT_CONFIRMED[row.status], { bookingStatus: row.status });
      if (!lenient && link.bookingVersion !== null && row.version !== link.bookingVersion) throw used(CHANGED);
    }
    return { link, patient, caller, row };
  }

  async function linkBookingOf(row: BookingRow): Promise<LinkBooking> {
    const dto = await booking.asDto(row);
    return {
      _id: dto._id,
      treatment: dto.treatment,
      treatmentId: dto.treatmentId,
      date: dto.date,
      slot: dto.slot,
      doctor: dto.doctor?.name ?? null,
      doctorId: dto.doctor?._id ?? null,
      status: dto.status,
      confirmedAt: row.patientConfirmedAt?.toISOString() ?? null,
      cancelUntil: dto.canCancel ? dto.cancelDeadline : null,
      rescheduleUntil: dto.canReschedule ? dto.rescheduleDeadline : null,
    };
  }

  function requirePurpose(link: LinkRow, purpose: LinkPurpose) {
    if (link.purpose !== purpose) throw cannot();
  }

  /** A change refused because the booking moved on meanwhile is the link's staleness, not the patient's mistake. */
  const asLinkError = (error: unknown): never => {
    if (error instanceof AppError && error.code === ErrorCode.PRECONDITION_FAILED) throw used(CHANGED);
    throw error;
  };

  /**
   * Fresh links for a booking at its version, one per purpose, valid until `expiresAt`, in
   * `tx`: the addresses to put in a message (`PUBLIC_URL/l/<token>`).
   */
  async function mint(
    tx: Db,
    target: { bookingId: string; patientId: string; bookingVersion: number; expiresAt: Date },
    purposes: readonly LinkPurpose[],
  ): Promise<Map<LinkPurpose, string>> {
    const made = purposes.map((purpose) => ({ purpose, token: randomBytes(32).toString('base64url') }));
    await insertLinks(
      tx,
      made.map(({ purpose, token }) => ({ ...target, purpose, tokenHash: hashOf(token), recallId: null })),
    );
    return new Map(made.map(({ purpose, token }) => [purpose, `${publicUrl}/l/${token}`]));
  }

  async function done(link: LinkRow, result: LinkResult): Promise<LinkResult> {
    await markLinkUsed(db, link.id, now());
    return result;
  }

  async function callbackDto(row: CallbackRow, briefs: Awaited<ReturnType<LinksDeps['booking']['briefsOf']>>): Promise<Callback> {
    const brief = briefs.get(row.bookingId);
    return {
      _id: row.id,
      bookingId: row.bookingId,
      patient: brief?.patient ?? { name: '', email: '', phone: '' },
      booking: brief
        ? { treatment: brief.treatment, date: brief.date, slot: brief.slot, status: brief.status }
        : { treatment: '', date: '', slot: '', status: 'cancelled' },
      note: row.note,
      createdAt: row.createdAt.toISOString(),
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
      resolvedBy: row.resolvedBy,
    };
  }

  return {
    mint,

    /**
     * A queued mail's text with its link placeholders replaced by links made now, when it is
     * sent (so a token exists only in the mail that carries it, and lives from the send). A
     * mail whose booking is gone or moved on keeps working: its placeholders become the
     * appointment's page, which asks to sign in.
     */
    async expand(tx: Db, mail: { textBody: string; userId: string | null; bookingId: string | null; bookingVersion: number | null }): Promise<string> {
      const purposes = [...new Set([...mail.textBody.matchAll(LINK_PLACEHOLDER)].map((m) => m[1] as LinkPurpose))];
      if (purposes.length === 0) return mail.textBody;
      const fallback = `${publicUrl}/dashboard/appointments${mail.bookingId ? `/${mail.bookingId}` : ''}`;
      const brief = mail.bookingId ? (await booking.briefsOf([mail.bookingId])).get(mail.bookingId) : undefined;
      const usable = brief && mail.userId && brief.patientId === mail.userId && brief.status === 'confirmed'
        && brief.version === (mail.bookingVersion ?? brief.version) && brief.startsAt > now();
      const links = usable
        ? await mint(tx, { bookingId: mail.bookingId!, patientId: mail.userId!, bookingVersion: brief.version, expiresAt: brief.startsAt }, purposes)
        : new Map<LinkPurpose, string>();
      return mail.textBody.replace(LINK_PLACEHOLDER, (_, purpose: LinkPurpose) => links.get(purpose) ?? fallback);
    },

    /** `GET /api/links/:token`. */
    async view(token: string): Promise<LinkView> {
      const { link, patient, row } = await open(token);
      const view: LinkView = { purpose: link.purpose, expiresAt: link.expiresAt.toISOString(), firstName: firstNameOf(patient.name) };
      if (row) {
        view.booking = await linkBookingOf(row);
        view.callbackOpen = (await openCallbackBookings(db, [row.id])).has(row.id);
      }
      return view;
    },

    async confirm(token: string): Promise<LinkResult> {
      const { link, caller, row } = await open(token);
      requirePurpose(link, 'confirm');
      const confirmed = await booking.confirmAttendance(caller, row!.id, link.bookingVersion ?? row!.version).catch(asLinkError);
      return done(link, { done: 'confirmed', booking: await linkBookingOf(confirmed) });
    },

    async cancel(token: string, reason?: string): Promise<LinkResult> {
      const { link, caller, row } = await open(token);
      requirePurpose(link, 'cancel');
      const result = await booking.cancel(caller, row!.id, reason, link.bookingVersion ?? row!.version).catch(asLinkError);
      const cancelled = await booking.visible(caller, result.booking._id);
      return done(link, { done: 'cancelled', booking: await linkBookingOf(cancelled) });
    },

    async reschedule(token: string, input: RescheduleInput): Promise<LinkResult> {
      const { link, caller, row } = await open(token);
      requirePurpose(link, 'reschedule');
      await booking.reschedule(caller, row!.id, input, `"v${link.bookingVersion ?? row!.version}"`).catch(asLinkError);
      const moved = await booking.visible(caller, row!.id);
      return done(link, { done: 'rescheduled', booking: await linkBookingOf(moved) });
    },

    /** "Please call me": one open callback per booking; asking again is the same request. */
    async callback(token: string, note?: string): Promise<LinkResult> {
      const { patient, row } = await open(token, true);
      if (!row) throw cannot();
      await raiseCallback(db, { bookingId: row.id, patientId: patient.id, note: note ?? '' });
      return { done: 'callback', booking: await linkBookingOf(row) };
    },

    /** No more reminder mails (the same choice as the profile's). */
    async stop(token: string): Promise<LinkResult> {
      const { caller } = await open(token, true);
      await patients.stopReminders(caller);
      return { done: 'stopped' };
    },

    /** Of these bookings, those whose patient waits for a call (the front desk's list). */
    openCallbacks: (bookingIds: readonly string[]) => openCallbackBookings(db, bookingIds),

    /** `GET /api/admin/callbacks`: a read of patients' contact details, audited. */
    async listCallbacks(caller: Caller, open: boolean): Promise<Callback[]> {
      const rows = await listCallbacks(db, open);
      const briefs = await booking.briefsOf([...new Set(rows.map((r) => r.bookingId))]);
      await recordAudit(db, { actorId: caller.userId, actorEmail: caller.email, action: 'callback.read-list', target: 'callbacks', detail: { open, count: rows.length } });
      return Promise.all(rows.map((row) => callbackDto(row, briefs)));
    },

    async resolveCallback(caller: Caller, id: string): Promise<Callback> {
      if (!isUuid(id)) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such callback.');
      const row = await resolveCallback(db, id, caller.email, now());
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such callback.');
      await recordAudit(db, { actorId: caller.userId, actorEmail: caller.email, action: 'callback.resolve', target: id, detail: { bookingId: row.bookingId } });
      return callbackDto(row, await booking.briefsOf([row.bookingId]));
    },

    /** A patient's callbacks, as their export lists them. */
    async exportOf(patientId: string) {
      return (await callbacksOf(db, patientId)).map((row) => ({
        bookingId: row.bookingId,
        note: row.note,
        createdAt: row.createdAt.toISOString(),
        resolvedAt: row.resolvedAt?.toISOString() ?? null,
      }));
    },
  };
}

export type LinksService = ReturnType<typeof createLinksService>;
