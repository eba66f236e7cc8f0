/**
 * How a queued mail names its links: by purpose, as `{{link:confirm}}`. The sender makes the
 * links when the mail goes (links.service.ts `expand`), so a token exists only in the mail that
 * carries it. Its own file: the mail module writes placeholders without depending on the links
 * service (which depends on bookings, which depend on mail).
 */
import type { LinkPurpose } from '@clinic/shared';

export const LINK_PLACEHOLDER = /\{\{link:(confirm|reschedule|cancel|check-in)\}\}/g;

/** A recall message names its recall: `{{link:recall:<id>}}`. */
export const RECALL_PLACEHOLDER = /\{\{link:recall:([0-9a-f-]{36})\}\}/g;
export const recallPlaceholder = (recallId: string) => `{{link:recall:${recallId}}}`;

export const linkPlaceholder = (purpose: Exclude<LinkPurpose, 'recall'>) => `{{link:${purpose}}}`;

/** An invitation about a dependent names its stored link: `{{link:invitation:<id>}}` (its token made when the mail goes). */
export const INVITATION_PLACEHOLDER = /\{\{link:invitation:([0-9a-f-]{36})\}\}/g;
export const invitationPlaceholder = (linkId: string) => `{{link:invitation:${linkId}}}`;
