/**
 * What an action did, in place of its form, and why it failed. The result takes the focus when
 * it appears, so a screen reader reads it and a keyboard user goes on from there.
 */
import { useEffect, useRef, type ReactNode } from 'react';

export function ActionResult({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="alert alert-success alert-soft focus:outline-2 focus:outline-offset-2"
    >
      <p>{children}</p>
    </div>
  );
}

export function ActionError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-error">
      {children}
    </p>
  );
}
