/**
 * A text the clinic wrote (about, privacy policy, terms) as paragraphs: split on blank lines,
 * single line breaks kept. Plain text only: React escapes it, no markup of the clinic's is run.
 */
export function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

export function ClinicText({ text }: { text: string }) {
  return (
    <div className="flex flex-col gap-4 leading-relaxed">
      {paragraphsOf(text).map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line break-words">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
