import { useId } from 'react';
import { Link } from 'react-router';
import type { IsoDate } from '@clinic/shared';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { StaffLoadFailed } from '../../../components/ui/staff-load-failed.tsx';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { useDoctors } from '../../../lib/doctors-query.ts';
import { DoctorTreatmentsForm } from './doctor-treatments-form.tsx';
import { ScheduleExceptionsPanel } from './schedule-exceptions-panel.tsx';
import { WorkingHoursSection } from './working-hours-section.tsx';

/**
 * One doctor's schedule (admin): the treatments they perform, their weekly hours (the clinic's,
 * or their own), and their leave, blocked stretches and special hours.
 */
export function DoctorSchedule({ doctorId, today }: { doctorId: string; today?: IsoDate }) {
  const doctors = useDoctors();
  const titleId = useId();
  if (doctors.isPending) return <Spinner label="Loading the doctor…" />;
  if (doctors.isError) {
    return <StaffLoadFailed error={doctors.error} onRetry={() => void doctors.refetch()} />;
  }
  const doctor = doctors.data.find((d) => d._id === doctorId);
  if (!doctor) {
    return (
      <div role="alert" className="flex flex-col items-start gap-4">
        <p>There is no such doctor: they may have been deleted.</p>
        <Link to="/dashboard/manage-doctor" className="btn btn-primary">
          Back to Manage Doctors
        </Link>
      </div>
    );
  }
  const doctorNames = new Map(doctors.data.map((d) => [d._id, d.name]));

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-8">
      <div className="flex flex-col gap-1">
        <Link to="/dashboard/manage-doctor" className="link self-start text-sm">
          Back to Manage Doctors
        </Link>
        <h2 id={titleId} className="break-words text-xl font-semibold">
          Schedule of {doctor.name}
        </h2>
        <p className="text-sm opacity-80">{doctor.specialty}</p>
      </div>
      <TitledSection title="Treatments" className="flex flex-col gap-3">
        <DoctorTreatmentsForm
          doctorId={doctor._id}
          doctorName={doctor.name}
          doctorNames={doctorNames}
        />
      </TitledSection>
      <TitledSection title="Weekly hours" className="flex flex-col gap-3">
        <WorkingHoursSection doctorId={doctor._id} />
      </TitledSection>
      <TitledSection title="Leave, blocks and special hours" className="flex flex-col gap-3">
        <ScheduleExceptionsPanel doctorId={doctor._id} doctorNames={doctorNames} today={today} />
      </TitledSection>
    </section>
  );
}
