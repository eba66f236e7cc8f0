/** One family member on My Family: who they are, who manages them, what is coming, and what can be done. */
import type { Dependent } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { mediumDateOf } from '../../../lib/medium-date.ts';
import { guardianLines, upcomingText } from '../utils/family-texts.ts';

export type DependentAction = 'edit' | 'guardian' | 'handover' | 'remove';

type DependentCardProps = {
  dependent: Dependent;
  onAction: (action: DependentAction, dependent: Dependent) => void;
};

const TERM = 'font-medium';

export function DependentCard({ dependent, onAction }: DependentCardProps) {
  const { name } = dependent;
  return (
    <li className="card card-border bg-base-100" aria-label={name}>
      <div className="card-body gap-3 p-4">
        <h3 className="text-lg font-semibold break-words">{name}</h3>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className={TERM}>Date of birth</dt>
          <dd>{mediumDateOf(dependent.dateOfBirth)}</dd>
          {dependent.relationship && (
            <>
              <dt className={TERM}>Relationship</dt>
              <dd className="break-words">{dependent.relationship}</dd>
            </>
          )}
          <dt className={TERM}>Guardians</dt>
          <dd>
            <ul>
              {guardianLines(dependent.guardians).map((line) => (
                <li key={line} className="break-all">
                  {line}
                </li>
              ))}
            </ul>
          </dd>
          <dt className={TERM}>Coming up</dt>
          <dd>{upcomingText(dependent.upcoming)}</dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            className="btn-sm"
            aria-label={`Edit ${name}`}
            onClick={() => onAction('edit', dependent)}
          >
            Edit
          </Button>
          <Button
            variant="outline"
            className="btn-sm"
            aria-label={`Invite a guardian for ${name}`}
            onClick={() => onAction('guardian', dependent)}
          >
            Invite a guardian
          </Button>
          {dependent.canHandOver && (
            <Button
              variant="outline"
              className="btn-sm"
              aria-label={`Hand over ${name}'s record`}
              onClick={() => onAction('handover', dependent)}
            >
              Hand over
            </Button>
          )}
          <Button
            variant="outline"
            className="btn-sm btn-error"
            aria-label={`Remove ${name}`}
            onClick={() => onAction('remove', dependent)}
          >
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
