import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserListItem } from '@clinic/shared';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { USERS_PAGE_SIZE } from '../api/get-users.ts';
import { AllUsers } from './all-users.tsx';

const admin: UserListItem = { _id: 'u0', email: 'admin@clinic.test', name: 'Ada Admin', role: 'admin' };
const rita: UserListItem = { _id: 'u2', email: 'rita@clinic.test', name: 'Rita Desk', role: 'receptionist' };
const pat: UserListItem = { _id: 'u1', email: 'pat@example.com', name: 'Pat Patient', role: 'user' };
const DOCTOR_ID = '3b1f7d0e-2c4a-4b8e-9a6d-5e4f3a2b1c0d';
const doctorRow = { _id: DOCTOR_ID, name: 'Dr Ada', email: 'ada@clinic.test', specialty: '', img: '' };

const renderUsers = () => renderAt(<AllUsers currentEmail="admin@clinic.test" />, { path: '/dashboard/users' });
const row = (email: string) => screen.getByRole('cell', { name: email }).closest('tr')!;

describe('AllUsers: roles, search, pages and invitations', () => {
  it('asks before demoting, naming the person and both roles, then shows the new role', async () => {
    const user = userEvent.setup();
    let role = 'receptionist';
    const { calls } = mockFetch({
      'GET /api/user': () => json([admin, { ...rita, role }]),
      'PUT /api/admin/users/u2/role': () => {
        role = 'user';
        return json({ user: { ...rita, role, doctorId: null } });
      },
    });
    renderUsers();
    // One's own role is not changed from here (no way to lock oneself out).
    await screen.findByRole('table');
    expect(within(row('admin@clinic.test')).queryByRole('combobox')).not.toBeInTheDocument();

    await user.selectOptions(within(row('rita@clinic.test')).getByRole('combobox', { name: 'Role of rita@clinic.test' }), 'Patient');
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Rita Desk?' });
    expect(dialog).toHaveTextContent('Rita Desk (rita@clinic.test) goes from Receptionist to Patient.');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Make patient' }));

    expect(await screen.findByText('Rita Desk is now a patient')).toBeInTheDocument();
    expect(await within(row('rita@clinic.test')).findByRole('cell', { name: 'user' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ role: 'user' });
  });

  it('keeps the role when the dialog is cancelled', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ 'GET /api/user': () => json([admin, rita]) });
    renderUsers();
    const select = await screen.findByRole('combobox', { name: 'Role of rita@clinic.test' });
    await user.selectOptions(select, 'Admin');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(select).toHaveValue('receptionist');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it("asks which doctor a doctor's account works as, and sends it", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/user': () => json([admin, pat]),
      'GET /api/doctor': () => json([doctorRow]),
      'PUT /api/admin/users/u1/role': () => json({ user: { ...pat, role: 'doctor', doctorId: DOCTOR_ID } }),
    });
    renderUsers();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of pat@example.com' }), 'Doctor');
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Pat Patient?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make doctor' }));
    expect(within(dialog).getByText('Choose the doctor this account works as.')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Works as doctor'), await within(dialog).findByRole('option', { name: 'Dr Ada' }));
    await user.click(within(dialog).getByRole('button', { name: 'Make doctor' }));
    expect(await screen.findByText('Pat Patient is now a doctor')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ role: 'doctor', doctorId: DOCTOR_ID });
  });

  it("toasts the server's reason when a change is refused (the last admin)", async () => {
    const user = userEvent.setup();
    const other = { ...rita, role: 'admin' };
    mockFetch({
      'GET /api/user': () => json([admin, other]),
      'PUT /api/admin/users/u2/role': () => problem(409, 'The clinic needs at least one admin.'),
    });
    renderUsers();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of rita@clinic.test' }), 'Receptionist');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make receptionist' }));
    expect(await screen.findByText('The clinic needs at least one admin.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of rita@clinic.test' })).toHaveValue('admin');
  });

  it('asks the server for a page at a time and for the search, and shows its count', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: USERS_PAGE_SIZE + 3 }, (_, i) => ({
      _id: `p${i}`,
      email: `patient${String(i).padStart(2, '0')}@example.com`,
      name: `Patient ${i}`,
      role: 'user',
    }));
    const everyone = [admin, rita, ...many];
    const { calls } = mockFetch({
      // A stand-in for the server's search and pages (the API suite proves the real one).
      'GET /api/user': (call) => {
        const params = new URL(call.path, 'http://x').searchParams;
        const q = (params.get('q') ?? '').toLowerCase();
        const found = everyone.filter((u) => u.email.includes(q) || u.name.toLowerCase().includes(q));
        const offset = Number(params.get('offset'));
        const response = json(found.slice(offset, offset + Number(params.get('limit'))));
        response.headers.set('x-total-count', String(found.length));
        return response;
      },
    });
    renderUsers();
    expect(await screen.findByText(`${everyone.length} users, page 1 of 2`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `All Users: ${everyone.length}` })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'patient27@example.com' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('cell', { name: 'patient27@example.com' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.type(screen.getByLabelText('Search by name or email'), 'rita DESK');
    expect(await screen.findByText('1 user')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'rita@clinic.test' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search by name or email'));
    await user.type(screen.getByLabelText('Search by name or email'), 'nobody');
    expect(await screen.findByText('No users match this search.')).toBeInTheDocument();

    // The search asks the server, from the first page again (once per pause in typing).
    const paths = calls.map((c) => c.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        `/api/user?limit=${USERS_PAGE_SIZE}&offset=${USERS_PAGE_SIZE}`,
        `/api/user?limit=${USERS_PAGE_SIZE}&offset=0&q=rita+DESK`,
        `/api/user?limit=${USERS_PAGE_SIZE}&offset=0&q=nobody`,
      ]),
    );
    expect(paths.filter((p) => p.includes('q=')).every((p) => p.includes('&offset=0&'))).toBe(true);
  });

  it('invites staff, checking the fields first, and shows the server’s field errors', async () => {
    const user = userEvent.setup();
    let answer = () => problem(400, 'Some of the data sent is not valid.', { errors: { email: ['This address cannot receive mail'] } });
    const { calls } = mockFetch({
      'GET /api/user': () => json([admin]),
      'GET /api/doctor': () => json([doctorRow]),
      'POST /api/admin/staff': () => answer(),
    });
    renderUsers();
    const form = await screen.findByRole('region', { name: 'Invite staff' });
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(within(form).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Email'), 'new.doc@clinic.test');
    await user.type(within(form).getByLabelText('Name'), 'Dr New');
    await user.selectOptions(within(form).getByLabelText('Role'), 'Doctor');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(within(form).getByText('Choose the doctor this account works as')).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Works as doctor'), await within(form).findByRole('option', { name: 'Dr Ada' }));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('This address cannot receive mail')).toBeInTheDocument();

    answer = () => json({ user: { _id: 'u9', email: 'new.doc@clinic.test', name: 'Dr New', role: 'doctor', doctorId: DOCTOR_ID } }, 201);
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('new.doc@clinic.test is now doctor staff')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ email: 'new.doc@clinic.test', name: 'Dr New', role: 'doctor', doctorId: DOCTOR_ID });
    expect(within(form).getByLabelText('Email')).toHaveValue('');
  });
});
