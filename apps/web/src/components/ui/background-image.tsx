/**
 * A decorative photo behind a section's content (the parent needs `relative isolate`): hidden from
 * screen readers (empty alt), sized to avoid layout shift, loaded lazily as it sits below the fold.
 */
export function BackgroundImage({ src, width, height }: { src: string; width: number; height: number }) {
  return (
    <img
      src={src}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      className="absolute inset-0 -z-10 h-full w-full object-cover"
    />
  );
}
