import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderAt } from '../../../test/utils.tsx';
import { adminBookingFactory } from '../utils/appointments-test-factories.ts';
import { AppointmentsTable } from './appointments-table.tsx';

const NOW = Date.parse('2030-06-12T08:00:00.000Z');

const complete = adminBookingFactory({
  _id: 'b1',
  arrivedAt: '2030-06-12T08:10:00.000Z',
  forms: { medicalHistory: 'current', historyRequired: true, consent: 'signed' },
  alerts: ['Do you have any allergies (medicines, latex, food)?', 'Do you have diabetes?'],
});
const outdated = adminBookingFactory({
  _id: 'b2',
  patientAccount: { name: 'Olga Old', email: 'olga@example.com', phone: '' },
  forms: { medicalHistory: 'outdated', historyRequired: true, consent: 'none' },
  alerts: [],
});
const noConsent = adminBookingFactory({
  _id: 'b3',
  patientAccount: { name: 'Nina New', email: 'nina@example.com', phone: '' },
  forms: { medicalHistory: 'current', historyRequired: true, consent: 'missing' },
});
/** A server without intake sends neither field: the row reads as before. */
const before = adminBookingFactory({
  _id: 'b4',
  patientAccount: { name: 'Bert Before', email: 'bert@example.com', phone: '' },
});

function renderTable() {
  renderAt(
    <>
      <h2 id="t">Appointments</h2>
      <AppointmentsTable labelledBy="t" bookings={[complete, outdated, noConsent, before]} isStale={false} now={NOW} onAction={() => {}} />
    </>,
  );
}

function statusOf(name: string): HTMLElement {
  const row = within(screen.getByRole('table')).getByText(name).closest('tr')!;
  return row.querySelector<HTMLElement>('[data-label="Status"]')!;
}

describe('AppointmentsTable: intake', () => {
  it('shows each booking’s forms, its alerts as warnings with the question’s words, and Arrived', () => {
    renderTable();

    const pat = statusOf('Pat Patient');
    expect(within(pat).getByText('Forms complete')).toBeInTheDocument();
    expect(within(pat).getByText('Arrived')).toBeInTheDocument();
    const alerts = within(pat).getByRole('list', { name: 'Medical alerts' });
    expect(within(alerts).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '⚠\u00a0Do you have any allergies (medicines, latex, food)?',
      '⚠\u00a0Do you have diabetes?',
    ]);

    expect(within(statusOf('Olga Old')).getByText('History outdated')).toBeInTheDocument();
    expect(within(statusOf('Olga Old')).queryByRole('list', { name: 'Medical alerts' })).not.toBeInTheDocument();
    expect(within(statusOf('Nina New')).getByText('Consent missing')).toBeInTheDocument();
    expect(within(statusOf('Bert Before')).queryByText(/Forms|History|Consent/)).not.toBeInTheDocument();
    expect(within(statusOf('Bert Before')).queryByText('Arrived')).not.toBeInTheDocument();
  });
});

describe('AppointmentsTable: families', () => {
  it("names the guardian to call under a family member's booking, the phone a tap to call", () => {
    const leo = adminBookingFactory({
      _id: 'b5',
      patientName: 'Leo Patient',
      patientAccount: { name: 'Leo Patient', email: '', phone: '' },
      guardian: { name: 'Pat Patient', email: 'pat@example.com', phone: '+1 555 0100' },
    });
    renderAt(
      <>
        <h2 id="t">Appointments</h2>
        <AppointmentsTable labelledBy="t" bookings={[leo, before]} isStale={false} now={NOW} onAction={() => {}} />
      </>,
    );

    const patientOf = (name: string) =>
      within(screen.getByRole('table')).getByText(name).closest('tr')!.querySelector<HTMLElement>('[data-label="Patient"]')!;
    expect(within(patientOf('Leo Patient')).getByText(/^Guardian:/)).toHaveTextContent('Guardian: Pat Patient, +1 555 0100');
    expect(within(patientOf('Leo Patient')).getByRole('link', { name: '+1 555 0100' })).toHaveAttribute('href', 'tel:+15550100');
    expect(within(patientOf('Bert Before')).queryByText(/Guardian/)).not.toBeInTheDocument();
  });
});
