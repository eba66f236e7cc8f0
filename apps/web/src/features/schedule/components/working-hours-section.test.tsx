import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WorkingHours } from '@clinic/shared';
import { json, mockFetch, problem, renderAt, type ApiCall } from '../../../test/utils.tsx';
import { SARAH_ID } from '../../../test/schedule-factories.ts';
import { WorkingHoursSection } from './working-hours-section.tsx';

const morning = { start: 480, end: 720 };
const afternoon = { start: 780, end: 1020 };
const clinicWeek: WorkingHours = {
  doctorId: null,
  weekdays: {
    '1': [morning, afternoon],
    '2': [morning, afternoon],
    '3': [morning, afternoon],
    '4': [morning, afternoon],
    '5': [morning],
    '6': [],
    '7': [],
  },
};

type Hours = { clinic?: WorkingHours; doctor?: WorkingHours };

/** GET answers by whose hours are asked for; PUT answers with what it got. */
function mockHours({ clinic = clinicWeek, doctor }: Hours, affectedBookings: string[] = []) {
  return mockFetch({
    'GET /api/admin/working-hours': (call) =>
      call.path.includes('doctorId=') && doctor ? json(doctor) : json(clinic),
    'PUT /api/admin/working-hours': (call: ApiCall) => {
      const doctorId = new URL(call.path, 'http://x').searchParams.get('doctorId');
      return json({ doctorId, ...(call.body as object), affectedBookings });
    },
  });
}

const puts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'PUT');

describe('WorkingHoursSection (the clinic)', () => {
  it('shows each day with its stretches in the spec’s clock style; a day without any is closed', async () => {
    mockHours({});
    renderAt(<WorkingHoursSection />);

    const monday = await screen.findByRole('group', { name: 'Monday' });
    expect(within(monday).getByLabelText('Monday, stretch 1: From')).toHaveDisplayValue('08.00 AM');
    expect(within(monday).getByLabelText('Monday, stretch 1: To')).toHaveDisplayValue('12.00 PM');
    expect(within(monday).getByLabelText('Monday, stretch 2: From')).toHaveDisplayValue('01.00 PM');
    expect(within(monday).getByLabelText('Monday, stretch 2: To')).toHaveDisplayValue('05.00 PM');
    expect(
      within(screen.getByRole('group', { name: 'Sunday' })).getByText('Closed'),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('checkbox', { name: 'Follow the clinic hours' }),
    ).not.toBeInTheDocument();
  });

  it('builds the PUT body from the edits: stretches added, removed and moved, every day sent', async () => {
    const user = userEvent.setup();
    const { calls } = mockHours({}, ['b1', 'b2']);
    renderAt(<WorkingHoursSection />);

    await user.click(await screen.findByRole('button', { name: 'Add a stretch on Saturday' }));
    await user.selectOptions(screen.getByLabelText('Saturday, stretch 1: To'), '01.00 PM');
    await user.click(screen.getByRole('button', { name: 'Remove Wednesday, stretch 2' }));
    await user.selectOptions(screen.getByLabelText('Friday, stretch 1: From'), '07.30 AM');
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));

    expect(await screen.findByText('Weekly hours saved')).toBeInTheDocument();
    expect(puts(calls).map((call) => [call.path, call.body])).toEqual([
      [
        '/api/admin/working-hours',
        {
          weekdays: {
            '1': [morning, afternoon],
            '2': [morning, afternoon],
            '3': [morning],
            '4': [morning, afternoon],
            '5': [{ start: 450, end: 720 }],
            '6': [{ start: 480, end: 780 }],
            '7': [],
          },
        },
      ],
    ]);
    // Bookings now outside the hours stand, and the admin is told how many.
    expect(
      screen.getByText(/^2 bookings are now outside these hours\. They stay booked/),
    ).toHaveAttribute('role', 'status');
  });

  it('refuses overlapping stretches before saving, and clears the message once fixed', async () => {
    const user = userEvent.setup();
    const { calls } = mockHours({});
    renderAt(<WorkingHoursSection />);

    await user.selectOptions(await screen.findByLabelText('Tuesday, stretch 2: From'), '11.00 AM');
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));

    const tuesday = screen.getByRole('group', { name: 'Tuesday' });
    expect(within(tuesday).getByText('Stretches of one day must not overlap')).toBeInTheDocument();
    expect(tuesday).toHaveAttribute('aria-invalid', 'true');
    expect(tuesday).toHaveAccessibleDescription('Stretches of one day must not overlap');
    expect(screen.getByRole('alert')).toHaveTextContent('Some days need fixing');
    expect(puts(calls)).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Tuesday, stretch 2: From'), '12.00 PM');
    expect(screen.queryByText('Stretches of one day must not overlap')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    expect(await screen.findByText('Weekly hours saved')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(1);
  });

  it('refuses a stretch that ends before it starts', async () => {
    const user = userEvent.setup();
    const { calls } = mockHours({});
    renderAt(<WorkingHoursSection />);

    await user.selectOptions(await screen.findByLabelText('Friday, stretch 1: To'), '07.00 AM');
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));

    expect(
      within(screen.getByRole('group', { name: 'Friday' })).getByText(
        'The end must be after the start',
      ),
    ).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
  });

  it("puts the server's refusal under the day it names", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/admin/working-hours': () => json(clinicWeek),
      'PUT /api/admin/working-hours': () =>
        problem(400, 'The hours are not valid.', {
          errors: { 'weekdays.4': ['Thursday must stay inside the opening hours'] },
        }),
    });
    renderAt(<WorkingHoursSection />);

    await user.click(await screen.findByRole('button', { name: 'Save weekly hours' }));
    expect(
      await within(screen.getByRole('group', { name: 'Thursday' })).findByText(
        'Thursday must stay inside the opening hours',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('The hours are not valid.')).toBeInTheDocument();
  });

  it('says why the hours could not be loaded, and asks again', async () => {
    const user = userEvent.setup();
    let isDown = true;
    mockFetch({
      'GET /api/admin/working-hours': () =>
        isDown ? problem(503, 'Try again in a minute') : json(clinicWeek),
    });
    renderAt(<WorkingHoursSection />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in a minute');
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Monday' })).toBeInTheDocument();
  });
});

