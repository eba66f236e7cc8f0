import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts, type WaitlistEntry, type WaitlistList } from '@clinic/shared';
import { availabilityFactory, bookingFactory, treatmentFactory } from '../../test/factories.ts';
import { json, mockFetch, patient, renderRoutes } from '../../test/utils.tsx';
import { routes } from '../routes.tsx';

function mockApi() {
  return mockFetch({
    'GET /api/me': () => json({ user: patient }),
    'GET /api/available': (call) => {
      const date = new URL(call.path, 'http://localhost').searchParams.get('date');
      // Each day's list differs, so the screen shows which day it was loaded for.
      return json([treatmentFactory({ price: Number(date!.slice(-2)) })]);
    },
  });
}

const availableCalls = (calls: { path: string }[]) =>
  calls.filter((call) => call.path.startsWith('/api/available')).map((call) => call.path);

describe('/appointment', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 5, 10, 9, 0));
  });

  it('shows today by default, with the page title', async () => {
    const { calls } = mockApi();
    renderRoutes(routes, { initialEntries: ['/appointment'] });

    expect(
      await screen.findByRole('heading', { level: 1, name: texts.availableOn('Jun 10, 2030') }),
    ).toBeInTheDocument();
    expect(await screen.findByText('price: $10')).toBeInTheDocument();
    expect(availableCalls(calls)).toEqual(['/api/available?date=2030-06-10']);
    expect(screen.getByRole('button', { name: /June 10th, 2030, selected/ })).toBeInTheDocument();
    // Set in an effect after the page renders: wait for it rather than race it.
    await waitFor(() => expect(document.title).toBe('Appointment - Doctors Portal'));
  });

  it('opens the day in ?date=, and loads another day when one is picked', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi();
    const { router } = renderRoutes(routes, { initialEntries: ['/appointment?date=2030-06-12'] });

    expect(
      await screen.findByRole('heading', { name: texts.availableOn('Jun 12, 2030') }),
    ).toBeInTheDocument();
    expect(await screen.findByText('price: $12')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /June 15th, 2030/ }));

    expect(
      await screen.findByRole('heading', { name: texts.availableOn('Jun 15, 2030') }),
    ).toBeInTheDocument();
    expect(await screen.findByText('price: $15')).toBeInTheDocument();
    expect(availableCalls(calls)).toEqual([
      '/api/available?date=2030-06-12',
      '/api/available?date=2030-06-15',
    ]);
    // The URL follows the picked day without a new history entry.
    expect(router.state.location.search).toBe('?date=2030-06-15');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps the chosen day when it is clicked again, and refuses days before today', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi();
    const { router } = renderRoutes(routes, { initialEntries: ['/appointment?date=2030-06-12'] });
    await screen.findByText('price: $12');

    await user.click(screen.getByRole('button', { name: /June 12th, 2030/ }));
    await user.click(screen.getByRole('button', { name: /June 9th, 2030/ }));

    expect(
      screen.getByRole('heading', { name: texts.availableOn('Jun 12, 2030') }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /June 12th, 2030, selected/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /June 9th, 2030/ })).toBeDisabled();
    expect(availableCalls(calls)).toEqual(['/api/available?date=2030-06-12']);
    expect(router.state.location.search).toBe('?date=2030-06-12');
  });

  it('shows today instead of a day in the past or a date that does not exist', async () => {
    const { calls } = mockApi();
    renderRoutes(routes, { initialEntries: ['/appointment?date=2030-06-01'] });
    expect(
      await screen.findByRole('heading', { name: texts.availableOn('Jun 10, 2030') }),
    ).toBeInTheDocument();
    expect(availableCalls(calls)).toEqual(['/api/available?date=2030-06-10']);
  });

  it("pre-fills the booking dialog's phone from the profile", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/me': () => json({ user: { ...patient, phone: '+1 555 0100' } }),
      'GET /api/available': () => json([treatmentFactory()]),
    });
    renderRoutes(routes, { initialEntries: ['/appointment?date=2030-06-12'] });
    await user.click(await screen.findByRole('button', { name: texts.bookAppointment }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('+1 555 0100');
  });

  it("asks in the booking dialog who a booking is for once the account's family members are known", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/me': () => json({ user: patient }),
      'GET /api/available': () => json([treatmentFactory()]),
      'GET /api/me/dependents': () =>
        json([{ _id: 'd1', name: 'Leo Patient', dateOfBirth: '2019-03-04', relationship: '', guardians: [], upcoming: 0, canHandOver: false }]),
    });
    renderRoutes(routes, { initialEntries: ['/appointment?date=2030-06-12'] });
    await user.click(await screen.findByRole('button', { name: texts.bookAppointment }));
    const dialog = await screen.findByRole('dialog');
    const who = await within(dialog).findByLabelText('Who is this for?');
    expect(within(who).getAllByRole('option').map((option) => option.textContent)).toEqual(['Pat Patient', 'Leo Patient']);
  });

  it('remembers the phone typed at a booking: the next booking dialog has it already', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/me': () => json({ user: { ...patient, phone: '' } }),
      'GET /api/available': () => json([treatmentFactory()]),
      'POST /api/booking': () => json({ success: true, booking: bookingFactory() }, 201),
      'PATCH /api/me': (call) => json({ user: { ...patient, ...(call.body as object) } }),
    });
    renderRoutes(routes, { initialEntries: ['/appointment?date=2030-06-12'] });

    await user.click(await screen.findByRole('button', { name: texts.bookAppointment }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('');
    await user.type(within(dialog).getByLabelText('Phone'), '+1 555 0100');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
        expect.objectContaining({ path: '/api/me', body: { phone: '+1 555 0100' } }),
      ]),
    );

    await user.click(await screen.findByRole('button', { name: texts.bookAppointment }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('+1 555 0100');
  });

  it("joins the waitlist from a card with 'No Slot Available': its link opens My Waitlist's join form from the day shown", async () => {
    const user = userEvent.setup();
    const full = treatmentFactory({ slots: [] });
    let entries: WaitlistList = [];
    const { calls } = mockFetch({
      'GET /api/me': () => json({ user: patient }),
      'GET /api/available': () => json([full]),
      'GET /api/availability': () => json(availabilityFactory()),
      'GET /api/service': () => json([{ _id: full._id, name: full.name }]),
      'GET /api/waitlist': () => json(entries),
      'POST /api/waitlist': () => {
        const entry: WaitlistEntry = {
          _id: 'w1',
          treatmentId: full._id,
          treatment: full.name,
          doctor: null,
          from: '2030-06-12',
          to: '2030-06-25',
          earliestMin: null,
          latestMin: null,
          status: 'waiting',
          createdAt: '2030-06-10T09:00:00.000Z',
        };
        entries = [{ entry, offers: [] }];
        return json({ entry }, 201);
      },
    });
    const { router } = renderRoutes(routes, { initialEntries: ['/appointment?date=2030-06-12'] });

    const card = await screen.findByRole('listitem', { name: 'Teeth Cleaning' });
    expect(within(card).getByText(texts.noSlot)).toBeInTheDocument();
    // The spec's card has one button, its disabled Book Appointment; the waitlist is a link.
    expect(within(card).getAllByRole('button')).toEqual([
      within(card).getByRole('button', { name: texts.bookAppointment }),
    ]);
    expect(within(card).getByRole('button', { name: texts.bookAppointment })).toBeDisabled();
    await user.click(within(card).getByRole('link', { name: 'Join waitlist' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/waitlist'));
    expect(router.state.location.search).toBe(`?join=${full._id}&from=2030-06-12`);
    const dialog = await screen.findByRole('dialog', {
      name: 'Join the waitlist for Teeth Cleaning',
    });
    expect(within(dialog).getByLabelText('First day')).toHaveValue('2030-06-12');
    expect(within(dialog).getByLabelText('Last day')).toHaveValue('2030-06-25');
    await user.click(within(dialog).getByRole('button', { name: 'Join waitlist' }));

    expect(
      await screen.findByText('You are on the waitlist for Teeth Cleaning.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/waitlist',
      body: { treatmentId: full._id, from: '2030-06-12', to: '2030-06-25' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('listitem', { name: 'Teeth Cleaning' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor through /login, remembering the page', async () => {
    mockFetch({ 'GET /api/me': () => json({ user: null }) });
    const { router } = renderRoutes(routes, { initialEntries: ['/appointment?date=2030-06-12'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/appointment?date=2030-06-12' });
  });
});
