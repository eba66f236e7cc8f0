import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LinkView } from '@clinic/shared';
import { clinicProfileFactory } from '../../../test/clinic-factories.ts';
import { laneFactory } from '../../../test/factories.ts';
import { json, problem } from '../../../test/utils.tsx';
import { linkQueryKey } from '../api/get-link.ts';
import {
  ann,
  annId,
  bob,
  bobId,
  linkAvailabilityFactory,
  linkBookingFactory,
  linkResultFactory,
  recallViewFactory,
  slotLabels,
  TOKEN,
} from '../test/link-factories.ts';
import {
  availabilityApi,
  availabilityPaths,
  deferred,
  linkApi,
  pinToday,
  posts,
  renderLink,
} from '../test/render-link.tsx';

const offeredTimes = () =>
  within(screen.getByRole('region', { name: 'Tap a time to book it' })).queryAllByRole('button');

const bookedOnNov23 = (overrides: Parameters<typeof linkResultFactory>[1] = {}) =>
  linkResultFactory('booked', {
    date: '2030-11-23',
    slot: slotLabels[0],
    doctor: 'Ann Lee',
    doctorId: annId,
    rescheduleUntil: '2030-11-22T08:00:00.000Z',
    ...overrides,
  });

describe('LinkPage: a recall link', () => {
  it('offers the three earliest times as buttons and books one with a single tap', async () => {
    const user = userEvent.setup();
    const answer = deferred();
    const { calls, queryClient } = renderLink(recallViewFactory(), {
      [`POST ${linkApi}/book`]: () => answer.promise,
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Time for your check-up' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Hello Pat,')).toBeInTheDocument();
    expect(screen.getByText('Your Teeth Cleaning is due on Dec 5, 2030.')).toBeInTheDocument();
    expect(offeredTimes().map((button) => button.textContent)).toEqual([
      'Sat, Nov 23, 2030 at 08.00 AM - 08.30 AM',
      'Sat, Nov 23, 2030 at 08.30 AM - 09.00 AM',
      'Mon, Nov 25, 2030 at 09.00 AM - 09.30 AM',
    ]);

    const first = screen.getByRole('button', { name: 'Sat, Nov 23, 2030 at 08.00 AM - 08.30 AM' });
    await user.click(first);
    // One tap, one request: every offered time waits for the answer.
    await waitFor(() => expect(first).toBeDisabled());
    for (const button of offeredTimes()) expect(button).toBeDisabled();
    await user.click(first);
    expect(posts(calls, 'book')).toHaveLength(1);

    answer.resolve(json(bookedOnNov23()));
    const result = await screen.findByText(
      "You're booked, Pat: Nov 23, 2030 at 08.00 AM - 08.30 AM with Dr. Ann Lee.",
    );
    expect(result.closest('[role="status"]')).toHaveFocus();
    expect(posts(calls, 'book').map((call) => call.body)).toEqual([
      { date: '2030-11-23', slot: slotLabels[0], doctorId: annId },
    ]);
    // From the mail to a booked time, the link was asked for once and acted once.
    expect(
      calls
        .filter((call) => call.path.startsWith(linkApi))
        .map((call) => `${call.method} ${call.path}`),
    ).toEqual([`GET ${linkApi}`, `POST ${linkApi}/book`]);
    expect(screen.queryByRole('region', { name: 'Tap a time to book it' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Not now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move it to another time' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(
      screen.getByRole('link', { name: 'Sign in to see all your appointments' }),
    ).toHaveAttribute('href', '/login');
    // Coming back to the page shows the booking, not the times again.
    const cached = queryClient.getQueryData<LinkView>(linkQueryKey(TOKEN));
    expect(cached?.booking?.date).toBe('2030-11-23');
    expect(cached?.suggestions).toBeUndefined();
  });

  it('books a time that needs no doctor without one', async () => {
    const user = userEvent.setup();
    const { calls } = renderLink(
      recallViewFactory({
        suggestions: [{ date: '2030-11-23', slot: slotLabels[1], doctorId: null }],
      }),
      {
        [`POST ${linkApi}/book`]: () =>
          json(linkResultFactory('booked', { date: '2030-11-23', slot: slotLabels[1] })),
      },
    );

    await user.click(
      await screen.findByRole('button', { name: 'Sat, Nov 23, 2030 at 08.30 AM - 09.00 AM' }),
    );

    expect(
      await screen.findByText("You're booked, Pat: Nov 23, 2030 at 08.30 AM - 09.00 AM."),
    ).toBeInTheDocument();
    expect(posts(calls, 'book').map((call) => call.body)).toEqual([
      { date: '2030-11-23', slot: slotLabels[1] },
    ]);
  });

  it("drops a time taken meanwhile, says so in the server's words, and books another", async () => {
    const user = userEvent.setup();
    let isTaken = true;
    const { calls } = renderLink(recallViewFactory(), {
      [`POST ${linkApi}/book`]: () =>
        isTaken
          ? problem(409, 'That slot has just been taken; choose another.', { code: 'conflict' })
          : json(bookedOnNov23({ slot: slotLabels[1], doctor: 'Bob Stone', doctorId: bobId })),
    });

    await user.click(
      await screen.findByRole('button', { name: 'Sat, Nov 23, 2030 at 08.00 AM - 08.30 AM' }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That slot has just been taken; choose another.',
    );
    expect(offeredTimes().map((button) => button.textContent)).toEqual([
      'Sat, Nov 23, 2030 at 08.30 AM - 09.00 AM',
      'Mon, Nov 25, 2030 at 09.00 AM - 09.30 AM',
    ]);
    for (const button of offeredTimes()) expect(button).toBeEnabled();

    isTaken = false;
    await user.click(
      screen.getByRole('button', { name: 'Sat, Nov 23, 2030 at 08.30 AM - 09.00 AM' }),
    );

    expect(
      await screen.findByText(
        "You're booked, Pat: Nov 23, 2030 at 08.30 AM - 09.00 AM with Dr. Bob Stone.",
      ),
    ).toBeInTheDocument();
    expect(posts(calls, 'book').map((call) => call.body)).toEqual([
      { date: '2030-11-23', slot: slotLabels[0], doctorId: annId },
      { date: '2030-11-23', slot: slotLabels[1], doctorId: bobId },
    ]);
  });

  it("keeps the times and says why when the link has already booked (the server's words)", async () => {
    const user = userEvent.setup();
    renderLink(recallViewFactory(), {
      [`POST ${linkApi}/book`]: () =>
        problem(
          409,
          'You booked this check-up for Nov 23, 2030 at 08.00 AM - 08.30 AM. This link can move it.',
          { code: 'link_used' },
        ),
    });

    await user.click(
      await screen.findByRole('button', { name: 'Mon, Nov 25, 2030 at 09.00 AM - 09.30 AM' }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You booked this check-up for Nov 23, 2030 at 08.00 AM - 08.30 AM. This link can move it.',
    );
    expect(offeredTimes()).toHaveLength(3);
  });

  it('moves the time just booked from the same screen', async () => {
    pinToday();
    const user = userEvent.setup();
    const { calls } = renderLink(recallViewFactory(), {
      [`POST ${linkApi}/book`]: () => json(bookedOnNov23()),
      [`GET ${availabilityApi}`]: () =>
        json(
          linkAvailabilityFactory({
            date: '2030-11-23',
            lanes: [laneFactory(bob, slotLabels), laneFactory(ann, slotLabels)],
          }),
        ),
      [`POST ${linkApi}/reschedule`]: () =>
        json(
          linkResultFactory('rescheduled', {
            date: '2030-11-23',
            slot: slotLabels[2],
            doctor: 'Ann Lee',
            doctorId: annId,
          }),
        ),
    });

    await user.click(
      await screen.findByRole('button', { name: 'Sat, Nov 23, 2030 at 08.00 AM - 08.30 AM' }),
    );
    const move = await screen.findByRole('button', { name: 'Move it to another time' });
    await user.click(move);
    expect(move).toHaveAttribute('aria-expanded', 'true');

    expect(screen.getByLabelText('New date')).toHaveValue('2030-11-23');
    const day = await screen.findByRole('group', { name: 'Free times on Nov 23, 2030' });
    expect(
      within(day)
        .getAllByRole('group')
        .map((group) => group.querySelector('legend')?.textContent),
    ).toEqual(['With Dr. Ann Lee', 'With Dr. Bob Stone']);
    const withAnn = within(day).getByRole('group', { name: 'With Dr. Ann Lee' });
    expect(within(withAnn).getByRole('radio', { name: /your current time/ })).toBeDisabled();
    await user.click(within(withAnn).getByRole('radio', { name: slotLabels[2] }));
    await user.click(screen.getByRole('button', { name: 'Move to this time' }));

    const result = await screen.findByText(
      'Your appointment is moved to Nov 23, 2030 at 09.00 AM - 09.30 AM with Dr. Ann Lee.',
    );
    expect(result.closest('[role="status"]')).toHaveFocus();
    expect(availabilityPaths(calls)).toEqual([`${availabilityApi}?date=2030-11-23`]);
    expect(posts(calls, 'reschedule').map((call) => call.body)).toEqual([
      { date: '2030-11-23', slot: slotLabels[2], doctorId: annId },
    ]);
    expect(screen.queryByLabelText('New date')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move it to another time' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('"See more times" offers any day\'s free times from the link, each with its doctor, and books the one chosen', async () => {
    pinToday();
    const user = userEvent.setup();
    const { calls } = renderLink(recallViewFactory(), {
      [`GET ${availabilityApi}`]: ({ path }) =>
        json(
          linkAvailabilityFactory({
            date: path.slice(-10),
            lanes: [laneFactory(ann, [slotLabels[2]]), laneFactory(bob, slotLabels)],
          }),
        ),
      [`POST ${linkApi}/book`]: () =>
        json(
          linkResultFactory('booked', {
            date: '2030-11-27',
            slot: slotLabels[1],
            doctor: 'Bob Stone',
            doctorId: bobId,
          }),
        ),
    });

    const more = await screen.findByRole('button', { name: 'See more times' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(availabilityPaths(calls)).toEqual([]);
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');

    // From the last offered day on; not before today.
    const date = screen.getByLabelText('Date');
    expect(date).toHaveValue('2030-11-25');
    expect(date).toHaveAttribute('min', '2030-06-01');
    await screen.findByRole('group', { name: 'Free times on Nov 25, 2030' });
    await user.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(screen.getByText('Choose a time.')).toBeInTheDocument();

    fireEvent.change(date, { target: { value: '2030-11-27' } });
    const day = await screen.findByRole('group', { name: 'Free times on Nov 27, 2030' });
    await user.click(
      within(within(day).getByRole('group', { name: 'With Dr. Bob Stone' })).getByRole('radio', {
        name: slotLabels[1],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Book this time' }));

    expect(
      await screen.findByText(
        "You're booked, Pat: Nov 27, 2030 at 08.30 AM - 09.00 AM with Dr. Bob Stone.",
      ),
    ).toBeInTheDocument();
    expect(availabilityPaths(calls)).toEqual([
      `${availabilityApi}?date=2030-11-25`,
      `${availabilityApi}?date=2030-11-27`,
    ]);
    expect(posts(calls, 'book').map((call) => call.body)).toEqual([
      { date: '2030-11-27', slot: slotLabels[1], doctorId: bobId },
    ]);
  });

  it("says when there is no free time in the next 30 days, gives the clinic's phone and opens the day after them", async () => {
    pinToday();
    const { calls } = renderLink(recallViewFactory({ suggestions: [] }), {
      'GET /api/clinic': () => json(clinicProfileFactory({ phone: '+49 30 1234567' })),
      [`GET ${availabilityApi}`]: () =>
        json(
          linkAvailabilityFactory({ date: '2030-07-01', lanes: [laneFactory(ann, slotLabels)] }),
        ),
    });

    expect(await screen.findByText('No free times in the next 30 days')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '+49 30 1234567' })).toHaveAttribute(
      'href',
      'tel:+49301234567',
    );
    expect(screen.getByText(/Please choose a later day/)).toHaveTextContent(
      'Please choose a later day, or call us at +49 30 1234567.',
    );
    expect(screen.queryByRole('region', { name: 'Tap a time to book it' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'See more times' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveValue('2030-07-01');
    expect(
      await screen.findByRole('group', { name: 'Free times on Jul 1, 2030' }),
    ).toBeInTheDocument();
    expect(availabilityPaths(calls)).toEqual([`${availabilityApi}?date=2030-07-01`]);
    expect(screen.getByRole('button', { name: 'Book this time' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Not now' })).toBeInTheDocument();
  });

  it('leaves the phone out when the clinic has not given one', async () => {
    pinToday();
    renderLink(recallViewFactory({ suggestions: [] }), {
      [`GET ${availabilityApi}`]: () => json(linkAvailabilityFactory({ date: '2030-07-01' })),
    });

    expect(await screen.findByText(/Please choose a later day/)).toHaveTextContent(
      /^Please choose a later day\.$/,
    );
  });

  it('"Not now" asks for no message for a month', async () => {
    const user = userEvent.setup();
    const { calls } = renderLink(recallViewFactory(), {
      [`POST ${linkApi}/snooze`]: () => json({ done: 'snoozed' }),
    });

    await user.click(await screen.findByRole('button', { name: 'Not now' }));

    const result = await screen.findByText("We'll remind you again in a month.");
    expect(result.closest('[role="status"]')).toHaveFocus();
    expect(posts(calls, 'snooze')).toHaveLength(1);
    expect(posts(calls, 'snooze')[0]?.body).toBeUndefined();
    expect(screen.queryByRole('region', { name: 'Tap a time to book it' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Sign in to see all your appointments' }),
    ).toBeInTheDocument();
  });

  it('"Stop check-up reminders" stops them, and a refusal is shown in the server\'s words', async () => {
    const user = userEvent.setup();
    let isLimited = true;
    const { calls } = renderLink(recallViewFactory(), {
      [`POST ${linkApi}/stop`]: () =>
        isLimited
          ? problem(429, 'Too many requests. Please wait a minute.')
          : json({ done: 'stopped' }),
    });

    const stop = await screen.findByRole('button', { name: 'Stop check-up reminders' });
    await user.click(stop);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait a minute.',
    );
    expect(stop).toBeEnabled();

    isLimited = false;
    await user.click(stop);

    const result = await screen.findByText('You will get no more check-up reminders.');
    expect(result.closest('[role="status"]')).toHaveFocus();
    expect(posts(calls, 'stop').map((call) => call.body)).toEqual([undefined, undefined]);
    expect(posts(calls, 'snooze')).toHaveLength(0);
  });

  it('once booked from, shows the booking and moves it, as a reschedule link', async () => {
    pinToday();
    const user = userEvent.setup();
    const booking = linkBookingFactory({
      date: '2030-11-23',
      doctor: 'Ann Lee',
      doctorId: annId,
      rescheduleUntil: '2030-11-22T08:00:00.000Z',
    });
    const { calls } = renderLink(recallViewFactory({ booking, suggestions: undefined }), {
      [`GET ${availabilityApi}`]: () =>
        json(
          linkAvailabilityFactory({
            date: '2030-11-23',
            lanes: [laneFactory(bob, [slotLabels[1]]), laneFactory(ann, slotLabels)],
          }),
        ),
      [`POST ${linkApi}/reschedule`]: () =>
        json(
          linkResultFactory('rescheduled', {
            date: '2030-11-23',
            slot: slotLabels[1],
            doctor: 'Bob Stone',
            doctorId: bobId,
          }),
        ),
    });

    expect(await screen.findByText('You booked your Teeth Cleaning:')).toBeInTheDocument();
    expect(screen.getByText('Dr. Ann Lee').closest('dl')).toHaveTextContent(
      'TreatmentTeeth CleaningDateNov 23, 2030Time08.00 AM - 08.30 AMDoctorDr. Ann Lee',
    );
    expect(screen.getByText(/You can move it online until/)).toHaveTextContent(
      'You can move it online until Nov 22, 2030, 08.00 AM.',
    );
    expect(screen.queryByRole('region', { name: 'Tap a time to book it' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Not now' })).not.toBeInTheDocument();

    const day = await screen.findByRole('group', { name: 'Free times on Nov 23, 2030' });
    await user.click(
      within(within(day).getByRole('group', { name: 'With Dr. Bob Stone' })).getByRole('radio', {
        name: slotLabels[1],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Move to this time' }));

    expect(
      await screen.findByText(
        'Your appointment is moved to Nov 23, 2030 at 08.30 AM - 09.00 AM with Dr. Bob Stone.',
      ),
    ).toBeInTheDocument();
    expect(posts(calls, 'reschedule').map((call) => call.body)).toEqual([
      { date: '2030-11-23', slot: slotLabels[1], doctorId: bobId },
    ]);
    expect(posts(calls, 'book')).toHaveLength(0);
  });

  it('points to the clinic’s phone instead of a move once the time can no longer be moved online', async () => {
    const user = userEvent.setup();
    renderLink(recallViewFactory(), {
      'GET /api/clinic': () => json(clinicProfileFactory({ phone: '+49 30 1234567' })),
      [`POST ${linkApi}/book`]: () => json(bookedOnNov23({ rescheduleUntil: null })),
    });

    await user.click(
      await screen.findByRole('button', { name: 'Sat, Nov 23, 2030 at 08.00 AM - 08.30 AM' }),
    );

    expect(await screen.findByText(/You're booked, Pat/)).toBeInTheDocument();
    expect(screen.getByText(/can no longer be moved online/)).toHaveTextContent(
      'It can no longer be moved online. To change it, please call the clinic at +49 30 1234567.',
    );
    expect(screen.getByRole('link', { name: '+49 30 1234567' })).toHaveAttribute(
      'href',
      'tel:+49301234567',
    );
    expect(
      screen.queryByRole('button', { name: 'Move it to another time' }),
    ).not.toBeInTheDocument();
  });

  it('shows a booking that can no longer be moved online without a move form', async () => {
    const { calls } = renderLink(
      recallViewFactory({
        booking: linkBookingFactory({ date: '2030-11-23', rescheduleUntil: null }),
        suggestions: undefined,
      }),
    );

    expect(await screen.findByText(/can no longer be moved online/)).toHaveTextContent(
      'It can no longer be moved online. To change it, please call the clinic.',
    );
    expect(screen.getByText('Teeth Cleaning').closest('dl')).toHaveTextContent('Nov 23, 2030');
    expect(screen.queryByLabelText('New date')).not.toBeInTheDocument();
    // The reminder links' "ask us to call you below" has no place here: there is no callback.
    expect(screen.queryByText(/ask us to call you/)).not.toBeInTheDocument();
    expect(availabilityPaths(calls)).toEqual([]);
  });
});
