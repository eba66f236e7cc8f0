import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clinicProfileFactory } from '../../../test/clinic-factories.ts';
import { adminTreatmentFactory } from '../../../test/schedule-factories.ts';
import { json, mockFetch, problem, renderAt, type ApiCall } from '../../../test/utils.tsx';
import {
  CLEANING_ID,
  recallItemFactory,
  recallsPageFactory,
  WHITENING_ID,
} from '../utils/recalls-test-factories.ts';
import { RECALLS_INTRO, RecallsWorklist } from './recalls-worklist.tsx';

const pat = recallItemFactory({ recall: { note: 'Prefers mornings' } });
const ned = recallItemFactory({
  recall: {
    _id: 'r2',
    treatmentId: WHITENING_ID,
    treatment: 'Teeth Whitening',
    dueDate: '2030-07-01',
    status: 'booked',
    attempts: 0,
    lastContactedAt: null,
  },
  patient: { name: 'Ned Nophone', email: 'ned@example.com', phone: '' },
  lastVisit: null,
});
const cleaning = adminTreatmentFactory({ _id: CLEANING_ID });
const whitening = adminTreatmentFactory({
  _id: WHITENING_ID,
  name: 'Teeth Whitening',
  active: false,
});

type Handler = (call: ApiCall) => Response | Promise<Response>;

function mockRecalls(list: Handler, extra: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/admin/recalls': list,
    'GET /api/admin/treatments': () => json([cleaning, whitening]),
    'GET /api/clinic': () => json(clinicProfileFactory()),
    ...extra,
  });
}

/** The worklist's GETs, each as its query string. */
function listQueries(calls: ApiCall[]): string[] {
  return calls
    .filter((call) => call.method === 'GET' && call.path.startsWith('/api/admin/recalls'))
    .map((call) => call.path.slice('/api/admin/recalls'.length));
}

function renderWorklist() {
  return renderAt(<RecallsWorklist />, { path: '/dashboard/recalls' });
}

function cardOf(name: string): HTMLElement {
  return screen.getByRole('listitem', { name });
}

/** The 'Term: value' pairs of a card. */
function detailsOf(card: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    within(card)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  );
}

