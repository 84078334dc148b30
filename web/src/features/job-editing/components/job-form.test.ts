import { describe, expect, it } from 'vitest';
import { ContentLanguage, type Job, jobCreateSchema, jobUpdateSchema } from '@blitz/contract';
import {
  isShownToVisitors,
  jobCreatePayload,
  jobFormSchema,
  jobFormValues,
  jobPreview,
  jobUpdatePayload,
  moveJobUpdates,
} from './job-form';

const job = (id: number, position: number, overrides: Partial<Job> = {}): Job => ({
  id,
  title: [
    { content: `Job ${id}`, language: 1 },
    { content: `Stelle ${id}`, language: 2 },
  ],
  tasks: [{ content: 'Montage', language: 2 }],
  profile: [],
  offer: [],
  howToApply: [],
  location: 'Hanau',
  employmentType: 'FULL_TIME',
  startDate: null,
  validThrough: '2027-01-31',
  searchTitle: [],
  searchDescription: [],
  contact: 'Erika Musterfrau',
  published: true,
  position,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  ...overrides,
});

describe('the job form', () => {
  it('starts a new job as a draft, full-time, from now on', () => {
    const values = jobFormValues();
    expect(values).toMatchObject({ published: false, employmentType: 'FULL_TIME', startDate: '', validThrough: '' });
    expect(jobFormSchema.safeParse(values).success).toBe(false);
  });

  it('sends what the API takes: empty dates as null, empty texts left out, the same job back unchanged', () => {
    const values = jobFormSchema.parse({
      ...jobFormValues(),
      titleDe: 'Monteur',
      titleEn: 'Installer',
      location: ' Hanau ',
      tasksDe: 'Montage',
    });
    const payload = jobCreatePayload(values);
    expect(jobCreateSchema.parse(payload)).toMatchObject({
      location: 'Hanau',
      startDate: null,
      validThrough: null,
      tasks: [{ content: 'Montage', language: 2 }],
      offer: [],
    });
    const existing = job(4, 2);
    const update = jobUpdatePayload(existing, jobFormSchema.parse(jobFormValues(existing)));
    const { createdAt: _c, position: _p, ...same } = existing;
    expect(jobUpdateSchema.parse(update)).toEqual({ ...same });
  });

  it('refuses a missing title, location or date of the calendar, and an end before the start', () => {
    const issues = (patch: Record<string, unknown>) => {
      const result = jobFormSchema.safeParse({ ...jobFormValues(job(1, 0)), ...patch });
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(issues({})).toEqual([]);
    expect(issues({ titleEn: ' ' })[0]).toMatch(/^titleEn/);
    expect(issues({ location: '' })[0]).toMatch(/^location/);
    expect(issues({ startDate: '2027-02-30' })[0]).toMatch(/^startDate/);
    expect(issues({ startDate: '2027-03-01', validThrough: '2027-02-01' })).toEqual([
      'validThrough: jobEditing:validation.endBeforeStart',
    ]);
  });

  it('moves a job by swapping its position with its neighbour; not past either end', () => {
    const list = [job(1, 0), job(2, 1), job(3, 5)];
    const down = moveJobUpdates(list, 2, 1);
    expect(down.map((u) => [u.id, u.position])).toEqual([
      [2, 5],
      [3, 1],
    ]);
    expect(moveJobUpdates(list, 1, -1)).toEqual([]);
    expect(moveJobUpdates(list, 3, 1)).toEqual([]);
    // Equal positions (never moved) get distinct ones from the list order.
    const tied = moveJobUpdates([job(1, 0), job(2, 0)], 1, 1);
    expect(tied.map((u) => [u.id, u.position])).toEqual([
      [1, 1],
      [2, 0],
    ]);
  });

  it('previews a language with that language’s texts alone, as the job’s page is given them', () => {
    const values = {
      ...jobFormValues(job(1, 0)),
      tasksEn: '',
      searchTitleDe: 'Monteur gesucht',
      searchDescriptionEn: 'Apply now',
    };
    expect(jobPreview(values, ContentLanguage.English)).toEqual({
      title: [{ content: 'Job 1', language: 1 }],
      location: 'Hanau',
      tasks: [],
      searchTitle: [],
      searchDescription: [{ content: 'Apply now', language: 1 }],
    });
    expect(jobPreview(values, ContentLanguage.German)).toMatchObject({
      tasks: [{ content: 'Montage', language: 2 }],
      searchTitle: [{ content: 'Monteur gesucht', language: 2 }],
      searchDescription: [],
    });
  });

  it('tells whether visitors see a job today', () => {
    expect(isShownToVisitors(job(1, 0), '2027-01-31')).toBe(true);
    expect(isShownToVisitors(job(1, 0), '2027-02-01')).toBe(false);
    expect(isShownToVisitors(job(1, 0, { published: false, validThrough: null }), '2027-01-01')).toBe(false);
  });
});
