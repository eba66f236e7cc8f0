import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { AdminTreatment, Doctor } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Modal, type ModalHandle } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { StaffLoadFailed } from '../../../components/ui/staff-load-failed.tsx';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAdminTreatments } from '../../../lib/admin-treatments-query.ts';
import { useDoctors } from '../../../lib/doctors-query.ts';
import { priceLabel } from '../../../lib/price-label.ts';
import { useDeleteTreatment, type TreatmentDeleted } from '../api/delete-treatment.ts';
import {
  futureBookingsConflict,
  type FutureBookingsConflict,
} from '../api/future-bookings-conflict.ts';
import { useUpdateTreatment } from '../api/update-treatment.ts';
import { cancelledText, durationLabel, monthsLabel } from '../utils/schedule-labels.ts';
import { CancelBookingsDialog } from './cancel-bookings-dialog.tsx';
import { TreatmentConsentDialog } from './treatment-consent-dialog.tsx';
import { TreatmentForm } from './treatment-form.tsx';

/** What became of a deleted treatment: gone, or archived because patients once booked it. */
function deletedText(name: string, { deletedCount, archived }: TreatmentDeleted): string {
  if (archived)
    return `${name} was booked before, so it was archived instead: old bookings keep it.`;
  return deletedCount > 0 ? `Treatment ${name} deleted` : `Treatment ${name} was already deleted`;
}

type DeleteTreatmentDialogProps = {
  treatment: AdminTreatment;
  /** The delete was refused for bookings to come: the owner offers to cancel them. */
  onBlocked: (conflict: FutureBookingsConflict) => void;
  onClose: () => void;
};

function DeleteTreatmentDialog({ treatment, onBlocked, onClose }: DeleteTreatmentDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const remove = useDeleteTreatment();
  const confirm = () =>
    remove.mutate(
      { id: treatment._id, cancelFuture: false },
      {
        onSuccess: (result) => {
          toast.success(deletedText(treatment.name, result));
          modalRef.current?.close();
        },
        onError: (error) => {
          const conflict = futureBookingsConflict(error);
          if (!conflict) {
            // The modal stays open: the admin may try again or cancel.
            toast.error(errorMessage(error));
            return;
          }
          onBlocked(conflict);
          modalRef.current?.close();
        },
      },
    );
  return (
    <Modal ref={modalRef} title={`Delete ${treatment.name}?`} onClose={onClose}>
      <p>
        Patients can no longer book it. If it was ever booked it is archived instead, and old
        bookings keep its name.
      </p>
      <div className="modal-action flex-wrap">
        <Button variant="outline" onClick={() => modalRef.current?.close()}>
          Keep it
        </Button>
        <Button className="btn-error" isLoading={remove.isPending} onClick={confirm}>
          Delete
        </Button>
      </div>
    </Modal>
  );
}

type CancelAndDeleteDialogProps = {
  treatment: AdminTreatment;
  conflict: FutureBookingsConflict;
  doctorNames: ReadonlyMap<string, string>;
  onClose: () => void;
};

