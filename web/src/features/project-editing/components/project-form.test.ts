import { describe, expect, it } from 'vitest';
import { type Project, projectCreateSchema, projectUpdateSchema } from '@blitz/contract';
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
  workDuration: '3 months',
  client: 'Stadtwerke',
  categoryID: 3,
  category: { id: 3, name: 'substations', translation: [] },
  picture: '/media/projects/9/800.webp',
  pictureSources: [],
  pictures: [],
  featured: true,
  position: 4,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

const picture = 'data:image/png;base64,iVBORw0KGgo=';
const filled = {
  titleEn: 'Data centre',
  titleDe: 'Rechenzentrum',
  location: ' Frankfurt ',
  client: '',
  workDuration: '',
  categoryID: '0',
  scopeEn: 'Lightning protection',
  scopeDe: 'Blitzschutz',
  contentEn: '',
  contentDe: '',
  featured: false,
  picture,
};

describe('the project form', () => {
  it('opens empty for Add, with no category chosen', () => {
    expect(projectFormValues()).toMatchObject({ titleEn: '', categoryID: '0', picture: '' });
  });

  it('opens filled for Edit, each language in its own field, and no new picture', () => {
    expect(projectFormValues(project)).toEqual({
      titleEn: 'Substation Hanau',
      titleDe: 'Umspannwerk Hanau',
      location: 'Hanau',
      client: 'Stadtwerke',
      workDuration: '3 months',
      categoryID: '3',
      scopeEn: 'Earthing',
      scopeDe: 'Erdung',
      contentEn: '',
      contentDe: 'Nur Deutsch',
      featured: true,
      picture: '',
    });
  });

  it('requires both titles, both scopes and, for a new project, a picture', () => {
    const empty = projectFormValues();
    const create = projectFormSchema('create').safeParse(empty);
    expect(create.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(
      ['picture', 'scopeDe', 'scopeEn', 'titleDe', 'titleEn'].sort(),
    );
    expect(create.error!.issues.find((i) => i.path[0] === 'picture')!.message).toBe('validation.pictureRequired');
    const edit = projectFormSchema('edit').safeParse({ ...projectFormValues(project), picture: '' });
    expect(edit.success).toBe(true);
  });

  it('refuses titles longer than the contract allows', () => {
    const result = projectFormSchema('create').safeParse({ ...filled, titleEn: 'x'.repeat(301) });
    expect(result.error!.issues[0]).toMatchObject({ path: ['titleEn'], code: 'too_big' });
  });

  it('creates with both texts per language, empty ones left out, and the picture as a data URL', () => {
    const payload = projectCreatePayload(projectFormSchema('create').parse(filled));
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
      location: 'Frankfurt',
      client: '',
      workDuration: '',
      categoryID: '0',
      featured: false,
      picture,
    });
    expect(projectCreateSchema.safeParse(payload).success).toBe(true);
  });

  it('keeps the current picture on Edit by sending none, and sends a new one when chosen', () => {
    const kept = projectUpdatePayload(9, projectFormSchema('edit').parse(projectFormValues(project)));
    expect(kept).not.toHaveProperty('picture');
    expect(kept).toMatchObject({ id: 9, categoryID: '3', featured: true, content: [{ content: 'Nur Deutsch', language: 2 }] });
    expect(projectUpdateSchema.safeParse(kept).success).toBe(true);
    const replaced = projectUpdatePayload(9, projectFormSchema('edit').parse({ ...projectFormValues(project), picture }));
    expect(replaced.picture).toBe(picture);
  });
});
