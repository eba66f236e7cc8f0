import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { AdminTreatment } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { StaffLoadFailed } from '../../../components/ui/staff-load-failed.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAdminTreatments } from '../../../lib/admin-treatments-query.ts';
import {
  futureBookingsConflict,
  type FutureBookingsConflict,
} from '../api/future-bookings-conflict.ts';
import { useDoctorTreatments } from '../api/get-doctor-treatments.ts';
import { useSaveDoctorTreatments } from '../api/save-doctor-treatments.ts';
import { durationLabel } from '../utils/schedule-labels.ts';
import { AffectedBookingsList } from './affected-bookings-list.tsx';

type ChoicesProps = {
  doctorId: string;
  doctorName: string;
  treatments: readonly AdminTreatment[];
  saved: readonly string[];
  doctorNames: ReadonlyMap<string, string>;
};

function TreatmentChoices({ doctorId, doctorName, treatments, saved, doctorNames }: ChoicesProps) {
  const save = useSaveDoctorTreatments();
  const [chosen, setChosen] = useState<readonly string[]>(saved);
  const [conflict, setConflict] = useState<FutureBookingsConflict | null>(null);
  // Archived treatments only while the doctor still has them, so they can be taken away.
  const shown = treatments.filter((t) => t.active || saved.includes(t._id));

  const toggle = (id: string, isChosen: boolean) =>
    setChosen((ids) => (isChosen ? [...ids, id] : ids.filter((other) => other !== id)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setConflict(null);
    save.mutate(
      { doctorId, treatmentIds: [...chosen] },
      {
        onSuccess: () => toast.success(`Treatments of ${doctorName} saved`),
        onError: (error) => {
          const inTheWay = futureBookingsConflict(error);
          if (inTheWay) setConflict(inTheWay);
          else toast.error(errorMessage(error));
        },
      },
    );
  };

  if (shown.length === 0) {
    return (
      <p>
        No treatments yet.{' '}
        <Link to="/dashboard/treatments" className="link text-primary">
          Add them under Treatments
        </Link>
        .
      </p>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm">Treatments {doctorName} performs</legend>
        {shown.map((treatment) => (
          <label key={treatment._id} className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={chosen.includes(treatment._id)}
              onChange={(event) => toggle(treatment._id, event.target.checked)}
            />
            <span className="break-words">
              {`${treatment.name} (${durationLabel(treatment.durationMin)}${treatment.active ? '' : ', archived'})`}
            </span>
          </label>
        ))}
      </fieldset>
      {conflict && (
        <div role="alert" className="alert alert-error flex-col items-start text-sm">
          <p className="font-medium">
            Not saved: {doctorName} has bookings of a treatment being taken away.
          </p>
          <AffectedBookingsList conflict={conflict} doctorNames={doctorNames} />
          <p>Move or cancel them first, or keep those treatments.</p>
        </div>
      )}
      <Button type="submit" className="self-start" isLoading={save.isPending}>
        Save treatments
      </Button>
    </form>
  );
}

type DoctorTreatmentsFormProps = {
  doctorId: string;
  doctorName: string;
  doctorNames: ReadonlyMap<string, string>;
};

/**
 * Which treatments one doctor performs: a checkbox per treatment, saved together. Taking away a
 * treatment the doctor still has bookings of is refused, and those bookings are listed.
 */
export function DoctorTreatmentsForm({
  doctorId,
  doctorName,
  doctorNames,
}: DoctorTreatmentsFormProps) {
  const treatments = useAdminTreatments();
  const own = useDoctorTreatments(doctorId);
  if (treatments.isPending || own.isPending) return <Spinner label="Loading the treatments…" />;
  if (treatments.isError) {
    return <StaffLoadFailed error={treatments.error} onRetry={() => void treatments.refetch()} />;
  }
  if (own.isError) return <StaffLoadFailed error={own.error} onRetry={() => void own.refetch()} />;
  const sorted = [...treatments.data].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <TreatmentChoices
      doctorId={doctorId}
      doctorName={doctorName}
      treatments={sorted}
      saved={own.data.treatmentIds}
      doctorNames={doctorNames}
    />
  );
}
