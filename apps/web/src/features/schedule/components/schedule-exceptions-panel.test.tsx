import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScheduleException } from '@clinic/shared';
import { json, mockFetch, problem, renderAt, type ApiCall } from '../../../test/utils.tsx';
import {
  affectedBookingFactory,
  hasFutureBookingsBody,
  SARAH_ID,
  sarah,
  scheduleExceptionFactory,
} from '../../../test/schedule-factories.ts';
import { ScheduleExceptionsPanel } from './schedule-exceptions-panel.tsx';

const TODAY = '2030-06-01';
const christmas = scheduleExceptionFactory();
const training = scheduleExceptionFactory({
  _id: 'e2',
  dateFrom: '2030-06-12',
  dateTo: '2030-06-12',
  kind: 'blocked',
  startMin: 600,
  endMin: 660,
  reason: 'Staff training',
});
const sarahsLeave = scheduleExceptionFactory({
  _id: 'e3',
  doctorId: SARAH_ID,
  dateFrom: '2030-07-01',
  dateTo: '2030-07-14',
  reason: 'Annual leave',
});

function renderPanel(doctorId?: string) {
  return renderAt(
    <ScheduleExceptionsPanel
      today={TODAY}
      doctorId={doctorId}
      doctorNames={new Map([[SARAH_ID, sarah.name]])}
    />,
  );
}

const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

async function fillDates(user: ReturnType<typeof userEvent.setup>, from: string, to: string) {
  const first = await screen.findByLabelText('First day');
  await user.clear(first);
  await user.type(first, from);
  await user.clear(screen.getByLabelText('Last day'));
  await user.type(screen.getByLabelText('Last day'), to);
}

