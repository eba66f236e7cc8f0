import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AlertBadges, FormsBadge, formsText } from './intake-badges.tsx';

describe('intake badges', () => {
  it('say the forms are complete (history current, consent signed or not needed), or what is missing', () => {
    expect(formsText({ medicalHistory: 'current', historyRequired: true, consent: 'none' })).toBe('Forms complete');
    expect(formsText({ medicalHistory: 'current', historyRequired: true, consent: 'signed' })).toBe('Forms complete');
    expect(formsText({ medicalHistory: 'missing', historyRequired: true, consent: 'none' })).toBe('History missing');
    expect(formsText({ medicalHistory: 'outdated', historyRequired: true, consent: 'signed' })).toBe('History outdated');
    expect(formsText({ medicalHistory: 'current', historyRequired: true, consent: 'missing' })).toBe('Consent missing');
    expect(formsText({ medicalHistory: 'outdated', historyRequired: true, consent: 'missing' })).toBe('History outdated, Consent missing');
  });

  it('say nothing when the clinic asks nothing of the visit, as on a fresh install', () => {
    expect(formsText({ medicalHistory: 'missing', historyRequired: false, consent: 'none' })).toBeNull();
    expect(formsText({ medicalHistory: 'outdated', historyRequired: false, consent: 'none' })).toBeNull();
    // A history filled in unasked counts; a consent text asks for the consent whatever the history.
    expect(formsText({ medicalHistory: 'current', historyRequired: false, consent: 'none' })).toBe('Forms complete');
    expect(formsText({ medicalHistory: 'missing', historyRequired: false, consent: 'missing' })).toBe('Consent missing');
    const { container } = render(<FormsBadge forms={{ medicalHistory: 'missing', historyRequired: false, consent: 'none' }} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('list each medical alert by its question, and nothing when there is none', () => {
    const { container, rerender } = render(<AlertBadges alerts={[]} />);
    expect(container).toBeEmptyDOMElement();
    rerender(
      <>
        <FormsBadge forms={{ medicalHistory: 'current', historyRequired: true, consent: 'missing' }} />
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
