import { describe, expect, it } from 'vitest';
import { searchEntryShown } from '@blitz/contract';
import { searchLengthHint } from './search-entry-hint';

describe('the length hint of a search entry', () => {
  it('tells an empty title from a short, a good and a long one, at the shown lengths', () => {
    const { from, upTo } = searchEntryShown.title;
    expect(searchLengthHint('title', '')).toEqual({ level: 'empty', count: 0, upTo });
    expect(searchLengthHint('title', '   ')).toMatchObject({ level: 'empty' });
    expect(searchLengthHint('title', 'x'.repeat(from - 1))).toMatchObject({ level: 'short', count: from - 1 });
    expect(searchLengthHint('title', 'x'.repeat(from))).toMatchObject({ level: 'good' });
    expect(searchLengthHint('title', 'x'.repeat(upTo))).toMatchObject({ level: 'good', count: upTo });
    expect(searchLengthHint('title', 'x'.repeat(upTo + 1))).toMatchObject({ level: 'long', count: upTo + 1 });
  });

  it('measures a description against its own lengths, as the server keeps it: trimmed, breaks as spaces', () => {
    const { from, upTo } = searchEntryShown.description;
    expect(from).toBeGreaterThan(searchEntryShown.title.upTo);
    expect(searchLengthHint('description', 'x'.repeat(searchEntryShown.title.upTo + 1)).level).toBe('short');
    expect(searchLengthHint('description', 'x'.repeat(upTo))).toMatchObject({ level: 'good', upTo });
    expect(searchLengthHint('description', 'x'.repeat(upTo + 1)).level).toBe('long');
    expect(searchLengthHint('description', `  ${'x'.repeat(60)}\n\n${'y'.repeat(59)}  `)).toMatchObject({
      count: 120,
      level: 'good',
    });
  });
});
