import { describe, expect, it } from 'vitest';
import { galleryListQuery, parseGalleryState, projectListUrl, textExcerpt } from './gallery';
import { categoryIdOf, projectListQuerySchema } from './project';

const state = (query: string) => {
  const params = new URLSearchParams(query);
  return parseGalleryState((name) => params.get(name));
};

describe('the gallery state in the address', () => {
  it('reads category, page and rows, with the defaults for what is missing', () => {
    expect(state('')).toEqual({ category: undefined, page: 1, rows: 10 });
    expect(state('category=3&page=2&rows=20')).toEqual({ category: 3, page: 2, rows: 20 });
    expect(state('rows=30&lang=en')).toEqual({ category: undefined, page: 1, rows: 30 });
  });

  it('falls back to the defaults for values that make no sense', () => {
    for (const query of [
      'page=0',
      'page=-1',
      'page=abc',
      'page=1.5',
      'page=99999999999',
      'rows=15',
      'rows=100',
      'category=0',
      'category=x',
      'category=-2',
    ]) {
      const parsed = state(query);
      expect(parsed.page, query).toBeGreaterThanOrEqual(1);
      expect([10, 20, 30], query).toContain(parsed.rows);
      expect(parsed.category === undefined || parsed.category > 0, query).toBe(true);
    }
    expect(state('rows=15&page=abc&category=0')).toEqual({ category: undefined, page: 1, rows: 10 });
  });

  it('asks the API for the page in the content language', () => {
    expect(galleryListQuery({ category: 4, page: 3, rows: 20 }, 1)).toEqual({
      CategoryID: 4,
      PageLength: 20,
      PageNumber: 3,
      Language: 1,
    });
  });
});

describe('the list URL', () => {
  it('has its parameters in one fixed order, and leaves out what is not given', () => {
    expect(projectListUrl({ PageLength: 10, PageNumber: 1 })).toBe('/api/v1/Project?PageLength=10&PageNumber=1');
    expect(projectListUrl({ Language: 2, PageNumber: 2, PageLength: 20, CategoryID: 5, Title: 'Halle 4' })).toBe(
      '/api/v1/Project?Title=Halle+4&CategoryID=5&PageLength=20&PageNumber=2&Language=2',
    );
  });

  it('is what the API reads back', () => {
    const url = new URL(projectListUrl({ PageLength: 30, PageNumber: 4, CategoryID: 2, Language: 1 }), 'http://x');
    expect(projectListQuerySchema.parse(Object.fromEntries(url.searchParams))).toEqual({
      PageLength: 30,
      PageNumber: 4,
      CategoryID: 2,
      Language: 1,
    });
  });
});

describe('the category id of a payload', () => {
  it("is null for '0', '', 0 and null, the number otherwise", () => {
    expect([categoryIdOf('0'), categoryIdOf(''), categoryIdOf(0), categoryIdOf(null), categoryIdOf(undefined)]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect([categoryIdOf('12'), categoryIdOf(7)]).toEqual([12, 7]);
  });
});

describe('an excerpt', () => {
  it('keeps a short text, and cuts a long one at a word with an ellipsis', () => {
    expect(textExcerpt('  Kurzer\n Text ')).toBe('Kurzer Text');
    const long = 'Blitzschutz '.repeat(30);
    const cut = textExcerpt(long, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut.endsWith('Blitzschutz…')).toBe(true);
  });
});
