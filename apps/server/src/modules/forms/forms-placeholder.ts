/**
 * Where a booking's mails (its confirmation and reminders) ask for the medical history, as a
 * placeholder filled in when the mail is sent (forms.service.ts `expandIntake`): the request is
 * there only while the clinic requires the history and the patient's is missing or outdated, so
 * a fresh install's mails read as before.
 */
export const FORMS_PLACEHOLDER = '{{forms}}';
