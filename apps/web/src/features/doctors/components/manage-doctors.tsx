import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { texts, toasts, type Doctor } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Modal, type ModalHandle } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { actionsColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { StaffLoadFailed } from '../../../components/ui/staff-load-failed.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDoctors } from '../../../lib/doctors-query.ts';
import { useDeleteDoctor } from '../api/delete-doctor.ts';
import { DOCTOR_AVATAR_SIZE } from '../utils/doctor-photo.ts';
import { EditDoctorDialog } from './edit-doctor-dialog.tsx';

type DeleteDoctorDialogProps = { doctor: Doctor; onClose: () => void };

/** The spec's confirmation: 'Are you sure you want to delete dr.{name}', delete or cancel. */
function DeleteDoctorDialog({ doctor, onClose }: DeleteDoctorDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const deleteDoctor = useDeleteDoctor();
  const confirm = () =>
    deleteDoctor.mutate(doctor.email, {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount > 0) toast.success(toasts.doctorDeleted(doctor.name));
        else toast.error(`Doctor ${doctor.name} was already deleted`);
        modalRef.current?.close();
      },
      // The modal stays open: the admin may try again or cancel.
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <Modal ref={modalRef} title={texts.deleteDoctorConfirm(doctor.name)} onClose={onClose}>
      <p>
        {doctor.name} ({doctor.email}) will no longer be listed among the clinic&apos;s doctors.
      </p>
      <div className="modal-action">
        <Button variant="outline" onClick={() => modalRef.current?.close()}>
          cancel
        </Button>
        <Button className="btn-error" isLoading={deleteDoctor.isPending} onClick={confirm}>
          delete
        </Button>
      </div>
    </Modal>
  );
}

/**
 * Manage Doctors (spec section 2): every doctor with photo, name and specialty, and a delete
 * button that asks first. On success the modal closes and the list refreshes (spec section 4).
 * Beside it, a link to the doctor's schedule (treatments, hours, leave) and an Edit button
 * (name, specialty, photo) that keeps the doctor's treatments, hours and bookings.
 */
export function ManageDoctors() {
  const doctors = useDoctors();
  const [deleting, setDeleting] = useState<Doctor | null>(null);
  const [editing, setEditing] = useState<Doctor | null>(null);
  const titleId = useId();

  if (doctors.isPending) return <Spinner label="Loading the doctors…" />;
  if (doctors.isError) {
    return <StaffLoadFailed error={doctors.error} onRetry={() => void doctors.refetch()} />;
  }

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h2 id={titleId} className="text-xl font-semibold">
        Manage Doctors: {doctors.data.length}
      </h2>
      {doctors.data.length === 0 ? (
        <p>No doctors yet.</p>
      ) : (
        <DataTable labelledBy={titleId} columns={['Avatar', 'Name', 'Specialty', actionsColumn]}>
          {doctors.data.map((doctor) => (
            <tr key={doctor._id}>
              <td>
                <img
                  src={doctor.img}
                  alt={doctor.name}
                  width={DOCTOR_AVATAR_SIZE}
                  height={DOCTOR_AVATAR_SIZE}
                  loading="lazy"
                  decoding="async"
                  className="h-12 w-12 rounded-full object-cover"
                />
              </td>
              <td>{doctor.name}</td>
              <td>{doctor.specialty}</td>
              <td>
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={`/dashboard/doctors/${encodeURIComponent(doctor._id)}/schedule`}
                    className="btn btn-xs btn-outline"
                    aria-label={`Schedule of ${doctor.name}`}
                  >
                    Schedule
                  </Link>
                  <Button
                    variant="outline"
                    className="btn-xs"
                    aria-label={`Edit ${doctor.name}`}
                    onClick={() => setEditing(doctor)}
                  >
                    Edit
                  </Button>
                  <Button
                    className="btn-xs btn-error"
                    aria-label={`delete ${doctor.name}`}
                    onClick={() => setDeleting(doctor)}
                  >
                    delete
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {editing && <EditDoctorDialog doctor={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteDoctorDialog doctor={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}
