import { useEffect } from 'react';
import { useAppText } from '../i18n/app.ts';

/** Gives each page its own document title and meta description (DESIGN.md section 7). */
export function usePageMeta(english: string, englishDescription: string): void {
  const t = useAppText();
  const title = t(english);
  const description = t(englishDescription);
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
