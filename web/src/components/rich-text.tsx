import type { ReactNode } from 'react';
import { type RichRun, type RichText as RichTextData, isSafeLink } from '@blitz/contract';
import { ExternalLink } from './external-link';

/** A run of text as set: bold, italic, a link (one that is not safe stays text). */
function Run({ run }: { run: RichRun }) {
  let node: ReactNode = run.text;
  if (run.italic) node = <em>{node}</em>;
  if (run.bold) node = <strong>{node}</strong>;
  if (run.href && isSafeLink(run.href)) {
    node = /^https?:/i.test(run.href) ? (
      <ExternalLink href={run.href} className="link">
        {node}
      </ExternalLink>
    ) : (
      <a href={run.href} className="link">
        {node}
      </a>
    );
  }
  return node;
}

const runsOf = (runs: readonly RichRun[]) => runs.map((run, i) => <Run key={i} run={run} />);

/** A page's level-2 heading, a section's own or one in its text: the same size wherever it stands. */
export const sectionHeadingClass = 'text-2xl font-bold tracking-tight text-brand-900 md:text-3xl';

/**
 * Structured text a page staff added holds (decision 061), as React elements: never HTML, so
 * whatever staff typed is text. Headings start at level 2 (the page's title is its h1).
 */
export function RichText({ text, className = '' }: { text: RichTextData; className?: string }) {
  return (
    <div className={`space-y-4 leading-relaxed ${className}`}>
      {text.map((block, i) => {
        switch (block.type) {
          case 'heading':
            return block.level === 2 ? (
              <h2 key={i} className={`pt-2 ${sectionHeadingClass}`}>
                {runsOf(block.content)}
              </h2>
            ) : (
              <h3 key={i} className="pt-1 text-xl font-semibold text-brand-900">
                {runsOf(block.content)}
              </h3>
            );
          case 'list': {
            const List = block.ordered ? 'ol' : 'ul';
            return (
              <List key={i} className={`space-y-1 pl-6 ${block.ordered ? 'list-decimal' : 'list-disc'}`}>
                {block.items.map((item, j) => (
                  <li key={j}>{runsOf(item)}</li>
                ))}
              </List>
            );
          }
          default:
            return <p key={i}>{runsOf(block.content)}</p>;
        }
      })}
    </div>
  );
}
