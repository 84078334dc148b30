import { describe, expect, it } from 'vitest';
import {
  categoryListSchema,
  categorySchema,
  companyDetailsReadSchema,
  defaultCompanyDetails,
  projectListSchema,
  projectSchema,
} from '@blitz/contract';
import type { AnswerReader } from './answer-reader';
import {
  categoryAnswer,
  categoryListAnswer,
  companyDetailsReadAnswer,
  projectAnswer,
  projectListAnswer,
} from './content-answers';

// The categories', projects' and company details' readers (decision 072) against the contract's schemas: each example
// is read as the schema reads it; and every field of it, given a value of another type or left out,
// is refused by the reader wherever the schema refuses it, and read as the schema reads it elsewhere.

type Schema = { safeParse: (data: unknown) => { success: boolean; data?: unknown } };

const texts = (de: string, en: string) => [
  { content: en, language: 1 },
  { content: de, language: 2 },
];

const sources = (name: string) => [
  { url: `/uploads/${name}-800.avif`, width: 800, type: 'image/avif' },
  { url: `/uploads/${name}-800.webp`, width: 800, type: 'image/webp' },
];

const category = { id: 3, name: 'Industrie', translation: texts('Industrie', 'Industry'), updatedAt: '2026-11-20T08:00:00.000Z' };

const values = {
  title: texts('Blitzschutz Lagerhalle', 'Lightning protection of a warehouse'),
  content: texts('Äußerer Blitzschutz', 'External lightning protection'),
  scopeOfWorks: texts('Fangeinrichtung', 'Air termination'),
  location: 'Hanau',
  workDuration: '3 Wochen',
  locationTranslations: texts('Hanau', 'Hanau'),
  workDurationTranslations: texts('3 Wochen', '3 weeks'),
  client: 'Beispiel GmbH',
  picture: '/uploads/halle-1600.webp',
  pictureWidth: 1600,
  pictureHeight: 1000,
  pictureSources: sources('halle'),
  pictures: [
    {
      url: '/uploads/halle-1600.webp',
      width: 1600,
      height: 1000,
      sources: sources('halle'),
      frame: { width: 1500, height: 1000, sources: sources('halle-frame') },
      shareImage: { url: '/uploads/halle-share.jpg', width: 1200, height: 630, type: 'image/jpeg' },
      alt: texts('Halle mit Fangstangen', 'Hall with air-termination rods'),
      focus: { x: 0.4, y: 0.6 },
      decorative: false,
      libraryFileId: 12,
    },
    {
      url: '/uploads/dach-1200.webp',
      width: 1200,
      height: 800,
      sources: sources('dach'),
      frame: null,
      shareImage: null,
      alt: [],
      focus: { x: 0.5, y: 0.5 },
      decorative: true,
    },
  ],
  searchTitle: [],
  searchDescription: texts('Referenz in Hanau', 'Reference in Hanau'),
};

const published = {
  id: 7,
  ...values,
  categoryID: 3,
  category: { id: 3, name: 'Industrie', translation: texts('Industrie', 'Industry') },
  published: true,
  draft: {
    ...values,
    title: texts('Blitzschutz Lagerhalle Süd', 'Warehouse south'),
    categoryID: null,
    updatedAt: '2026-11-21T09:00:00.000Z',
  },
  featured: true,
  position: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const draft = {
  ...published,
  id: 8,
  pictures: [],
  picture: '',
  pictureWidth: undefined,
  pictureHeight: undefined,
  pictureSources: [],
  categoryID: null,
  category: null,
  published: false,
  draft: null,
  featured: false,
  position: 2,
};

/** Every field of the example (its path), each array item and object too. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => [[...at, index], ...paths(item, [...at, index])]);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => [[...at, key], ...paths(item, [...at, key])]);
  return [];
}

/** A copy with the value at `path` replaced (`undefined`: left out). */
function changed(example: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(example) as Record<string | number, unknown>;
  let parent = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined && !Array.isArray(parent)) delete parent[last];
  else parent[last] = value;
  return copy;
}

/** A value of another JSON type than this one. */
// (A null becomes a number: a string there may be one the schema's pattern refuses, not its type.)
const otherType = (value: unknown) => (typeof value === 'string' || value === null ? 7 : 'x');

function holdsToSchema<T>(reader: AnswerReader<T>, schema: Schema, example: unknown) {
  const read = (answer: unknown) => reader.safeParse(answer);
  const agree = (answer: unknown, what: string) => {
    const parsed = schema.safeParse(answer);
    const result = read(answer);
    expect(result.success, what).toBe(parsed.success);
    if (parsed.success && result.success) expect(result.data, what).toEqual(parsed.data);
  };
  expect(schema.safeParse(example).success).toBe(true);
  agree(example, 'the example');
  for (const path of paths(example)) {
    const at = path.join('.');
    const original = path.reduce<unknown>((value, step) => (value as Record<string | number, unknown>)[step], example);
    agree(changed(example, path, otherType(original)), `${at} of another type`);
    if (typeof path[path.length - 1] === 'string') agree(changed(example, path, undefined), `${at} left out`);
  }
}

describe("the categories' and projects' answers, read without zod", () => {
  it('reads a category and the list as the contract does', () => {
    holdsToSchema(categoryAnswer, categorySchema, category);
    holdsToSchema(categoryListAnswer, categoryListSchema, {
      data: [category, { ...category, id: 4, translation: [] }],
      count: 2,
    });
    holdsToSchema(categoryListAnswer, categoryListSchema, { data: [], count: 0 });
  });

  it('leaves out what the contract does not know, as its schema does', () => {
    const read = categoryListAnswer.safeParse({ data: [{ ...category, later: true }], count: 1, later: 1 });
    expect(read).toEqual({ success: true, data: categoryListSchema.parse({ data: [category], count: 1 }) });
  });

  it('reads a project, with pictures, a category and a draft of changes or without, as the contract does', () => {
    holdsToSchema(projectAnswer, projectSchema, published);
    holdsToSchema(projectAnswer, projectSchema, draft);
    const { draft: _, ...withoutDraft } = draft;
    holdsToSchema(projectAnswer, projectSchema, withoutDraft);
  });

  it('reads a page of projects as the contract does', () => {
    holdsToSchema(projectListAnswer, projectListSchema, { data: [published, draft], count: 24 });
    holdsToSchema(projectListAnswer, projectListSchema, { data: [], count: 0 });
  });

  it("reads the company's details as staff get them, as the contract does", () => {
    holdsToSchema(companyDetailsReadAnswer, companyDetailsReadSchema, {
      ...defaultCompanyDetails,
      isSample: true,
      updatedAt: null,
    });
    holdsToSchema(companyDetailsReadAnswer, companyDetailsReadSchema, {
      ...defaultCompanyDetails,
      management: 'several',
      federalState: 'HE',
      logo: '/media/company/0123456789abcdef0123-512.webp',
      partners: [{ name: 'Ferrum', url: 'https://ferrum.example', logo: 'ferrum' }],
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
  });

  it('refuses what is not an answer at all', () => {
    for (const reader of [categoryAnswer, categoryListAnswer, projectAnswer, projectListAnswer, companyDetailsReadAnswer]) {
      for (const answer of [null, 'x', 3, []]) expect(reader.safeParse(answer).success).toBe(false);
    }
  });
});
