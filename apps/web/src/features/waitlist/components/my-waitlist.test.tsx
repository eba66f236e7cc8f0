import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  SLOT_TAKEN_MESSAGE,
  toasts,
  type WaitlistEntry,
  type WaitlistList,
  type WaitlistOffer,
} from '@clinic/shared';
import { bookingsQueryKey } from '../../../lib/query-keys.ts';
import { bookingFactory, doctorFactory } from '../../../test/factories.ts';
import { json, mockFetch, problem, renderAt, type ApiCall } from '../../../test/utils.tsx';
import { MyWaitlist } from './my-waitlist.tsx';

const ann = doctorFactory();

function entryFactory(overrides: Partial<WaitlistEntry> = {}): WaitlistEntry {
  return {
    _id: 'w1',
    treatmentId: '5f0c1c0e-0000-4000-8000-000000000003',
    treatment: 'Teeth Cleaning',
    doctor: null,
    from: '2030-06-12',
    to: '2030-06-25',
    earliestMin: null,
    latestMin: 720,
    status: 'waiting',
    createdAt: '2030-06-10T09:00:00.000Z',
    ...overrides,
  };
}

function offerFactory(overrides: Partial<WaitlistOffer> = {}): WaitlistOffer {
  return {
    _id: 'o1',
    entryId: 'w2',
    treatmentId: '5f0c1c0e-0000-4000-8000-000000000006',
    treatment: 'Oral Surgery',
    doctor: { _id: ann._id, name: ann.name },
    date: '2030-06-14',
    slot: '02.00 PM - 02.30 PM',
    startsAt: '2030-06-14T14:00:00.000Z',
    // 12 and a half minutes after the pinned now.
    expiresAt: '2030-06-12T09:12:30.000Z',
    status: 'open',
    ...overrides,
  };
}

const waiting = { entry: entryFactory(), offers: [] };
const offered = {
  entry: entryFactory({
    _id: 'w2',
    treatmentId: '5f0c1c0e-0000-4000-8000-000000000006',
    treatment: 'Oral Surgery',
    doctor: { _id: ann._id, name: ann.name },
    earliestMin: 720,
    latestMin: null,
    status: 'offered',
  }),
  offers: [offerFactory()],
};

const waitlistGets = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/api/waitlist');

function renderPage(phone?: string) {
  return renderAt(<MyWaitlist phone={phone} />, { path: '/dashboard/waitlist' });
}

