import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffDay, StaffDayItem } from '@clinic/shared';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { CHOOSE_DOCTOR_TEXT, MyDay, NO_PATIENTS_TEXT } from './my-day.tsx';

const TODAY = '2030-06-12';
const NOW = new Date('2030-06-12T10:00:00Z');
const ada = { _id: 'd-ada', name: 'Dr Ada' };

function item(id: string, start: string, name: string, status: StaffDayItem['booking']['status'] = 'confirmed'): StaffDayItem {
  return {
    booking: { _id: id, start, end: start.replace(':00:00', ':30:00'), slot: `${start.slice(11, 16)} - later`, treatment: 'Check-up', status },
    patient: { name, phone: '555 0101' },
  };
}

const day = (items: StaffDayItem[], date = TODAY): StaffDay => ({ date, doctor: ada, items });

function renderMyDay(role: 'doctor' | 'receptionist' = 'doctor') {
  return renderAt(<MyDay role={role} today={TODAY} now={() => NOW} />, { path: '/dashboard/my-day' });
}

describe('MyDay', () => {
  it("lists a doctor's own patients by start, with Mark completed / No-show only once a visit has started", async () => {
    const { calls } = mockFetch({
      'GET /api/staff/day': () => json(day([item('b1', '2030-06-12T09:00:00Z', 'Otto Early'), item('b2', '2030-06-12T11:00:00Z', 'Pia Later')])),
    });
    renderMyDay();

    const list = await screen.findByRole('list', { name: 'Patients of Dr Ada' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Otto Early', 'Pia Later']);
    expect(within(cards[0]!).getByRole('button', { name: /Mark completed: Otto Early/ })).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: /No-show: Otto Early/ })).toBeInTheDocument();
    expect(within(cards[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: '555 0101' })).toHaveAttribute('href', 'tel:5550101');
    // A doctor's account names no doctor: the server answers with its own lane.
    expect(calls[0]!.path).toBe(`/api/staff/day?date=${TODAY}`);
    expect(screen.getByText('Jun 12, 2030: 2 patients')).toBeInTheDocument();
  });

  it('marks a visit completed through the status route, then shows the day again', async () => {
    const user = userEvent.setup();
    let status: StaffDayItem['booking']['status'] = 'confirmed';
    const { calls } = mockFetch({
      'GET /api/staff/day': () => json(day([item('b1', '2030-06-12T09:00:00Z', 'Otto Early', status)])),
      'PATCH /api/admin/bookings/b1/status': () => {
        status = 'completed';
        return json({ _id: 'b1', status });
      },
    });
    renderMyDay();

    await user.click(await screen.findByRole('button', { name: /Mark completed: Otto Early/ }));

    expect(await screen.findByText('Otto Early: completed')).toBeInTheDocument();
    expect(await screen.findByText('Completed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mark completed/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /No-show: Otto Early/ })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'completed' });
  });

  it("shows the server's reason when a mark is refused", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/staff/day': () => json(day([item('b1', '2030-06-12T09:00:00Z', 'Otto Early')])),
      'PATCH /api/admin/bookings/b1/status': () => problem(409, 'This booking was cancelled meanwhile.'),
    });
    renderMyDay();
    await user.click(await screen.findByRole('button', { name: /No-show: Otto Early/ }));
    expect(await screen.findByText('This booking was cancelled meanwhile.')).toBeInTheDocument();
  });

  it('moves a day on and back, and says when a day has no patients', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ 'GET /api/staff/day': (call) => json(day([], new URL(call.path, 'http://x').searchParams.get('date')!)) });
    renderMyDay();
    expect(await screen.findByText(NO_PATIENTS_TEXT)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Next day/ }));
    expect(await screen.findByText('Jun 13, 2030')).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveValue('2030-06-13');
    await user.click(screen.getByRole('button', { name: /Previous day/ }));
    await user.click(screen.getByRole('button', { name: /Previous day/ }));
    expect(await screen.findByText('Jun 11, 2030')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByText('Jun 12, 2030')).toBeInTheDocument();
    // A day shown before is asked for again (staleTime 0): the desk marks visits meanwhile.
    expect([...new Set(calls.map((c) => c.path))]).toEqual([
      '/api/staff/day?date=2030-06-12',
      '/api/staff/day?date=2030-06-13',
      '/api/staff/day?date=2030-06-11',
    ]);
  });

  it('lets the front desk choose the doctor first', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/doctors/public': () => json([{ ...ada, img: '', bio: '', treatments: [] }]),
      'GET /api/staff/day': () => json(day([item('b1', '2030-06-12T09:00:00Z', 'Otto Early')])),
    });
    renderMyDay('receptionist');
    expect(screen.getByText(CHOOSE_DOCTOR_TEXT)).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Doctor'), await screen.findByRole('option', { name: 'Dr Ada' }));

    expect(await screen.findByRole('heading', { name: 'My Day: Dr Ada' })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain(`/api/staff/day?date=${TODAY}&doctorId=d-ada`);
    // Blocking time is a doctor's own.
    expect(screen.queryByRole('button', { name: 'Block this time' })).not.toBeInTheDocument();
  });

  it('offers two-step sign-in when the server holds the role back, and retries other failures', async () => {
    const user = userEvent.setup();
    let fails = true;
    mockFetch({
      'GET /api/staff/day': () =>
        fails ? problem(503, 'The clinic server is busy.') : json(day([])),
    });
    renderMyDay();
    expect(await screen.findByText('The clinic server is busy.')).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(NO_PATIENTS_TEXT)).toBeInTheDocument();
  });

  it('shows the way to two-step sign-in for a staff role held back by REQUIRE_STAFF_2FA', async () => {
    mockFetch({
      'GET /api/staff/day': () => problem(403, 'Turn it on.', { code: 'two_factor_required', twoFactorEnabled: false }),
    });
    renderMyDay();
    expect(await screen.findByRole('link', { name: 'Turn on two-step sign-in' })).toHaveAttribute('href', '/dashboard/security');
  });

  it("blocks the doctor's own time on the day shown, and keeps the server's refusal in view", async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { calls } = mockFetch({
      'GET /api/staff/day': () => json(day([])),
      'POST /api/staff/blocked-time': () =>
        refuse
          ? problem(409, 'This blocked time would cancel 1 confirmed booking; ask the front desk to move those patients first, or choose another time.')
          : json({ _id: 'x' }, 201),
    });
    renderMyDay();
    await screen.findByText(NO_PATIENTS_TEXT);
    const form = screen.getByRole('region', { name: 'Block my time on Jun 12, 2030' });

    await user.click(within(form).getByRole('button', { name: 'Block this time' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Give the start and the end.');
    await user.type(within(form).getByLabelText('From'), '13:00');
    await user.type(within(form).getByLabelText('To'), '12:00');
    await user.click(within(form).getByRole('button', { name: 'Block this time' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The end must be after the start.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('To'));
    await user.type(within(form).getByLabelText('To'), '14:30');
    await user.type(within(form).getByLabelText('Reason (optional)'), 'Lab visit');
    await user.click(within(form).getByRole('button', { name: 'Block this time' }));
    expect(await within(form).findByText(/ask the front desk to move those patients first/)).toBeInTheDocument();

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Block this time' }));
    expect(await screen.findByText('Blocked 13:00–14:30 on Jun 12, 2030')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { date: TODAY, startMin: 780, endMin: 870, reason: 'Lab visit' },
      { date: TODAY, startMin: 780, endMin: 870, reason: 'Lab visit' },
    ]);
  });

  it('shows who has arrived, whether their forms are done, and the medical alerts', async () => {
    const arrived = item('b1', '2030-06-12T09:00:00Z', 'Otto Early');
    arrived.booking.arrivedAt = '2030-06-12T08:50:00Z';
    arrived.forms = { medicalHistory: 'current', historyRequired: true, consent: 'none' };
    arrived.alerts = ['Do you have any allergies (medicines, latex, food)?'];
    const waiting = { ...item('b2', '2030-06-12T11:00:00Z', 'Pia Later'), forms: { medicalHistory: 'outdated' as const, historyRequired: true, consent: 'missing' as const }, alerts: [] };
    mockFetch({ 'GET /api/staff/day': () => json(day([arrived, waiting])) });
    renderMyDay();

    const cards = within(await screen.findByRole('list', { name: 'Patients of Dr Ada' })).getAllByRole('listitem');
    const first = cards.find((c) => within(c).queryByRole('heading', { name: 'Otto Early' }))!;
    expect(within(first).getByText('Arrived')).toBeInTheDocument();
    expect(within(first).getByText('Forms complete')).toBeInTheDocument();
    expect(within(first).getByRole('list', { name: 'Medical alerts' })).toHaveTextContent('Do you have any allergies (medicines, latex, food)?');
    const second = cards.find((c) => within(c).queryByRole('heading', { name: 'Pia Later' }))!;
    expect(within(second).queryByText('Arrived')).not.toBeInTheDocument();
    expect(within(second).getByText('History outdated, Consent missing')).toBeInTheDocument();
    expect(within(second).queryByRole('list', { name: 'Medical alerts' })).not.toBeInTheDocument();
  });

  it("names the guardian to call on a family member's card, and no one on the others'", async () => {
    const leo = { ...item('b1', '2030-06-12T09:00:00Z', 'Leo Patient'), guardian: { name: 'Pat Patient', email: 'pat@example.com', phone: '+1 555 0100' } };
    mockFetch({ 'GET /api/staff/day': () => json(day([leo, item('b2', '2030-06-12T11:00:00Z', 'Pia Later')])) });
    renderMyDay();

    const cards = within(await screen.findByRole('list', { name: 'Patients of Dr Ada' })).getAllByRole('listitem');
    expect(within(cards[0]!).getByText(/^Guardian:/)).toHaveTextContent('Guardian: Pat Patient, +1 555 0100');
    expect(within(cards[0]!).getByRole('link', { name: '+1 555 0100' })).toHaveAttribute('href', 'tel:+15550100');
    expect(within(cards[1]!).queryByText(/Guardian/)).not.toBeInTheDocument();
  });
});

/** A patient's card on the day, by the name in its heading. */
function cardOf(name: string): HTMLElement {
  return screen.getByRole('heading', { name }).closest('li')!;
}

describe('MyDay: intake', () => {
  const withForms = (overrides: Partial<StaffDayItem> = {}): StaffDayItem => ({
    ...item('b1', '2030-06-12T11:00:00Z', 'Otto Early'),
    ...overrides,
  });

  it('shows each patient’s forms, their alerts and whether they arrived; the front desk gets no Medical history button', async () => {
    const user = userEvent.setup();
    const arrived = withForms({
      booking: { ...item('b1', '2030-06-12T11:00:00Z', 'Otto Early').booking, arrivedAt: '2030-06-12T10:45:00Z' },
      patient: { _id: 'p1', name: 'Otto Early', phone: '' },
      forms: { medicalHistory: 'current', historyRequired: true, consent: 'none' },
      alerts: ['Do you take blood thinners (anticoagulants, aspirin)?'],
    });
    const missing = {
      ...item('b2', '2030-06-12T12:00:00Z', 'Pia Later'),
      patient: { _id: 'p2', name: 'Pia Later', phone: '' },
      forms: { medicalHistory: 'missing', historyRequired: true, consent: 'missing' },
      alerts: [],
    } satisfies StaffDayItem;
    mockFetch({
      'GET /api/doctors/public': () => json([{ ...ada, img: '', bio: '', treatments: [] }]),
      'GET /api/staff/day': () => json(day([arrived, missing])),
    });
    renderMyDay('receptionist');
    await user.selectOptions(await screen.findByLabelText('Doctor'), await screen.findByRole('option', { name: 'Dr Ada' }));

    await screen.findByRole('list', { name: 'Patients of Dr Ada' });
    const otto = cardOf('Otto Early');
    const pia = cardOf('Pia Later');
    expect(within(otto).getByText('Arrived')).toBeInTheDocument();
    expect(within(otto).getByText('Forms complete')).toBeInTheDocument();
    expect(within(within(otto).getByRole('list', { name: 'Medical alerts' })).getByRole('listitem')).toHaveTextContent(
      'Do you take blood thinners (anticoagulants, aspirin)?',
    );
    expect(within(pia).getByText('History missing, Consent missing')).toBeInTheDocument();
    expect(within(pia).queryByText('Arrived')).not.toBeInTheDocument();
    expect(within(pia).queryByRole('list', { name: 'Medical alerts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Medical history/ })).not.toBeInTheDocument();
  });

  it("opens a patient's newest medical history for their doctor: answers, alerts highlighted, and consents", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/staff/day': () =>
        json(day([withForms({ patient: { _id: 'p1', name: 'Otto Early', phone: '' }, forms: { medicalHistory: 'current', historyRequired: true, consent: 'signed' }, alerts: ['Heart condition?'] })])),
      'GET /api/admin/patients/p1/forms': () =>
        json({
          submissions: [
            {
              _id: 's2',
              version: 2,
              title: 'Medical history',
              questions: [
                { id: 'heart', kind: 'yesno', label: 'Heart condition?', required: true, alert: { when: 'yes' } },
                { id: 'smoking', kind: 'choice', label: 'Do you smoke?', required: false, options: ['No', 'Yes'] },
                { id: 'other', kind: 'text', label: 'Anything else?', required: false },
              ],
              answers: { heart: 'yes', smoking: 'No' },
              alerts: ['Heart condition?'],
              typedName: 'Otto Early',
              submittedAt: '2030-06-01T09:00:00.000Z',
              sha256: 'abc',
            },
            { _id: 's1', version: 1, title: 'Medical history', questions: [], answers: {}, alerts: [], typedName: 'Otto Early', submittedAt: '2029-06-01T09:00:00.000Z', sha256: 'def' },
          ],
          consents: [
            { _id: 'c1', bookingId: 'b1', treatment: 'Check-up', date: '2030-06-12', version: 3, text: 'I agree to the check-up.', typedName: 'Otto Early', signedAt: '2030-06-02T09:00:00.000Z', sha256: 'ghi' },
          ],
        }),
    });
    renderMyDay();

    await user.click(await screen.findByRole('button', { name: 'Medical history: Otto Early' }));
    const dialog = await screen.findByRole('dialog', { name: 'Medical history: Otto Early' });
    expect(await within(dialog).findByRole('heading', { name: 'Medical history (version 2)' })).toBeInTheDocument();
    expect(within(dialog).getByText(/1 earlier submission kept/)).toHaveTextContent(
      'Signed by Otto Early on Jun 1, 2030, 09.00 AM (1 earlier submission kept)',
    );
    const answers = Object.fromEntries(
      within(dialog).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(answers).toEqual({ 'Heart condition?': '⚠ Alert: Yes', 'Do you smoke?': 'No', 'Anything else?': 'Not answered' });
    expect(within(dialog).getByText('Check-up, Jun 12, 2030')).toBeInTheDocument();
    expect(within(dialog).getByText('I agree to the check-up.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/admin/patients/'))).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says so when the server refuses the doctor the patient's history, and when there is none", async () => {
    const user = userEvent.setup();
    let refuse = true;
    mockFetch({
      'GET /api/staff/day': () => json(day([withForms({ patient: { _id: 'p1', name: 'Otto Early', phone: '' } })])),
      'GET /api/admin/patients/p1/forms': () =>
        refuse
          ? problem(403, 'You can read the medical history of your own patients only.', { code: 'forbidden' })
          : json({ submissions: [], consents: [] }),
    });
    renderMyDay();
    await user.click(await screen.findByRole('button', { name: 'Medical history: Otto Early' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You can read the medical history of your own patients only.');
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('Otto Early has not filled in a medical history yet.')).toBeInTheDocument();
    expect(within(dialog).getByText('No signed consents.')).toBeInTheDocument();
  });
});
