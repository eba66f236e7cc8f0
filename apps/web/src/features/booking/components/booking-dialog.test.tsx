import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts, toasts } from '@clinic/shared';
import { availabilityQueryKey } from '../../../lib/query-keys.ts';
import {
  availabilityFactory,
  bookingFactory,
  doctorFactory,
  laneFactory,
  slotLabels,
  treatmentFactory,
} from '../../../test/factories.ts';
import { json, mockFetch, patient, problem, renderAt, type ApiCall } from '../../../test/utils.tsx';
import { BookingDialog } from './booking-dialog.tsx';

const treatment = treatmentFactory();

function renderDialog(onClose = vi.fn()) {
  const result = renderAt(
    <BookingDialog treatment={treatment} date="2030-06-12" patient={patient} onClose={onClose} />,
  );
  const dialog = screen.getByRole('dialog', { name: texts.bookingFor('Teeth Cleaning') });
  return { ...result, dialog, onClose };
}

/** The bookings sent; the dialog also asks for the treatment's availability when it opens. */
const bookingPosts = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/booking');

async function book(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, slot: string) {
  await user.selectOptions(within(dialog).getByLabelText('Slot'), slot);
  await user.type(within(dialog).getByLabelText('Phone'), '+1 555 0100');
  await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
}

describe('BookingDialog', () => {
  it('opens as a modal titled for the treatment, with date, name and email read-only', () => {
    mockFetch({});
    const { dialog } = renderDialog();

    expect(dialog).toHaveAttribute('open');
    const date = within(dialog).getByLabelText('Date');
    const name = within(dialog).getByLabelText('Name');
    const email = within(dialog).getByLabelText('Email');
    expect(date).toHaveValue('Jun 12, 2030');
    expect(name).toHaveValue('Pat Patient');
    expect(email).toHaveValue('pat@example.com');
    for (const field of [date, name, email]) expect(field).toHaveAttribute('readonly');

    const slot = within(dialog).getByLabelText('Slot');
    expect(
      within(slot)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([...slotLabels]);
    expect(slot).toHaveValue(slotLabels[0]);
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('');
  });

  it('books the chosen slot, says so in a toast and closes', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'POST /api/booking': () =>
        json({ success: true, booking: bookingFactory({ slot: slotLabels[1] }) }, 201),
    });
    const { dialog, onClose } = renderDialog();

    await book(user, dialog, slotLabels[1]);

    expect(
      await screen.findByText(toasts.bookingSet('Jun 12, 2030', '08.30 AM - 09.00 AM')),
    ).toBeInTheDocument();
    const posts = bookingPosts(calls);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      method: 'POST',
      path: '/api/booking',
      body: {
        treatmentId: treatment._id,
        treatment: 'Teeth Cleaning',
        date: '2030-06-12',
        slot: '08.30 AM - 09.00 AM',
        price: 17,
        patient: 'pat@example.com',
        patientName: 'Pat Patient',
        phone: '+1 555 0100',
      },
    });
    expect(Object.keys(posts[0]!.body as object).sort()).toEqual([
      'date',
      'patient',
      'patientName',
      'phone',
      'price',
      'slot',
      'treatment',
      'treatmentId',
    ]);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog).not.toHaveAttribute('open');
  });

  it("offers 'Pay now' beside the spec's toast for an unpaid booking with a price, to its payment page", async () => {
    const user = userEvent.setup();
    mockFetch({
      'POST /api/booking': () =>
        json(
          { success: true, booking: bookingFactory({ _id: 'b7', price: 17, paid: false }) },
          201,
        ),
    });
    // As on the booking page, the dialog is gone once it closes; the toast outlives it.
    function Page() {
      const [isOpen, setIsOpen] = useState(true);
      return isOpen ? (
        <BookingDialog
          treatment={treatment}
          date="2030-06-12"
          patient={patient}
          onClose={() => setIsOpen(false)}
        />
      ) : null;
    }
    const { router } = renderAt(<Page />);

    await book(user, screen.getByRole('dialog'), slotLabels[1]);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const toast = await screen.findByText(toasts.bookingSet('Jun 12, 2030', '08.30 AM - 09.00 AM'));
    const toastItem = toast.closest('li')!;
    await user.click(within(toastItem).getByRole('button', { name: 'Pay now' }));
    expect(router.state.location.pathname).toBe('/dashboard/payment/b7');
  });

  it.each([
    ['a free booking', { price: 0 }],
    ['a paid booking', { paid: true, transactionId: 'pi_1' }],
  ])("offers no 'Pay now' for %s", async (_, overrides) => {
    const user = userEvent.setup();
    mockFetch({
      'POST /api/booking': () => json({ success: true, booking: bookingFactory(overrides) }, 201),
    });
    const { dialog } = renderDialog();

    await book(user, dialog, slotLabels[1]);

    expect(
      await screen.findByText(toasts.bookingSet('Jun 12, 2030', '08.30 AM - 09.00 AM')),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it("reports a conflict with the spec's wording, naming the booking in the way", async () => {
    const user = userEvent.setup();
    mockFetch({
      'POST /api/booking': () =>
        problem(409, 'You already have Teeth Cleaning on 2030-06-12 at 08.00 AM - 08.30 AM.', {
          code: 'conflict',
          success: false,
          booking: { date: '2030-06-12', slot: '08.00 AM - 08.30 AM', treatment: 'Teeth Cleaning' },
        }),
    });
    const { dialog, onClose } = renderDialog();

    await book(user, dialog, slotLabels[2]);

    expect(
      await screen.findByText(
        'Already have and appointment on Jun 12, 2030 at 08.00 AM - 08.30 AM',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Appointment is set/)).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps the dialog and the choices when the address is unconfirmed, offers the mail again, and books once confirmed', async () => {
    const user = userEvent.setup();
    const detail =
      'Please confirm your email address first: follow the link we sent to ann@example.com, then book again.';
    let isConfirmed = false;
    const { calls } = mockFetch({
      'POST /api/booking': () =>
        isConfirmed
          ? json({ success: true, booking: bookingFactory({ slot: slotLabels[1] }) }, 201)
          : problem(403, detail, { code: 'email_unverified', email: 'ann@example.com' }),
      'POST /api/me/verification-email': () => json({ sent: true, email: 'ann@example.com' }, 202),
    });
    const { dialog, onClose } = renderDialog();

    await book(user, dialog, slotLabels[1]);

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(detail);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByLabelText('Slot')).toHaveValue(slotLabels[1]);
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('+1 555 0100');

    await user.click(within(alert).getByRole('button', { name: 'Resend the mail' }));
    expect(
      await within(alert).findByText('We have sent the link again to ann@example.com.'),
    ).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/me/verification-email');

    // The patient confirms in the mail, comes back and submits the same choices.
    isConfirmed = true;
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(
      await screen.findByText(toasts.bookingSet('Jun 12, 2030', '08.30 AM - 09.00 AM')),
    ).toBeInTheDocument();
    const posts = bookingPosts(calls);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toEqual(posts[0]?.body);
    expect(posts[1]?.body).toMatchObject({ slot: slotLabels[1], phone: '+1 555 0100' });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reports any other failure with the server detail, and closes all the same', async () => {
    const user = userEvent.setup();
    mockFetch({
      'POST /api/booking': () =>
        problem(400, 'That slot has already started; choose a later one.', {
          code: 'validation_failed',
          errors: { slot: ['That slot has already started; choose a later one.'] },
        }),
    });
    const { dialog, onClose } = renderDialog();

    await book(user, dialog, slotLabels[0]);

    expect(
      await screen.findByText('That slot has already started; choose a later one.'),
    ).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes from its close button without booking', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({});
    const { dialog, onClose } = renderDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(bookingPosts(calls)).toHaveLength(0);
  });
});

