/**
 * English on screen is the spec's text byte for byte (practice-loop.md section 9): where a spec
 * text has a value in it, the `app` catalog's English with the value filled in is exactly what
 * texts.ts and messages.ts make of it, and the dates and money in English keep the spec's form.
 */
import { describe, expect, it } from 'vitest';
import { authButtons, messages, texts, toasts } from '@clinic/shared';
import en from '@clinic/shared/locales/en/app.json';
import { fill } from './catalog.ts';
import { localDate, localMoney, localSlot } from './format.ts';

const has = (text: string) => expect(Object.keys(en), text).toContain(text);

describe("the app catalog's English", () => {
  it('fills in to the spec’s texts with values', () => {
    const date = localDate('en', '2030-06-05');
    expect(date).toBe('Jun 5, 2030');
    expect(fill('Appointment is set, {{date}} at {{slot}}', { date, slot: '08.00 AM - 08.30 AM' })).toBe(toasts.bookingSet(date, '08.00 AM - 08.30 AM'));
    expect(fill('Already have and appointment on {{date}} at {{slot}}', { date, slot: '09.00 AM - 09.30 AM' })).toBe(toasts.bookingConflict(date, '09.00 AM - 09.30 AM'));
    expect(fill('Available Appointments on {{date}}', { date })).toBe(texts.availableOn(date));
    expect(fill('Booking for {{treatment}}', { treatment: 'Teeth Cleaning' })).toBe(texts.bookingFor('Teeth Cleaning'));
    expect(fill('{{count}} space available', { count: 1 })).toBe(texts.spacesAvailable(1));
    expect(fill('{{count}} spaces available', { count: 7 })).toBe(texts.spacesAvailable(7));
    for (const price of [17, 20, 17.5]) expect(fill('price: {{amount}}', { amount: localMoney('en', price) })).toBe(texts.price(price));
    for (const key of ['Appointment is set, {{date}} at {{slot}}', 'Already have and appointment on {{date}} at {{slot}}', 'Available Appointments on {{date}}', 'Booking for {{treatment}}', '{{count}} space available', '{{count}} spaces available', 'price: {{amount}}']) has(key);
  });

  it('lists the spec’s plain texts and validation messages as they are', () => {
    for (const text of [texts.noSlot, texts.bookAppointment, texts.continueWithGoogle, authButtons.signUp, authButtons.login, messages.emailRequired, messages.emailInvalid, messages.passwordRequired, messages.passwordTooShort, messages.nameRequired]) has(text);
  });
});

describe('dates, times and money in Spanish and German', () => {
  it('go through Intl; an unreadable date is shown as it came', () => {
    expect(localDate('es', '2030-06-05')).toBe(new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2030, 5, 5)));
    expect(localDate('de', '2030-06-05T10:00:00Z')).toBe('05.06.2030');
    expect(localDate('de', 'soon')).toBe('soon');
    expect(localMoney('de', 17)).toMatch(/^17,00\s\$$/);
    expect(localMoney('es', 17.5)).toMatch(/^17,50\sUS\$$/);
  });

  it('write a slot on the 24-hour clock; English keeps the spec’s label', () => {
    expect(localSlot('en', '01.30 PM - 02.00 PM')).toBe('01.30 PM - 02.00 PM');
    expect(localSlot('es', '01.30 PM - 02.00 PM')).toBe('13:30–14:00');
    expect(localSlot('de', '12.00 AM - 12.30 AM')).toBe('00:00–00:30');
    expect(localSlot('de', 'whenever')).toBe('whenever');
  });
});
