/**
 * What staff see of a booking's intake (practice-loop.md section 6.3): whether the medical history
 * and the visit's consent are done, and the answers the form flags (an allergy, blood thinners).
 * Never the answers themselves: those are the patient's doctor's and the owner's to open.
 */
import type { BookingForms } from '@clinic/shared';

/**
 * The forms' state in a few words: complete, or what is missing; null when the clinic asks nothing
 * of this visit (history not required, no consent text), so a fresh install's lists read as before.
 * A history a patient filled in unasked still counts as done.
 */
export function formsText(forms: BookingForms): string | null {
  const asksHistory = forms.historyRequired || forms.medicalHistory === 'current';
  if (!asksHistory && forms.consent === 'none') return null;
  const missing = [
    !asksHistory ? null : forms.medicalHistory === 'missing' ? 'History missing' : forms.medicalHistory === 'outdated' ? 'History outdated' : null,
    forms.consent === 'missing' ? 'Consent missing' : null,
  ].filter(Boolean);
  return missing.length === 0 ? 'Forms complete' : missing.join(', ');
}

export function FormsBadge({ forms }: { forms: BookingForms }) {
  const text = formsText(forms);
  if (text === null) return null;
  const tone = text === 'Forms complete' ? 'badge-success badge-outline' : 'badge-warning badge-outline';
  return <span className={`badge badge-sm whitespace-nowrap ${tone}`}>{text}</span>;
}

/** Each flagged answer as a warning the eye cannot miss, its question's words as the text. */
export function AlertBadges({ alerts }: { alerts: readonly string[] }) {
  if (alerts.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Medical alerts">
      {alerts.map((alert) => (
        <li key={alert} className="badge badge-error h-auto py-0.5 text-left whitespace-normal">
          <span aria-hidden="true">⚠</span>&nbsp;{alert}
        </li>
      ))}
    </ul>
  );
}
