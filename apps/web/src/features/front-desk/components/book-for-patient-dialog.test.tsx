import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  availabilityFactory,
  bookingFactory,
  doctorFactory,
  laneFactory,
  slotLabels,
} from '../../../test/factories.ts';
import { json, mockFetch, problem, renderAt, type ApiCall } from '../../../test/utils.tsx';
import { adminTreatmentFactory } from '../../../test/schedule-factories.ts';
import { adminBookingsPageFactory } from '../utils/appointments-test-factories.ts';
import { AllAppointments } from './all-appointments.tsx';
import { NEW_PATIENT_HINT } from './book-for-patient-dialog.tsx';
import { SLOT_TAKEN_TEXT } from './reschedule-appointment-dialog.tsx';

const TODAY = '2030-06-12';
const cleaning = adminTreatmentFactory();
const implant = adminTreatmentFactory({
  _id: '5f0c1c0e-0000-4000-8000-000000000005',
  name: 'Dental Implant',
  requiresDoctor: true,
});
const archived = adminTreatmentFactory({
  _id: '5f0c1c0e-0000-4000-8000-000000000006',
  name: 'Old Whitening',
  active: false,
});
const ann = doctorFactory();
const ben = doctorFactory({ _id: '7d0c1c0e-0000-4000-8000-000000000002', name: 'Ben Brace' });

function mockDesk(book: (call: ApiCall) => Response) {
  return mockFetch({
    'GET /api/admin/bookings': () => json(adminBookingsPageFactory([])),
    'GET /api/doctors/public': () => json([]),
    'GET /api/admin/treatments': () => json([cleaning, implant, archived]),
    'GET /api/availability': (call) => {
      const search = new URL(call.path, 'http://localhost').searchParams;
      const lanes =
        search.get('treatmentId') === implant._id
          ? [laneFactory(ann, [slotLabels[0]]), laneFactory(ben, [slotLabels[1], slotLabels[2]])]
          : [laneFactory(null, slotLabels)];
      return json(availabilityFactory({ date: search.get('date')!, lanes }));
    },
    'POST /api/admin/bookings': book,
  });
}

function created(patientName: string, patientCreated: boolean): Response {
  return json({ success: true, booking: bookingFactory({ patientName }), patientCreated }, 201);
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  renderAt(<AllAppointments today={TODAY} />, { path: '/dashboard/all-appointments' });
  await user.click(screen.getByRole('button', { name: 'Book for a patient' }));
  return screen.getByRole('dialog', { name: 'Book for a patient' });
}

/** Fills in the patient and picks the treatment and, once its free times are in, the time. */
async function fill(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  {
    email,
    name,
    treatment,
    time,
  }: { email: string; name?: string; treatment: string; time: string },
) {
  await user.type(within(dialog).getByLabelText('Patient email'), email);
  if (name) await user.type(within(dialog).getByLabelText('Name'), name);
  const treatments = within(dialog).getByLabelText('Treatment');
  await within(treatments).findByRole('option', { name: treatment });
  await user.selectOptions(treatments, treatment);
  const times = within(dialog).getByLabelText('Time');
  await within(times).findByRole('option', { name: time });
  await user.selectOptions(times, time);
}

function posts(calls: ApiCall[]): ApiCall[] {
  return calls.filter((call) => call.method === 'POST');
}

function availabilityCalls(calls: ApiCall[]): ApiCall[] {
  return calls.filter((call) => call.path.startsWith('/api/availability?'));
}

