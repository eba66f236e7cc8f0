import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ROLES, parseRole, toasts, type Role, type UserListItem } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Modal, type ModalHandle } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { actionsColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { StaffLoadFailed } from '../../../components/ui/staff-load-failed.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { USERS_PAGE_SIZE, useUsersPage } from '../api/get-users.ts';
import { useMakeAdmin } from '../api/make-admin.ts';
import { useRemoveUser } from '../api/remove-user.ts';
import { roleLabels } from '../utils/role-labels.ts';
import { InviteStaffForm } from './invite-staff-form.tsx';
import { RoleChangeDialog } from './role-change-dialog.tsx';

/** How long the search waits after the last key before it asks. */
export const USER_SEARCH_DEBOUNCE_MS = 300;

/** A role select per person: choosing another role asks first (RoleChangeDialog). */
function RoleSelect({ user, onChoose }: { user: UserListItem; onChoose: (role: Role) => void }) {
  const current = parseRole(user.role);
  return (
    <select
      className="select select-xs w-36"
      aria-label={`Role of ${user.email}`}
      value={current}
      onChange={(event) => {
        const role = parseRole(event.target.value);
        if (role !== current) onChoose(role);
      }}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {roleLabels[role]}
        </option>
      ))}
    </select>
  );
}

function MakeAdminButton({ user }: { user: UserListItem }) {
  const makeAdmin = useMakeAdmin();
  const promote = () =>
    makeAdmin.mutate(user.email, {
      onSuccess: ({ modifiedCount }) => {
        if (modifiedCount > 0) toast.success(toasts.madeAdmin);
      },
      onError: (error) => {
        // The spec's wording for a refusal (403); anything else says what went wrong.
        toast.error(
          isApiError(error) && error.status === 403 ? toasts.makeAdminFailed : errorMessage(error),
        );
      },
    });
  return (
    <Button
      className="btn-xs"
      isLoading={makeAdmin.isPending}
      aria-label={`Make Admin: ${user.email}`}
      onClick={promote}
    >
      Make Admin
    </Button>
  );
}

type RemoveUserDialogProps = { user: UserListItem; onClose: () => void };

/** Asks before removing an account: removal also cancels the person's upcoming appointments. */
function RemoveUserDialog({ user, onClose }: RemoveUserDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const removeUser = useRemoveUser();
  const remove = () =>
    removeUser.mutate(user.email, {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount > 0) toast.success(`User ${user.email} removed`);
        else toast.error(`${user.email} was already removed`);
      },
      // A 409 says why (one's own account, the last admin) in its detail.
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => modalRef.current?.close(),
    });
  return (
    <Modal ref={modalRef} title={`Remove ${user.email}?`} onClose={onClose}>
      <p>Their account is deleted and their upcoming appointments are cancelled.</p>
      <div className="modal-action">
        <Button variant="outline" onClick={() => modalRef.current?.close()}>
          Cancel
        </Button>
        <Button className="btn-error" isLoading={removeUser.isPending} onClick={remove}>
          Remove
        </Button>
      </div>
    </Modal>
  );
}

type AllUsersProps = {
  /** The signed-in admin: no Remove on their own row (the server refuses it too). */
  currentEmail: string;
};

/**
 * All Users (spec section 2): every account with 'Make Admin' (hidden for admins) and
 * 'Remove User', which asks first (DESIGN.md section 6). The list refreshes after each change.
 * Beside them (practice-loop.md section 2) a role select that asks first and takes a role back as
 * easily, a search by name or address and pages, both asked of the server; and a form to invite
 * staff.
 */
export function AllUsers({ currentEmail }: AllUsersProps) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const query = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const users = useUsersPage(query, page);
  const [removing, setRemoving] = useState<UserListItem | null>(null);
  const [changing, setChanging] = useState<{ user: UserListItem; role: Role } | null>(null);
  const titleId = useId();
  const searchId = useId();

  if (users.isPending) return <Spinner label="Loading the users…" />;
  if (users.isError && !users.data) {
    return <StaffLoadFailed error={users.error} onRetry={() => void users.refetch()} />;
  }

  const self = currentEmail.toLowerCase();
  const { users: shown, total } = users.data;
  const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h2 id={titleId} className="text-xl font-semibold">
        All Users: {total}
      </h2>
      <div className="flex flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium">
          Search by name or email
        </label>
        <input
          id={searchId}
          type="search"
          className="input w-full max-w-sm"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
        />
      </div>
      <p className="text-sm opacity-80" aria-live="polite">
        {total === 0
          ? query
            ? 'No users match this search.'
            : 'No users yet.'
          : `${total === 1 ? '1 user' : `${total} users`}${
              pageCount > 1 ? `, page ${page + 1} of ${pageCount}` : ''
            }`}
      </p>
      {users.isError && <StaffLoadFailed error={users.error} onRetry={() => void users.refetch()} />}
      <DataTable labelledBy={titleId} columns={['Email', 'Name', 'Role', actionsColumn]}>
        {shown.map((user) => (
          <tr key={user._id}>
            <td className="break-all">{user.email}</td>
            <td>{user.name}</td>
            <td>{user.role}</td>
            <td>
              <div className="flex flex-wrap items-center gap-2">
                {user.email.toLowerCase() !== self && (
                  <RoleSelect user={user} onChoose={(role) => setChanging({ user, role })} />
                )}
                {user.role !== 'admin' && <MakeAdminButton user={user} />}
                {user.email.toLowerCase() !== self && (
                  <Button
                    variant="outline"
                    className="btn-xs btn-error"
                    aria-label={`Remove User: ${user.email}`}
                    onClick={() => setRemoving(user)}
                  >
                    Remove User
                  </Button>
                )}
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      {pageCount > 1 && (
        <nav aria-label="Pages of users" className="join self-center">
          <Button
            variant="outline"
            className="join-item btn-sm"
            disabled={page === 0}
            onClick={() => setPage(page - 1)}
          >
            Previous page
          </Button>
          <Button
            variant="outline"
            className="join-item btn-sm"
            disabled={page >= pageCount - 1}
            onClick={() => setPage(page + 1)}
          >
            Next page
          </Button>
        </nav>
      )}
      <InviteStaffForm />
      {removing && <RemoveUserDialog user={removing} onClose={() => setRemoving(null)} />}
      {changing && (
        <RoleChangeDialog user={changing.user} role={changing.role} onClose={() => setChanging(null)} />
      )}
    </section>
  );
}
