/**
 * The clinic's own name, address, phone and email, as far as the owner has set them (the
 * profile), for the contact page, the home page's contact section and the footer. Nothing set,
 * nothing shown: a fresh install's pages stay as they are.
 */
import { useClinic } from '../lib/clinic-query.ts';

type ClinicContactsProps = {
  className?: string;
  /** Also the clinic's name and address (the footer's); the contact pages name only the ways to reach it. */
  isFull?: boolean;
};

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function ClinicContacts({ className = '', isFull = false }: ClinicContactsProps) {
  const { data: clinic } = useClinic();
  const name = isFull ? (clinic?.name.trim() ?? '') : '';
  const address = isFull ? (clinic?.address.trim() ?? '') : '';
  const phone = clinic?.phone.trim() ?? '';
  const email = clinic?.email.trim() ?? '';
  if (!name && !address && !phone && !email) return null;
  return (
    <address className={`flex flex-wrap gap-x-4 gap-y-1 not-italic ${className}`}>
      {name && <span className="font-semibold">{name}</span>}
      {address && <span>{address}</span>}
      {phone && (
        <a href={telHref(phone)} className="link link-hover">
          {phone}
        </a>
      )}
      {email && (
        <a href={`mailto:${email}`} className="link link-hover break-all">
          {email}
        </a>
      )}
    </address>
  );
}
