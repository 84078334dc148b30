import { describe, expect, it } from 'vitest';
import { jobUpdateSchema } from './job';
import { projectUpdateSchema } from './project';
import { searchEntryLimits, searchTextsSchema } from './search-entry';

describe('a search entry’s field', () => {
  const title = searchTextsSchema(searchEntryLimits.titleMaxLength);

  it('is trimmed, and an empty language is none', () => {
    expect(
      title.parse([
        { content: '  Blitzschutz Hanau ', language: 2 },
        { content: '   ', language: 1 },
      ]),
    ).toEqual([{ content: 'Blitzschutz Hanau', language: 2 }]);
  });

  it('refuses a line break, a language twice, an unknown language and a text over the limit', () => {
    for (const texts of [
      [{ content: 'eins\nzwei', language: 2 }],
      [
        { content: 'a', language: 2 },
        { content: 'b', language: 2 },
      ],
      [{ content: 'a', language: 3 }],
      [{ content: 'x'.repeat(searchEntryLimits.titleMaxLength + 1), language: 1 }],
    ]) {
      expect(title.safeParse(texts).success, JSON.stringify(texts).slice(0, 60)).toBe(false);
    }
    expect(title.safeParse([{ content: 'x'.repeat(searchEntryLimits.titleMaxLength), language: 1 }]).success).toBe(true);
  });

  it('may be left out of an update (kept) or sent empty (cleared), for projects and jobs alike', () => {
    for (const schema of [projectUpdateSchema, jobUpdateSchema]) {
      expect(schema.shape.searchTitle.parse(undefined)).toBeUndefined();
      expect(schema.shape.searchDescription.parse([])).toEqual([]);
    }
  });
});
