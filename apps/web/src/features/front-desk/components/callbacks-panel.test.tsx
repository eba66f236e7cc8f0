import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Callback } from '@clinic/shared';
import { clinicProfileFactory } from '../../../test/clinic-factories.ts';
import { json, mockFetch, problem, renderAt, type ApiCall } from '../../../test/utils.tsx';
import { callbackFactory } from '../utils/appointments-test-factories.ts';
import { CallbacksPanel, NO_CALLBACKS_TEXT } from './callbacks-panel.tsx';

const pat = callbackFactory();
const ned = callbackFactory({
  _id: 'cb2',
  bookingId: 'b2',
  patient: { name: 'Ned Nophone', email: 'ned@example.com', phone: '' },
  booking: {
    treatment: 'Teeth Whitening',
    date: '2030-06-12',
    slot: '11.00 AM - 11.30 AM',
    status: 'cancelled',
  },
  note: '',
  createdAt: '2030-06-12T07:05:00.000Z',
});

function listCalls(calls: ApiCall[]): ApiCall[] {
  return calls.filter(
    (call) => call.method === 'GET' && call.path.startsWith('/api/admin/callbacks'),
  );
}

function mockCallbacks(list: (call: ApiCall) => Response | Promise<Response>, extra = {}) {
  return mockFetch({
    'GET /api/admin/callbacks': list,
    'GET /api/clinic': () => json(clinicProfileFactory()),
    ...extra,
  });
}

function renderPanel() {
  return renderAt(<CallbacksPanel />, { path: '/dashboard/all-appointments' });
}

/** A callback's entry by the patient's name in it. */
function itemOf(name: string): HTMLElement {
  return screen.getByText(name).closest('li')!;
}

describe('CallbacksPanel', () => {
  it('asks for the open callbacks and shows who, how to reach them, which appointment, their note and when they asked', async () => {
    const { calls } = mockCallbacks(() => json({ items: [pat, ned] }));
    renderPanel();

    expect(screen.getByRole('status')).toHaveTextContent('Loading the callbacks…');
    const panel = await screen.findByRole('region', { name: 'Callbacks' });
    expect(await within(panel).findByText('2 waiting')).toBeInTheDocument();
    expect(listCalls(calls).map((call) => call.path)).toEqual(['/api/admin/callbacks?open=true']);

    // Oldest first, as the server sends them.
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.font-medium')?.textContent),
    ).toEqual(['Pat Patient', 'Ned Nophone']);
    const first = itemOf('Pat Patient');
    expect(within(first).getByRole('link', { name: '+1 555 0100' })).toHaveAttribute(
      'href',
      'tel:+15550100',
    );
    expect(
      within(first).getByText('Teeth Cleaning, Jun 13, 2030, 08.30 AM - 09.00 AM'),
    ).toBeInTheDocument();
    expect(within(first).getByText('“Can we make it later in the day?”')).toBeInTheDocument();
    expect(within(first).getByText('Jun 11, 2030, 06.45 PM')).toHaveAttribute(
      'dateTime',
      pat.createdAt,
    );
    expect(within(first).queryByText('Cancelled')).not.toBeInTheDocument();

    // No phone: the email instead; a cancelled appointment says so; no note, no quote.
    const second = itemOf('Ned Nophone');
    expect(within(second).getByRole('link', { name: 'ned@example.com' })).toHaveAttribute(
      'href',
      'mailto:ned@example.com',
    );
    expect(within(second).getByText('Cancelled')).toBeInTheDocument();
    expect(within(second).queryByText(/“/)).not.toBeInTheDocument();
    expect(within(second).getByText('Jun 12, 2030, 07.05 AM')).toBeInTheDocument();
  });

  it('shows a small empty state rather than hiding, so the desk knows where callbacks appear', async () => {
    mockCallbacks(() => json({ items: [] }));
    renderPanel();

    const panel = await screen.findByRole('region', { name: 'Callbacks' });
    expect(await within(panel).findByText(NO_CALLBACKS_TEXT)).toBeInTheDocument();
    expect(within(panel).queryByRole('list')).not.toBeInTheDocument();
  });

  it('says why the callbacks could not be loaded, and asks again on Retry', async () => {
    const user = userEvent.setup();
    let isDown = true;
    const { calls } = mockCallbacks(() =>
      isDown ? problem(500, 'The clinic server is having a moment') : json({ items: [pat] }),
    );
    renderPanel();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The clinic server is having a moment',
    );
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Pat Patient')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('marks a callback resolved with POST and no body, says so, and asks for the list again', async () => {
    const user = userEvent.setup();
    let open: Callback[] = [pat, ned];
    const { calls } = mockCallbacks(() => json({ items: open }), {
      'POST /api/admin/callbacks/cb1/resolve': () => {
        open = [ned];
        return json({
          ...pat,
          resolvedAt: '2030-06-12T08:00:00.000Z',
          resolvedBy: 'Rita Reception',
        });
      },
    });
    renderPanel();

    await user.click(
      await screen.findByRole('button', {
        name: 'Mark resolved: Pat Patient, Teeth Cleaning, Jun 13, 2030, 08.30 AM - 09.00 AM',
      }),
    );

    expect(await screen.findByText("Pat Patient's callback marked resolved")).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe('/api/admin/callbacks/cb1/resolve');
    expect(post.body).toBeUndefined();
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('Pat Patient')).not.toBeInTheDocument());
    expect(screen.getByText('Ned Nophone')).toBeInTheDocument();
    expect(screen.getByText('1 waiting')).toBeInTheDocument();
  });

  it("shows the server's reason when resolving is refused, and looks again", async () => {
    const user = userEvent.setup();
    let open: Callback[] = [pat];
    const { calls } = mockCallbacks(() => json({ items: open }), {
      'POST /api/admin/callbacks/cb1/resolve': () => {
        // A colleague resolved it a moment ago.
        open = [];
        return problem(404, 'No such callback.');
      },
    });
    renderPanel();

    await user.click(await screen.findByRole('button', { name: /^Mark resolved: Pat Patient/ }));

    expect(await screen.findByText('No such callback.')).toBeInTheDocument();
    expect(await screen.findByText(NO_CALLBACKS_TEXT)).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(2);
  });
});
