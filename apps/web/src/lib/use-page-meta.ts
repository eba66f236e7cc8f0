import { useEffect } from 'react';

/** Gives each page its own document title and meta description (DESIGN.md section 7). */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = title;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
