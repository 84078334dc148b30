import { LinkifiedText } from './linkified-text';

/**
 * Paragraphs of a text: blank lines separate them, single line breaks stay breaks. E-mail and
 * web addresses staff write into it (a job's "how to apply") are links.
 */
export function Paragraphs({ text, className = '' }: { text: string; className?: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((paragraph, i) => (
          <p key={i} className={`whitespace-pre-line ${className}`}>
            <LinkifiedText text={paragraph} />
          </p>
        ))}
    </>
  );
}

/** A list written one item per line (a leading dash or bullet is dropped); a single line stays a paragraph. */
export function LineList({ text, className = '' }: { text: string; className?: string }) {
  const items = text
    .split('\n')
    .map((line) => line.replace(/^\s*[-–•*]\s*/, '').trim())
    .filter(Boolean);
  if (items.length <= 1) return <Paragraphs text={text} className={className} />;
  return (
    <ul className={`list-none space-y-2 p-0 ${className}`}>
      {items.map((item, i) => (
        <li key={i} className="flex gap-3">
          <span className="mt-2 h-2 w-2 shrink-0 rounded-full bg-accent-500" aria-hidden="true" />
          <span>
            <LinkifiedText text={item} />
          </span>
        </li>
      ))}
    </ul>
  );
}