describe('Booking for a patient who phoned', () => {
  it('books an existing patient on the day shown with any available doctor, sending no doctorId', async () => {
    const user = userEvent.setup();
    const { calls } = mockDesk(() => created('Pat Patient', false));
    renderAt(<AllAppointments today={TODAY} />, { path: '/dashboard/all-appointments' });
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    await user.click(screen.getByRole('button', { name: 'Book for a patient' }));
    const dialog = screen.getByRole('dialog', { name: 'Book for a patient' });

    expect(within(dialog).getByLabelText('Date')).toHaveValue('2030-06-13');
    expect(
      within(dialog).getByRole('group', { name: 'Name and phone' }),
    ).toHaveAccessibleDescription(NEW_PATIENT_HINT);
    const treatments = within(dialog).getByLabelText('Treatment');
    await within(treatments).findByRole('option', { name: 'Dental Implant' });
    expect(within(treatments).queryByRole('option', { name: 'Old Whitening' })).toBeNull();

    await fill(user, dialog, {
      email: 'Pat@Example.com',
      treatment: 'Dental Implant',
      time: slotLabels[2],
    });
    expect(within(dialog).getByLabelText('Doctor')).toHaveValue('');
    expect(
      within(within(dialog).getByLabelText('Doctor'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any available doctor', 'Ann Lee', 'Ben Brace']);
    const listsBefore = calls.filter((call) => call.path.startsWith('/api/admin/bookings?')).length;
    await user.click(within(dialog).getByRole('button', { name: 'Book appointment' }));

    expect(await screen.findByText('Booked for Pat Patient.')).toBeInTheDocument();
    expect(posts(calls).map((call) => call.body)).toEqual([
      {
        treatmentId: implant._id,
        date: '2030-06-13',
        slot: slotLabels[2],
        patient: { email: 'pat@example.com' },
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path.startsWith('/api/admin/bookings?')).length,
      ).toBeGreaterThan(listsBefore),
    );
  });

  it("books a new patient with the chosen doctor's time, and says they will get a mail", async () => {
    const user = userEvent.setup();
    const { calls } = mockDesk(() => created('Nina New', true));
    const dialog = await openDialog(user);

    await user.type(within(dialog).getByLabelText('Phone'), '+1 555 0199');
    await fill(user, dialog, {
      email: 'nina@example.com',
      name: 'Nina New',
      treatment: 'Dental Implant',
      time: slotLabels[0],
    });
    await user.selectOptions(within(dialog).getByLabelText('Doctor'), 'Ben Brace');
    // Ben is not free at 08.00: the time is chosen again from his.
    const times = within(dialog).getByLabelText('Time');
    expect(times).toHaveValue('');
    await user.selectOptions(times, slotLabels[1]);
    await user.click(within(dialog).getByRole('button', { name: 'Book appointment' }));

    expect(
      await screen.findByText('Booked for Nina New. They will get a mail to set their password.'),
    ).toBeInTheDocument();
    expect(posts(calls)[0]?.body).toEqual({
      treatmentId: implant._id,
      date: TODAY,
      slot: slotLabels[1],
      doctorId: ben._id,
      patient: { email: 'nina@example.com', name: 'Nina New', phone: '+1 555 0199' },
    });
  });

  it('says what is missing before asking the server', async () => {
    const user = userEvent.setup();
    const { calls } = mockDesk(() => created('Pat Patient', false));
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('button', { name: 'Book appointment' }));

    expect(await within(dialog).findByLabelText('Patient email')).toHaveAccessibleDescription(
      'Email is Required',
    );
    expect(within(dialog).getByLabelText('Treatment')).toHaveAccessibleDescription(
      'Choose a treatment',
    );
    expect(within(dialog).getByLabelText('Time')).toHaveAccessibleDescription('Choose a time');
    expect(posts(calls)).toEqual([]);
  });

  it("shows the server's ask for a new patient's name under the name field", async () => {
    const user = userEvent.setup();
    mockDesk(() =>
      problem(400, 'There is no patient with this email yet: give their name to create one.', {
        code: 'validation_failed',
        errors: { 'patient.name': ['Give the new patient’s name'] },
      }),
    );
    const dialog = await openDialog(user);

    await fill(user, dialog, {
      email: 'nina@example.com',
      treatment: 'Teeth Cleaning',
      time: slotLabels[0],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Book appointment' }));

    const name = within(dialog).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAccessibleDescription('Give the new patient’s name'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'There is no patient with this email yet: give their name to create one.',
    );
    expect(screen.getByRole('dialog', { name: 'Book for a patient' })).toBeInTheDocument();
  });

  it('says the time is no longer available on a conflict, and asks for the free times again', async () => {
    const user = userEvent.setup();
    const { calls } = mockDesk(() =>
      json(
        {
          success: false,
          booking: { date: TODAY, slot: slotLabels[1], treatment: 'Teeth Cleaning' },
        },
        409,
      ),
    );
    const dialog = await openDialog(user);

    await fill(user, dialog, {
      email: 'pat@example.com',
      treatment: 'Teeth Cleaning',
      time: slotLabels[1],
    });
    const before = availabilityCalls(calls).length;
    await user.click(within(dialog).getByRole('button', { name: 'Book appointment' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SLOT_TAKEN_TEXT);
    await waitFor(() => expect(availabilityCalls(calls).length).toBeGreaterThan(before));
    expect(within(dialog).getByLabelText('Time')).toHaveValue('');
  });

  it('says so when the patient already has the treatment at another time that day', async () => {
    const user = userEvent.setup();
    mockDesk(() =>
      problem(409, `You already have Teeth Cleaning on ${TODAY} at ${slotLabels[2]}.`, {
        code: 'conflict',
        success: false,
        booking: { date: TODAY, slot: slotLabels[2], treatment: 'Teeth Cleaning' },
      }),
    );
    const dialog = await openDialog(user);

    await fill(user, dialog, {
      email: 'pat@example.com',
      treatment: 'Teeth Cleaning',
      time: slotLabels[0],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Book appointment' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `This patient already has Teeth Cleaning on Jun 12, 2030 at ${slotLabels[2]}.`,
    );
  });
});
