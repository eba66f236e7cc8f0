import { texts } from '@clinic/shared';
import { useClinic } from '../../../lib/clinic-query.ts';
import { ClinicText } from './clinic-text.tsx';

/**
 * The About page: the spec's only text, 'This is about', until the clinic writes its own (also
 * while the profile loads or when it cannot be had).
 */
export function AboutContent() {
  const { data: clinic } = useClinic();
  const about = clinic?.about.trim() ?? '';
  if (!about) return <h1 className="text-2xl font-semibold">{texts.about}</h1>;
  const name = clinic?.name.trim();
  return (
    <article className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{name ? `About ${name}` : 'About us'}</h1>
      <ClinicText text={about} />
    </article>
  );
}
