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
import { ErrorCode, addDays, formatMediumDate, todayInZone, type Availability, type Callback, type LinkBooking, type LinkPurpose, type LinkResult, type LinkView } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { instantText } from '../../lib/clinic-time.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { BookingRow, BookingService, RescheduleInput } from '../booking/booking.service.ts';
import type { Caller } from '../identity/caller.ts';
import { INVITATION_PLACEHOLDER, LINK_PLACEHOLDER, RECALL_PLACEHOLDER, invitationPlaceholder } from './link-placeholders.ts';
import {
  callbacksOf,
  deleteExpiredLinks,
  findLinkByHash,
  insertLinkReturningId,
  insertLinks,
  listCallbacks,
  rotateLinkToken,
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
  /** A dependent's: their first guardian's address, where their mail goes (practice-loop.md section 7). */
  email: string;
  name: string;
  emailVerified: boolean;
  phone: string;
  /** A dependent's first guardian, who books for them. */
  guardianId?: string | null;
}

/** What a recall link needs of its recall (the recall module's). */
export interface LinkRecall {
  recall: { id: string; patientId: string; treatmentId: string; dueDate: string; status: 'due' | 'booked' | 'dismissed' | 'lapsed'; bookingId: string | null };
  treatment: string;
}

/** How long a recall link lives after the recall's last follow-up. */
const RECALL_LINK_DAYS_AFTER = 30;
/** How far ahead a recall link's page looks for the three earliest free times. */
const SUGGESTION_DAYS = 30;

