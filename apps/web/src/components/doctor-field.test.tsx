import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { json, mockFetch, problem, renderAt } from '../test/utils.tsx';
import { DoctorField, type DoctorOption } from './doctor-field.tsx';
import { ANY_DOCTOR } from '../lib/lane-slots.ts';
import { loadCatalog } from '../i18n/catalog.ts';
import { chooseLocale } from '../i18n/locale.ts';

const doctors: DoctorOption[] = [
  { _id: 'd1', name: 'Ann Lee', img: '', hasFreeSlots: true },
  { _id: 'd2', name: 'Bo Stone', img: '', hasFreeSlots: true },
  { _id: 'd3', name: 'Cy Park', img: '', hasFreeSlots: false },
];

const publicDoctor = (
  _id: string,
  name: string,
  rating: { average: number; count: number } | null,
) => ({
  _id,
  name,
  img: '',
  bio: '',
  treatments: [],
  rating,
});

function renderField() {
  renderAt(<DoctorField doctors={doctors} value={ANY_DOCTOR} onChange={() => {}} />);
  const options = () =>
    within(screen.getByRole('combobox', { name: 'Doctor' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
  return { options };
}

describe('DoctorField', () => {
  it("shows a rated doctor's average and count after the name, nothing for the others", async () => {
    const { calls } = mockFetch({
      'GET /api/doctors/public': () =>
        json([
          publicDoctor('d1', 'Ann Lee', { average: 4.7, count: 12 }),
          publicDoctor('d2', 'Bo Stone', null),
          publicDoctor('d3', 'Cy Park', { average: 5, count: 1 }),
        ]),
    });
    const { options } = renderField();

    await waitFor(() =>
      expect(options()).toEqual([
        'Any available doctor',
        'Ann Lee ★ 4.7 (12)',
        'Bo Stone',
        'Cy Park ★ 5.0 (1) (no free slot this day)',
      ]),
    );
    expect(calls[0]?.path).toBe('/api/doctors/public');
    expect(
      screen.getByRole('option', { name: 'Ann Lee, rated 4.7 out of 5 in 12 reviews' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Bo Stone' })).toBeInTheDocument();
  });

  it('lists the doctors without ratings while they load or when they cannot be loaded', async () => {
    const { calls } = mockFetch({ 'GET /api/doctors/public': () => problem(500, 'Down') });
    const { options } = renderField();

    expect(options()).toEqual([
      'Any available doctor',
      'Ann Lee',
      'Bo Stone',
      'Cy Park (no free slot this day)',
    ]);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(options()).toContain('Ann Lee');
  });

  it('reads in Spanish', async () => {
    await loadCatalog('es', 'app');
    chooseLocale('es');
    try {
      mockFetch({
        'GET /api/doctors/public': () => json([publicDoctor('d1', 'Ann Lee', { average: 4.7, count: 12 })]),
      });
      renderAt(<DoctorField doctors={doctors} value={ANY_DOCTOR} onChange={() => {}} />);
      expect(await screen.findByRole('option', { name: 'Cualquier médico disponible' })).toBeInTheDocument();
      expect(await screen.findByRole('option', { name: 'Ann Lee, valorado con 4.7 de 5 en 12 opiniones' })).toBeInTheDocument();
      expect(screen.getByRole('option', { name: 'Cy Park (sin horas libres este día)' })).toBeDisabled();
    } finally {
      chooseLocale('en');
    }
  });
});
