import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { parseRole, type Role, type UserListItem } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/form-field.tsx';
import { Modal, ModalFooter, type ModalHandle } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDoctors } from '../../../lib/doctors-query.ts';
import { useSetUserRole } from '../api/set-user-role.ts';
import { roleLabels } from '../utils/role-labels.ts';

type RoleChangeDialogProps = { user: UserListItem; role: Role; onClose: () => void };

/**
 * Asks before a role changes, naming the person, the old and the new role; a doctor's role asks
 * which doctor the account works as. A refusal (the last admin, a doctor taken) is a toast with
 * the server's reason, and the list shows the role as it is.
 */
export function RoleChangeDialog({ user, role, onClose }: RoleChangeDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const setUserRole = useSetUserRole();
  const isDoctor = role === 'doctor';
  const doctors = useDoctors();
  const [doctorId, setDoctorId] = useState(user.doctorId ?? '');
  const [refusal, setRefusal] = useState<string | null>(null);
  const from = roleLabels[parseRole(user.role)];
  const to = roleLabels[role];
  const who = user.name || user.email;

  const confirm = () => {
    if (isDoctor && !doctorId) return setRefusal('Choose the doctor this account works as.');
    setUserRole.mutate(
      { userId: user._id, role, ...(isDoctor ? { doctorId } : {}) },
      {
        onSuccess: () => toast.success(`${who} is now ${to === 'Admin' ? 'an' : 'a'} ${to.toLowerCase()}`),
        onError: (error) => toast.error(errorMessage(error)),
        onSettled: () => modalRef.current?.close(),
      },
    );
  };

  return (
    <Modal ref={modalRef} title={`Change the role of ${who}?`} onClose={onClose}>
      <div className="flex flex-col gap-3">
        <p>
          {who} ({user.email}) goes from <strong>{from}</strong> to <strong>{to}</strong>.
          {role === 'user' && ' They keep their account and bookings, without the staff screens.'}
        </p>
        {isDoctor && (
          <SelectField
            label="Works as doctor"
            value={doctorId}
            disabled={doctors.isPending}
            error={doctors.isError ? errorMessage(doctors.error) : undefined}
            onChange={(event) => setDoctorId(event.target.value)}
          >
            <option value="">{doctors.isPending ? 'Loading the doctors…' : 'Choose a doctor'}</option>
            {doctors.data?.map((doctor) => (
              <option key={doctor._id} value={doctor._id}>
                {doctor.name}
              </option>
            ))}
          </SelectField>
        )}
        <ModalFooter refusal={refusal} dismissLabel="Cancel" onDismiss={() => modalRef.current?.close()}>
          <Button isLoading={setUserRole.isPending} onClick={confirm}>
            Make {to.toLowerCase()}
          </Button>
        </ModalFooter>
      </div>
    </Modal>
  );
}
