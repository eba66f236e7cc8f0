import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { staffInviteRequestSchema, type StaffRole } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useQuery } from '@tanstack/react-query';
import { doctorsQueryOptions } from '../api/get-doctors.ts';
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
  const ids = { email: useId(), name: useId(), role: useId(), doctorId: useId() };
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

  const fieldError = (key: keyof Errors) =>
    errors[key] ? (
      <p id={`${ids[key]}-error`} className="text-sm text-error">
        {errors[key]}
      </p>
    ) : null;
  const describedBy = (key: keyof Errors) => (errors[key] ? `${ids[key]}-error` : undefined);

  return (
    <section aria-labelledby={titleId} className="card card-border bg-base-100">
      <form className="card-body gap-3 p-4" onSubmit={submit} noValidate>
        <h3 id={titleId} className="text-lg font-semibold">
          Invite staff
        </h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.email} className="text-sm font-medium">
              Email
            </label>
            <input
              id={ids.email}
              type="email"
              className="input w-full"
              value={email}
              aria-invalid={Boolean(errors.email)}
              aria-describedby={describedBy('email')}
              onChange={(e) => setEmail(e.target.value)}
            />
            {fieldError('email')}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.name} className="text-sm font-medium">
              Name
            </label>
            <input
              id={ids.name}
              className="input w-full"
              value={name}
              aria-invalid={Boolean(errors.name)}
              aria-describedby={describedBy('name')}
              onChange={(e) => setName(e.target.value)}
            />
            {fieldError('name')}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.role} className="text-sm font-medium">
              Role
            </label>
            <select id={ids.role} className="select w-full" value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
              {staffRoles.map((r) => (
                <option key={r} value={r}>
                  {roleLabels[r]}
                </option>
              ))}
            </select>
          </div>
          {role === 'doctor' && (
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.doctorId} className="text-sm font-medium">
                Works as doctor
              </label>
              <select
                id={ids.doctorId}
                className="select w-full"
                value={doctorId}
                aria-invalid={Boolean(errors.doctorId)}
                aria-describedby={describedBy('doctorId')}
                onChange={(e) => setDoctorId(e.target.value)}
              >
                <option value="">Choose a doctor</option>
                {doctors.data?.map((doctor) => (
                  <option key={doctor._id} value={doctor._id}>
                    {doctor.name}
                  </option>
                ))}
              </select>
              {fieldError('doctorId')}
            </div>
          )}
        </div>
        <Button type="submit" className="w-fit" isLoading={inviteStaff.isPending}>
          Send invitation
        </Button>
      </form>
    </section>
  );
}
