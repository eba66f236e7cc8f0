import { describe, expect, it } from 'vitest';
import { initialsOf } from './doctor-avatar.tsx';

describe('initialsOf', () => {
  it.each([
    ['Ann Lee', 'AL'],
    ['ann maria lee', 'AM'],
    ['Dr. Bo', 'B'],
    ['  Cy   Park ', 'CP'],
    ['', '?'],
  ])('%j -> %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
