/**
 * Who to call about a family member's booking (practice-loop.md section 7), on the staff views
 * of it: "Guardian: Pat Patient, +1 555 0100", the phone a tap to call (or, without one, the address).
 */
import type { GuardianContact as Guardian } from '@clinic/shared';

export function GuardianContact({ guardian }: { guardian: Guardian }) {
  return (
    <p className="text-sm break-words">
      Guardian: {guardian.name}
      {guardian.phone ? (
        <>
          ,{' '}
          <a className="link" href={`tel:${guardian.phone.replace(/[^\d+]/g, '')}`}>
            {guardian.phone}
          </a>
        </>
      ) : (
        guardian.email && (
          <>
            ,{' '}
            <a className="link break-all" href={`mailto:${guardian.email}`}>
              {guardian.email}
            </a>
          </>
        )
      )}
    </p>
  );
}
