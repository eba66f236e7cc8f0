import type { Locale } from '@clinic/shared';

/**
 * Where a booking's mails (its confirmation and reminders) ask for the medical history, as a
 * placeholder filled in when the mail is sent (forms.service.ts `expandIntake`): the request is
 * there only while the clinic requires the history and the patient's is missing or outdated, so
 * a fresh install's mails read as before.
 */
export const FORMS_PLACEHOLDER = '{{forms}}';

/**
 * The placeholder in a mail of this language: `{{forms}}` in English (as every queued mail has
 * it), `{{forms:es}}` otherwise, so that the line reads in the mail's language.
 */
export const formsPlaceholder = (lng: Locale) => (lng === 'en' ? FORMS_PLACEHOLDER : `{{forms:${lng}}}`);

/** Every forms placeholder in a mail, with its language (none: English). */
export const FORMS_PLACEHOLDERS = /\{\{forms(?::(en|es|de))?\}\}/g;