/** The delete again, cancelling the bookings in the way once the admin has confirmed twice. */
function CancelAndDeleteDialog({
  treatment,
  conflict,
  doctorNames,
  onClose,
}: CancelAndDeleteDialogProps) {
  const dialogRef = useRef<ModalHandle>(null);
  const remove = useDeleteTreatment();
  const cancelAndDelete = () =>
    remove.mutate(
      { id: treatment._id, cancelFuture: true },
      {
        onSuccess: (result) => {
          toast.success(`${deletedText(treatment.name, result)} ${cancelledText(conflict.count)}`);
          dialogRef.current?.close();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <CancelBookingsDialog
      ref={dialogRef}
      title={`${treatment.name} has bookings to come`}
      conflict={conflict}
      doctorNames={doctorNames}
      isPending={remove.isPending}
      onCancelAndNotify={cancelAndDelete}
      onClose={onClose}
    />
  );
}

type EditTreatmentDialogProps = {
  treatment: AdminTreatment;
  doctors: readonly Doctor[];
  onClose: () => void;
};

function EditTreatmentDialog({ treatment, doctors, onClose }: EditTreatmentDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const close = () => modalRef.current?.close();
  return (
    <Modal ref={modalRef} title={`Edit ${treatment.name}`} onClose={onClose}>
      <TreatmentForm doctors={doctors} treatment={treatment} onSaved={close} onCancel={close} />
    </Modal>
  );
}

type TreatmentCardProps = {
  treatment: AdminTreatment;
  doctorNames: ReadonlyMap<string, string>;
  onEdit: () => void;
  onConsent: () => void;
  onDelete: () => void;
};

function TreatmentCard({ treatment, doctorNames, onEdit, onConsent, onDelete }: TreatmentCardProps) {
  const headingId = useId();
  const update = useUpdateTreatment();
  const doctors = treatment.doctorIds.flatMap((id) => doctorNames.get(id) ?? []);
  const toggleActive = () =>
    update.mutate(
      { id: treatment._id, changes: { active: !treatment.active } },
      {
        onSuccess: (saved) =>
          toast.success(
            saved.active
              ? `${saved.name} restored: patients can book it again`
              : `${saved.name} archived: patients can no longer book it`,
          ),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <li
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-box border border-base-300 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="break-words font-semibold">
          {treatment.name}
        </h3>
        <span className={`badge ${treatment.active ? 'badge-success' : 'badge-ghost'}`}>
          {treatment.active ? 'Active' : 'Archived'}
        </span>
      </div>
      {treatment.description && <p className="break-words text-sm">{treatment.description}</p>}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="opacity-70">Price</dt>
        <dd>{priceLabel(treatment.price)}</dd>
        <dt className="opacity-70">Duration</dt>
        <dd>{durationLabel(treatment.durationMin)}</dd>
        <dt className="opacity-70">Requires a doctor</dt>
        <dd>{treatment.requiresDoctor ? 'Yes' : 'No'}</dd>
        <dt className="opacity-70">Doctors</dt>
        <dd className="break-words">{doctors.length > 0 ? doctors.join(', ') : 'None'}</dd>
        {treatment.recallMonths != null && (
          <>
            <dt className="opacity-70">Recall</dt>
            <dd>{monthsLabel(treatment.recallMonths)}</dd>
          </>
        )}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          className="btn-sm"
          aria-label={`Edit ${treatment.name}`}
          onClick={onEdit}
        >
          Edit
        </Button>
        <Button
          variant="outline"
          className="btn-sm"
          aria-label={`Consent text for ${treatment.name}`}
          onClick={onConsent}
        >
          Consent text
        </Button>
        <Button
          variant="outline"
          className="btn-sm"
          aria-label={`${treatment.active ? 'Archive' : 'Restore'} ${treatment.name}`}
          isLoading={update.isPending}
          onClick={toggleActive}
        >
          {treatment.active ? 'Archive' : 'Restore'}
        </Button>
        <Button
          className="btn-sm btn-error"
          aria-label={`Delete ${treatment.name}`}
          onClick={onDelete}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

/**
 * Treatments (admin): every treatment with its price, duration, doctors and whether it is offered
 * (Active) or archived; edit, its consent text, archive or restore, delete; and a form to add
 * one. A delete refused for bookings to come lists them and offers to cancel them (each patient
 * is mailed) after a second confirmation.
 */
export function TreatmentsAdmin() {
  const treatments = useAdminTreatments();
  const doctors = useDoctors();
  const titleId = useId();
  const [editing, setEditing] = useState<AdminTreatment | null>(null);
  const [consentOf, setConsentOf] = useState<AdminTreatment | null>(null);
  const [deleting, setDeleting] = useState<AdminTreatment | null>(null);
  const [blocked, setBlocked] = useState<{
    treatment: AdminTreatment;
    conflict: FutureBookingsConflict;
  } | null>(null);

  if (treatments.isPending || doctors.isPending) return <Spinner label="Loading the treatments…" />;
  if (treatments.isError) {
    return <StaffLoadFailed error={treatments.error} onRetry={() => void treatments.refetch()} />;
  }
  if (doctors.isError) {
    return <StaffLoadFailed error={doctors.error} onRetry={() => void doctors.refetch()} />;
  }

  const doctorNames = new Map(doctors.data.map((doctor) => [doctor._id, doctor.name]));
  // Offered ones first, then by name.
  const sorted = [...treatments.data].sort(
    (a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name),
  );

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-6">
      <h2 id={titleId} className="text-xl font-semibold">
        Treatments: {sorted.length}
      </h2>
      {sorted.length === 0 ? (
        <p>No treatments yet. Add the first one below.</p>
      ) : (
        <ul aria-labelledby={titleId} className="grid grid-cols-1 gap-3 xl:grid-cols-2">
          {sorted.map((treatment) => (
            <TreatmentCard
              key={treatment._id}
              treatment={treatment}
              doctorNames={doctorNames}
              onEdit={() => setEditing(treatment)}
              onConsent={() => setConsentOf(treatment)}
              onDelete={() => setDeleting(treatment)}
            />
          ))}
        </ul>
      )}
      <TitledSection title="Add a treatment" className="flex flex-col gap-3">
        <TreatmentForm doctors={doctors.data} />
      </TitledSection>
      {editing && (
        <EditTreatmentDialog
          treatment={editing}
          doctors={doctors.data}
          onClose={() => setEditing(null)}
        />
      )}
      {consentOf && (
        <TreatmentConsentDialog treatment={consentOf} onClose={() => setConsentOf(null)} />
      )}
      {deleting && (
        <DeleteTreatmentDialog
          treatment={deleting}
          onBlocked={(conflict) => setBlocked({ treatment: deleting, conflict })}
          onClose={() => setDeleting(null)}
        />
      )}
      {blocked && (
        <CancelAndDeleteDialog
          treatment={blocked.treatment}
          conflict={blocked.conflict}
          doctorNames={doctorNames}
          onClose={() => setBlocked(null)}
        />
      )}
    </section>
  );
}
