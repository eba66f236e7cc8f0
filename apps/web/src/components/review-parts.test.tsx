import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { loadCatalog } from '../i18n/catalog.ts';
import { chooseLocale } from '../i18n/locale.ts';
import { StarRating } from './review-parts.tsx';

describe('StarRating', () => {
  afterEach(() => {
    act(() => chooseLocale('en'));
  });

  it('is read out as the spec’s words', () => {
    render(<StarRating rating={4} />);
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
  });

  it('is read out in Spanish and German', async () => {
    await Promise.all([loadCatalog('es', 'common'), loadCatalog('de', 'common')]);
    act(() => chooseLocale('es'));
    const { rerender } = render(<StarRating rating={1} />);
    expect(screen.getByRole('img', { name: '1 de 5 estrellas' })).toBeInTheDocument();
    act(() => chooseLocale('de'));
    rerender(<StarRating rating={5} />);
    expect(screen.getByRole('img', { name: '5 von 5 Sternen' })).toBeInTheDocument();
  });
});
