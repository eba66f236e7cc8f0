/**
 * A review's words as plain text: a React text node (never HTML), its line breaks kept, and a
 * long word or link broken rather than widening the page.
 */
export function ReviewText({ text, className = '' }: { text: string; className?: string }) {
  return <p className={`whitespace-pre-line break-words ${className}`}>{text}</p>;
}
