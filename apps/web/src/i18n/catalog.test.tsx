import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type en from '@clinic/shared/locales/en/common.json';
import { fill, loadCatalog, translate, useT } from './catalog.ts';
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
