import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts, toasts } from '@clinic/shared';
import { bookingFactory, slotLabels, treatmentFactory } from '../../../test/factories.ts';
import { json, mockFetch, patient, renderAt, type ApiCall } from '../../../test/utils.tsx';
import { BookingDialog, type BookingDependent } from './booking-dialog.tsx';

const treatment = treatmentFactory();
const leo: BookingDependent = { _id: 'd1', name: 'Leo Patient' };
const mia: BookingDependent = { _id: 'd2', name: 'Mia Patient' };

function renderDialog(dependents?: readonly BookingDependent[]) {
  renderAt(
    <BookingDialog
      treatment={treatment}
      date="2030-06-12"
      patient={patient}
      onClose={vi.fn()}
      dependents={dependents}
    />,
  );
  return screen.getByRole('dialog', { name: texts.bookingFor('Teeth Cleaning') });
}

const bookingPosts = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/booking');

describe('BookingDialog for a family', () => {
  it('asks nothing about whom the booking is for when the account has no family members', () => {
    mockFetch({});
    const dialog = renderDialog([]);
    expect(within(dialog).queryByLabelText('Who is this for?')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Pat Patient');
  });

  it('offers the account holder first, then each family member, and books for the one chosen', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'POST /api/booking': () =>
        json(
          {
            success: true,
            booking: bookingFactory({
              slot: slotLabels[1],
              patientName: 'Mia Patient',
              dependent: mia,
            }),
          },
          201,
        ),
    });
    const dialog = renderDialog([leo, mia]);

    const who = within(dialog).getByLabelText('Who is this for?');
    expect(
      within(who)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Pat Patient', 'Leo Patient', 'Mia Patient']);
    expect(who).toHaveValue('');
    await user.selectOptions(who, 'Mia Patient');
    // The Name field follows the choice; the Email stays the account's, where the mail goes.
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Mia Patient');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('pat@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Slot'), slotLabels[1]);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(
      await screen.findByText(toasts.bookingSet('Jun 12, 2030', slotLabels[1])),
    ).toBeInTheDocument();
    expect(bookingPosts(calls).map((call) => call.body)).toEqual([
      expect.objectContaining({
        forPatientId: 'd2',
        patientName: 'Mia Patient',
        patient: 'pat@example.com',
        slot: slotLabels[1],
      }),
    ]);
  });

  it('sends no forPatientId when the account holder books for themselves', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'POST /api/booking': () => json({ success: true, booking: bookingFactory() }, 201),
    });
    const dialog = renderDialog([leo]);

    await user.selectOptions(within(dialog).getByLabelText('Who is this for?'), 'Leo Patient');
    await user.selectOptions(within(dialog).getByLabelText('Who is this for?'), 'Pat Patient');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Pat Patient');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await screen.findByText(toasts.bookingSet('Jun 12, 2030', slotLabels[1]));
    const [post] = bookingPosts(calls);
    expect(post?.body).toMatchObject({ patientName: 'Pat Patient' });
    expect(post?.body).not.toHaveProperty('forPatientId');
  });
});
