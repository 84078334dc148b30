import { searchEntryShown } from '@blitz/contract';

export type SearchEntryPart = keyof typeof searchEntryShown;

/**
 * How a title or description of a search entry fares in a result list (decision 059): empty (the
 * page's own applies), short (room left), good, or long (a search engine cuts it).
 */
export type SearchLengthHint = {
  level: 'empty' | 'short' | 'good' | 'long';
  count: number;
  upTo: number;
};

/** The hint for a text as typed (its spaces at either end and its line breaks count as the server keeps them). */
export function searchLengthHint(part: SearchEntryPart, text: string): SearchLengthHint {
  const { from, upTo } = searchEntryShown[part];
  const count = text.replace(/\s+/g, ' ').trim().length;
  const level = count === 0 ? 'empty' : count < from ? 'short' : count <= upTo ? 'good' : 'long';
  return { level, count, upTo };
}
