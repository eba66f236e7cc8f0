import { useId, type ReactNode } from 'react';

/** A section named by its heading (the profile page's parts), so screen readers list it by title. */
export function TitledSection({ title, className, children }: { title: ReactNode; className: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <h3 id={headingId} className="text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}
