import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { clinicProfileFactory } from '../../../test/clinic-factories.ts';
import { bookingEventFactory } from '../../../test/factories.ts';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { AppointmentHistory } from './appointment-history.tsx';

const events = [
  bookingEventFactory({ _id: 'e1', at: '2030-06-01T12:00:00.000Z', type: 'created' }),
];

describe('AppointmentHistory', () => {
  it("shows when things happened in the clinic's zone, not the browser's", async () => {
    mockFetch({
      'GET /api/clinic': () => json(clinicProfileFactory({ timezone: 'America/New_York' })),
    });
    renderAt(<AppointmentHistory events={events} />);

    expect(await screen.findByText('Jun 1, 2030, 08.00 AM')).toBeInTheDocument();
  });

  it("uses the browser's zone while the clinic's is not known", async () => {
    mockFetch({ 'GET /api/clinic': () => problem(500, 'Down') });
    renderAt(<AppointmentHistory events={events} />);

    expect(await screen.findByText('Jun 1, 2030, 12.00 PM')).toBeInTheDocument();
  });
});
