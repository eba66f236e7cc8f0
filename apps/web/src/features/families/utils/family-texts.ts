/** What My Family says: its toasts, and the counts and lists on a family member's card. */
import type { Dependent } from '@clinic/shared';

export const addedToast = (name: string) => `${name} added to your family`;
export const savedToast = (name: string) => `${name}'s details saved`;
export const removedToast = (name: string) => `${name} removed from your family`;
export const invitationSentToast = (email: string) => `Invitation sent to ${email}`;

/** "1 upcoming appointment", "3 upcoming appointments". */
export function upcomingText(count: number): string {
  return `${count} upcoming appointment${count === 1 ? '' : 's'}`;
}

/** The second step of a removal that upcoming appointments stand in the way of. */
export function cancelAndRemoveLabel(count: number): string {
  return `Cancel their ${upcomingText(count)} and remove`;
}

/** Who manages a family member: "You" first, then the others by name and address. */
export function guardianLines(guardians: Dependent['guardians']): string[] {
  const you = guardians.filter((g) => g.you).map(() => 'You');
  const others = guardians
    .filter((g) => !g.you)
    .map((g) => (g.name ? `${g.name} (${g.email})` : g.email));
  return [...you, ...others];
}
