import type { AdminTreatment, TreatmentUpdate } from '@clinic/shared';

type TreatmentFields = {
  name: string;
  price: number;
  durationMin: number;
  description: string;
  requiresDoctor: boolean;
  doctorIds?: readonly string[] | undefined;
  /** Absent where the form does not ask (adding); null: no recall. */
  recallMonths?: number | null | undefined;
};

function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
}

/**
 * Only the fields an edit changed, for the PATCH: a field sent unchanged could still set off its
 * rule on the server (a duration re-checked against bookings, doctors re-assigned).
 */
export function treatmentChanges(before: AdminTreatment, after: TreatmentFields): TreatmentUpdate {
  const changes: TreatmentUpdate = {};
  if (after.name !== before.name) changes.name = after.name;
  if (after.price !== before.price) changes.price = after.price;
  if (after.durationMin !== before.durationMin) changes.durationMin = after.durationMin;
  if (after.description !== before.description) changes.description = after.description;
  if (after.requiresDoctor !== before.requiresDoctor) changes.requiresDoctor = after.requiresDoctor;
  const doctorIds = after.doctorIds ?? [];
  if (!sameMembers(doctorIds, before.doctorIds)) changes.doctorIds = [...doctorIds];
  if (after.recallMonths !== undefined && after.recallMonths !== (before.recallMonths ?? null)) {
    changes.recallMonths = after.recallMonths;
  }
  return changes;
}
