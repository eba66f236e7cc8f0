import { useAppText } from '../../i18n/app.ts';

type SpinnerProps = {
  /** What is being waited for, read out by screen readers. */
  label?: string;
  className?: string;
};

/** The spec's spinning circular loading indicator (section 2). */
export function Spinner({ label = 'Loading…', className = '' }: SpinnerProps) {
  const t = useAppText();
  return (
    <div role="status" className={`flex items-center justify-center py-10 ${className}`}>
      <span aria-hidden="true" className="loading loading-spinner loading-lg text-primary" />
      <span className="sr-only">{t(label)}</span>
    </div>
  );
}
