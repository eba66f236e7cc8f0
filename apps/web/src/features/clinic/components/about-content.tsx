import { texts } from '@clinic/shared';
import { useCommonT } from '../../../i18n/common.ts';
import { usePagesT } from '../../../i18n/pages.ts';
import { useClinic } from '../../../lib/clinic-query.ts';
import { ClinicText } from './clinic-text.tsx';

/**
 * The About page: the spec's only text, 'This is about', until the clinic writes its own (also
 * while the profile loads or when it cannot be had).
 */
export function AboutContent() {
  const t = usePagesT();
  // 'About us' is the footer's link (the spec's words).
  const common = useCommonT();
  const { data: clinic } = useClinic();
  const about = clinic?.about.trim() ?? '';
  if (!about) return <h1 className="text-2xl font-semibold">{t(texts.about)}</h1>;
  const name = clinic?.name.trim();
  return (
    <article className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">
        {name ? t('About {{name}}', { name }) : common('About us')}
      </h1>
      <ClinicText text={about} />
    </article>
  );
}
