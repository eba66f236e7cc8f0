/**
 * A translated sentence with elements in it (a `<time>`, a link, a name in bold): each `{{name}}`
 * the catalog's text keeps is replaced by `parts[name]`, wherever the language puts it.
 */
import { Fragment, type ReactNode } from 'react';
import { useLinkWords } from '../utils/use-link-words.ts';

export function Sentence({
  text,
  parts,
}: {
  text: string;
  parts: Readonly<Record<string, ReactNode>>;
}) {
  // Split on a group: the even pieces are text, the odd ones the names between them.
  const pieces = text.split(/\{\{\s*(\w+)\s*\}\}/);
  return (
    <>
      {pieces.map((piece, index) =>
        index % 2 === 0 ? piece : <Fragment key={index}>{parts[piece] ?? `{{${piece}}}`}</Fragment>,
      )}
    </>
  );
}

/** A sentence with an instant in it (`{{time}}`), as a `<time>` in the clinic's zone and the reader's language. */
export function TimedSentence({ text, iso }: { text: string; iso: string }) {
  const { instant } = useLinkWords();
  return <Sentence text={text} parts={{ time: <time dateTime={iso}>{instant(iso)}</time> }} />;
}
