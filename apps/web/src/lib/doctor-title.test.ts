import { describe, expect, it } from 'vitest';
import { doctorTitle } from './doctor-title.ts';

describe('doctorTitle', () => {
  it.each([
    ['Ann Lee', 'Dr. Ann Lee'],
    ['Dr. Emily Watson', 'Dr. Emily Watson'],
    ['dr. emily watson', 'dr. emily watson'],
    ['DR Bo Park', 'DR Bo Park'],
    ['Dr.Bo', 'Dr.Bo'],
    ['Drake Hill', 'Dr. Drake Hill'],
    ['Andrew Dr', 'Dr. Andrew Dr'],
    ['  Ann Lee ', 'Dr. Ann Lee'],
  ])('%j -> %j', (name, title) => {
    expect(doctorTitle(name)).toBe(title);
  });
});
