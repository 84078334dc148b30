import { unknownTextPlaceholders } from '@blitz/contract';

/** Why a draft cannot be saved, as the admin namespace's message key and its values; undefined: it can. */
export type DraftProblem = { key: 'problems.empty' } | { key: 'problems.placeholder'; values: { names: string } };

/**
 * The server's rules for a draft (decision 022), checked before it is sent, so that the message
 * is in the admin's language and next to the text: not empty, and no `{{placeholder}}` the
 * text cannot fill (it would show as is on the page).
 */
export function draftProblem(content: string, defaultText: string): DraftProblem | undefined {
  if (content.trim() === '') return { key: 'problems.empty' };
  const unknown = unknownTextPlaceholders(content, defaultText);
  if (unknown.length > 0) return { key: 'problems.placeholder', values: { names: unknown.map((n) => `{{${n}}}`).join(', ') } };
  return undefined;
}

/**
 * What a one-line text's field keeps of what was typed or pasted: line breaks become spaces (the
 * server refuses them: the text may reach a page's head or JSON-LD), so Enter and a pasted
 * paragraph cannot lead to a refusal at saving.
 */
export const asOneLine = (typed: string) => typed.replace(/\r\n?|\n/g, ' ');
