/**
 * The link pages in Spanish and German (the `links` namespace): what the patient reads is
 * translated, days and slots are the language's (24-hour clock), and what is sent to the API is
 * the spec's slot label as in English.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCatalog } from '../../../i18n/catalog.ts';
import { chooseLocale, type Locale } from '../../../i18n/locale.ts';
import { json, problem } from '../../../test/utils.tsx';
import {
  annId,
  linkAvailabilityFactory,
  linkBookingFactory,
  linkResultFactory,
  linkViewFactory,
  recallViewFactory,
  slotLabels,
} from '../test/link-factories.ts';
import { availabilityApi, linkApi, posts, renderLink } from '../test/render-link.tsx';

async function readIn(locale: Locale) {
  await loadCatalog(locale, 'links');
  chooseLocale(locale);
}

afterEach(() => {
  chooseLocale('en');
});

describe('LinkPage in Spanish', () => {
  it('confirms an appointment, its facts and result in Spanish', async () => {
    await readIn('es');
    const user = userEvent.setup();
    const { calls } = renderLink(
      linkViewFactory({ booking: linkBookingFactory({ doctor: 'Ann Lee', doctorId: annId }) }),
      { [`POST ${linkApi}/confirm`]: () => json(linkResultFactory('confirmed')) },
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirme su cita' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Hola, Pat:')).toBeInTheDocument();
    expect(screen.getByText('Teeth Cleaning').closest('dl')).toHaveTextContent(
      'TratamientoTeeth CleaningFecha5 jun 2030Hora08:00–08:30MédicoDr. Ann Lee',
    );
    expect(screen.getByRole('heading', { level: 2, name: '¿Algo más?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Llámenme, por favor' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirmo que iré' }));

    expect(
      await screen.findByText(
        'Cita confirmada, Pat. Le esperamos el 5 jun 2030 a las 08:00–08:30.',
      ),
    ).toBeInTheDocument();
    expect(posts(calls, 'confirm')).toHaveLength(1);
    expect(
      screen.getByRole('link', { name: 'Inicie sesión para ver todas sus citas' }),
    ).toHaveAttribute('href', '/login');
  });

  it('offers a recall’s free times as buttons in Spanish, and books the spec’s slot', async () => {
    await readIn('es');
    const user = userEvent.setup();
    const { calls } = renderLink(recallViewFactory(), {
      [`POST ${linkApi}/book`]: () =>
        json(
          linkResultFactory('booked', {
            date: '2030-11-23',
            slot: slotLabels[0],
            doctor: 'Ann Lee',
            doctorId: annId,
          }),
        ),
      [`GET ${availabilityApi}`]: () => json(linkAvailabilityFactory({ date: '2030-11-25' })),
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Es hora de su revisión' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Le toca su Teeth Cleaning el 5 dic 2030.')).toBeInTheDocument();
    const offered = screen.getByRole('region', { name: 'Toque una hora para reservarla' });
    expect(
      within(offered)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'sáb, 23 nov 2030 a las 08:00–08:30',
      'sáb, 23 nov 2030 a las 08:30–09:00',
      'lun, 25 nov 2030 a las 09:00–09:30',
    ]);
    expect(screen.getByRole('button', { name: 'Ahora no' })).toBeInTheDocument();

    // Any other time: the free times of a day, on the 24-hour clock.
    await user.click(screen.getByRole('button', { name: 'Ver más horas' }));
    const day = await screen.findByRole('group', { name: 'Horas libres el 25 nov 2030' });
    expect(
      within(day)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['08:00–08:30', '08:30–09:00', '09:00–09:30']);
    await user.click(screen.getByRole('button', { name: 'Reservar esta hora' }));
    expect(screen.getByText('Elija una hora.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'sáb, 23 nov 2030 a las 08:00–08:30' }));

    expect(
      await screen.findByText(
        'Cita reservada, Pat: 23 nov 2030 a las 08:00–08:30 con Dr. Ann Lee.',
      ),
    ).toBeInTheDocument();
    expect(posts(calls, 'book').map((call) => call.body)).toEqual([
      { date: '2030-11-23', slot: slotLabels[0], doctorId: annId },
    ]);
    expect(screen.getByRole('button', { name: 'Cambiarla a otra hora' })).toBeInTheDocument();
  });

  it('says why a used link cannot act, the time of use in Spanish', async () => {
    await readIn('es');
    renderLink(() =>
      problem(409, 'You confirmed this appointment on Nov 28, 2026, 10.00 AM.', {
        code: 'link_used',
        usedAt: '2026-11-28T10:00:00.000Z',
      }),
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Este enlace ya no funciona' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Confirmó esta cita el 28 nov 2026, 10:00.')).toBeInTheDocument();
  });

  it('translates the server’s refusals the catalog knows, with their values', async () => {
    await readIn('es');
    const user = userEvent.setup();
    renderLink(linkViewFactory({ purpose: 'check-in' }), {
      [`POST ${linkApi}/check-in`]: () =>
        problem(
          409,
          'Check-in opens 60 minutes before your appointment. Please check in when you arrive.',
          {
            code: 'check_in_closed',
          },
        ),
    });

    await user.click(await screen.findByRole('button', { name: 'Ya estoy aquí' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'El registro de llegada se abre 60 minutos antes de su cita. Regístrese cuando llegue.',
    );
  });
});

describe('LinkPage in German', () => {
  it('moves an appointment, with the deadline and the free times in German', async () => {
    await readIn('de');
    renderLink(linkViewFactory({ purpose: 'reschedule' }), {
      [`GET ${availabilityApi}`]: () => json(linkAvailabilityFactory()),
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verschieben Sie Ihren Termin' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/online verschieben/)).toHaveTextContent(
      'Sie können ihn bis 04.06.2030, 08:00 online verschieben.',
    );
    const day = await screen.findByRole('group', { name: 'Freie Zeiten am 05.06.2030' });
    expect(within(day).getByRole('radio', { name: /Ihre aktuelle Uhrzeit/ })).toBeDisabled();
    expect(
      screen.getByRole('button', { name: 'Auf diese Uhrzeit verschieben' }),
    ).toBeInTheDocument();
  });
});
