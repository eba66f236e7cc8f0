import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { GuardianContact } from './guardian-contact.tsx';

describe('GuardianContact', () => {
  it('names the guardian, with their phone as a tap to call', () => {
    render(
      <GuardianContact
        guardian={{ name: 'Pat Patient', email: 'pat@example.com', phone: '+1 (555) 010-0100' }}
      />,
    );
    expect(screen.getByText(/^Guardian: Pat Patient,/)).toHaveTextContent(
      'Guardian: Pat Patient, +1 (555) 010-0100',
    );
    expect(screen.getByRole('link', { name: '+1 (555) 010-0100' })).toHaveAttribute(
      'href',
      'tel:+15550100100',
    );
  });

  it('gives the address instead when the guardian left no phone', () => {
    render(
      <GuardianContact guardian={{ name: 'Pat Patient', email: 'pat@example.com', phone: '' }} />,
    );
    expect(screen.getByRole('link', { name: 'pat@example.com' })).toHaveAttribute(
      'href',
      'mailto:pat@example.com',
    );
  });
});
