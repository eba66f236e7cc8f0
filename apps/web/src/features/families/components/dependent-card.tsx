/** One family member on My Family: who they are, who manages them, what is coming, and what can be done. */
import type { Dependent } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { useFamilyT, useFamilyText } from '../../../i18n/family.ts';
import { useLocalFormat } from '../../../i18n/format.ts';
import { guardianLines } from '../utils/family-texts.ts';

export type DependentAction = 'edit' | 'guardian' | 'handover' | 'remove';

type DependentCardProps = {
  dependent: Dependent;
  onAction: (action: DependentAction, dependent: Dependent) => void;
};

const TERM = 'font-medium';

export function DependentCard({ dependent, onAction }: DependentCardProps) {
  const { name } = dependent;
  const t = useFamilyT();
  const text = useFamilyText();
  const format = useLocalFormat();
  return (
    <li className="card card-border bg-base-100" aria-label={name}>
      <div className="card-body gap-3 p-4">
        <h3 className="text-lg font-semibold break-words">{name}</h3>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className={TERM}>{t('Date of birth')}</dt>
          <dd>{format.date(dependent.dateOfBirth)}</dd>
          {dependent.relationship && (
            <>
              <dt className={TERM}>{t('Relationship')}</dt>
              <dd className="break-words">{dependent.relationship}</dd>
            </>
          )}
          <dt className={TERM}>{t('Guardians')}</dt>
          <dd>
            <ul>
              {guardianLines(dependent.guardians).map((line) => (
                <li key={line} className="break-all">
                  {text(line)}
                </li>
              ))}
            </ul>
          </dd>
          <dt className={TERM}>{t('Coming up')}</dt>
          <dd>{upcomingCount(t, dependent.upcoming)}</dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            className="btn-sm"
            aria-label={t('Edit {{name}}', { name })}
            onClick={() => onAction('edit', dependent)}
          >
            {t('Edit')}
          </Button>
          <Button
            variant="outline"
            className="btn-sm"
            aria-label={t('Invite a guardian for {{name}}', { name })}
            onClick={() => onAction('guardian', dependent)}
          >
            {t('Invite a guardian')}
          </Button>
          {dependent.canHandOver && (
            <Button
              variant="outline"
              className="btn-sm"
              aria-label={t("Hand over {{name}}'s record", { name })}
              onClick={() => onAction('handover', dependent)}
            >
              {t('Hand over')}
            </Button>
          )}
          <Button
            variant="outline"
            className="btn-sm btn-error"
            aria-label={t('Remove {{name}}', { name })}
            onClick={() => onAction('remove', dependent)}
          >
            {t('Remove')}
          </Button>
        </div>
      </div>
    </li>
  );
}

/** "1 upcoming appointment", "3 upcoming appointments", in the current language. */
export function upcomingCount(t: ReturnType<typeof useFamilyT>, count: number): string {
  return count === 1
    ? t('{{count}} upcoming appointment', { count })
    : t('{{count}} upcoming appointments', { count });
}