export interface LinksDeps {
  db: Db;
  now: () => Date;
  timeZone: string;
  publicUrl: string;
  booking: Pick<BookingService, 'visible' | 'asDto' | 'confirmAttendance' | 'cancel' | 'reschedule' | 'briefsOf' | 'availability' | 'bookFromRecall' | 'checkIn'>;
  /** CHECKIN_OPENS_MINUTES: a check-in link works from then before the start (section 6.4). */
  checkInOpensMinutes?: number;
  patients: {
    patientOf(userId: string): Promise<LinkPatient | null>;
    /** `/stop`: no more messages of this kind (the profile's `remindersOptOut` or `recallOptOut`). */
    stop(caller: Caller, kind: 'reminders' | 'recall'): Promise<void>;
  };
  recalls: {
    forLink(id: string): Promise<LinkRecall | undefined>;
    snooze(id: string): Promise<void>;
  };
  /** The days of the recall messages after the due date (RECALL_FOLLOWUP_DAYS): a recall link outlives the last. */
  recallFollowupDays: readonly number[];
  /** Queues an invitation's mail (the mail module's), in `tx`: `until` is the last day, `link` its placeholder. */
  queueInvitation?: (tx: Db, invitation: { purpose: 'guardian' | 'handover'; invitedBy: string; email: string; inviterName: string; dependentName: string; link: string; until: string; expiresAt: Date }) => Promise<unknown>;
  /** Accepts an invitation about a dependent (the families module's); late-bound, as that module needs this one. */
  invitations?: { accept(link: { purpose: 'guardian' | 'handover'; patientId: string; email: string | null; invitedBy: string | null }, caller: Caller | null, password: string | undefined): Promise<'guardian-added' | 'handed-over'> };
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
  const { db, now, timeZone, publicUrl, booking, patients, recalls } = deps;

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
      case 'check-in':
        return `You checked in on ${when}.`;
      case 'guardian':
      case 'handover':
        return `This invitation was accepted on ${when}.`;
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
    if (link.expiresAt <= now()) {
      throw new AppError(ErrorCode.LINK_EXPIRED, 'This link has expired. Please sign in to see your appointments, or call the clinic.');
    }
    const patient = await patients.patientOf(link.patientId);
    if (!patient) throw invalid();
    const caller = callerOf(link, patient);
    let row: BookingRow | undefined;
    let recall: LinkRecall | undefined;
    if (link.recallId) {
      recall = await recalls.forLink(link.recallId);
      if (!recall || recall.recall.patientId !== patient.id) throw invalid();
      if (recall.recall.status === 'dismissed') throw used('The clinic has closed this check-up reminder. Please sign in or call the clinic to book.');
      // Booked from this link (or otherwise): the same link shows that booking and can move it.
      if (recall.recall.bookingId) {
        row = await booking.visible(caller, recall.recall.bookingId).catch(() => undefined);
        if (row && row.status !== 'confirmed') row = undefined;
      }
      if (link.usedAt && !row && !lenient) throw used(usedDetail(link), { usedAt: link.usedAt.toISOString() });
      return { link, patient, caller, row, recall };
    }
    if (link.usedAt && !lenient) throw used(usedDetail(link), { usedAt: link.usedAt.toISOString() });
    if (link.bookingId) {
      row = await booking.visible(caller, link.bookingId).catch(() => undefined);
      if (!row || row.patientId !== patient.id) throw invalid();
      if (row.status !== 'confirmed') throw used(NOT_CONFIRMED[row.status], { bookingStatus: row.status });
      if (!lenient && link.bookingVersion !== null && row.version !== link.bookingVersion) throw used(CHANGED);
    }
    return { link, patient, caller, row, recall };
  }

  /** The three earliest free times of a treatment in the next 30 days, each with its doctor (a recall page's offer). */
  async function suggestionsFor(treatmentId: string): Promise<NonNullable<LinkView['suggestions']>> {
    const today = todayInZone(now(), timeZone);
    const found: NonNullable<LinkView['suggestions']> = [];
    for (let i = 0; i < SUGGESTION_DAYS && found.length < 3; i++) {
      const date = addDays(today, i);
      const day = await booking.availability(date, treatmentId).catch(() => null);
      if (!day) continue;
      const times = day.lanes
        .flatMap((lane) => lane.slots.map((slot) => ({ slot: slot.label, startMin: slot.startMin, doctorId: lane.doctor?._id ?? null })))
        .sort((a, b) => a.startMin - b.startMin);
      for (const time of times) {
        if (found.length === 3) break;
        if (!found.some((f) => f.date === date && f.slot === time.slot)) found.push({ date, slot: time.slot, doctorId: time.doctorId });
      }
    }
    return found;
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

  /** A mail's booking link placeholders as links made now (or the appointment's page, when the booking moved on). */
  async function expandBooking(tx: Db, mail: { textBody: string; userId: string | null; bookingId: string | null; bookingVersion: number | null }): Promise<string> {
    const purposes = [...new Set([...mail.textBody.matchAll(LINK_PLACEHOLDER)].map((m) => m[1] as LinkPurpose))];
    if (purposes.length === 0) return mail.textBody;
    const fallback = `${publicUrl}/dashboard/appointments${mail.bookingId ? `/${mail.bookingId}` : ''}`;
    const brief = mail.bookingId ? (await booking.briefsOf([mail.bookingId])).get(mail.bookingId) : undefined;
    const usable = brief && mail.userId && brief.patientId === mail.userId && brief.status === 'confirmed'
      && brief.version === (mail.bookingVersion ?? brief.version) && brief.startsAt > now();
    const links = new Map<LinkPurpose, string>();
    if (usable) {
      const target = { bookingId: mail.bookingId!, patientId: mail.userId!, bookingVersion: brief.version };
      // Every link works until the start; a check-in link until check-in closes, 30 minutes after.
      const untilStart = purposes.filter((p) => p !== 'check-in');
      if (untilStart.length > 0) for (const [p, url] of await mint(tx, { ...target, expiresAt: brief.startsAt }, untilStart)) links.set(p, url);
      if (purposes.includes('check-in')) {
        for (const [p, url] of await mint(tx, { ...target, expiresAt: new Date(brief.startsAt.getTime() + 30 * 60_000) }, ['check-in'])) links.set(p, url);
      }
    }
    return mail.textBody.replace(LINK_PLACEHOLDER, (_, purpose: LinkPurpose) => links.get(purpose) ?? fallback);
  }

  /** An invitation mail's placeholder as its link, with a token made now (or the sign-in page, once used or expired). */
  async function expandInvitation(tx: Db, text: string): Promise<string> {
    const ids = [...new Set([...text.matchAll(INVITATION_PLACEHOLDER)].map((m) => m[1]!))];
    const urls = new Map<string, string>();
    for (const id of ids) {
      const token = randomBytes(32).toString('base64url');
      if (await rotateLinkToken(tx, id, hashOf(token), now())) urls.set(id, `${publicUrl}/l/${token}`);
    }
    return text.replace(INVITATION_PLACEHOLDER, (_, id: string) => urls.get(id) ?? `${publicUrl}/login`);
  }

  /** A recall mail's placeholder as a recall link (or the sign-in page, when the recall is gone or another's). */
  async function expandRecall(tx: Db, text: string, userId: string | null): Promise<string> {
    const ids = [...new Set([...text.matchAll(RECALL_PLACEHOLDER)].map((m) => m[1]!))];
    const urls = new Map<string, string>();
    for (const id of ids) {
      const found = await recalls.forLink(id);
      if (!found || !userId || found.recall.patientId !== userId || found.recall.status === 'dismissed') continue;
      const lastDay = addDays(found.recall.dueDate, Math.max(0, ...deps.recallFollowupDays) + RECALL_LINK_DAYS_AFTER);
      const token = randomBytes(32).toString('base64url');
      await insertLinks(tx, [{ purpose: 'recall', tokenHash: hashOf(token), recallId: id, patientId: userId, bookingId: null, bookingVersion: null, expiresAt: new Date(`${lastDay}T23:59:59Z`) }]);
      urls.set(id, `${publicUrl}/l/${token}`);
    }
    return text.replace(RECALL_PLACEHOLDER, (_, id: string) => urls.get(id) ?? `${publicUrl}/login`);
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
      const text = await expandInvitation(tx, await expandRecall(tx, mail.textBody, mail.userId));
      return expandBooking(tx, { ...mail, textBody: text });
    },

    /** `GET /api/links/:token`. */
    async view(token: string): Promise<LinkView> {
      const { link, patient, row, recall } = await open(token);
      const view: LinkView = { purpose: link.purpose, expiresAt: link.expiresAt.toISOString(), firstName: firstNameOf(patient.name) };
      if (link.invitedBy) view.inviter = firstNameOf((await patients.patientOf(link.invitedBy))?.name ?? '');
      if (recall) {
        view.recall = { treatment: recall.treatment, dueDate: recall.recall.dueDate };
        if (!row) view.suggestions = await suggestionsFor(recall.recall.treatmentId);
      }
      if (row) {
        view.booking = await linkBookingOf(row);
        view.callbackOpen = (await openCallbackBookings(db, [row.id])).has(row.id);
      }
      return view;
    },

    /**
     * Stores an invitation about a dependent (`guardian`, `handover`) and queues its mail, in
     * `tx`; the link's token is made when the mail goes, so none is ever stored.
     */
    async invite(tx: Db, invitation: { purpose: 'guardian' | 'handover'; dependentId: string; email: string; invitedBy: string; inviterName: string; dependentName: string; expiresAt: Date }) {
      const id = await insertLinkReturningId(tx, {
        purpose: invitation.purpose, patientId: invitation.dependentId, email: invitation.email, invitedBy: invitation.invitedBy,
        tokenHash: hashOf(randomBytes(32).toString('base64url')), bookingId: null, recallId: null, bookingVersion: null, expiresAt: invitation.expiresAt,
      });
      await deps.queueInvitation?.(tx, { ...invitation, link: invitationPlaceholder(id), until: todayInZone(invitation.expiresAt, timeZone) });
    },

    /** `POST /api/links/:token/accept`: an invitation about a dependent (the families module decides). */
    async accept(token: string, caller: Caller | null, password: string | undefined): Promise<LinkResult> {
      const { link } = await open(token);
      if ((link.purpose !== 'guardian' && link.purpose !== 'handover') || !deps.invitations) throw cannot();
      const result = await deps.invitations.accept({ purpose: link.purpose, patientId: link.patientId, email: link.email, invitedBy: link.invitedBy }, caller, password);
      return done(link, { done: result });
    },

    async confirm(token: string): Promise<LinkResult> {
      const { link, caller, row } = await open(token);
      requirePurpose(link, 'confirm');
      const confirmed = await booking.confirmAttendance(caller, row!.id, link.bookingVersion ?? row!.version).catch(asLinkError);
      return done(link, { done: 'confirmed', booking: await linkBookingOf(confirmed) });
    },

    /** "I'm here" (section 6.4): the patient checks in from the day's reminder, when check-in is open. */
    async checkIn(token: string): Promise<LinkResult> {
      const { link, caller, row } = await open(token);
      requirePurpose(link, 'check-in');
      const arrived = await booking.checkIn(caller, row!.id, 'patient', deps.checkInOpensMinutes ?? 60).catch(asLinkError);
      return done(link, { done: 'checked-in', booking: await linkBookingOf(arrived) });
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
      if (!(link.purpose === 'reschedule' || (link.purpose === 'recall' && row))) throw cannot();
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
      const { link, caller } = await open(token, true);
      await patients.stop(caller, link.purpose === 'recall' ? 'recall' : 'reminders');
      return { done: 'stopped' };
    },

    /** A recall link books one of the treatment's free times, as the patient would signed in (the followed link proved the address). */
    async book(token: string, input: RescheduleInput): Promise<LinkResult> {
      const { link, patient, row, recall } = await open(token);
      requirePurpose(link, 'recall');
      if (row) throw used(`You booked this check-up for ${formatMediumDate(row.date)} at ${row.slot}. This link can move it.`);
      const result = await booking.bookFromRecall(
        { userId: patient.id, email: patient.email, name: patient.name, bookedBy: patient.guardianId ?? null },
        { treatmentId: recall!.recall.treatmentId, date: input.date, slot: input.slot, phone: patient.phone, ...(input.doctorId ? { doctorId: input.doctorId } : {}) },
      );
      const booked = await booking.visible(callerOf(link, patient), result.booking._id);
      return done(link, { done: 'booked', booking: await linkBookingOf(booked) });
    },

    /** "Not now": the recall's next message waits 30 days. */
    async snooze(token: string): Promise<LinkResult> {
      const { link, recall } = await open(token, true);
      requirePurpose(link, 'recall');
      await recalls.snooze(recall!.recall.id);
      return { done: 'snoozed' };
    },

    /**
     * The free times of the link's treatment on a date, per doctor (the page's "see more" and
     * "move to"): as `GET /api/availability` answers a signed-in patient, the booking's own
     * time counting as free.
     */
    async availability(token: string, date: string): Promise<Availability> {
      const { caller, row, recall } = await open(token, true);
      const treatmentId = row?.treatmentId ?? recall?.recall.treatmentId;
      if (!treatmentId) throw cannot();
      return booking.availability(date, treatmentId, undefined, row ? { caller, bookingId: row.id } : undefined);
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

    /** `tick.purge-links`, daily: links a week past their time (nothing can use them; a hash is still a trace). */
    purgeExpired: () => deleteExpiredLinks(db, new Date(now().getTime() - 7 * 24 * 3_600_000)),

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
