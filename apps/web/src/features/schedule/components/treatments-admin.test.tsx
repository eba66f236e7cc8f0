import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import {
  adminTreatmentFactory,
  affectedBookingFactory,
  DAVID_ID,
  david,
  hasFutureBookingsBody,
  SARAH_ID,
  sarah,
} from '../../../test/schedule-factories.ts';
import { TreatmentsAdmin } from './treatments-admin.tsx';

const cleaning = adminTreatmentFactory({ doctorIds: [SARAH_ID] });
const whitening = adminTreatmentFactory({
  _id: '5f0c1c0e-0000-4000-8000-000000000004',
  name: 'Teeth Whitening',
  price: 42.5,
  durationMin: 90,
  requiresDoctor: true,
  active: false,
  description: 'Brighter in one visit',
  doctorIds: [SARAH_ID, DAVID_ID],
});

function renderTreatments() {
  return renderAt(<TreatmentsAdmin />, { path: '/dashboard/treatments' });
}

function listed(name: string) {
  return screen.getByRole('listitem', { name });
}

/** The 'Term: value' pairs of a treatment's card. */
function detailsOf(item: HTMLElement): Record<string, string> {
  const terms = within(item).getAllByRole('term');
  return Object.fromEntries(
    terms.map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  );
}

describe('TreatmentsAdmin', () => {
  it('lists every treatment, offered ones first, with price, duration, doctor rule, doctors and status', async () => {
    mockFetch({
      'GET /api/admin/treatments': () => json([whitening, cleaning]),
      'GET /api/doctor': () => json([sarah, david]),
    });
    renderTreatments();

    expect(await screen.findByRole('heading', { name: 'Treatments: 2' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Treatments: 2' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Teeth Cleaning', 'Teeth Whitening']);
    expect(detailsOf(listed('Teeth Cleaning'))).toEqual({
      Price: '$17',
      Duration: '30 min',
      'Requires a doctor': 'No',
      Doctors: 'Sarah Smile',
    });
    expect(listed('Teeth Cleaning')).toHaveTextContent('Active');
    expect(detailsOf(listed('Teeth Whitening'))).toEqual({
      Price: '$42.50',
      Duration: '1 h 30 min',
      'Requires a doctor': 'Yes',
      Doctors: 'Sarah Smile, David Drill',
    });
    expect(listed('Teeth Whitening')).toHaveTextContent('Archived');
    expect(listed('Teeth Whitening')).toHaveTextContent('Brighter in one visit');
    expect(screen.getByRole('button', { name: 'Archive Teeth Cleaning' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore Teeth Whitening' })).toBeInTheDocument();
  });

  it('says when there are no treatments yet, and still offers the form', async () => {
    mockFetch({
      'GET /api/admin/treatments': () => json([]),
      'GET /api/doctor': () => json([]),
    });
    renderTreatments();

    expect(
      await screen.findByText('No treatments yet. Add the first one below.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add a treatment' })).toBeInTheDocument();
    expect(screen.getByText('No doctors yet: add one under Add a Doctor.')).toBeInTheDocument();
  });

  it('says why the list could not be loaded, and asks again on Retry', async () => {
    const user = userEvent.setup();
    let isDown = true;
    mockFetch({
      'GET /api/admin/treatments': () =>
        isDown ? problem(500, 'The clinic server is having a moment') : json([cleaning]),
      'GET /api/doctor': () => json([sarah]),
    });
    renderTreatments();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The clinic server is having a moment',
    );
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Treatments: 1' })).toBeInTheDocument();
  });

  it('adds a treatment with the body the route takes, then starts afresh and refreshes the list', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/admin/treatments': () => json([cleaning]),
      'GET /api/doctor': () => json([sarah, david]),
      'POST /api/admin/treatments': () => json({ insertedId: 'new-id' }, 201),
    });
    renderTreatments();

    const form = within(
      (await screen.findByRole('heading', { name: 'Add a treatment' })).parentElement!,
    );
    await user.type(form.getByLabelText('Name'), '  Root Canal ');
    await user.type(form.getByLabelText('Price (dollars)'), '120.5');
    await user.selectOptions(form.getByLabelText('Duration'), '1 h 30 min');
    await user.type(form.getByLabelText('Description'), 'Saves the tooth');
    await user.click(form.getByRole('checkbox', { name: 'Requires a doctor' }));
    await user.click(form.getByRole('checkbox', { name: 'David Drill' }));
    await user.click(form.getByRole('button', { name: 'Add treatment' }));

    expect(await screen.findByText('Treatment Root Canal added')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/admin/treatments');
    expect(post?.body).toEqual({
      name: 'Root Canal',
      price: 120.5,
      durationMin: 90,
      description: 'Saves the tooth',
      requiresDoctor: true,
      doctorIds: [DAVID_ID],
    });
    expect(form.getByLabelText('Name')).toHaveValue('');
    expect(form.getByRole('checkbox', { name: 'David Drill' })).not.toBeChecked();
    expect(
      calls.filter((call) => call.path === '/api/admin/treatments' && call.method === 'GET'),
    ).toHaveLength(2);
  });

  it('checks the form by the shared schema before sending anything', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/admin/treatments': () => json([]),
      'GET /api/doctor': () => json([]),
    });
    renderTreatments();

    await user.click(await screen.findByRole('button', { name: 'Add treatment' }));
    expect(await screen.findByText('Name the treatment')).toBeInTheDocument();
    expect(screen.getByText('Give the price in dollars')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Price (dollars)'), '10.001');
    expect(await screen.findByText('Give the price in whole cents')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows the server's field errors next to the field, and keeps what was typed", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/admin/treatments': () => json([cleaning]),
      'GET /api/doctor': () => json([]),
      'POST /api/admin/treatments': () =>
        problem(409, 'A treatment with this name exists already.', {
          code: 'conflict',
          errors: { name: ['There is a treatment named Teeth Cleaning already'] },
        }),
    });
    renderTreatments();

    await user.type(await screen.findByLabelText('Name'), 'Teeth Cleaning');
    await user.type(screen.getByLabelText('Price (dollars)'), '17');
    await user.click(screen.getByRole('button', { name: 'Add treatment' }));

    expect(
      await screen.findByText('There is a treatment named Teeth Cleaning already'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveValue('Teeth Cleaning');
    expect(screen.getByText('The treatment could not be added')).toBeInTheDocument();
  });

  it('edits a treatment, sending only what changed', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/admin/treatments': () => json([cleaning]),
      'GET /api/doctor': () => json([sarah, david]),
      [`PATCH /api/admin/treatments/${cleaning._id}`]: () => json({ ...cleaning, price: 20 }),
    });
    renderTreatments();

    await user.click(await screen.findByRole('button', { name: 'Edit Teeth Cleaning' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Teeth Cleaning' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Teeth Cleaning');
    expect(within(dialog).getByRole('checkbox', { name: 'Sarah Smile' })).toBeChecked();
    await user.clear(within(dialog).getByLabelText('Price (dollars)'));
    await user.type(within(dialog).getByLabelText('Price (dollars)'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Treatment Teeth Cleaning saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ price: 20 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  describe('recall after (months)', () => {
    const recalled = adminTreatmentFactory({ recallMonths: 6 });
    const RECALL_HINT =
      'Patients are reminded to book again this many months after a completed visit. Leave empty for no recall.';

    async function editDialog(treatment = cleaning) {
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: `Edit ${treatment.name}` }));
      const dialog = within(screen.getByRole('dialog', { name: `Edit ${treatment.name}` }));
      return { user, dialog, field: dialog.getByLabelText('Recall after (months)') };
    }

    function patches(calls: { method: string; body: unknown }[]) {
      return calls.filter((call) => call.method === 'PATCH').map((call) => call.body);
    }

    it("shows a treatment's recall on its card, and nothing for one without", async () => {
      mockFetch({
        'GET /api/admin/treatments': () =>
          json([recalled, adminTreatmentFactory({ ...whitening, recallMonths: 1 })]),
        'GET /api/doctor': () => json([sarah, david]),
      });
      renderTreatments();

      expect(await screen.findByRole('heading', { name: 'Treatments: 2' })).toBeInTheDocument();
      expect(detailsOf(listed('Teeth Cleaning'))).toMatchObject({ Recall: '6 months' });
      expect(detailsOf(listed('Teeth Whitening'))).toMatchObject({ Recall: '1 month' });
    });

    it('leaves the recall out of a card without one, and out of the add form', async () => {
      mockFetch({
        'GET /api/admin/treatments': () => json([cleaning]),
        'GET /api/doctor': () => json([sarah]),
      });
      renderTreatments();

      expect(await screen.findByRole('heading', { name: 'Treatments: 1' })).toBeInTheDocument();
      expect(detailsOf(listed('Teeth Cleaning'))).not.toHaveProperty('Recall');
      // Adding does not take a recall (the route sets it on an edit only).
      expect(screen.queryByLabelText('Recall after (months)')).not.toBeInTheDocument();
    });

    it('sets a recall as a number of months, with the hint under the field', async () => {
      const { calls } = mockFetch({
        'GET /api/admin/treatments': () => json([cleaning]),
        'GET /api/doctor': () => json([sarah]),
        [`PATCH /api/admin/treatments/${cleaning._id}`]: () =>
          json({ ...cleaning, recallMonths: 6 }),
      });
      renderTreatments();

      const { user, dialog, field } = await editDialog();
      expect(field).toHaveValue(null);
      expect(field).toHaveAccessibleDescription(RECALL_HINT);
      await user.type(field, '6');
      await user.click(dialog.getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Treatment Teeth Cleaning saved')).toBeInTheDocument();
      expect(patches(calls)).toEqual([{ recallMonths: 6 }]);
    });

    it('clears a recall to null, and sends nothing when it is left as it was', async () => {
      const { calls } = mockFetch({
        'GET /api/admin/treatments': () => json([recalled]),
        'GET /api/doctor': () => json([sarah]),
        [`PATCH /api/admin/treatments/${recalled._id}`]: () =>
          json({ ...recalled, recallMonths: null }),
      });
      renderTreatments();

      let { user, dialog, field } = await editDialog(recalled);
      expect(field).toHaveValue(6);
      await user.click(dialog.getByRole('button', { name: 'Save' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(patches(calls)).toEqual([]);

      ({ user, dialog, field } = await editDialog(recalled));
      await user.clear(field);
      await user.click(dialog.getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Treatment Teeth Cleaning saved')).toBeInTheDocument();
      expect(patches(calls)).toEqual([{ recallMonths: null }]);
    });

    it.each([
      ['0', 'At least 1 month'],
      ['61', 'At most 60 months'],
      ['1.5', 'Whole months'],
    ])('refuses %s months with the shared message, sending nothing', async (typed, message) => {
      const { calls } = mockFetch({
        'GET /api/admin/treatments': () => json([cleaning]),
        'GET /api/doctor': () => json([sarah]),
      });
      renderTreatments();

      const { user, dialog, field } = await editDialog();
      await user.type(field, typed);
      await user.click(dialog.getByRole('button', { name: 'Save' }));

      expect(await dialog.findByText(message)).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(`${RECALL_HINT} ${message}`);
      expect(patches(calls)).toEqual([]);
    });

    it("shows the server's refusal of the months next to the field", async () => {
      mockFetch({
        'GET /api/admin/treatments': () => json([cleaning]),
        'GET /api/doctor': () => json([sarah]),
        [`PATCH /api/admin/treatments/${cleaning._id}`]: () =>
          problem(400, 'Invalid input', {
            code: 'validation_failed',
            errors: { recallMonths: ['At most 60 months'] },
          }),
      });
      renderTreatments();

      const { user, dialog, field } = await editDialog();
      await user.type(field, '12');
      await user.click(dialog.getByRole('button', { name: 'Save' }));

      expect(await dialog.findByText('At most 60 months')).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveValue(12);
      expect(screen.getByText('The treatment could not be saved')).toBeInTheDocument();
    });
  });

  it('archives an offered treatment and restores an archived one', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/admin/treatments': () => json([cleaning, whitening]),
      'GET /api/doctor': () => json([sarah, david]),
      [`PATCH /api/admin/treatments/${cleaning._id}`]: () => json({ ...cleaning, active: false }),
      [`PATCH /api/admin/treatments/${whitening._id}`]: () => json({ ...whitening, active: true }),
    });
    renderTreatments();

    await user.click(await screen.findByRole('button', { name: 'Archive Teeth Cleaning' }));
    expect(
      await screen.findByText('Teeth Cleaning archived: patients can no longer book it'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore Teeth Whitening' }));
    expect(
      await screen.findByText('Teeth Whitening restored: patients can book it again'),
    ).toBeInTheDocument();
    expect(
      calls.filter((call) => call.method === 'PATCH').map((call) => [call.path, call.body]),
    ).toEqual([
      [`/api/admin/treatments/${cleaning._id}`, { active: false }],
      [`/api/admin/treatments/${whitening._id}`, { active: true }],
    ]);
  });

  it('deletes after a confirmation; one booked before is archived instead', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/admin/treatments': () => json([cleaning]),
      'GET /api/doctor': () => json([sarah]),
      [`DELETE /api/admin/treatments/${cleaning._id}`]: () =>
        json({ deletedCount: 0, archived: true }),
    });
    renderTreatments();

    await user.click(await screen.findByRole('button', { name: 'Delete Teeth Cleaning' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Teeth Cleaning?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(
      await screen.findByText(
        'Teeth Cleaning was booked before, so it was archived instead: old bookings keep it.',
      ),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(
      `/api/admin/treatments/${cleaning._id}?cancelFuture=false`,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists the bookings a delete would strand, and cancels them only after a second confirmation', async () => {
    const user = userEvent.setup();
    const bookings = [
      affectedBookingFactory({ doctorId: SARAH_ID }),
      affectedBookingFactory({
        _id: 'b2',
        date: '2030-06-13',
        slot: '09.00 AM - 09.30 AM',
        patientName: 'Sam Second',
      }),
    ];
    const { calls } = mockFetch({
      'GET /api/admin/treatments': () => json([cleaning]),
      'GET /api/doctor': () => json([sarah]),
      [`DELETE /api/admin/treatments/${cleaning._id}`]: (call) =>
        call.path.endsWith('cancelFuture=true')
          ? json({ deletedCount: 0, archived: true })
          : problem(
              409,
              'Teeth Cleaning has bookings to come.',
              hasFutureBookingsBody(bookings, 'Teeth Cleaning has bookings to come.'),
            ),
    });
    renderTreatments();

    await user.click(await screen.findByRole('button', { name: 'Delete Teeth Cleaning' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Teeth Cleaning?' })).getByRole('button', {
        name: 'Delete',
      }),
    );

    const dialog = await screen.findByRole('dialog', {
      name: 'Teeth Cleaning has bookings to come',
    });
    expect(within(dialog).getByText(/2 confirmed bookings are in the way/)).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('list', { name: 'Bookings in the way' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Jun 12, 2030, 08.30 AM - 09.00 AM: Teeth Cleaning for Pat Patient with Sarah Smile',
      'Jun 13, 2030, 09.00 AM - 09.30 AM: Teeth Cleaning for Sam Second',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel them and notify' }));
    // Nothing is cancelled until the admin says so a second time.
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    const confirm = screen.getByRole('dialog', { name: 'Cancel 2 bookings?' });
    expect(confirm).toHaveTextContent('This cannot be undone.');
    await user.click(
      within(confirm).getByRole('button', { name: 'Yes, cancel 2 bookings and notify' }),
    );

    expect(
      await screen.findByText(
        'Teeth Cleaning was booked before, so it was archived instead: old bookings keep it. 2 bookings were cancelled and their patients notified.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/api/admin/treatments/${cleaning._id}?cancelFuture=false`,
      `/api/admin/treatments/${cleaning._id}?cancelFuture=true`,
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the bookings when the admin chooses to', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/admin/treatments': () => json([cleaning]),
      'GET /api/doctor': () => json([sarah]),
      [`DELETE /api/admin/treatments/${cleaning._id}`]: () =>
        problem(
          409,
          'Teeth Cleaning has bookings to come.',
          hasFutureBookingsBody([affectedBookingFactory()]),
        ),
    });
    renderTreatments();

    await user.click(await screen.findByRole('button', { name: 'Delete Teeth Cleaning' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Teeth Cleaning?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Teeth Cleaning has bookings to come',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Keep them' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
