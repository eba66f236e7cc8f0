import { describe, expect, it } from 'vitest';
import { attemptsLabel, patientsLabel } from './recall-labels.ts';

describe('attemptsLabel', () => {
  it.each([
    [0, 'No messages sent yet'],
    [1, '1 message sent'],
    [2, '2 messages sent'],
    [12, '12 messages sent'],
  ])('%i -> %s', (attempts, label) => {
    expect(attemptsLabel(attempts)).toBe(label);
  });
});

describe('patientsLabel', () => {
  it.each([
    [1, '1 patient'],
    [2, '2 patients'],
  ])('%i -> %s', (count, label) => {
    expect(patientsLabel(count)).toBe(label);
  });
});