describe('ScheduleExceptionsPanel (the clinic)', () => {
  it("lists the clinic's own exceptions from today on, in date order, with their times", async () => {
    const { calls } = mockFetch({
      'GET /api/admin/schedule-exceptions': () => json([christmas, sarahsLeave, training]),
    });
    renderPanel();

    const list = await screen.findByRole('list', { name: 'Coming up: 2' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Jun 12, 2030Blocked, 10.00 AM – 11.00 AMStaff trainingDelete',
      'Dec 24, 2030 – Dec 26, 2030Closed, all dayChristmasDelete',
    ]);
    expect(calls[0]?.path).toBe(`/api/admin/schedule-exceptions?from=${TODAY}`);
  });

  it('says when nothing is coming up', async () => {
    mockFetch({ 'GET /api/admin/schedule-exceptions': () => json([sarahsLeave]) });
    renderPanel();
    expect(await screen.findByText('No closures or special hours coming up.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says why the list could not be loaded, and asks again', async () => {
    const user = userEvent.setup();
    let isDown = true;
    mockFetch({
      'GET /api/admin/schedule-exceptions': () =>
        isDown ? problem(500, 'Something went wrong on our side') : json([christmas]),
    });
    renderPanel();

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Coming up: 1' })).toBeInTheDocument();
  });

  it('adds a closure: whole days, no times', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/admin/schedule-exceptions': () => json([]),
      'POST /api/admin/schedule-exceptions': () => json(christmas, 201),
    });
    renderPanel();

    await fillDates(user, '2030-12-24', '2030-12-26');
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason'), 'Christmas');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Added to the schedule')).toBeInTheDocument();
    expect(posts(calls).map((call) => [call.path, call.body])).toEqual([
      [
        '/api/admin/schedule-exceptions?cancelAffected=false',
        {
          dateFrom: '2030-12-24',
          dateTo: '2030-12-26',
          kind: 'closed',
          startMin: null,
          endMin: null,
          reason: 'Christmas',
        },
      ],
    ]);
    // The form starts afresh.
    expect(screen.getByLabelText('First day')).toHaveValue(TODAY);
    expect(screen.getByLabelText('Reason')).toHaveValue('');
  });

  it('adds special hours with their times', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/admin/schedule-exceptions': () => json([]),
      'POST /api/admin/schedule-exceptions': () => json(training, 201),
    });
    renderPanel();

    await fillDates(user, '2030-12-31', '2030-12-31');
    await user.selectOptions(screen.getByLabelText('Kind'), 'open');
    await user.selectOptions(screen.getByLabelText('From'), '09.00 AM');
    await user.selectOptions(screen.getByLabelText('To'), '01.00 PM');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Added to the schedule')).toBeInTheDocument();
    expect(posts(calls)[0]?.body).toEqual({
      dateFrom: '2030-12-31',
      dateTo: '2030-12-31',
      kind: 'open',
      startMin: 540,
      endMin: 780,
      reason: '',
    });
  });

  it('checks the dates and times by the shared schema before sending', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ 'GET /api/admin/schedule-exceptions': () => json([]) });
    renderPanel();

    await fillDates(user, '2030-12-26', '2030-12-24');
    await user.selectOptions(screen.getByLabelText('Kind'), 'blocked');
    await user.selectOptions(screen.getByLabelText('From'), '11.00 AM');
    await user.selectOptions(screen.getByLabelText('To'), '10.00 AM');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(
      await screen.findByText('The last day must not be before the first'),
    ).toBeInTheDocument();
    expect(screen.getByText('The end must be after the start')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('lists the bookings a closure would hit, and cancels them (cancelAffected=true) only after confirming', async () => {
    const user = userEvent.setup();
    const bookings = [
      affectedBookingFactory({ date: '2030-12-24', doctorId: SARAH_ID }),
      affectedBookingFactory({
        _id: 'b2',
        date: '2030-12-26',
        slot: '01.00 PM - 01.30 PM',
        patientName: 'Sam Second',
      }),
    ];
    let saved: ScheduleException[] = [];
    const { calls } = mockFetch({
      'GET /api/admin/schedule-exceptions': () => json(saved),
      'POST /api/admin/schedule-exceptions': (call) => {
        if (!call.path.endsWith('cancelAffected=true')) {
          return problem(
            409,
            'The closure falls on confirmed bookings.',
            hasFutureBookingsBody(bookings, 'The closure falls on confirmed bookings.'),
          );
        }
        saved = [christmas];
        return json(christmas, 201);
      },
    });
    renderPanel();

    await fillDates(user, '2030-12-24', '2030-12-26');
    await user.type(screen.getByLabelText('Reason'), 'Christmas');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    const dialog = await screen.findByRole('dialog', { name: 'Closed would hit bookings' });
    expect(dialog).toHaveTextContent(
      'The closure falls on confirmed bookings. 2 confirmed bookings are in the way.',
    );
    expect(
      within(within(dialog).getByRole('list', { name: 'Bookings in the way' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Dec 24, 2030, 08.30 AM - 09.00 AM: Teeth Cleaning for Pat Patient with Sarah Smile',
      'Dec 26, 2030, 01.00 PM - 01.30 PM: Teeth Cleaning for Sam Second',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel them and notify' }));
    expect(posts(calls)).toHaveLength(1);
    const confirm = screen.getByRole('dialog', { name: 'Cancel 2 bookings?' });
    await user.click(
      within(confirm).getByRole('button', { name: 'Yes, cancel 2 bookings and notify' }),
    );

    expect(
      await screen.findByText(
        'Added to the schedule. 2 bookings were cancelled and their patients notified.',
      ),
    ).toBeInTheDocument();
    const [first, retry] = posts(calls);
    expect(first?.path).toBe('/api/admin/schedule-exceptions?cancelAffected=false');
    expect(retry?.path).toBe('/api/admin/schedule-exceptions?cancelAffected=true');
    expect(retry?.body).toEqual(first?.body);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Coming up: 1' })).toBeInTheDocument();
  });

  it('changes nothing when the admin keeps the bookings, or goes back', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/admin/schedule-exceptions': () => json([]),
      'POST /api/admin/schedule-exceptions': () =>
        problem(
          409,
          'The closure falls on confirmed bookings.',
          hasFutureBookingsBody([affectedBookingFactory()]),
        ),
    });
    renderPanel();

    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Closed would hit bookings' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel them and notify' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cancel 1 booking?' })).getByRole('button', {
        name: 'Go back',
      }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Closed would hit bookings' })).getByRole(
        'button',
        { name: 'Keep them' },
      ),
    );

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(calls)).toHaveLength(1);
    // What was typed is still there, to change and try again.
    expect(screen.getByLabelText('Kind')).toHaveValue('closed');
  });

  it('deletes an exception after asking', async () => {
    const user = userEvent.setup();
    let saved = [christmas];
    const { calls } = mockFetch({
      'GET /api/admin/schedule-exceptions': () => json(saved),
      'DELETE /api/admin/schedule-exceptions/e1': () => {
        saved = [];
        return new Response(null, { status: 204 });
      },
    });
    renderPanel();

    await user.click(
      await screen.findByRole('button', { name: 'Delete Closed, Dec 24, 2030 – Dec 26, 2030' }),
    );
    const dialog = screen.getByRole('dialog', {
      name: 'Delete Closed, Dec 24, 2030 – Dec 26, 2030?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Removed from the schedule')).toBeInTheDocument();
    expect(await screen.findByText('No closures or special hours coming up.')).toBeInTheDocument();
    expect(
      calls.some(
        (call) => call.method === 'DELETE' && call.path === '/api/admin/schedule-exceptions/e1',
      ),
    ).toBe(true);
  });
});

describe('ScheduleExceptionsPanel (a doctor)', () => {
  it("asks for the doctor's exceptions, calls whole days off leave, and adds them for the doctor", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/admin/schedule-exceptions': () => json([christmas, sarahsLeave]),
      'POST /api/admin/schedule-exceptions': () => json(sarahsLeave, 201),
    });
    renderPanel(SARAH_ID);

    const list = await screen.findByRole('list', { name: 'Coming up: 1' });
    expect(within(list).getByText('Leave, all day')).toBeInTheDocument();
    expect(calls[0]?.path).toBe(
      `/api/admin/schedule-exceptions?from=${TODAY}&doctorId=${SARAH_ID}`,
    );
    expect(screen.getByRole('option', { name: 'Leave (whole days off)' })).toBeInTheDocument();

    await fillDates(user, '2030-07-01', '2030-07-14');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Added to the schedule')).toBeInTheDocument();
    expect(posts(calls)[0]?.body).toMatchObject({ doctorId: SARAH_ID, kind: 'closed' });
  });
});
