import { describe, expect, it } from 'vitest';
import { type Project, projectCreateSchema, projectUpdateSchema, searchEntryLimits } from '@blitz/contract';
import { projectCreatePayload, projectFormSchema, projectFormValues, projectUpdatePayload } from './project-form';

const project: Project = {
  id: 9,
  title: [
    { content: 'Substation Hanau', language: 1 },
    { content: 'Umspannwerk Hanau', language: 2 },
  ],
  content: [{ content: 'Nur Deutsch', language: 2 }],
  scopeOfWorks: [
    { content: 'Earthing', language: 1 },
    { content: 'Erdung', language: 2 },
  ],
  location: 'Hanau',
  workDuration: '3 Monate',
  locationTranslations: [
    { content: 'Hanau', language: 1 },
    { content: 'Hanau', language: 2 },
  ],
  workDurationTranslations: [
    { content: '3 months', language: 1 },
    { content: '3 Monate', language: 2 },
  ],
  client: 'Stadtwerke',
  categoryID: 3,
  category: { id: 3, name: 'substations', translation: [] },
  picture: '/media/projects/9/800.webp',
  pictureSources: [],
  searchTitle: [],
  searchDescription: [],
  published: true,
  draft: null,
  pictures: [],
  featured: true,
  position: 4,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

const pictures = [
  { url: '/media/projects/0123456789abcdef0123-960.webp', alt: [], focus: { x: 0.5, y: 0.5 }, decorative: true },
  {
    file: 'file-new-1',
    alt: [
      { content: 'Dach', language: 2 as const },
      { content: 'Roof', language: 1 as const },
    ],
    focus: { x: 0.2, y: 0.7 },
    decorative: false,
  },
];
const filled = {
  titleEn: 'Data centre',
  titleDe: 'Rechenzentrum',
  locationDe: ' Frankfurt ',
  locationEn: '',
  client: '',
  workDurationDe: 'März – Juni 2025',
  workDurationEn: 'March – June 2025',
  categoryID: '0',
  scopeEn: 'Lightning protection',
  scopeDe: 'Blitzschutz',
  contentEn: '',
  contentDe: '',
  featured: false,
  searchTitleDe: 'Blitzschutz für ein Rechenzentrum in Frankfurt',
  searchTitleEn: '',
  searchDescriptionDe: 'Fangeinrichtung und Erdung\nfür den laufenden Betrieb.',
  searchDescriptionEn: '',
};

describe('the project form', () => {
  it('opens empty for Add, with no category chosen', () => {
    expect(projectFormValues()).toMatchObject({ titleEn: '', categoryID: '0' });
  });

  it('opens filled for Edit, each language in its own field', () => {
    expect(projectFormValues(project)).toEqual({
      titleEn: 'Substation Hanau',
      titleDe: 'Umspannwerk Hanau',
      locationDe: 'Hanau',
      locationEn: 'Hanau',
      client: 'Stadtwerke',
      workDurationDe: '3 Monate',
      workDurationEn: '3 months',
      categoryID: '3',
      scopeEn: 'Earthing',
      scopeDe: 'Erdung',
      contentEn: '',
      contentDe: 'Nur Deutsch',
      featured: true,
      searchTitleDe: '',
      searchTitleEn: '',
      searchDescriptionDe: '',
      searchDescriptionEn: '',
    });
  });

  it('requires both titles and both scopes', () => {
    const create = projectFormSchema().safeParse(projectFormValues());
    expect(create.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['scopeDe', 'scopeEn', 'titleDe', 'titleEn'].sort());
  });

  it('refuses titles longer than the contract allows', () => {
    const result = projectFormSchema().safeParse({ ...filled, titleEn: 'x'.repeat(301) });
    expect(result.error!.issues[0]).toMatchObject({ path: ['titleEn'], code: 'too_big' });
  });

  it('refuses a search entry longer than the contract allows', () => {
    const issues = (patch: Record<string, string>) =>
      projectFormSchema()
        .safeParse({ ...filled, ...patch })
        .error?.issues.map((i) => [i.path.join('.'), i.code]);
    expect(issues({ searchTitleEn: 'x'.repeat(searchEntryLimits.titleMaxLength) })).toBeUndefined();
    expect(issues({ searchTitleEn: 'x'.repeat(searchEntryLimits.titleMaxLength + 1) })).toEqual([['searchTitleEn', 'too_big']]);
    expect(issues({ searchDescriptionDe: 'x'.repeat(searchEntryLimits.descriptionMaxLength + 1) })).toEqual([
      ['searchDescriptionDe', 'too_big'],
    ]);
  });

  it('creates with both texts per language, empty ones left out, and the pictures', () => {
    const payload = projectCreatePayload(projectFormSchema().parse(filled), pictures);
    expect(payload).toEqual({
      title: [
        { content: 'Data centre', language: 1 },
        { content: 'Rechenzentrum', language: 2 },
      ],
      scopeOfWorks: [
        { content: 'Lightning protection', language: 1 },
        { content: 'Blitzschutz', language: 2 },
      ],
      content: [],
      // One language given: a string, which the server keeps as both languages' value.
      location: 'Frankfurt',
      client: '',
      workDuration: [
        { content: 'March – June 2025', language: 1 },
        { content: 'März – Juni 2025', language: 2 },
      ],
      categoryID: '0',
      featured: false,
      // The description typed over two lines is one line; an empty language is left out.
      searchTitle: [{ content: 'Blitzschutz für ein Rechenzentrum in Frankfurt', language: 2 }],
      searchDescription: [{ content: 'Fangeinrichtung und Erdung für den laufenden Betrieb.', language: 2 }],
      pictures,
      published: true,
    });
    expect(projectCreateSchema.safeParse(payload).success).toBe(true);
  });

  it('states the whole list of pictures on Edit', () => {
    const update = projectUpdatePayload(9, projectFormSchema().parse(projectFormValues(project)), pictures);
    expect(update).toMatchObject({
      id: 9,
      categoryID: '3',
      featured: true,
      content: [{ content: 'Nur Deutsch', language: 2 }],
      pictures,
    });
    expect(update).not.toHaveProperty('picture');
    expect(projectUpdateSchema.safeParse(update).success).toBe(true);
  });

  it('edits the draft of changes when there is one, and saves as a draft or publishes', () => {
    const drafted: Project = {
      ...project,
      draft: {
        ...project,
        title: [{ content: 'Entwurf', language: 2 }],
        locationTranslations: [],
        location: '',
        searchTitle: [{ content: 'Suchtitel im Entwurf', language: 2 }],
        updatedAt: '',
      },
    };
    expect(projectFormValues(drafted)).toMatchObject({
      titleDe: 'Entwurf',
      titleEn: '',
      locationDe: '',
      locationEn: '',
      searchTitleDe: 'Suchtitel im Entwurf',
    });
    const values = projectFormSchema().parse(projectFormValues(project));
    expect(projectUpdatePayload(9, values, pictures, false).published).toBe(false);
    expect(projectUpdatePayload(9, values, pictures).published).toBe(true);
    expect(projectCreatePayload(projectFormSchema().parse(filled), pictures, false).published).toBe(false);
  });
});
