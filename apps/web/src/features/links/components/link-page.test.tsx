import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, problem } from '../../../test/utils.tsx';
import { laneFactory } from '../../../test/factories.ts';
import {
  ann,
  annId,
  bob,
  bobId,
  linkAvailabilityFactory,
  linkBookingFactory,
  linkResultFactory,
  linkViewFactory,
  slotLabels,
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

describe('LinkPage: confirm', () => {
  it('shows the appointment and confirms it with one button, the result taking the focus', async () => {
    const user = userEvent.setup();
    const { calls } = renderLink(
      linkViewFactory({ booking: linkBookingFactory({ doctor: 'Ann Lee', doctorId: annId }) }),
      { [`POST ${linkApi}/confirm`]: () => json(linkResultFactory('confirmed')) },
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirm your appointment' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Hello Pat,')).toBeInTheDocument();
    expect(screen.getByText('Teeth Cleaning').closest('dl')).toHaveTextContent(
      'TreatmentTeeth CleaningDateJun 5, 2030Time08.00 AM - 08.30 AMDoctorDr. Ann Lee',
    );

    await user.click(screen.getByRole('button', { name: "Confirm I'm coming" }));

    const result = await screen.findByText(
      "You're confirmed, Pat. See you on Jun 5, 2030 at 08.00 AM - 08.30 AM.",
    );
    expect(result.closest('[role="status"]')).toHaveFocus();
    expect(screen.queryByRole('button', { name: "Confirm I'm coming" })).not.toBeInTheDocument();
    const [confirm] = posts(calls, 'confirm');
    expect(confirm?.body).toBeUndefined();
    expect(posts(calls, 'confirm')).toHaveLength(1);
    expect(
      screen.getByRole('link', { name: 'Sign in to see all your appointments' }),
    ).toHaveAttribute('href', '/login');
  });

  it('disables the button while the confirmation is on its way: one click, one request', async () => {
    const user = userEvent.setup();
    const answer = deferred();
    const { calls } = renderLink(linkViewFactory(), {
      [`POST ${linkApi}/confirm`]: () => answer.promise,
    });

    const button = await screen.findByRole('button', { name: "Confirm I'm coming" });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    expect(posts(calls, 'confirm')).toHaveLength(1);

    answer.resolve(json(linkResultFactory('confirmed')));
    expect(await screen.findByText(/You're confirmed, Pat\./)).toBeInTheDocument();
  });

  it("shows a refusal inline in the server's words and keeps the button", async () => {
    const user = userEvent.setup();
    renderLink(linkViewFactory(), {
      [`POST ${linkApi}/confirm`]: () =>
        problem(409, 'This appointment has changed since this message was sent.', {
          code: 'link_used',
        }),
    });

    await user.click(await screen.findByRole('button', { name: "Confirm I'm coming" }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This appointment has changed since this message was sent.',
    );
    expect(screen.getByRole('button', { name: "Confirm I'm coming" })).toBeEnabled();
  });

  it('offers no button for an appointment the patient already confirmed', async () => {
    renderLink(
      linkViewFactory({
        booking: linkBookingFactory({ confirmedAt: '2030-05-28T10:00:00.000Z' }),
      }),
    );

    expect(await screen.findByText(/You confirmed this appointment on/)).toHaveTextContent(
      'You confirmed this appointment on May 28, 2030, 10.00 AM. See you then.',
    );
    expect(screen.queryByRole('button', { name: "Confirm I'm coming" })).not.toBeInTheDocument();
  });
});

describe('LinkPage: cancel', () => {
  it('cancels with the reason given, says so, and no longer offers a call about it', async () => {
    const user = userEvent.setup();
    const { calls } = renderLink(linkViewFactory({ purpose: 'cancel' }), {
      [`POST ${linkApi}/cancel`]: () =>
        json(linkResultFactory('cancelled', { status: 'cancelled' })),
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cancel your appointment' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/You can cancel online until/)).toHaveTextContent(
      'You can cancel online until Jun 4, 2030, 08.00 AM.',
    );
    await user.type(screen.getByLabelText('Reason (optional)'), '  I am ill  ');
    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));

    const result = await screen.findByText('Your appointment is cancelled.');
    expect(result.closest('[role="status"]')).toHaveFocus();
    expect(posts(calls, 'cancel').map((call) => call.body)).toEqual([{ reason: 'I am ill' }]);
    expect(screen.queryByRole('button', { name: 'Please call me' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop reminder emails' })).toBeInTheDocument();
  });

  it('sends no reason when none is given', async () => {
    const user = userEvent.setup();
    const { calls } = renderLink(linkViewFactory({ purpose: 'cancel' }), {
      [`POST ${linkApi}/cancel`]: () => json(linkResultFactory('cancelled')),
    });

    await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));

    expect(await screen.findByText('Your appointment is cancelled.')).toBeInTheDocument();
    expect(posts(calls, 'cancel').map((call) => call.body)).toEqual([{}]);
  });

  it("shows the closed window's detail (call the clinic) and keeps the appointment on screen", async () => {
    const user = userEvent.setup();
    renderLink(linkViewFactory({ purpose: 'cancel' }), {
      [`POST ${linkApi}/cancel`]: () =>
        problem(
          409,
          'Online cancellation closed 24 hours before your appointment. Please call the clinic at +49 30 1234567.',
          { code: 'cancel_window_closed' },
        ),
    });

    await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Online cancellation closed 24 hours before your appointment. Please call the clinic at +49 30 1234567.',
    );
    expect(screen.getByText('Teeth Cleaning')).toBeInTheDocument();
    expect(screen.queryByText('Your appointment is cancelled.')).not.toBeInTheDocument();
  });

  it('offers no cancel button when the appointment cannot be cancelled online', async () => {
    renderLink(
      linkViewFactory({ purpose: 'cancel', booking: linkBookingFactory({ cancelUntil: null }) }),
    );

    expect(
      await screen.findByText(/can no longer be cancelled online\. Please call the clinic/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Please call me' })).toBeInTheDocument();
  });
});

describe('LinkPage: reschedule', () => {
  it("offers the treatment's free times of a chosen day from the link and moves the appointment there", async () => {
    pinToday();
    const user = userEvent.setup();
    const { calls } = renderLink(linkViewFactory({ purpose: 'reschedule' }), {
      [`GET ${availabilityApi}`]: () => json(linkAvailabilityFactory()),
      [`POST ${linkApi}/reschedule`]: () =>
        json(linkResultFactory('rescheduled', { date: '2030-06-07', slot: slotLabels[2] })),
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Move your appointment' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/You can move it online until/)).toHaveTextContent(
      'You can move it online until Jun 4, 2030, 08.00 AM.',
    );
    const date = screen.getByLabelText('New date');
    expect(date).toHaveValue('2030-06-05');
    expect(date).toHaveAttribute('min', '2030-06-01');
    const onBookedDay = await screen.findByRole('group', { name: 'Free times on Jun 5, 2030' });
    // The booking's own time counts as free on the server: shown, not offered again.
    expect(
      within(onBookedDay)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      '08.00 AM - 08.30 AM (your current time)',
      '08.30 AM - 09.00 AM',
      '09.00 AM - 09.30 AM',
    ]);
    expect(within(onBookedDay).getByRole('radio', { name: /your current time/ })).toBeDisabled();

    fireEvent.change(date, { target: { value: '2030-06-07' } });
    const group = await screen.findByRole('group', { name: 'Free times on Jun 7, 2030' });
    expect(availabilityPaths(calls)).toEqual([
      `${availabilityApi}?date=2030-06-05`,
      `${availabilityApi}?date=2030-06-07`,
    ]);
    expect(calls.some((call) => call.path.startsWith('/api/available'))).toBe(false);
    await user.click(within(group).getByRole('radio', { name: slotLabels[2] }));
    await user.click(screen.getByRole('button', { name: 'Move to this time' }));

    const result = await screen.findByText(
      'Your appointment is moved to Jun 7, 2030 at 09.00 AM - 09.30 AM.',
    );
    expect(result.closest('[role="status"]')).toHaveFocus();
    // A treatment without doctors: no doctor is sent.
    expect(posts(calls, 'reschedule').map((call) => call.body)).toEqual([
      { date: '2030-06-07', slot: slotLabels[2] },
    ]);
  });

  it('asks for a time before sending anything', async () => {
    pinToday();
    const user = userEvent.setup();
    const { calls } = renderLink(linkViewFactory({ purpose: 'reschedule' }), {
      [`GET ${availabilityApi}`]: () => json(linkAvailabilityFactory()),
    });

    await screen.findByRole('group', { name: 'Free times on Jun 5, 2030' });
    await user.click(screen.getByRole('button', { name: 'Move to this time' }));

    expect(screen.getByText('Choose a time.')).toBeInTheDocument();
    expect(posts(calls, 'reschedule')).toHaveLength(0);
  });

  it('says when a day has no free time', async () => {
    pinToday();
    renderLink(linkViewFactory({ purpose: 'reschedule' }), {
      [`GET ${availabilityApi}`]: () =>
        json(linkAvailabilityFactory({ lanes: [laneFactory(ann, []), laneFactory(bob, [])] })),
    });

    expect(
      await screen.findByText('There is no free time on Jun 5, 2030. Please choose another day.'),
    ).toBeInTheDocument();
  });

  it("offers each time with its doctor, the booking's doctor first, and moves with the doctor picked", async () => {
    pinToday();
    const user = userEvent.setup();
    const { calls } = renderLink(
      linkViewFactory({
        purpose: 'reschedule',
        booking: linkBookingFactory({ doctor: 'Ann Lee', doctorId: annId }),
      }),
      {
        [`GET ${availabilityApi}`]: () =>
          json(
            linkAvailabilityFactory({
              lanes: [
                laneFactory(bob, [slotLabels[0], slotLabels[1]]),
                laneFactory(ann, [slotLabels[0], slotLabels[2]]),
              ],
            }),
          ),
        [`POST ${linkApi}/reschedule`]: () =>
          json(
            linkResultFactory('rescheduled', {
              slot: slotLabels[0],
              doctor: 'Bob Stone',
              doctorId: bobId,
            }),
          ),
      },
    );

    const day = await screen.findByRole('group', { name: 'Free times on Jun 5, 2030' });
    expect(
      within(day)
        .getAllByRole('group')
        .map((group) => group.querySelector('legend')?.textContent),
    ).toEqual(['With Dr. Ann Lee', 'With Dr. Bob Stone']);
    const withAnn = within(day).getByRole('group', { name: 'With Dr. Ann Lee' });
    const withBob = within(day).getByRole('group', { name: 'With Dr. Bob Stone' });
    // 08.00 is the booking's own time with Ann, but free with Bob.
    expect(within(withAnn).getByRole('radio', { name: /your current time/ })).toBeDisabled();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(withBob).getByRole('radio', { name: slotLabels[0] }));
    expect(within(withAnn).getByRole('radio', { name: slotLabels[2] })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Move to this time' }));

    expect(
      await screen.findByText(
        'Your appointment is moved to Jun 5, 2030 at 08.00 AM - 08.30 AM with Dr. Bob Stone.',
      ),
    ).toBeInTheDocument();
    expect(posts(calls, 'reschedule').map((call) => call.body)).toEqual([
      { date: '2030-06-05', slot: slotLabels[0], doctorId: bobId },
    ]);
  });

  it("says a time taken meanwhile in the server's words, asks for the times again and lets the patient pick another", async () => {
    pinToday();
    const user = userEvent.setup();
    let isTaken = true;
    const { calls } = renderLink(
      linkViewFactory({
        purpose: 'reschedule',
        booking: linkBookingFactory({ doctor: 'Ann Lee', doctorId: annId }),
      }),
      {
        [`GET ${availabilityApi}`]: () =>
          json(linkAvailabilityFactory({ lanes: [laneFactory(ann, slotLabels)] })),
        [`POST ${linkApi}/reschedule`]: () =>
          isTaken
            ? problem(409, 'That slot has just been taken; choose another.', {
                code: 'conflict',
                success: false,
                booking: { date: '2030-06-05', slot: slotLabels[1], treatment: 'Teeth Cleaning' },
              })
            : json(linkResultFactory('rescheduled', { slot: slotLabels[2], doctor: 'Ann Lee' })),
      },
    );

    const withAnn = await screen.findByRole('group', { name: 'With Dr. Ann Lee' });
    await user.click(within(withAnn).getByRole('radio', { name: slotLabels[1] }));
    await user.click(screen.getByRole('button', { name: 'Move to this time' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That slot has just been taken; choose another.',
    );
    expect(within(withAnn).getByRole('radio', { name: slotLabels[1] })).not.toBeChecked();
    await waitFor(() =>
      expect(availabilityPaths(calls)).toEqual([
        `${availabilityApi}?date=2030-06-05`,
        `${availabilityApi}?date=2030-06-05`,
      ]),
    );

    isTaken = false;
    await user.click(within(withAnn).getByRole('radio', { name: slotLabels[2] }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move to this time' }));

    expect(
      await screen.findByText(
        'Your appointment is moved to Jun 5, 2030 at 09.00 AM - 09.30 AM with Dr. Ann Lee.',
      ),
    ).toBeInTheDocument();
    expect(posts(calls, 'reschedule').map((call) => call.body)).toEqual([
      { date: '2030-06-05', slot: slotLabels[1], doctorId: annId },
      { date: '2030-06-05', slot: slotLabels[2], doctorId: annId },
    ]);
  });

  it('offers no move when the appointment cannot be moved online', async () => {
    renderLink(
      linkViewFactory({
        purpose: 'reschedule',
        booking: linkBookingFactory({ rescheduleUntil: null }),
      }),
    );

    expect(
      await screen.findByText(/can no longer be moved online\. Please call the clinic/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move to this time' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('New date')).not.toBeInTheDocument();
  });

  it("shows the closed window's detail when the move is refused", async () => {
    pinToday();
    const user = userEvent.setup();
    renderLink(linkViewFactory({ purpose: 'reschedule' }), {
      [`GET ${availabilityApi}`]: () => json(linkAvailabilityFactory()),
      [`POST ${linkApi}/reschedule`]: () =>
        problem(
          409,
          'Online changes closed 24 hours before your appointment. Please call the clinic.',
          {
            code: 'reschedule_window_closed',
          },
        ),
    });

    const group = await screen.findByRole('group', { name: 'Free times on Jun 5, 2030' });
    await user.click(within(group).getByRole('radio', { name: slotLabels[2] }));
    await user.click(screen.getByRole('button', { name: 'Move to this time' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Online changes closed 24 hours before your appointment. Please call the clinic.',
    );
  });
});

describe('LinkPage: please call me, stop reminders', () => {
  it('asks for a call with a note, and the primary action stays', async () => {
    const user = userEvent.setup();
    const { calls } = renderLink(linkViewFactory(), {
      [`POST ${linkApi}/callback`]: () => json(linkResultFactory('callback')),
    });

    const callMe = await screen.findByRole('button', { name: 'Please call me' });
    expect(callMe).toHaveAttribute('aria-expanded', 'false');
    await user.click(callMe);
    const note = screen.getByLabelText('Anything we should know? (optional)');
    expect(note).toHaveFocus();
    await user.type(note, 'After 5 pm please');
    await user.click(screen.getByRole('button', { name: 'Ask for a call' }));

    const result = await screen.findByText('We will call you.');
    expect(result.closest('[role="status"]')).toHaveFocus();
    expect(posts(calls, 'callback').map((call) => call.body)).toEqual([
      { note: 'After 5 pm please' },
    ]);
    expect(screen.queryByRole('button', { name: 'Please call me' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Confirm I'm coming" })).toBeInTheDocument();
  });

  it('says the call is already asked for instead of offering it again', async () => {
    renderLink(linkViewFactory({ callbackOpen: true }));

    expect(await screen.findByText('You asked us to call you; we will.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Please call me' })).not.toBeInTheDocument();
  });

  it('stops the reminder emails', async () => {
    const user = userEvent.setup();
    const { calls } = renderLink(linkViewFactory({ purpose: 'reschedule' }), {
      [`GET ${availabilityApi}`]: () => json(linkAvailabilityFactory()),
      [`POST ${linkApi}/stop`]: () => json({ done: 'stopped' }),
    });

    await user.click(await screen.findByRole('button', { name: 'Stop reminder emails' }));

    const result = await screen.findByText('You will get no more reminder emails.');
    expect(result.closest('[role="status"]')).toHaveFocus();
    expect(posts(calls, 'stop')).toHaveLength(1);
    expect(posts(calls, 'stop')[0]?.body).toBeUndefined();
    expect(screen.queryByRole('button', { name: 'Stop reminder emails' })).not.toBeInTheDocument();
  });

  it("shows a failed stop in the server's words", async () => {
    const user = userEvent.setup();
    renderLink(linkViewFactory(), {
      [`POST ${linkApi}/stop`]: () => problem(429, 'Too many requests. Please wait a minute.'),
    });

    await user.click(await screen.findByRole('button', { name: 'Stop reminder emails' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait a minute.',
    );
    expect(screen.getByRole('button', { name: 'Stop reminder emails' })).toBeEnabled();
  });
});

describe('LinkPage: links that cannot act', () => {
  it.each([
    [
      404,
      'not_found',
      'This link is not valid',
      'This link is not valid. Please sign in to see your appointments.',
    ],
    [
      410,
      'link_expired',
      'This link has expired',
      'This link expired when your appointment began.',
    ],
    [
      409,
      'link_used',
      'This link no longer works',
      'You confirmed this appointment on Nov 28, 2026, 10.00 AM.',
    ],
  ])(
    'a %i %s says why in the server’s words and offers only the sign-in',
    async (status, code, heading, detail) => {
      renderLink(() => problem(status, detail, { code }));

      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(screen.getByText(detail)).toBeInTheDocument();
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
      expect(
        screen.getByRole('link', { name: 'Sign in to see all your appointments' }),
      ).toHaveAttribute('href', '/login');
    },
  );

  it('shows a spinner while loading, and offers a retry after another failure', async () => {
    const user = userEvent.setup();
    let isDown = true;
    const { calls } = renderLink(() =>
      isDown
        ? problem(503, 'The clinic server is busy.', { code: 'service_unavailable' })
        : json(linkViewFactory()),
    );

    expect(screen.getByRole('status')).toHaveTextContent('Opening your link…');
    expect(await screen.findByRole('alert')).toHaveTextContent('The clinic server is busy.');
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('button', { name: "Confirm I'm coming" })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === linkApi)).toHaveLength(2);
  });
});

describe('LinkPage: check-in', () => {
  it("checks the patient in with one tap, and says when check-in is not open yet in the server's words", async () => {
    const user = userEvent.setup();
    let open = false;
    const { calls } = renderLink(linkViewFactory({ purpose: 'check-in' }), {
      [`POST ${linkApi}/check-in`]: () =>
        open
          ? json(linkResultFactory('checked-in'))
          : problem(409, 'Check-in opens 60 minutes before your appointment. Please check in when you arrive.', { code: 'check_in_closed' }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Your appointment today' })).toBeInTheDocument();
    expect(screen.getByText('Teeth Cleaning')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "I'm here" }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Check-in opens 60 minutes before your appointment.');

    open = true;
    await user.click(screen.getByRole('button', { name: "I'm here" }));
    expect(await screen.findByText("You're checked in, Pat. Please take a seat; we'll call you.")).toBeInTheDocument();
    expect(posts(calls, 'check-in')).toHaveLength(2);
  });
});
