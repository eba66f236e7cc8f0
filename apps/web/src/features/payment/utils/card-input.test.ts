import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, reformatInput } from './card-input.ts';

describe('formatCardNumber', () => {
  it('groups the digits in fours and drops everything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42a')).toBe('4242 4242 42');
    expect(formatCardNumber('4242 ')).toBe('4242');
    expect(formatCardNumber('')).toBe('');
  });

  it('stops at 19 digits', () => {
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });
});

describe('formatExpiry', () => {
  it('puts the slash after the month', () => {
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('12/34')).toBe('12/34');
    expect(formatExpiry('12 / 3')).toBe('12/3');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('12/')).toBe('12');
  });

  it('pads a one-digit month typed with its slash', () => {
    expect(formatExpiry('4/')).toBe('04');
    expect(formatExpiry('4/27')).toBe('04/27');
  });
});

describe('reformatInput', () => {
  it('keeps the caret after the same digits when the value is regrouped', () => {
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    // '4242 4242' with a 9 typed after the third digit, caret just after it.
    input.value = '42492 4242';
    input.setSelectionRange(4, 4);

    reformatInput(input, formatCardNumber);

    expect(input.value).toBe('4249 2424 2');
    expect(input.selectionStart).toBe(4);
    input.remove();
  });
});
