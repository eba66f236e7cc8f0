import { describe, expect, it } from 'vitest';
import { formsText } from './intake-badges.tsx';

describe('formsText', () => {
  it('is complete with a current history and a consent signed or not needed; otherwise says what is missing', () => {
    expect(formsText({ medicalHistory: 'current', consent: 'signed' })).toBe('Forms complete');
    expect(formsText({ medicalHistory: 'current', consent: 'none' })).toBe('Forms complete');
    expect(formsText({ medicalHistory: 'missing', consent: 'none' })).toBe('History missing');
    expect(formsText({ medicalHistory: 'outdated', consent: 'signed' })).toBe('History outdated');
    expect(formsText({ medicalHistory: 'current', consent: 'missing' })).toBe('Consent missing');
    expect(formsText({ medicalHistory: 'outdated', consent: 'missing' })).toBe('History outdated, Consent missing');
  });
});
