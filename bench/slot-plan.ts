/**
 * Free slots for a booking load: distinct (doctor, day, time) that no two requests share, each
 * given to a patient so that none has two on one day, as the clinic of bench/clinic-setup.ts
 * offers them (GET /api/availability, doctor by doctor). Every booking of such a plan can succeed:
 * a load measures bookings, not refusals.
 */

/** One booking of a plan: its slot and the patient who books it. */
export interface Planned {
  /** Whose booking it is: each patient's are on different days. */
  patient: number;
  treatmentId: string;
  doctorId: string;
  date: string;
  slot: string;
  startMin: number;
  endMin: number;
}

const dayAt = (i: number) => new Date(Date.now() + i * 86_400_000).toISOString().slice(0, 10);

/**
 * Distinct free slots: for each doctor and day, times that do not overlap each other, whatever
 * the treatment, so that no request can lose to another; in day order.
 */
export async function planFreeSlots(base: string, token: string, count: number, patients: number): Promise<Planned[]> {
  const headers = { authorization: `Bearer ${token}` };
  const treatments = (await (await fetch(`${base}/api/service`)).json()) as { _id: string }[];
  const plan: Planned[] = [];
  for (let day = 1; day < 89 && plan.length < count; day++) {
    const date = dayAt(day);
    const byDoctor = new Map<string, Planned[]>();
    for (const { _id: treatmentId } of treatments) {
      const res = await fetch(`${base}/api/availability?date=${date}&treatmentId=${treatmentId}`, {
        headers,
      });
      if (!res.ok) throw new Error(`availability ${res.status}: ${await res.text()}`);
      const { lanes } = (await res.json()) as {
        lanes: {
          doctor: { _id: string } | null;
          slots: { label: string; startMin: number; endMin: number }[];
        }[];
      };
      for (const lane of lanes) {
        if (!lane.doctor) continue;
        const list = byDoctor.get(lane.doctor._id) ?? [];
        byDoctor.set(lane.doctor._id, list);
        for (const s of lane.slots)
          list.push({
            patient: 0,
            treatmentId,
            doctorId: lane.doctor._id,
            date,
            slot: s.label,
            startMin: s.startMin,
            endMin: s.endMin,
          });
      }
    }
    for (const candidates of byDoctor.values()) {
      let end = -1;
      const seen = new Set<string>();
      for (const c of candidates.sort((a, b) => a.endMin - b.endMin)) {
        if (c.startMin < end || seen.has(c.treatmentId + c.startMin)) continue;
        plan.push(c);
        end = c.endMin;
        seen.add(c.treatmentId + c.startMin);
      }
    }
  }
  if (plan.length < count)
    throw new Error(
      `only ${plan.length} distinct free slots in the booking window, ${count} needed`,
    );
  // In day order, the i-th slot goes to patient i % patients: a patient's slots are `patients`
  // apart, more than a day holds, so no patient has two on one day. Then shuffled (a fixed seed), as many patients'
  // choices arrive: spread over the days and doctors, not one doctor's day after another.
  const chosen = plan.slice(0, count).map((slot, i) => ({ ...slot, patient: i % patients }));
  let seed = 21;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = chosen.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [chosen[i], chosen[j]] = [chosen[j]!, chosen[i]!];
  }
  return chosen;
}
