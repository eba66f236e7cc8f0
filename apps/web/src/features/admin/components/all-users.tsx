import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { toasts, type UserListItem } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Modal, type ModalHandle } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { actionsColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useUsers } from '../api/get-users.ts';
import { useMakeAdmin } from '../api/make-admin.ts';
import { useRemoveUser } from '../api/remove-user.ts';
import { AdminLoadFailed } from './admin-load-failed.tsx';

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
 */
export function AllUsers({ currentEmail }: AllUsersProps) {
  const users = useUsers();
  const [removing, setRemoving] = useState<UserListItem | null>(null);
  const titleId = useId();

  if (users.isPending) return <Spinner label="Loading the users…" />;
  if (users.isError) {
    return <AdminLoadFailed error={users.error} onRetry={() => void users.refetch()} />;
  }

  const self = currentEmail.toLowerCase();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h2 id={titleId} className="text-xl font-semibold">
        All Users: {users.data.length}
      </h2>
      <DataTable labelledBy={titleId} columns={['Email', 'Name', 'Role', actionsColumn]}>
        {users.data.map((user) => (
          <tr key={user._id}>
            <td className="break-all">{user.email}</td>
            <td>{user.name}</td>
            <td>{user.role}</td>
            <td>
              <div className="flex flex-wrap gap-2">
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
      {removing && <RemoveUserDialog user={removing} onClose={() => setRemoving(null)} />}
    </section>
  );
}
