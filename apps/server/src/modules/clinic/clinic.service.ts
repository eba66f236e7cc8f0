/**
 * The clinic's own details and its first run (design practice-loop.md section 10). The public
 * profile names the clinic and derives its opening hours from the schedule (never typed twice:
 * the home page says what the booking calendar offers); the owner edits the rest. Setup makes the
 * owner and the profile once, from the address the server logs while no admin exists.
 */
import { timingSafeEqual } from 'node:crypto';
import { ErrorCode, openingHoursOf, type ClinicProfile, type ClinicProfileUpdate, type clinicBasicsSchema } from '@clinic/shared';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Caller } from '../identity/caller.ts';
import type { ScheduleSnapshot } from '../schedule/schedule-snapshot.ts';
import type { UsersService } from '../users/users.service.ts';
import { clearSetupToken, ensureSetupToken, findProfile, saveProfile, type ClinicProfileRow } from './clinic.repository.ts';

export interface ClinicDeps {
  database: Pick<Database, 'db' | 'withAdvisoryLock'>;
  now: () => Date;
  schedule: Pick<ScheduleSnapshot, 'get'>;
  users: Pick<UsersService, 'hasAdmin' | 'createOwner'>;
  /** The zone in effect (the profile's from the last start, else CLINIC_TIMEZONE). */
  timeZone: string;
  publicUrl: string;
}

const sameToken = (given: string, expected: string) => {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
};

export function createClinicService({ database, now, schedule, users, timeZone, publicUrl }: ClinicDeps) {
  const { db } = database;

  async function toProfile(row: ClinicProfileRow | null): Promise<ClinicProfile> {
    const weekly = (await schedule.get()).clinicWeekly;
    return {
      name: row?.name ?? '',
      phone: row?.phone ?? '',
      email: row?.email ?? '',
      address: row?.address ?? '',
      timezone: timeZone,
      chosenTimezone: row?.timezone ?? null,
      openingHours: openingHoursOf(Object.fromEntries(weekly.map((spans, day) => [day, spans]))),
      about: row?.about ?? '',
      privacyPolicy: row?.privacyPolicy ?? '',
      terms: row?.terms ?? '',
    };
  }

  /** Setup is open while no admin exists and no ADMIN_EMAIL makes one. */
  const setupNeeded = async () => !(await users.hasAdmin());

  return {
    /** `GET /api/clinic`. */
    async profile(): Promise<ClinicProfile> {
      return toProfile(await findProfile(db));
    },

    /** `PUT /api/admin/clinic`: the owner's edit, audited. A new zone applies from the next start. */
    async update(caller: Caller, input: Required<ClinicProfileUpdate>): Promise<ClinicProfile> {
      const row = await db.transaction(async (tx) => {
        const saved = await saveProfile(tx, input, now());
        await recordAudit(tx, { actorId: caller.userId, actorEmail: caller.email, action: 'clinic.profile', target: 'clinic', detail: { name: input.name, timezone: input.timezone } });
        return saved;
      });
      return toProfile(row);
    },

    /**
     * At start-up, while setup is needed: the one-time address to log (the same on every
     * instance). Null once an admin exists.
     */
    async setupAddress(): Promise<string | null> {
      if (!(await setupNeeded())) return null;
      const token = await ensureSetupToken(db);
      return `${publicUrl.replace(/\/+$/, '')}/setup?token=${encodeURIComponent(token)}`;
    },

    /** `GET /api/setup`: 404 once done. */
    async setupStatus(): Promise<{ needed: true }> {
      if (!(await setupNeeded())) throw new AppError(ErrorCode.NOT_FOUND, 'The clinic is set up already.');
      return { needed: true };
    },

    /** `POST /api/setup`: the owner and the profile, once; a wrong token is 403. */
    async setup(input: { token: string; admin: { name: string; email: string; password: string }; clinic: z.infer<typeof clinicBasicsSchema> }): Promise<{ email: string }> {
      if (!(await setupNeeded())) throw new AppError(ErrorCode.NOT_FOUND, 'The clinic is set up already.');
      const stored = (await findProfile(db))?.setupToken;
      if (!stored || !sameToken(input.token, stored)) {
        throw new AppError(ErrorCode.FORBIDDEN, 'This setup link is not valid: use the address the server printed in its log.');
      }
      // The owner first: of two setups racing, only the one that made the owner writes the
      // profile (the other's clinic details must not overwrite the winner's). A refused owner
      // (a password the rules refuse) writes nothing; the form is sent again with the same link.
      if (!(await users.createOwner(input.admin, database.withAdvisoryLock))) {
        throw new AppError(ErrorCode.NOT_FOUND, 'The clinic is set up already.');
      }
      await db.transaction(async (tx) => {
        await saveProfile(tx, input.clinic, now());
        await clearSetupToken(tx);
        await recordAudit(tx, { actorId: 'system', actorEmail: input.admin.email, action: 'clinic.setup', target: 'clinic', detail: { name: input.clinic.name, timezone: input.clinic.timezone } });
      });
      return { email: input.admin.email };
    },
  };
}

export type ClinicService = ReturnType<typeof createClinicService>;

