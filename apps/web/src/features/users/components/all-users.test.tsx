import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toasts, type UserListItem } from '@clinic/shared';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { AllUsers } from './all-users.tsx';

const admin: UserListItem = { _id: 'u0', email: 'admin@clinic.test', name: 'Ada Admin', role: 'admin' };
const otherAdmin: UserListItem = { _id: 'u3', email: 'bo@clinic.test', name: 'Bo Admin', role: 'admin' };
const pat: UserListItem = { _id: 'u1', email: 'pat@example.com', name: 'Pat Patient', role: 'user' };

function renderUsers() {
  return renderAt(<AllUsers currentEmail="Admin@Clinic.test" />, { path: '/dashboard/users' });
}

function row(email: string) {
  return screen.getByRole('cell', { name: email }).closest('tr')!;
}

describe('AllUsers', () => {
  it('lists every user, with Make Admin only for non-admins and no Remove on one’s own row', async () => {
    mockFetch({ 'GET /api/user': () => json([admin, otherAdmin, pat]) });
    renderUsers();

    const table = await screen.findByRole('table', { name: 'All Users: 3' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Email',
      'Name',
      'Role',
      'Actions',
    ]);
    expect(within(row('pat@example.com')).getByText('Pat Patient')).toBeInTheDocument();
    expect(within(row('pat@example.com')).getByRole('button', { name: /Make Admin/ })).toBeInTheDocument();
    expect(within(row('bo@clinic.test')).queryByRole('button', { name: /Make Admin/ })).not.toBeInTheDocument();
    expect(within(row('bo@clinic.test')).getByRole('button', { name: /Remove User/ })).toBeInTheDocument();
    expect(within(row('admin@clinic.test')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('makes a user admin: the spec’s toast, then the refreshed list hides the button', async () => {
    const user = userEvent.setup();
    let promoted = false;
    const { calls } = mockFetch({
      'GET /api/user': () => json([admin, { ...pat, role: promoted ? 'admin' : 'user' }]),
      'PUT /api/user/admin/pat%40example.com': () => {
        promoted = true;
        return json({ modifiedCount: 1 });
      },
    });
    renderUsers();

    await user.click(await screen.findByRole('button', { name: 'Make Admin: pat@example.com' }));

    expect(await screen.findByText(toasts.madeAdmin)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Make Admin/ })).not.toBeInTheDocument();
    expect(within(row('pat@example.com')).getByRole('cell', { name: 'admin' })).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/user?limit=25&offset=0',
      'PUT /api/user/admin/pat%40example.com',
      'GET /api/user?limit=25&offset=0',
    ]);
  });

  it('says nothing of success when the user already was an admin (modifiedCount 0)', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/user': () => json([admin, pat]),
      'PUT /api/user/admin/pat%40example.com': () => json({ modifiedCount: 0 }),
    });
    renderUsers();
    await user.click(await screen.findByRole('button', { name: /Make Admin/ }));

    await vi.waitFor(() => expect(calls.filter((c) => c.path.startsWith('/api/user?'))).toHaveLength(2));
    expect(screen.queryByText(toasts.madeAdmin)).not.toBeInTheDocument();
  });

  it('reports a refused promotion (403) in the spec’s words and refreshes the list', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/user': () => json([admin, pat]),
      'PUT /api/user/admin/pat%40example.com': () => problem(403, 'Only admins can do this.'),
    });
    renderUsers();
    await user.click(await screen.findByRole('button', { name: /Make Admin/ }));

    expect(await screen.findByText(toasts.makeAdminFailed)).toBeInTheDocument();
    expect(screen.queryByText(toasts.madeAdmin)).not.toBeInTheDocument();
    await vi.waitFor(() => expect(calls.filter((c) => c.path.startsWith('/api/user?'))).toHaveLength(2));
  });

  it('removes a user only after the confirmation, then refreshes the list', async () => {
    const user = userEvent.setup();
    let removed = false;
    const { calls } = mockFetch({
      'GET /api/user': () => json(removed ? [admin] : [admin, pat]),
      'DELETE /api/user/pat%40example.com': () => {
        removed = true;
        return json({ deletedCount: 1 });
      },
    });
    renderUsers();

    // Cancel first: nothing is deleted.
    await user.click(await screen.findByRole('button', { name: 'Remove User: pat@example.com' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove pat@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove User: pat@example.com' }));
    dialog = screen.getByRole('dialog', { name: 'Remove pat@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('User pat@example.com removed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'All Users: 1' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'pat@example.com' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/user/pat%40example.com',
    ]);
  });

  it('shows the server’s reason when it refuses a removal (409)', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/user': () => json([admin, otherAdmin]),
      'DELETE /api/user/bo%40clinic.test': () => problem(409, 'The clinic needs at least one admin.'),
    });
    renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Remove User: bo@clinic.test' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove bo@clinic.test?' })).getByRole('button', {
        name: 'Remove',
      }),
    );

    expect(await screen.findByText('The clinic needs at least one admin.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'bo@clinic.test' })).toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    mockFetch({ 'GET /api/user': () => problem(500, 'Something went wrong on our side') });
    renderUsers();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
