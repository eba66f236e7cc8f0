import { ErrorCode, type Doctor } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Caller } from '../identity/caller.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { ScheduleAdmin } from '../schedule/schedule-admin.service.ts';
import { deleteDoctor, findActiveDoctorByEmail, findDoctorById, insertDoctor, listDoctors, updateDoctor } from './doctors.repository.ts';

/** Photos come from our own image host; anything else would let a page load arbitrary URLs. */
const OWN_IMAGE = /^\/api\/image\/[0-9a-f-]{36}$/i;

export function createDoctorsService(deps: { db: Db; schedule: Pick<ScheduleAdmin, 'doctorAdded' | 'doctorChanged' | 'removeDoctor'> }) {
  const { db, schedule } = deps;
  return {
    async add(caller: Caller, doctor: { name: string; email: string; specialty: string; img: string }) {
      if (!OWN_IMAGE.test(doctor.img)) {
        throw new AppError(ErrorCode.VALIDATION, 'Upload the photo first; its URL goes in `img`.', {
          errors: { img: ['Upload the photo with POST /api/image first'] },
        });
      }
      const insertedId = await inTransaction(db, async (work) => {
        const { tx } = work;
        const id = await insertDoctor(tx, doctor);
        if (!id) return null;
        await schedule.doctorAdded(work, id, doctor.specialty);
        await recordAudit(tx, {
          actorId: caller.userId,
          actorEmail: caller.email,
          action: 'doctor.add',
          target: doctor.email,
          detail: { name: doctor.name, specialty: doctor.specialty },
        });
        return id;
      });
      if (!insertedId) {
        throw new AppError(ErrorCode.CONFLICT, 'A doctor with this email already exists.', {
          errors: { email: ['A doctor with this email already exists'] },
        });
      }
      return { insertedId };
    },

    /**
     * Edits a doctor (a typo in the name, a new photo) without deleting and adding again, which
     * would lose their treatments, hours and bookings' link. Audited; 404 for no such doctor.
     */
    async update(caller: Caller, id: string, change: { name?: string; specialty?: string; img?: string }): Promise<Doctor> {
      if (change.img !== undefined && !OWN_IMAGE.test(change.img)) {
        throw new AppError(ErrorCode.VALIDATION, 'Upload the photo first; its URL goes in `img`.', { errors: { img: ['Upload the photo with POST /api/image first'] } });
      }
      const row = !isUuid(id)
        ? null
        : await inTransaction(db, async (work) => {
            const updated = await updateDoctor(work.tx, id, change);
            if (!updated) return null;
            await schedule.doctorChanged(work);
            await recordAudit(work.tx, { actorId: caller.userId, actorEmail: caller.email, action: 'doctor.update', target: updated.email, detail: { ...change } });
            return updated;
          });
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such doctor.');
      return { _id: row.id, name: row.name, email: row.email, specialty: row.specialty, img: row.img };
    },

    /** One doctor by id (a removed one kept for their bookings too), or null; for staff accounts and a doctor's day. */
    async find(id: string): Promise<{ id: string; name: string; active: boolean } | null> {
      const row = isUuid(id) ? await findDoctorById(db, id) : null;
      return row ? { id: row.id, name: row.name, active: row.active } : null;
    },

    async list(): Promise<Doctor[]> {
      return (await listDoctors(db)).map((d) => ({ _id: d.id, name: d.name, email: d.email, specialty: d.specialty, img: d.img }));
    },

    /**
     * Removes a doctor: deleted if no booking names them, else kept inactive (design section
     * 5.6). Future bookings of theirs: 409 listing them unless `cancelFuture`.
     */
    async remove(caller: Caller, email: string, cancelFuture = false): Promise<{ deletedCount: number }> {
      const doctor = await findActiveDoctorByEmail(db, email);
      if (!doctor) return { deletedCount: 0 };
      const { deletedCount } = await schedule.removeDoctor(caller, doctor, cancelFuture, (tx) => deleteDoctor(tx, doctor.id));
      return { deletedCount };
    },
  };
}

export type DoctorsService = ReturnType<typeof createDoctorsService>;