describe('RecallsWorklist', () => {
  it('asks for the due patients and shows each as a card: how to reach them, what they are due for, the messages and the last visit', async () => {
    const { calls } = mockRecalls(() => json(recallsPageFactory([pat, ned])));
    renderWorklist();

    expect(screen.getByRole('heading', { level: 2, name: 'Recalls' })).toBeInTheDocument();
    expect(screen.getByText(RECALLS_INTRO)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the recalls…');
    const list = await screen.findByRole('list', { name: 'Recalls' });
    expect(listQueries(calls)).toEqual(['?status=due&limit=50']);
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Due');
    expect(screen.getByText('2 patients shown')).toBeInTheDocument();

    // Oldest due first, as the server sends them.
    expect(
      within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Pat Patient', 'Ned Nophone']);

    const first = cardOf('Pat Patient');
    expect(within(first).getByRole('link', { name: '+1 555 0100' })).toHaveAttribute(
      'href',
      'tel:+15550100',
    );
    expect(within(first).getByRole('link', { name: 'pat@example.com' })).toHaveAttribute(
      'href',
      'mailto:pat@example.com',
    );
    expect(within(first).getByText('Due', { selector: '.badge' })).toBeInTheDocument();
    await waitFor(() =>
      expect(detailsOf(first)).toEqual({
        Treatment: 'Teeth Cleaning',
        Due: 'Jun 12, 2030',
        Messages: '1 message sent',
        'Last contacted': 'May 29, 2030, 09.00 AM',
        'Last visit': 'Dec 12, 2029, 08.30 AM - 09.00 AM, Teeth Cleaning',
        Note: 'Prefers mornings',
      }),
    );
    expect(within(first).getByText('May 29, 2030, 09.00 AM')).toHaveAttribute(
      'dateTime',
      pat.recall.lastContactedAt,
    );
    expect(within(first).getByRole('button', { name: 'Called Pat Patient' })).toHaveTextContent(
      'Called',
    );
    expect(
      within(first).getByRole('button', { name: "Dismiss Pat Patient's recall" }),
    ).toHaveTextContent('Dismiss');

    // No phone, no message yet, no visit on record, no note; booked: nothing to do.
    const second = cardOf('Ned Nophone');
    expect(
      within(second)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['mailto:ned@example.com']);
    expect(within(second).getByText('Booked', { selector: '.badge' })).toBeInTheDocument();
    expect(detailsOf(second)).toEqual({
      Treatment: 'Teeth Whitening',
      Due: 'Jul 1, 2030',
      Messages: 'No messages sent yet',
      'Last contacted': 'Not yet',
      'Last visit': 'Not on record',
    });
    expect(within(second).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when a patient was asked to wait, and counts several messages', async () => {
    mockRecalls(() =>
      json(
        recallsPageFactory([
          recallItemFactory({ recall: { attempts: 2, snoozedUntil: '2030-07-15' } }),
        ]),
      ),
    );
    renderWorklist();

    const card = await screen.findByRole('listitem', { name: 'Pat Patient' });
    expect(detailsOf(card)).toMatchObject({
      Messages: '2 messages sent',
      'Asked to wait until': 'Jul 15, 2030',
    });
    expect(screen.getByText('1 patient shown')).toBeInTheDocument();
  });

  it('asks again for each filter: status, due from and to, treatment', async () => {
    const user = userEvent.setup();
    const { calls } = mockRecalls(() => json(recallsPageFactory([pat])));
    renderWorklist();
    await screen.findByRole('listitem', { name: 'Pat Patient' });

    const lastQuery = () => listQueries(calls).at(-1);
    await user.selectOptions(screen.getByLabelText('Status'), 'Booked');
    await waitFor(() => expect(lastQuery()).toBe('?status=booked&limit=50'));
    await user.selectOptions(screen.getByLabelText('Status'), 'Dismissed');
    await waitFor(() => expect(lastQuery()).toBe('?status=dismissed&limit=50'));
    await user.selectOptions(screen.getByLabelText('Status'), 'Lapsed');
    await waitFor(() => expect(lastQuery()).toBe('?status=lapsed&limit=50'));
    await user.selectOptions(screen.getByLabelText('Status'), 'All');
    await waitFor(() => expect(lastQuery()).toBe('?limit=50'));
    await user.selectOptions(screen.getByLabelText('Status'), 'Due');

    fireEvent.change(screen.getByLabelText('Due from'), { target: { value: '2030-06-01' } });
    await waitFor(() => expect(lastQuery()).toBe('?status=due&from=2030-06-01&limit=50'));
    fireEvent.change(screen.getByLabelText('Due to'), { target: { value: '2030-06-30' } });
    await waitFor(() =>
      expect(lastQuery()).toBe('?status=due&from=2030-06-01&to=2030-06-30&limit=50'),
    );

    // The treatments to choose from, archived ones said so.
    expect(
      within(screen.getByLabelText('Treatment'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All treatments', 'Teeth Cleaning', 'Teeth Whitening (archived)']);
    await user.selectOptions(screen.getByLabelText('Treatment'), 'Teeth Cleaning');
    await waitFor(() =>
      expect(lastQuery()).toBe(
        `?status=due&from=2030-06-01&to=2030-06-30&treatmentId=${CLEANING_ID}&limit=50`,
      ),
    );

    // Cleared dates leave the range out again.
    fireEvent.change(screen.getByLabelText('Due from'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Due to'), { target: { value: '' } });
    await waitFor(() =>
      expect(lastQuery()).toBe(`?status=due&treatmentId=${CLEANING_ID}&limit=50`),
    );
  });

  it('moves the other end of the range when one end passes it', async () => {
    const { calls } = mockRecalls(() => json(recallsPageFactory([])));
    renderWorklist();
    await screen.findByText('No patients are due for a check-up.');

    fireEvent.change(screen.getByLabelText('Due to'), { target: { value: '2030-06-10' } });
    fireEvent.change(screen.getByLabelText('Due from'), { target: { value: '2030-06-20' } });
    expect(screen.getByLabelText('Due to')).toHaveValue('2030-06-20');
    await waitFor(() =>
      expect(listQueries(calls).at(-1)).toBe('?status=due&from=2030-06-20&to=2030-06-20&limit=50'),
    );
    fireEvent.change(screen.getByLabelText('Due to'), { target: { value: '2030-06-05' } });
    expect(screen.getByLabelText('Due from')).toHaveValue('2030-06-05');
  });

  it.each([
    ['Due', 'No patients are due for a check-up.'],
    ['Booked', 'No recalled patients have booked yet.'],
    ['Dismissed', 'No recalls have been dismissed.'],
    ['Lapsed', 'No recalls have lapsed.'],
    ['All', 'No recalls yet.'],
  ])('says so when no recall is %s', async (status, text) => {
    const user = userEvent.setup();
    mockRecalls(() => json(recallsPageFactory([])));
    renderWorklist();
    await screen.findByText('No patients are due for a check-up.');

    await user.selectOptions(screen.getByLabelText('Status'), status);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByText(/patients? shown/)).not.toBeInTheDocument();
  });

  it('says why the list could not be loaded, and asks again on Retry', async () => {
    const user = userEvent.setup();
    let isDown = true;
    const { calls } = mockRecalls(() =>
      isDown
        ? problem(500, 'The clinic server is having a moment')
        : json(recallsPageFactory([pat])),
    );
    renderWorklist();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The clinic server is having a moment',
    );
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Pat Patient' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(listQueries(calls)).toEqual(['?status=due&limit=50', '?status=due&limit=50']);
  });

  it('loads the next page with the cursor, and keeps the cards when that fails until Retry', async () => {
    const user = userEvent.setup();
    const later = recallItemFactory({
      recall: { _id: 'r3', dueDate: '2030-06-20' },
      patient: { name: 'Lou Later', email: 'lou@example.com', phone: '' },
    });
    let isNextDown = true;
    const { calls } = mockRecalls((call) => {
      if (!call.path.includes('cursor=')) return json(recallsPageFactory([pat], 'c2'));
      return isNextDown ? problem(503, 'Try again in a moment') : json(recallsPageFactory([later]));
    });
    renderWorklist();

    expect(await screen.findByText('1 patient shown, more to load')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in a moment');
    expect(cardOf('Pat Patient')).toBeInTheDocument();

    isNextDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Lou Later' })).toBeInTheDocument();
    expect(cardOf('Pat Patient')).toBeInTheDocument();
    expect(screen.getByText('2 patients shown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(listQueries(calls)).toEqual([
      '?status=due&limit=50',
      '?status=due&limit=50&cursor=c2',
      '?status=due&limit=50&cursor=c2',
    ]);
  });

  describe('Dismiss', () => {
    it('dismisses with the note, says so, and refreshes the list', async () => {
      const user = userEvent.setup();
      let isDismissed = false;
      const { calls } = mockRecalls(() => json(recallsPageFactory(isDismissed ? [] : [pat])), {
        'PATCH /api/admin/recalls/r1': () => {
          isDismissed = true;
          return json({ ...pat, recall: { ...pat.recall, status: 'dismissed' } });
        },
      });
      renderWorklist();

      await user.click(await screen.findByRole('button', { name: "Dismiss Pat Patient's recall" }));
      const dialog = screen.getByRole('dialog', { name: "Dismiss Pat Patient's recall?" });
      expect(dialog).toHaveTextContent('Teeth Cleaning, due Jun 12, 2030.');
      await user.type(within(dialog).getByLabelText('Note (optional)'), '  Moved away ');
      await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));

      expect(await screen.findByText("Pat Patient's recall dismissed")).toBeInTheDocument();
      expect(
        calls.filter((call) => call.method === 'PATCH').map((call) => [call.path, call.body]),
      ).toEqual([['/api/admin/recalls/r1', { status: 'dismissed', note: 'Moved away' }]]);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(await screen.findByText('No patients are due for a check-up.')).toBeInTheDocument();
      expect(listQueries(calls)).toHaveLength(2);
    });

    it('sends no note when none is given, and sends nothing when the desk keeps it', async () => {
      const user = userEvent.setup();
      const { calls } = mockRecalls(() => json(recallsPageFactory([pat])), {
        'PATCH /api/admin/recalls/r1': () =>
          json({ ...pat, recall: { ...pat.recall, status: 'dismissed' } }),
      });
      renderWorklist();

      const dismiss = await screen.findByRole('button', { name: "Dismiss Pat Patient's recall" });
      await user.click(dismiss);
      await user.click(screen.getByRole('button', { name: 'Keep it' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);

      await user.click(dismiss);
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Dismiss' }));
      expect(await screen.findByText("Pat Patient's recall dismissed")).toBeInTheDocument();
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'dismissed' });
    });

    it('keeps the dialog open and says why when the recall is gone, and refreshes the list', async () => {
      const user = userEvent.setup();
      const { calls } = mockRecalls(() => json(recallsPageFactory([pat])), {
        'PATCH /api/admin/recalls/r1': () =>
          problem(404, 'This recall does not exist.', { code: 'not_found' }),
      });
      renderWorklist();

      await user.click(await screen.findByRole('button', { name: "Dismiss Pat Patient's recall" }));
      const dialog = screen.getByRole('dialog', { name: "Dismiss Pat Patient's recall?" });
      await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));

      expect(await screen.findByText('This recall does not exist.')).toBeInTheDocument();
      expect(dialog).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Dismiss' })).toBeEnabled();
      await waitFor(() => expect(listQueries(calls)).toHaveLength(2));
    });
  });

  describe('Called', () => {
    it('records a call by phone with no note, says so, and refreshes the card', async () => {
      const user = userEvent.setup();
      let calledAt: string | null = null;
      const { calls } = mockRecalls(
        () =>
          json(
            recallsPageFactory([
              calledAt ? { ...pat, recall: { ...pat.recall, lastContactedAt: calledAt } } : pat,
            ]),
          ),
        {
          'POST /api/admin/recalls/r1/contacted': () => {
            calledAt = '2030-06-13T14:30:00.000Z';
            return json({ ...pat, recall: { ...pat.recall, lastContactedAt: calledAt } });
          },
        },
      );
      renderWorklist();

      await user.click(await screen.findByRole('button', { name: 'Called Pat Patient' }));
      const dialog = screen.getByRole('dialog', { name: 'Record contact with Pat Patient' });
      expect(within(dialog).getByRole('radio', { name: 'Phone' })).toBeChecked();
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Contact with Pat Patient recorded')).toBeInTheDocument();
      expect(
        calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body]),
      ).toEqual([['/api/admin/recalls/r1/contacted', { channel: 'phone' }]]);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await waitFor(() =>
        expect(detailsOf(cardOf('Pat Patient'))['Last contacted']).toBe('Jun 13, 2030, 02.30 PM'),
      );
      expect(listQueries(calls)).toHaveLength(2);
      // Still due: the desk may call again until the patient books.
      expect(screen.getByRole('button', { name: 'Called Pat Patient' })).toBeInTheDocument();
    });

    it('records a letter with its note', async () => {
      const user = userEvent.setup();
      const { calls } = mockRecalls(() => json(recallsPageFactory([pat])), {
        'POST /api/admin/recalls/r1/contacted': () => json(pat),
      });
      renderWorklist();

      await user.click(await screen.findByRole('button', { name: 'Called Pat Patient' }));
      const dialog = screen.getByRole('dialog', { name: 'Record contact with Pat Patient' });
      await user.click(within(dialog).getByRole('radio', { name: 'Mail' }));
      await user.type(within(dialog).getByLabelText('Note (optional)'), 'Letter sent, no answer');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Contact with Pat Patient recorded')).toBeInTheDocument();
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        channel: 'mail',
        note: 'Letter sent, no answer',
      });
    });

    it("puts the server's refusal of the note under it, and keeps what was typed", async () => {
      const user = userEvent.setup();
      mockRecalls(() => json(recallsPageFactory([pat])), {
        'POST /api/admin/recalls/r1/contacted': () =>
          problem(400, 'Invalid input', {
            code: 'validation_failed',
            errors: { note: ['A reason has at most 500 characters'] },
          }),
      });
      renderWorklist();

      await user.click(await screen.findByRole('button', { name: 'Called Pat Patient' }));
      const dialog = screen.getByRole('dialog', { name: 'Record contact with Pat Patient' });
      const note = within(dialog).getByLabelText('Note (optional)');
      await user.type(note, 'Long story');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(
        await within(dialog).findByText('A reason has at most 500 characters'),
      ).toBeInTheDocument();
      expect(note).toHaveAttribute('aria-invalid', 'true');
      expect(note).toHaveValue('Long story');
      expect(screen.queryByText('Contact with Pat Patient recorded')).not.toBeInTheDocument();
    });
  });
});
