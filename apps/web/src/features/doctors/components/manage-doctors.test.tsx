import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts, toasts, type Doctor } from '@clinic/shared';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { ManageDoctors } from './manage-doctors.tsx';

function doctorFactory(overrides: Partial<Doctor> = {}): Doctor {
  return {
    _id: 'd1',
    name: 'Sarah Smile',
    email: 'sarah@clinic.test',
    specialty: 'Oral Surgery',
    img: '/api/image/0b9f6a56-4a3c-4e57-9d7e-2f1f0f1d1a2b',
    ...overrides,
  };
}

const sarah = doctorFactory();
const david = doctorFactory({
  _id: 'd2',
  name: 'David Drill',
  email: 'david@clinic.test',
  specialty: 'Teeth Cleaning',
  img: '/api/image/7c1c7d4e-5a1b-4b8e-9f00-1d2e3f4a5b6c',
});

function renderDoctors() {
  return renderAt(<ManageDoctors />, { path: '/dashboard/manage-doctor' });
}

describe('ManageDoctors', () => {
  it('lists each doctor with photo, name, specialty, an Edit and a delete button', async () => {
    mockFetch({ 'GET /api/doctor': () => json([sarah, david]) });
    renderDoctors();

    const table = await screen.findByRole('table', { name: 'Manage Doctors: 2' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Avatar',
      'Name',
      'Specialty',
      'Actions',
    ]);
    const [, first] = within(table).getAllByRole('row');
    const avatar = within(first!).getByRole('img', { name: 'Sarah Smile' });
    expect(avatar).toHaveAttribute('src', sarah.img);
    expect(avatar).toHaveAttribute('width', '48');
    expect(avatar).toHaveAttribute('height', '48');
    expect(within(first!).getAllByRole('cell').map((td) => td.textContent)).toEqual([
      '',
      'Sarah Smile',
      'Oral Surgery',
      'ScheduleEditdelete',
    ]);
    expect(within(first!).getByRole('button', { name: 'Edit Sarah Smile' })).toHaveTextContent(
      'Edit',
    );
    expect(within(first!).getByRole('button', { name: 'delete Sarah Smile' })).toHaveTextContent(
      'delete',
    );
  });

  it("links each doctor to their schedule (treatments, hours, leave)", async () => {
    mockFetch({ 'GET /api/doctor': () => json([sarah, david]) });
    renderDoctors();

    const link = await screen.findByRole('link', { name: 'Schedule of David Drill' });
    expect(link).toHaveTextContent('Schedule');
    expect(link).toHaveAttribute('href', '/dashboard/doctors/d2/schedule');
  });

  it('asks in the spec’s words before deleting; cancel deletes nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ 'GET /api/doctor': () => json([sarah, david]) });
    renderDoctors();

    await user.click(await screen.findByRole('button', { name: 'delete David Drill' }));
    const dialog = screen.getByRole('dialog', { name: texts.deleteDoctorConfirm('David Drill') });
    expect(dialog).toHaveTextContent('Are you sure you want to delete dr.David Drill');
    expect(within(dialog).getByRole('button', { name: 'delete' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('deletes after the confirmation, toasts, closes the modal and refreshes the list', async () => {
    const user = userEvent.setup();
    let deleted = false;
    const { calls } = mockFetch({
      'GET /api/doctor': () => json(deleted ? [sarah] : [sarah, david]),
      'DELETE /api/doctor/david%40clinic.test': () => {
        deleted = true;
        return json({ deletedCount: 1 });
      },
    });
    renderDoctors();

    await user.click(await screen.findByRole('button', { name: 'delete David Drill' }));
    const dialog = screen.getByRole('dialog', { name: texts.deleteDoctorConfirm('David Drill') });
    await user.click(within(dialog).getByRole('button', { name: 'delete' }));

    expect(await screen.findByText(toasts.doctorDeleted('David Drill'))).toBeInTheDocument();
    expect(screen.getByText('Doctor David Drill deleted')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Manage Doctors: 1' })).toBeInTheDocument();
    expect(screen.queryByText('Teeth Cleaning')).not.toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/doctor',
      'DELETE /api/doctor/david%40clinic.test',
      'GET /api/doctor',
    ]);
  });

  it('keeps the modal open and says why when the delete fails', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/doctor': () => json([sarah]),
      'DELETE /api/doctor/sarah%40clinic.test': () => problem(500, 'Something went wrong on our side'),
    });
    renderDoctors();
    await user.click(await screen.findByRole('button', { name: 'delete Sarah Smile' }));
    const dialog = screen.getByRole('dialog', { name: texts.deleteDoctorConfirm('Sarah Smile') });
    await user.click(within(dialog).getByRole('button', { name: 'delete' }));

    expect(await screen.findByText('Something went wrong on our side')).toBeInTheDocument();
    expect(screen.queryByText(toasts.doctorDeleted('Sarah Smile'))).not.toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('says when there are no doctors yet', async () => {
    mockFetch({ 'GET /api/doctor': () => json([]) });
    renderDoctors();
    expect(await screen.findByText('No doctors yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
