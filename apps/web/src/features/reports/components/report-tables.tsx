/** The report by treatment and by doctor: what became of each one's appointments, and their hours. */
import { useId } from 'react';
import type { ReportsSummary } from '@clinic/shared';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { bookingsTotal, durationLabel, rateLabel } from '../utils/report-format.ts';

export const BY_TREATMENT_TITLE = 'By treatment';
export const BY_DOCTOR_TITLE = 'By doctor';

const numeric = 'text-right';

export function ByTreatmentTable({ rows }: { rows: ReportsSummary['byTreatment'] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-2">
      <h3 id={titleId} className="text-lg font-semibold">
        {BY_TREATMENT_TITLE}
      </h3>
      {rows.length === 0 ? (
        <p>No treatment was booked in this range.</p>
      ) : (
        <DataTable
          labelledBy={titleId}
          columns={[
            'Treatment',
            'Appointments',
            'Completed',
            'No-shows',
            'Cancelled',
            'Booked time',
          ]}
        >
          {rows.map((row) => (
            <tr key={row.treatmentId}>
              <th scope="row" className="font-normal">
                {row.name}
              </th>
              <td className={numeric}>{bookingsTotal(row)}</td>
              <td className={numeric}>{row.completed}</td>
              <td className={numeric}>{row.noShow}</td>
              <td className={numeric}>{row.cancelled}</td>
              <td className={numeric}>{durationLabel(row.bookedMin)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

export function ByDoctorTable({ rows }: { rows: ReportsSummary['byDoctor'] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-2">
      <h3 id={titleId} className="text-lg font-semibold">
        {BY_DOCTOR_TITLE}
      </h3>
      {rows.length === 0 ? (
        <p>No doctor has hours or appointments in this range.</p>
      ) : (
        <DataTable
          labelledBy={titleId}
          columns={['Doctor', 'Appointments', 'Booked time', 'Open time', 'Utilization']}
        >
          {rows.map((row) => (
            <tr key={row.doctorId}>
              <th scope="row" className="font-normal">
                {row.name}
              </th>
              <td className={numeric}>{row.bookings}</td>
              <td className={numeric}>{durationLabel(row.bookedMin)}</td>
              <td className={numeric}>{durationLabel(row.openMin)}</td>
              <td className={numeric}>{rateLabel(row.utilization)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
