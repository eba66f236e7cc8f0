import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { infoCardTitles } from '@clinic/shared';
import { clinicQueryKey } from '../../../lib/clinic-query.ts';
import {
  clinicProfileFactory,
  filledClinicProfileFactory,
} from '../../../test/clinic-factories.ts';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { InfoCards, openingHoursLines } from './info-cards.tsx';

function card(title: string) {
  return screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;
}

const todaysTexts = {
  hours: ['Mon-Fri 8:00 AM - 5:00 PM', 'Saturday 9:00 AM - 1:00 PM'],
  address: 'Brooklyn, NY 10036, United States',
  phone: '+1 (555) 010-2030',
};

describe('InfoCards', () => {
  it("shows the schedule's hours, the address and the phone of the clinic's profile", async () => {
    mockFetch({ 'GET /api/clinic': () => json(filledClinicProfileFactory()) });
    renderAt(<InfoCards />);

    const hours = card(infoCardTitles.openingHours);
    expect(await within(hours).findByText('Mon–Fri 08:00–12:00, 13:00–17:00')).toBeInTheDocument();
    expect(within(hours).getByText('Sat 09:00–13:00')).toBeInTheDocument();
    expect(within(hours).queryByText(todaysTexts.hours[0]!)).not.toBeInTheDocument();
    expect(
      within(card(infoCardTitles.location)).getByText('Hauptstraße 1, 10115 Berlin'),
    ).toBeInTheDocument();
    expect(
      within(card(infoCardTitles.contact)).getByRole('link', { name: '+49 30 1234567' }),
    ).toHaveAttribute('href', 'tel:+49301234567');
  });

  it.each([
    ['an empty profile', () => json(clinicProfileFactory())],
    ['a failed load', () => problem(500, 'Down')],
  ])("keeps a fresh install's texts for %s", async (_case, answer) => {
    mockFetch({ 'GET /api/clinic': answer });
    const { queryClient } = renderAt(<InfoCards />);

    // Settled: what shows is the answer's doing, not the wait for it.
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(clinicQueryKey)?.status).not.toBe('pending'),
    );
    for (const line of todaysTexts.hours) {
      expect(within(card(infoCardTitles.openingHours)).getByText(line)).toBeInTheDocument();
    }
    expect(
      within(card(infoCardTitles.location)).getByText(todaysTexts.address),
    ).toBeInTheDocument();
    expect(within(card(infoCardTitles.contact)).getByText(todaysTexts.phone)).toBeInTheDocument();
    for (const title of Object.values(infoCardTitles)) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
  });

  it('words each group of days with its stretches, leaving out groups with none', () => {
    expect(
      openingHoursLines([
        { days: 'Mon–Fri', hours: ['08:00–12:00', '13:00–17:00'] },
        { days: 'Sun', hours: [] },
      ]),
    ).toEqual(['Mon–Fri 08:00–12:00, 13:00–17:00']);
  });
});
