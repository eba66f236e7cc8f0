import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type en from '@clinic/shared/locales/en/common.json';
import { fill, loadCatalog, translate, useT } from './catalog.ts';
import { fitting } from './catalogs.ts';
import { chooseLocale } from './locale.ts';

afterEach(() => {
  act(() => chooseLocale('en'));
  localStorage.clear();
});

describe('fill', () => {
  it('puts values in {{placeholders}} and leaves an unknown one as it is', () => {
    expect(fill('Hello {{ name }}, {{missing}}', { name: 'Ana' })).toBe('Hello Ana, {{missing}}');
    expect(fill('{{count}} spaces', { count: 3 })).toBe('3 spaces');
    expect(fill('No values {{here}}')).toBe('No values {{here}}');
  });
});

function Words() {
  const t = useT<typeof en>('common');
  return <p>{t('Make an Appointment Today')}</p>;
}

describe('useT', () => {
  it('shows English as written, byte for byte, without fetching anything', () => {
    render(<Words />);
    expect(screen.getByText('Make an Appointment Today')).toBeInTheDocument();
  });

  it('reads English until the chosen language’s catalog arrives, then that language', async () => {
    render(<Words />);
    act(() => chooseLocale('de'));
    expect(await screen.findByText('Vereinbaren Sie noch heute einen Termin')).toBeInTheDocument();
    act(() => chooseLocale('es'));
    expect(await screen.findByText('Pida su cita hoy')).toBeInTheDocument();
    expect(translate('common', 'Get Started')).toBe('Empezar');
    expect(translate('common', 'A text no catalog has')).toBe('A text no catalog has');
  });

  it('refuses a catalog that does not exist, and a later call tries again', async () => {
    await expect(loadCatalog('es', 'no-such-namespace')).rejects.toThrow('No catalog es/no-such-namespace.json');
    await expect(loadCatalog('es', 'no-such-namespace')).rejects.toThrow('No catalog es/no-such-namespace.json');
  });
});

describe('fitting: a text with values in it, by the key it fits', () => {
  const catalog = {
    'You are already on the waitlist for {{treatment}}.':
      'Ya está en la lista de espera de {{treatment}}.',
    '{{name}} (age {{age}}) costs $5? {{name}}!': '¿{{age}} años? {{name}} cuesta 5 $.',
    'Please call {{phone}}.': 'Llame al {{phone}}.',
    'Please call the clinic.': 'Llame a la clínica.',
    'Please call the clinic on {{day}}.': 'Llame a la clínica el {{day}}.',
    'No placeholder here.': 'Sin marcador.',
    '{{date}} at {{slot}}': '{{date}} a las {{slot}}',
  };

  it('fills the translation of the key it fits with the values the text has there', () => {
    expect(fitting(catalog, 'You are already on the waitlist for Teeth Whitening.')).toBe(
      'Ya está en la lista de espera de Teeth Whitening.',
    );
    // The key's text is matched as written (no regular expression in it), placeholders reordered.
    expect(fitting(catalog, 'Ana (age 7) costs $5? Ana!')).toBe('¿7 años? Ana cuesta 5 $.');
    expect(fitting(catalog, 'Ana (age 7) costs $50 Ana!')).toBeUndefined();
  });

  it('prefers the longest key a text fits, and answers nothing when none fits', () => {
    expect(fitting(catalog, 'Please call the clinic on Monday.')).toBe(
      'Llame a la clínica el Monday.',
    );
    expect(fitting(catalog, 'Please call +1 555 0100.')).toBe('Llame al +1 555 0100.');
    expect(fitting(catalog, 'You are already on the waitlist.')).toBeUndefined();
    expect(fitting(catalog, 'No placeholder here, but more.')).toBeUndefined();
    // A fragment with too few words of its own would fit too much: it is no pattern.
    expect(fitting(catalog, 'The clinic needs at least one admin.')).toBeUndefined();
  });
});

// The server's problem details, as it words them (apps/server/src), on the pages that show them.
describe('translate: the server’s problem details with values in them', () => {
  it('are Spanish and German on the pages that show them, exact entries first, English as it came', async () => {
    const text = (ns: string, english: string) => translate(ns, english);
    const detail = {
      app: 'Fillings is not offered at 08.00 AM - 08.30 AM on 2026-12-01; choose one of the day’s slots.',
      family: 'You are already on the waitlist for Teeth Whitening.',
      visits: 'Changes close 24 hours before your appointment. Please call the clinic.',
      account: 'Too many attempts. Please wait 12 seconds and try again.',
    };
    for (const [ns, english] of Object.entries(detail)) expect(text(ns, english)).toBe(english);

    act(() => chooseLocale('es'));
    await Promise.all(
      ['app', 'family', 'visits', 'account', 'reviews'].map((ns) => loadCatalog('es', ns)),
    );
    expect(text('app', detail.app)).toBe(
      'Fillings no se ofrece a las 08.00 AM - 08.30 AM el 2026-12-01; elija una de las horas de ese día.',
    );
    expect(
      text(
        'app',
        'Too many failed sign-ins for this account. Please wait 30 seconds and try again.',
      ),
    ).toBe(
      'Demasiados inicios de sesión fallidos en esta cuenta. Espere 30 segundos y vuelva a intentarlo.',
    );
    expect(text('family', detail.family)).toBe('Ya está en la lista de espera de Teeth Whitening.');
    expect(text('family', "ana@example.com already manages Leo's appointments.")).toBe(
      'ana@example.com ya gestiona las citas de Leo.',
    );
    // `… {{hours}} hours before …` and `… the clinic.` are longer, so more specific, than the
    // web's own `… {{hours}} before …` and `… Please call {{phone}}.`.
    expect(text('visits', detail.visits)).toBe(
      'Los cambios se cierran 24 horas antes de su cita. Por favor, llame a la clínica.',
    );
    expect(
      text('visits', 'Changes close 48 hours before your appointment. Please call +1 555 0100.'),
    ).toBe('Los cambios se cierran 48 horas antes de su cita. Por favor, llame al +1 555 0100.');
    // An exact entry wins over a key the text also fits (`… Please call {{phone}}.`).
    expect(text('visits', 'Appointments cannot be moved online. Please call the clinic.')).toBe(
      'Las citas no se pueden cambiar en línea. Por favor, llame a la clínica.',
    );
    expect(text('visits', 'This appointment was marked as missed; it cannot be changed.')).toBe(
      'Esta cita se marcó como no asistida; no se puede cambiar.',
    );
    expect(text('account', detail.account)).toBe(
      'Demasiados intentos. Espere 12 segundos y vuelva a intentarlo.',
    );
    expect(text('reviews', 'Too many attempts. Please wait 3599 seconds and try again.')).toBe(
      'Demasiados intentos. Espere 3599 segundos y vuelva a intentarlo.',
    );
    // A text no key fits comes back as it came.
    expect(text('family', 'Something the server never said.')).toBe(
      'Something the server never said.',
    );
    expect(text('app', 'Too many attempts. Please wait a while.')).toBe(
      'Too many attempts. Please wait a while.',
    );

    act(() => chooseLocale('de'));
    await loadCatalog('de', 'family');
    expect(text('family', detail.family)).toBe(
      'Sie stehen bereits auf der Warteliste für Teeth Whitening.',
    );
  });
});
