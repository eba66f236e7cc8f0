import { useEffect, useRef, useState, type ReactNode } from 'react';

type WhenNearViewportProps = {
  children: ReactNode;
  /** Holds the place (and the height) until then. */
  placeholder: ReactNode;
  /** How far ahead of the viewport to start, as a CSS margin. */
  margin?: string;
};

/**
 * Renders `children` once the placeholder comes within `margin` of the viewport: what sits far
 * down a page (the landing page's contact form, with its form libraries) then costs the first paint
 * nothing. Without IntersectionObserver it renders at once.
 */
export function WhenNearViewport({ children, placeholder, margin = '800px' }: WhenNearViewportProps) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);

  return near ? children : <div ref={ref}>{placeholder}</div>;
}
