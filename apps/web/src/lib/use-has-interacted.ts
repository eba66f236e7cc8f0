import { useEffect, useState } from 'react';

const INTERACTIONS = ['pointerdown', 'keydown'] as const;
/** After this, code waiting for a tap loads anyway: well after a phone's first load is idle. */
export const SETTLED_MS = 3_000;

/**
 * Whether the visitor has tapped, clicked or pressed a key on the page yet, or it has settled
 * (SETTLED_MS after mounting). For code a page may need soon but not to show itself: fetched at
 * the first sign of use, or once the page's own first load is over, never competing with it for a
 * slow phone's bandwidth and main thread (figures: docs/benchmarks.md, "The toaster, loaded
 * lazily" and "The booking dialog at the first tap").
 */
export function useHasInteracted(): boolean {
  const [hasInteracted, setHasInteracted] = useState(false);
  useEffect(() => {
    if (hasInteracted) return;
    const interacted = () => setHasInteracted(true);
    for (const type of INTERACTIONS)
      window.addEventListener(type, interacted, { capture: true, passive: true });
    const settled = window.setTimeout(interacted, SETTLED_MS);
    return () => {
      window.clearTimeout(settled);
      for (const type of INTERACTIONS)
        window.removeEventListener(type, interacted, { capture: true });
    };
  }, [hasInteracted]);
  return hasInteracted;
}
