import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts, toasts } from '@clinic/shared';
import { bookingFactory, slotLabels, treatmentFactory } from '../../../test/factories.ts';
import { json, mockFetch, patient, problem, renderAt } from '../../../test/utils.tsx';
import { BookingDialog } from './booking-dialog.tsx';

const treatment = treatmentFactory();

function renderDialog(onClose = vi.fn()) {
  const result = renderAt(
    <BookingDialog treatment={treatment} date="2030-06-12" patient={patient} onClose={onClose} />,
  );
  const dialog = screen.getByRole('dialog', { name: texts.bookingFor('Teeth Cleaning') });
  return { ...result, dialog, onClose };
}

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
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
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
    expect(Object.keys(calls[0]!.body as object).sort()).toEqual([
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

  it('asks an unverified patient to confirm the address, with a way to get the mail again', async () => {
    const user = userEvent.setup();
    const detail = 'Please confirm your email address first: follow the link we sent to ann@example.com, then book again.';
    const { calls } = mockFetch({
      'POST /api/booking': () => problem(403, detail, { code: 'email_unverified', email: 'ann@example.com' }),
      'POST /api/me/verification-email': () => json({ sent: true, email: 'ann@example.com' }, 202),
    });
    const { dialog, onClose } = renderDialog();

    await book(user, dialog, slotLabels[1]);

    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Resend the mail' }));
    expect(await screen.findByText('We have sent the link again to ann@example.com.')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/me/verification-email');
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
    expect(calls).toHaveLength(0);
  });
});
