/**
 * The schedule as every booking and availability answer reads it: loaded once, kept in memory,
 * and dropped when any instance changes it (the availability channel's `schedule` notification,
 * `availability-channel.ts`) or when this instance's listener lost its connection. Reads of a
 * snapshot being reloaded share one load; a load that overlaps a reset is returned but not kept.
 */
import { addDays, todayInZone } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { emptyWeek, type Schedule, type Weekly } from './schedule-rules.ts';
import { readScheduleRows } from './schedule.repository.ts';

/**
 * The schedule as `tx` sees it. Exceptions that ended before yesterday can no longer shape any
 * bookable day; `since` keeps those of an earlier date on (the reports' past open hours).
 */
export async function loadSchedule(tx: Db, now: Date, timeZone: string, since?: string): Promise<Schedule> {
  const yesterday = addDays(todayInZone(now, timeZone), -1);
  const rows = await readScheduleRows(tx, since !== undefined && since < yesterday ? since : yesterday);
  const doctorIdsOf = new Map<string, string[]>();
  for (const link of rows.links) {
    const list = doctorIdsOf.get(link.treatmentId) ?? [];
    list.push(link.doctorId);
    doctorIdsOf.set(link.treatmentId, list);
  }
  const clinicWeekly = emptyWeek();
  const doctorWeekly = new Map<string, Weekly>();
  for (const h of rows.hours) {
    let week = clinicWeekly;
    if (h.doctorId !== null) {
      week = doctorWeekly.get(h.doctorId) ?? emptyWeek();
      doctorWeekly.set(h.doctorId, week);
    }
    week[h.weekday]!.push({ start: h.startMin, end: h.endMin });
  }
  return {
    version: rows.version,
    treatments: rows.treatments.map((t) => ({
      id: t.id,
      name: t.name,
      priceCents: t.priceCents,
      durationMin: t.durationMin,
      requiresDoctor: t.requiresDoctor,
      active: t.active,
      description: t.description,
      recallMonths: t.recallMonths,
      doctorIds: (doctorIdsOf.get(t.id) ?? []).sort(),
    })),
    doctors: new Map(rows.doctors.map((d) => [d.id, { id: d.id, name: d.name, email: d.email, img: d.img, bio: d.bio, active: d.active }])),
    clinicWeekly,
    doctorWeekly,
    exceptions: rows.exceptions.map((e) => ({
      id: e.id,
      doctorId: e.doctorId,
      dateFrom: e.dateFrom,
      dateTo: e.dateTo,
      kind: e.kind,
      startMin: e.startMin,
      endMin: e.endMin,
    })),
  };
}

export function createScheduleSnapshot(deps: { db: Db; now: () => Date; timeZone: string }) {
  const { db, now, timeZone } = deps;
  let kept: Schedule | undefined;
  let loading: Promise<Schedule> | undefined;
  let epoch = 0;
  const load = () => db.transaction((tx) => loadSchedule(tx, now(), timeZone));

  return {
    /** The current schedule. */
    get(): Promise<Schedule> {
      if (kept) return Promise.resolve(kept);
      if (loading) return loading;
      const startedAt = epoch;
      const run = load()
        .then((schedule) => {
          if (epoch === startedAt) kept = schedule;
          return schedule;
        })
        .finally(() => {
          if (loading === run) loading = undefined;
        });
      loading = run;
      return run;
    },

    /** The schedule when it is loaded, without loading it. */
    peek(): Schedule | undefined {
      return kept;
    },

    /** The schedule changed (or changes may have been missed): read it again on next use. */
    reset() {
      epoch++;
      kept = undefined;
      loading = undefined;
    },
  };
}

export type ScheduleSnapshot = ReturnType<typeof createScheduleSnapshot>;