describe('BookingDialog, choosing a doctor', () => {
  const ann = doctorFactory();
  const bo = doctorFactory({
    _id: '7d0c1c0e-0000-4000-8000-000000000002',
    name: 'Bo Chen',
    img: '',
  });
  const cy = doctorFactory({ _id: '7d0c1c0e-0000-4000-8000-000000000009', name: 'Cy Park' });
  const tenAm = '10.00 AM - 10.30 AM';
  const withDoctors = availabilityFactory({
    requiresDoctor: true,
    lanes: [
      laneFactory(ann, [slotLabels[1], slotLabels[2], tenAm]),
      laneFactory(bo, [slotLabels[0], slotLabels[1]]),
      laneFactory(cy, []),
    ],
  });
  const created = () => json({ success: true, booking: bookingFactory() }, 201);

  const slotOptions = (dialog: HTMLElement) =>
    within(within(dialog).getByLabelText('Slot'))
      .getAllByRole('option')
      .map((option) => option.textContent);

  it('asks for the availability of the treatment on the day when it opens', async () => {
    const { calls } = mockFetch({ 'GET /api/availability': () => json(availabilityFactory()) });
    renderDialog();
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toEqual([
        `/api/availability?date=2030-06-12&treatmentId=${treatment._id}`,
      ]),
    );
  });

  it('shows no Doctor field for a treatment that needs none, and books as it always has', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/availability': () => json(availabilityFactory()),
      'POST /api/booking': created,
    });
    const { dialog, queryClient } = renderDialog();
    // The answer is in: the dialog knows this treatment needs no doctor.
    await waitFor(() =>
      expect(
        queryClient.getQueryData([...availabilityQueryKey, '2030-06-12', treatment._id]),
      ).toBeDefined(),
    );

    expect(within(dialog).queryByLabelText('Doctor')).not.toBeInTheDocument();
    expect(slotOptions(dialog)).toEqual([...slotLabels]);
    await book(user, dialog, slotLabels[2]);

    await screen.findByText(toasts.bookingSet('Jun 12, 2030', slotLabels[1]));
    expect(bookingPosts(calls)[0]?.body).not.toHaveProperty('doctorId');
  });

  it("offers 'Any available doctor' first, with every doctor's slots once and in time order", async () => {
    mockFetch({ 'GET /api/availability': () => json(withDoctors) });
    const { dialog } = renderDialog();

    const doctor = await within(dialog).findByLabelText('Doctor');
    expect(doctor).toHaveValue('');
    const options = within(doctor).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Any available doctor',
      'Ann Lee',
      'Bo Chen',
      'Cy Park (no free slot this day)',
    ]);
    expect(options.map((option) => (option as HTMLOptionElement).disabled)).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect(slotOptions(dialog)).toEqual([...slotLabels, tenAm]);
    // The faces of the doctors free that day: Ann's photo, Bo's initials (he has none).
    expect(dialog.querySelector('img')).toHaveAttribute('src', ann.img);
    expect(within(dialog).getByText('BC')).toBeInTheDocument();
  });

  it("keeps to a chosen doctor's slots and sends that doctor's id", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/availability': () => json(withDoctors),
      'POST /api/booking': created,
    });
    const { dialog } = renderDialog();
    const doctor = await within(dialog).findByLabelText('Doctor');
    expect(within(dialog).getByLabelText('Slot')).toHaveValue(slotLabels[0]);

    await user.selectOptions(doctor, 'Ann Lee');

    expect(slotOptions(dialog)).toEqual([slotLabels[1], slotLabels[2], tenAm]);
    // 08.00 was Bo's only: the slot moves to Ann's first, which the form then sends.
    expect(within(dialog).getByLabelText('Slot')).toHaveValue(slotLabels[1]);
    await user.type(within(dialog).getByLabelText('Phone'), '+1 555 0100');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await screen.findByText(toasts.bookingSet('Jun 12, 2030', slotLabels[1]));
    expect(bookingPosts(calls)[0]?.body).toMatchObject({
      treatmentId: treatment._id,
      slot: slotLabels[1],
      doctorId: ann._id,
    });
  });

  it("sends no doctorId with 'Any available doctor'", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/availability': () => json(withDoctors),
      'POST /api/booking': created,
    });
    const { dialog } = renderDialog();
    const doctor = await within(dialog).findByLabelText('Doctor');
    await user.selectOptions(doctor, 'Bo Chen');
    expect(slotOptions(dialog)).toEqual([slotLabels[0], slotLabels[1]]);
    await user.selectOptions(doctor, 'Any available doctor');
    expect(slotOptions(dialog)).toEqual([...slotLabels, tenAm]);

    await book(user, dialog, tenAm);

    await screen.findByText(toasts.bookingSet('Jun 12, 2030', slotLabels[1]));
    const [post] = bookingPosts(calls);
    expect(post?.body).toMatchObject({ slot: tenAm });
    expect(post?.body).not.toHaveProperty('doctorId');
  });

  it("shows the chosen doctor's photo, or their initials when there is none", async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/availability': () => json(withDoctors) });
    const { dialog } = renderDialog();
    const doctor = await within(dialog).findByLabelText('Doctor');

    await user.selectOptions(doctor, 'Ann Lee');
    expect(dialog.querySelectorAll('img')).toHaveLength(1);
    expect(within(dialog).queryByText('BC')).not.toBeInTheDocument();

    await user.selectOptions(doctor, 'Bo Chen');
    expect(dialog.querySelector('img')).toBeNull();
    expect(within(dialog).getByText('BC')).toBeInTheDocument();
  });

  it('books as the spec dialog does while the doctors are still being asked for', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/availability': () => new Promise<Response>(() => {}),
      'POST /api/booking': created,
    });
    const { dialog } = renderDialog();

    expect(within(dialog).queryByLabelText('Doctor')).not.toBeInTheDocument();
    await book(user, dialog, slotLabels[1]);

    await screen.findByText(toasts.bookingSet('Jun 12, 2030', slotLabels[1]));
    expect(bookingPosts(calls)[0]?.body).not.toHaveProperty('doctorId');
  });

  it('books as the spec dialog does when the doctors cannot be asked for', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/availability': () => problem(500, 'Something went wrong on our side'),
      'POST /api/booking': created,
    });
    const { dialog, queryClient } = renderDialog();
    await waitFor(() =>
      expect(
        queryClient.getQueryState([...availabilityQueryKey, '2030-06-12', treatment._id])?.status,
      ).toBe('error'),
    );

    expect(within(dialog).queryByLabelText('Doctor')).not.toBeInTheDocument();
    expect(slotOptions(dialog)).toEqual([...slotLabels]);
    await book(user, dialog, slotLabels[1]);

    await screen.findByText(toasts.bookingSet('Jun 12, 2030', slotLabels[1]));
    expect(bookingPosts(calls)[0]?.body).not.toHaveProperty('doctorId');
  });

  describe("the profile's phone", () => {
    const booked = () =>
      json({ success: true, booking: bookingFactory({ slot: slotLabels[1] }) }, 201);
    const mePatches = (calls: ApiCall[]) =>
      calls.filter((call) => call.method === 'PATCH' && call.path === '/api/me');

    function renderFor(phone: string | undefined, onPhoneRemembered = vi.fn()) {
      renderAt(
        <BookingDialog
          treatment={treatment}
          date="2030-06-12"
          patient={{ ...patient, phone }}
          onClose={vi.fn()}
          onPhoneRemembered={onPhoneRemembered}
        />,
      );
      return { dialog: screen.getByRole('dialog'), onPhoneRemembered };
    }

    it('fills in the Phone field, which the patient may still change for this booking', async () => {
      const user = userEvent.setup();
      const { calls } = mockFetch({ 'POST /api/booking': booked });
      const { dialog, onPhoneRemembered } = renderFor('+1 555 0199');

      const phone = within(dialog).getByLabelText('Phone');
      expect(phone).toHaveValue('+1 555 0199');
      await user.clear(phone);
      await book(user, dialog, slotLabels[1]);

      expect(
        await screen.findByText(toasts.bookingSet('Jun 12, 2030', slotLabels[1])),
      ).toBeInTheDocument();
      expect(bookingPosts(calls)[0]?.body).toMatchObject({ phone: '+1 555 0100' });
      // The profile's phone stays the profile's: it is changed on the profile page.
      expect(mePatches(calls)).toHaveLength(0);
      expect(onPhoneRemembered).not.toHaveBeenCalled();
    });

    it('keeps the phone typed for a booking on an account that had none', async () => {
      const user = userEvent.setup();
      const account = { ...patient, phone: '+1 555 0100' };
      const { calls } = mockFetch({
        'POST /api/booking': booked,
        'PATCH /api/me': () => json({ user: account }),
      });
      const { dialog, onPhoneRemembered } = renderFor('');
      expect(within(dialog).getByLabelText('Phone')).toHaveValue('');

      await user.selectOptions(within(dialog).getByLabelText('Slot'), slotLabels[1]);
      await user.type(within(dialog).getByLabelText('Phone'), '  +1 555 0100 ');
      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

      expect(
        await screen.findByText(toasts.bookingSet('Jun 12, 2030', slotLabels[1])),
      ).toBeInTheDocument();
      await waitFor(() => expect(onPhoneRemembered).toHaveBeenCalledWith(account));
      expect(mePatches(calls).map((call) => call.body)).toEqual([{ phone: '+1 555 0100' }]);
      // After the booking, never before it.
      expect(calls.map((call) => `${call.method} ${call.path}`).slice(-2)).toEqual([
        'POST /api/booking',
        'PATCH /api/me',
      ]);
    });

    it('books all the same when keeping the phone fails, and says nothing of it', async () => {
      const user = userEvent.setup();
      const { calls } = mockFetch({
        'POST /api/booking': booked,
        'PATCH /api/me': () => problem(500, 'Something went wrong on our side'),
      });
      const { dialog, onPhoneRemembered } = renderFor(undefined);

      await book(user, dialog, slotLabels[1]);

      expect(
        await screen.findByText(toasts.bookingSet('Jun 12, 2030', slotLabels[1])),
      ).toBeInTheDocument();
      await waitFor(() => expect(mePatches(calls)).toHaveLength(1));
      await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
      expect(screen.queryByText('Something went wrong on our side')).not.toBeInTheDocument();
      expect(onPhoneRemembered).not.toHaveBeenCalled();
    });

    it('keeps nothing when the booking did not go through', async () => {
      const user = userEvent.setup();
      const { calls } = mockFetch({
        'POST /api/booking': () =>
          problem(409, 'You already have Teeth Cleaning on 2030-06-12 at 08.00 AM - 08.30 AM.', {
            code: 'conflict',
            success: false,
            booking: {
              date: '2030-06-12',
              slot: '08.00 AM - 08.30 AM',
              treatment: 'Teeth Cleaning',
            },
          }),
      });
      const { dialog } = renderFor('');
      await book(user, dialog, slotLabels[1]);
      expect(
        await screen.findByText(toasts.bookingConflict('Jun 12, 2030', '08.00 AM - 08.30 AM')),
      ).toBeInTheDocument();
      expect(mePatches(calls)).toHaveLength(0);
    });

    it('keeps nothing when the phone was left empty', async () => {
      const user = userEvent.setup();
      const { calls } = mockFetch({ 'POST /api/booking': booked });
      const { dialog } = renderFor('');
      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
      expect(
        await screen.findByText(toasts.bookingSet('Jun 12, 2030', slotLabels[1])),
      ).toBeInTheDocument();
      expect(bookingPosts(calls)[0]?.body).toMatchObject({ phone: '' });
      expect(mePatches(calls)).toHaveLength(0);
    });
  });
});