describe('MyWaitlist', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-06-12T09:00:00.000Z'));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists each entry with its doctor, days, time of day and status, and its open offers', async () => {
    mockFetch({ 'GET /api/waitlist': () => json([waiting, offered]) });
    renderPage();

    expect(screen.getByRole('status')).toHaveTextContent('Loading your waitlist…');
    const cleaning = await screen.findByRole('listitem', { name: 'Teeth Cleaning' });
    expect(within(cleaning).getByText('Waiting')).toBeInTheDocument();
    expect(within(cleaning).getByText('Any doctor')).toBeInTheDocument();
    expect(within(cleaning).getByText('Jun 12, 2030 – Jun 25, 2030')).toBeInTheDocument();
    expect(within(cleaning).getByText('Mornings (before 12.00)')).toBeInTheDocument();
    expect(within(cleaning).queryByRole('button', { name: 'Book now' })).not.toBeInTheDocument();

    const surgery = screen.getByRole('listitem', { name: 'Oral Surgery' });
    expect(within(surgery).getByText('Offer open')).toBeInTheDocument();
    expect(within(surgery).getByText('Dr. Ann Lee')).toBeInTheDocument();
    expect(within(surgery).getByText('Afternoons (from 12.00)')).toBeInTheDocument();
    const offers = within(surgery).getByRole('list', { name: 'Offers for Oral Surgery' });
    expect(offers).toHaveTextContent('Jun 14, 2030 at 02.00 PM - 02.30 PM');
    expect(offers).toHaveTextContent('with Dr. Ann Lee');
    expect(within(offers).getByText('12 minutes left')).toHaveAttribute(
      'datetime',
      '2030-06-12T09:12:30.000Z',
    );
    const book = within(offers).getByRole('button', { name: 'Book now' });
    expect(book).toBeEnabled();
    expect(book).toHaveAccessibleDescription(/Jun 14, 2030 at 02.00 PM - 02.30 PM/);
  });

  it('counts the minutes down as time passes, and asks the server again every 30 seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2030-06-12T09:00:00.000Z'));
    const { calls } = mockFetch({ 'GET /api/waitlist': () => json([offered]) });
    renderPage();
    expect(await screen.findByText('12 minutes left')).toBeInTheDocument();
    expect(waitlistGets(calls)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByText('12 minutes left')).toBeInTheDocument();
    await waitFor(() => expect(waitlistGets(calls)).toHaveLength(2));

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByText('11 minutes left')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(11 * 60_000 + 30_000));
    expect(screen.getByText('Expired')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book now' })).toBeDisabled();
  });

  it('books an offer with Book now: the booking toast, and the bookings and waitlist reload', async () => {
    const user = userEvent.setup();
    let isBooked = false;
    const { calls } = mockFetch({
      'GET /api/waitlist': () => json(isBooked ? [waiting] : [waiting, offered]),
      'POST /api/waitlist/offers/o1/claim': () => {
        isBooked = true;
        return json(
          {
            success: true,
            booking: bookingFactory({
              treatment: 'Oral Surgery',
              date: '2030-06-14',
              slot: '02.00 PM - 02.30 PM',
            }),
          },
          201,
        );
      },
    });
    const { queryClient } = renderPage('+1 555 0100');
    const bookingsKey = [...bookingsQueryKey, 'pat@example.com', 'active'];
    queryClient.setQueryData(bookingsKey, []);

    await user.click(await screen.findByRole('button', { name: 'Book now' }));

    expect(
      await screen.findByText(toasts.bookingSet('Jun 14, 2030', '02.00 PM - 02.30 PM')),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/waitlist/offers/o1/claim',
      body: { phone: '+1 555 0100' },
    });
    expect(queryClient.getQueryState(bookingsKey)?.isInvalidated).toBe(true);
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Oral Surgery' })).not.toBeInTheDocument(),
    );
    expect(waitlistGets(calls)).toHaveLength(2);
  });

  it('says the time is no longer available when someone booked it first (409), and reloads', async () => {
    const user = userEvent.setup();
    let isTaken = false;
    const { calls } = mockFetch({
      'GET /api/waitlist': () => json(isTaken ? [{ ...offered, offers: [] }] : [offered]),
      'POST /api/waitlist/offers/o1/claim': (call) => {
        isTaken = true;
        expect(call.body).toEqual({});
        return problem(409, SLOT_TAKEN_MESSAGE, { code: 'slot_taken' });
      },
    });
    const { queryClient } = renderPage();
    const bookingsKey = [...bookingsQueryKey, 'pat@example.com', 'active'];
    queryClient.setQueryData(bookingsKey, []);

    await user.click(await screen.findByRole('button', { name: 'Book now' }));

    expect(
      await screen.findByText('The time you have selected is no longer available.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Book now' })).not.toBeInTheDocument(),
    );
    const surgery = screen.getByRole('listitem', { name: 'Oral Surgery' });
    expect(within(surgery).getByText('Waiting')).toBeInTheDocument();
    expect(waitlistGets(calls)).toHaveLength(2);
    expect(queryClient.getQueryState(bookingsKey)?.isInvalidated).toBe(false);
  });

  it('says the offer has expired (410) and that the time may still be booked from Appointment', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/waitlist': () => json([offered]),
      'POST /api/waitlist/offers/o1/claim': () =>
        problem(410, 'This offer has expired.', { code: 'offer_expired' }),
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Book now' }));

    expect(
      await screen.findByText(
        'This offer has expired. You can still book the time from Appointment if it is free.',
      ),
    ).toBeInTheDocument();
  });

  it('leaves the waitlist after a confirm step, and keeps it when the patient thinks again', async () => {
    const user = userEvent.setup();
    let hasLeft = false;
    const { calls } = mockFetch({
      'GET /api/waitlist': () => json(hasLeft ? [offered] : [waiting, offered]),
      'DELETE /api/waitlist/w1': () => {
        hasLeft = true;
        return new Response(null, { status: 204 });
      },
    });
    renderPage();
    const cleaning = await screen.findByRole('listitem', { name: 'Teeth Cleaning' });
    const leave = within(cleaning).getByRole('button', { name: 'Leave waitlist' });
    expect(leave).toHaveAccessibleDescription('Teeth Cleaning');

    await user.click(leave);
    let dialog = screen.getByRole('dialog', { name: 'Leave the waitlist?' });
    expect(dialog).toHaveTextContent(
      'You will get no more offers for Teeth Cleaning (Jun 12, 2030 – Jun 25, 2030).',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Stay on the waitlist' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(leave);
    dialog = screen.getByRole('dialog', { name: 'Leave the waitlist?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, leave it' }));

    expect(
      await screen.findByText('You left the waitlist for Teeth Cleaning.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/waitlist/w1',
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Teeth Cleaning' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the confirm step open with the reason when leaving fails', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/waitlist': () => json([waiting]),
      'DELETE /api/waitlist/w1': () => problem(500, 'Something went wrong on our side'),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Leave waitlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave the waitlist?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, leave it' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side',
    );
    expect(dialog).toHaveAttribute('open');
  });

  it('says how to join when the patient waits for nothing', async () => {
    mockFetch({ 'GET /api/waitlist': () => json([] satisfies WaitlistList) });
    renderPage();

    const empty = await screen.findByText(/You are not on any waitlist/);
    expect(empty).toHaveTextContent(
      'You are not on any waitlist. When a treatment shows No Slot Available, you can join its waitlist from the Appointment page.',
    );
    expect(within(empty).getByRole('link', { name: 'Appointment page' })).toHaveAttribute(
      'href',
      '/appointment',
    );
  });

  it('shows a failed load with a retry', async () => {
    const user = userEvent.setup();
    let isDown = true;
    mockFetch({
      'GET /api/waitlist': () =>
        isDown ? problem(500, 'Something went wrong on our side') : json([waiting]),
    });
    renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Teeth Cleaning' })).toBeInTheDocument();
  });

  it("opens the join dialog with a treatment choice from 'Join a waitlist', starting today", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/waitlist': () => json([]),
      'GET /api/service': () => json([{ _id: 's1', name: 'Teeth Cleaning' }]),
    });
    renderPage();
    await screen.findByText(/You are not on any waitlist/);

    await user.click(screen.getByRole('button', { name: 'Join a waitlist' }));

    const dialog = screen.getByRole('dialog', { name: 'Join a waitlist' });
    expect(within(dialog).getByLabelText('Treatment')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('First day')).toHaveValue('2030-06-12');
    expect(within(dialog).getByLabelText('Last day')).toHaveValue('2030-06-25');
  });

  it("opens the join dialog for the treatment and day a card's link names, and drops the query when it closes", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/waitlist': () => json([]),
      'GET /api/service': () => json([{ _id: 's1', name: 'Teeth Cleaning' }]),
    });
    const { router } = renderAt(<MyWaitlist />, {
      path: '/dashboard/waitlist',
      initialEntries: ['/dashboard/waitlist?join=s1&from=2030-06-14'],
    });

    const dialog = await screen.findByRole('dialog', {
      name: 'Join the waitlist for Teeth Cleaning',
    });
    expect(within(dialog).queryByLabelText('Treatment')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('First day')).toHaveValue('2030-06-14');
    expect(within(dialog).getByLabelText('Last day')).toHaveValue('2030-06-27');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/dashboard/waitlist');
    expect(router.state.location.search).toBe('');
    // In place of the linked entry, so Back does not open the dialog again.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('starts a linked join today when its day is past, and lets the patient choose a treatment the clinic does not list', async () => {
    mockFetch({
      'GET /api/waitlist': () => json([]),
      'GET /api/service': () => json([{ _id: 's1', name: 'Teeth Cleaning' }]),
    });
    renderAt(<MyWaitlist />, {
      path: '/dashboard/waitlist',
      initialEntries: ['/dashboard/waitlist?join=gone&from=2030-06-01'],
    });

    const dialog = await screen.findByRole('dialog', { name: 'Join a waitlist' });
    expect(within(dialog).getByLabelText('Treatment')).toHaveValue('');
    expect(within(dialog).getByLabelText('First day')).toHaveValue('2030-06-12');
    expect(within(dialog).getByLabelText('Last day')).toHaveValue('2030-06-25');
  });
});