describe('WorkingHoursSection (a doctor)', () => {
  it('follows the clinic hours while the doctor has none, and saves that as null', async () => {
    const user = userEvent.setup();
    const { calls } = mockHours({ doctor: { doctorId: SARAH_ID, weekdays: null } });
    renderAt(<WorkingHoursSection doctorId={SARAH_ID} />);

    const follow = await screen.findByRole('checkbox', { name: 'Follow the clinic hours' });
    expect(follow).toBeChecked();
    expect(screen.queryByRole('group', { name: 'Monday' })).not.toBeInTheDocument();
    const clinicHours = await screen.findByRole('list', { name: "The clinic's hours" });
    expect(
      within(clinicHours)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Monday: 08.00 AM – 12.00 PM, 01.00 PM – 05.00 PM',
      'Tuesday: 08.00 AM – 12.00 PM, 01.00 PM – 05.00 PM',
      'Wednesday: 08.00 AM – 12.00 PM, 01.00 PM – 05.00 PM',
      'Thursday: 08.00 AM – 12.00 PM, 01.00 PM – 05.00 PM',
      'Friday: 08.00 AM – 12.00 PM',
      'Saturday: Closed',
      'Sunday: Closed',
    ]);

    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    expect(await screen.findByText('Weekly hours saved')).toBeInTheDocument();
    expect(puts(calls).map((call) => [call.path, call.body])).toEqual([
      [`/api/admin/working-hours?doctorId=${SARAH_ID}`, { weekdays: null }],
    ]);
  });

  it("starts the doctor's own week from the clinic's, and saves it", async () => {
    const user = userEvent.setup();
    const { calls } = mockHours({ doctor: { doctorId: SARAH_ID, weekdays: null } });
    renderAt(<WorkingHoursSection doctorId={SARAH_ID} />);

    await screen.findByRole('list', { name: "The clinic's hours" });
    await user.click(screen.getByRole('checkbox', { name: 'Follow the clinic hours' }));
    expect(screen.getByLabelText('Monday, stretch 2: From')).toHaveDisplayValue('01.00 PM');
    // Mondays off for this doctor.
    await user.click(screen.getByRole('button', { name: 'Remove Monday, stretch 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove Monday, stretch 1' }));
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));

    expect(await screen.findByText('Weekly hours saved')).toBeInTheDocument();
    expect(puts(calls)[0]?.body).toEqual({
      weekdays: { ...clinicWeek.weekdays, '1': [] },
    });
  });

  it('shows a doctor with hours of their own in the editor', async () => {
    mockHours({ doctor: { doctorId: SARAH_ID, weekdays: { '2': [{ start: 600, end: 900 }] } } });
    renderAt(<WorkingHoursSection doctorId={SARAH_ID} />);

    expect(
      await screen.findByRole('checkbox', { name: 'Follow the clinic hours' }),
    ).not.toBeChecked();
    expect(screen.getByLabelText('Tuesday, stretch 1: From')).toHaveDisplayValue('10.00 AM');
    expect(screen.getByLabelText('Tuesday, stretch 1: To')).toHaveDisplayValue('03.00 PM');
    expect(
      within(screen.getByRole('group', { name: 'Monday' })).getByText('Closed'),
    ).toBeInTheDocument();
  });
});
