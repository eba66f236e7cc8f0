import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import {
  adminTreatmentFactory,
  affectedBookingFactory,
  david,
  hasFutureBookingsBody,
  SARAH_ID,
  sarah,
} from '../../../test/schedule-factories.ts';
import { DoctorSchedule } from './doctor-schedule.tsx';

const cleaning = adminTreatmentFactory();
const surgery = adminTreatmentFactory({
  _id: '5f0c1c0e-0000-4000-8000-000000000005',
  name: 'Oral Surgery',
  durationMin: 60,
  requiresDoctor: true,
});
const fluoride = adminTreatmentFactory({
  _id: '5f0c1c0e-0000-4000-8000-000000000006',
  name: 'Fluoride Treatment',
  active: false,
});
const retired = adminTreatmentFactory({
  _id: '5f0c1c0e-0000-4000-8000-000000000007',
  name: 'Amalgam Filling',
  active: false,
});

function scheduleRoutes(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/doctor': () => json([sarah, david]),
    'GET /api/admin/treatments': () => json([surgery, cleaning, fluoride, retired]),
    [`GET /api/admin/doctors/${SARAH_ID}/treatments`]: () =>
      json({ treatmentIds: [surgery._id, fluoride._id] }),
    'GET /api/admin/working-hours': () => json({ doctorId: null, weekdays: null }),
    'GET /api/admin/schedule-exceptions': () => json([]),
    ...extra,
  });
}

function renderSchedule(doctorId = SARAH_ID) {
  return renderAt(<DoctorSchedule doctorId={doctorId} today="2030-06-01" />);
}

describe('DoctorSchedule', () => {
  it('names the doctor and shows their treatments, weekly hours and exceptions', async () => {
    scheduleRoutes();
    renderSchedule();

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Schedule of Sarah Smile' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Treatments' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Weekly hours' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Leave, blocks and special hours' }),
    ).toBeInTheDocument();

    const group = await screen.findByRole('group', { name: 'Treatments Sarah Smile performs' });
    // Archived treatments show only while the doctor still has them.
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked]),
    ).toEqual([
      ['Fluoride Treatment (30 min, archived)', true],
      ['Oral Surgery (1 h)', true],
      ['Teeth Cleaning (30 min)', false],
    ]);
    expect(await screen.findByRole('checkbox', { name: 'Follow the clinic hours' })).toBeChecked();
    expect(
      await screen.findByText('No leave, blocks or special hours coming up.'),
    ).toBeInTheDocument();
  });

  it('saves the treatments the doctor performs', async () => {
    const user = userEvent.setup();
    const { calls } = scheduleRoutes({
      [`PUT /api/admin/doctors/${SARAH_ID}/treatments`]: (call) => json(call.body),
    });
    renderSchedule();

    await user.click(await screen.findByRole('checkbox', { name: 'Teeth Cleaning (30 min)' }));
    await user.click(
      screen.getByRole('checkbox', { name: 'Fluoride Treatment (30 min, archived)' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save treatments' }));

    expect(await screen.findByText('Treatments of Sarah Smile saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      treatmentIds: [surgery._id, cleaning._id],
    });
  });

  it("lists the doctor's bookings when taking a treatment away is refused", async () => {
    const user = userEvent.setup();
    scheduleRoutes({
      [`PUT /api/admin/doctors/${SARAH_ID}/treatments`]: () =>
        problem(
          409,
          'Sarah Smile has bookings of Oral Surgery to come.',
          hasFutureBookingsBody(
            [affectedBookingFactory({ treatment: 'Oral Surgery', doctorId: SARAH_ID })],
            'Sarah Smile has bookings of Oral Surgery to come.',
          ),
        ),
    });
    renderSchedule();

    await user.click(await screen.findByRole('checkbox', { name: 'Oral Surgery (1 h)' }));
    await user.click(screen.getByRole('button', { name: 'Save treatments' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Not saved: Sarah Smile has bookings of a treatment being taken away.',
    );
    expect(within(alert).getByRole('listitem')).toHaveTextContent(
      'Jun 12, 2030, 08.30 AM - 09.00 AM: Oral Surgery for Pat Patient with Sarah Smile',
    );
    expect(screen.queryByText('Treatments of Sarah Smile saved')).not.toBeInTheDocument();
  });

  it('says so when there is no such doctor, with the way back', async () => {
    scheduleRoutes();
    renderSchedule('6c5b4a39-2817-4f06-9e5d-4c3b2a190807');

    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such doctor');
    expect(screen.getByRole('link', { name: 'Back to Manage Doctors' })).toHaveAttribute(
      'href',
      '/dashboard/manage-doctor',
    );
  });

  it('says why the doctor could not be loaded, and asks again', async () => {
    mockFetch({ 'GET /api/doctor': () => problem(500, 'Something went wrong on our side') });
    renderSchedule();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
