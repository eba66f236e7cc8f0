import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts, toasts } from '@clinic/shared';
import {
  availabilityFactory,
  bookingFactory,
  slotLabels,
  treatmentFactory,
} from '../../../test/factories.ts';
import { json, mockFetch, patient, renderAt } from '../../../test/utils.tsx';
import { AvailableAppointments } from './available-appointments.tsx';

const cleaning = treatmentFactory();
const surgery = treatmentFactory({ _id: 't6', name: 'Oral Surgery', slots: [], price: 35 });

describe('AvailableAppointments', () => {
  it('shows the spinner, then a card per treatment under the medium-date heading', async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = mockFetch({
      'GET /api/available': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderAt(<AvailableAppointments date="2030-06-05" patient={patient} />);

    expect(
      screen.getByRole('heading', { level: 1, name: texts.availableOn('Jun 5, 2030') }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the free slots…');
    expect(calls[0]?.path).toBe('/api/available?date=2030-06-05');

    answer(json([cleaning, surgery]));

    expect(await screen.findByRole('listitem', { name: 'Teeth Cleaning' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    const surgeryCard = screen.getByRole('listitem', { name: 'Oral Surgery' });
    expect(within(surgeryCard).getByText(texts.noSlot)).toHaveClass('text-error');
    expect(within(surgeryCard).getByRole('button', { name: texts.bookAppointment })).toBeDisabled();
  });

  it('opens the dialog for the chosen treatment; after booking it closes and the list reloads', async () => {
    const user = userEvent.setup();
    let booked = false;
    const { calls } = mockFetch({
      'GET /api/available': () =>
        json([booked ? { ...cleaning, slots: slotLabels.slice(1) } : cleaning, surgery]),
      'GET /api/availability': () => json(availabilityFactory()),
      'POST /api/booking': () => {
        booked = true;
        return json({ success: true, booking: bookingFactory({ slot: slotLabels[0] }) }, 201);
      },
    });
    renderAt(<AvailableAppointments date="2030-06-12" patient={patient} />);

    const card = await screen.findByRole('listitem', { name: 'Teeth Cleaning' });
    expect(within(card).getByText('3 spaces available')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: texts.bookAppointment }));

    const dialog = await screen.findByRole('dialog', { name: texts.bookingFor('Teeth Cleaning') });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(
      await screen.findByText(toasts.bookingSet('Jun 12, 2030', slotLabels[0])),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(card).findByText('2 spaces available')).toBeInTheDocument();
    expect(within(card).getByText(slotLabels[1])).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/available?date=2030-06-12',
      // The dialog asks whether the treatment needs a doctor (this one does not).
      `GET /api/availability?date=2030-06-12&treatmentId=${cleaning._id}`,
      'POST /api/booking',
      'GET /api/available?date=2030-06-12',
    ]);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch({
      'GET /api/available': () => (fail ? new Response('down', { status: 503 }) : json([cleaning])),
    });
    renderAt(<AvailableAppointments date="2030-06-12" patient={patient} />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Request failed with status 503');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Teeth Cleaning' })).toBeInTheDocument();
  });
});
