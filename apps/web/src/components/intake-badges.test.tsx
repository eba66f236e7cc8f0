import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AlertBadges, FormsBadge, formsText } from './intake-badges.tsx';

describe('intake badges', () => {
  it('say the forms are complete (history current, consent signed or not needed), or what is missing', () => {
    expect(formsText({ medicalHistory: 'current', consent: 'none' })).toBe('Forms complete');
    expect(formsText({ medicalHistory: 'current', consent: 'signed' })).toBe('Forms complete');
    expect(formsText({ medicalHistory: 'missing', consent: 'none' })).toBe('History missing');
    expect(formsText({ medicalHistory: 'outdated', consent: 'signed' })).toBe('History outdated');
    expect(formsText({ medicalHistory: 'current', consent: 'missing' })).toBe('Consent missing');
    expect(formsText({ medicalHistory: 'outdated', consent: 'missing' })).toBe('History outdated, Consent missing');
  });

  it('list each medical alert by its question, and nothing when there is none', () => {
    const { container, rerender } = render(<AlertBadges alerts={[]} />);
    expect(container).toBeEmptyDOMElement();
    rerender(
      <>
        <FormsBadge forms={{ medicalHistory: 'current', consent: 'missing' }} />
        <AlertBadges alerts={['Do you take blood thinners (anticoagulants, aspirin)?', 'Do you have diabetes?']} />
      </>,
    );
    expect(screen.getByText('Consent missing')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '⚠\u00a0Do you take blood thinners (anticoagulants, aspirin)?',
      '⚠\u00a0Do you have diabetes?',
    ]);
  });
});
