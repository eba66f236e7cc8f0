import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SLOT_TAKEN_MESSAGE, toasts, type WaitlistOffer as Offer } from '@clinic/shared';
import { loadCatalog } from '../../../i18n/catalog.ts';
import { chooseLocale } from '../../../i18n/locale.ts';
import { bookingFactory, doctorFactory } from '../../../test/factories.ts';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { WaitlistOffer } from './waitlist-offer.tsx';

const ann = doctorFactory();
const now = Date.parse('2030-06-12T09:00:00.000Z');
const offer: Offer = {
  _id: 'o1',
  entryId: 'w2',
  treatmentId: '5f0c1c0e-0000-4000-8000-000000000006',
  treatment: 'Oral Surgery',
  doctor: { _id: ann._id, name: ann.name },
  date: '2030-06-14',
  slot: '02.00 PM - 02.30 PM',
  startsAt: '2030-06-14T14:00:00.000Z',
  expiresAt: '2030-06-12T09:12:30.000Z',
  status: 'open',
};
const booked = () =>
  json({ success: true, booking: bookingFactory({ treatment: 'Oral Surgery', date: '2030-06-14', slot: '02.00 PM - 02.30 PM' }) }, 201);

function renderOffer() {
  return renderAt(
    <ul>
      <WaitlistOffer offer={offer} now={now} />
    </ul>,
  );
}

describe('WaitlistOffer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });

  afterEach(() => {
    vi.useRealTimers();
    act(() => chooseLocale('en'));
  });

  it('says the booking in the spec’s words in English', async () => {
    mockFetch({ 'POST /api/waitlist/offers/o1/claim': booked });
    renderOffer();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Book now' }));
    expect(await screen.findByText(toasts.bookingSet('Jun 14, 2030', '02.00 PM - 02.30 PM'))).toBeInTheDocument();
  });

  it('says the booking and its failures in Spanish', async () => {
    const user = userEvent.setup();
    await loadCatalog('es', 'family');
    act(() => chooseLocale('es'));
    let answer = booked;
    mockFetch({ 'POST /api/waitlist/offers/o1/claim': () => answer() });
    renderOffer();
    const book = screen.getByRole('button', { name: 'Reservar ahora' });

    await user.click(book);
    const date = new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2030, 5, 14));
    expect(await screen.findByText(`Cita reservada: ${date} a las 14:00–14:30`)).toBeInTheDocument();

    answer = () => problem(409, SLOT_TAKEN_MESSAGE, { code: 'slot_taken' });
    await user.click(book);
    expect(await screen.findByText('La hora que ha elegido ya no está disponible.')).toBeInTheDocument();

    answer = () =>
      problem(409, 'Already booked', {
        code: 'conflict',
        success: false,
        booking: bookingFactory({ date: '2030-06-14', slot: '09.00 AM - 09.30 AM' }),
      });
    await user.click(book);
    expect(await screen.findByText(`Ya tiene una cita el ${date} a las 09:00–09:30`)).toBeInTheDocument();

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(book);
    expect(
      await screen.findByText('No se ha podido conectar con el servidor de la clínica. Compruebe su conexión e inténtelo de nuevo.'),
    ).toBeInTheDocument();
  });
});
