import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { staffInviteRequestSchema, type StaffRole } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { EmailField, SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useQuery } from '@tanstack/react-query';
import { doctorsQueryOptions } from '../../../lib/doctors-query.ts';
import { useInviteStaff } from '../api/invite-staff.ts';
import { roleLabels } from '../utils/role-labels.ts';

const staffRoles: readonly StaffRole[] = ['receptionist', 'doctor', 'admin'];

type Errors = Partial<Record<'email' | 'name' | 'doctorId', string>>;

/**
 * Invites staff (`POST /api/admin/staff`): an existing account gets the role; a new address gets
 * an account and a welcome mail to set its password. Checked with the route's own schema first.
 */
export function InviteStaffForm() {
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('receptionist');
  const [doctorId, setDoctorId] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const inviteStaff = useInviteStaff();
  // Asked for only once a doctor's account is being made.
  const doctors = useQuery({ ...doctorsQueryOptions(), enabled: role === 'doctor' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = { email, name, role, ...(role === 'doctor' && doctorId ? { doctorId } : {}) };
    const parsed = staffInviteRequestSchema.safeParse(request);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        found[key] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    inviteStaff.mutate(parsed.data, {
      onSuccess: ({ user }) => {
        toast.success(`${user.email} is now ${roleLabels[user.role].toLowerCase()} staff`);
        setEmail('');
        setName('');
        setDoctorId('');
      },
      onError: (error) => {
        if (isApiError(error) && Object.keys(error.errors).length > 0) {
          setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])) as Errors);
        } else toast.error(errorMessage(error));
      },
    });
  };

  return (
    <section aria-labelledby={titleId} className="card card-border bg-base-100">
      <form className="card-body gap-3 p-4" onSubmit={submit} noValidate>
        <h3 id={titleId} className="text-lg font-semibold">
          Invite staff
        </h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <EmailField value={email} error={errors.email} autoComplete="off" onChange={(e) => setEmail(e.target.value)} />
          <TextField label="Name" value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
          <SelectField label="Role" value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
            {staffRoles.map((r) => (
              <option key={r} value={r}>
                {roleLabels[r]}
              </option>
            ))}
          </SelectField>
          {role === 'doctor' && (
            <SelectField label="Works as doctor" value={doctorId} error={errors.doctorId} onChange={(e) => setDoctorId(e.target.value)}>
              <option value="">Choose a doctor</option>
              {doctors.data?.map((doctor) => (
                <option key={doctor._id} value={doctor._id}>
                  {doctor.name}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        <Button type="submit" className="w-fit" isLoading={inviteStaff.isPending}>
          Send invitation
        </Button>
      </form>
    </section>
  );
}
