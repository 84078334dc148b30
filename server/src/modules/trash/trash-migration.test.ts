import { describe, expect, it } from 'vitest';
import { databaseKinds, freshDatabase } from '../../test/helper';
import type { Kysely } from 'kysely';
import { migrateToLatest } from '../../db/migrate';
import { down, up } from '../../db/migrations/2026-12-08_trash';
import { insertCategory, trashCategory } from '../categories/categories.repository';
import { insertJob, trashJob } from '../jobs/jobs.repository';
import { insertProject } from '../projects/projects.repository';
import { trashProject } from '../projects/project-trash.repository';

const texts = (title: string) => ({ title: [{ content: title, language: 2 as const }], content: [], scope: [] });

describe.each(databaseKinds)('migration 2026-12-08_trash on %s', (kind) => {
  it('goes down by deleting what is in the trash for good, keeping the rest and the links to live categories', async () => {
    const { db } = await freshDatabase(kind);
    await migrateToLatest(db);
    const kept = await insertCategory(db, { name: 'Bleibt', translation: [] });
    const trashed = await insertCategory(db, { name: 'Weg', translation: [{ content: 'Gone', language: 1 }] });
    const base = { location: 'Hanau', workDuration: '', client: '', pictures: [] };
    const live = await insertProject(db, { ...base, categoryId: kept, texts: texts('Lebt') });
    const inTrashedCategory = await insertProject(db, { ...base, categoryId: trashed, texts: texts('Ohne') });
    const gone = await insertProject(db, { ...base, categoryId: kept, texts: texts('Weg') });
    const job = {
      location: 'Hanau',
      employmentType: 'FULL_TIME',
      startDate: null,
      validThrough: null,
      contact: '',
      published: true,
    } as const;
    const liveJob = await insertJob(db, { ...job, texts: { title: [], tasks: [], profile: [], offer: [], howToApply: [] } });
    const goneJob = await insertJob(db, {
      ...job,
      texts: { title: [{ content: 'Weg', language: 2 }], tasks: [], profile: [], offer: [], howToApply: [] },
    });
    await trashCategory(db, trashed, 'admin');
    await trashProject(db, gone, 'admin');
    await trashJob(db, goneJob, 'admin');

    // Its own down, whatever later migrations there are.
    await down(db as unknown as Kysely<any>);
    const projects = await db.selectFrom('projects').select(['id', 'category_id']).orderBy('id').execute();
    expect(projects).toEqual([
      { id: live, category_id: kept },
      { id: inTrashedCategory, category_id: null },
    ]);
    expect(
      (await db.selectFrom('project_texts').select('project_id').distinct().execute()).map((r) => r.project_id).sort(),
    ).toEqual([live, inTrashedCategory].sort());
    expect((await db.selectFrom('categories').select('id').execute()).map((r) => r.id)).toEqual([kept]);
    expect(await db.selectFrom('category_translations').select('category_id').execute()).toEqual([]);
    expect((await db.selectFrom('jobs').select('id').execute()).map((r) => r.id)).toEqual([liveJob]);
    expect(await db.selectFrom('job_texts').select('job_id').execute()).toEqual([]);
    for (const table of ['projects', 'categories', 'jobs']) {
      const columns = (await db.introspection.getTables()).find((t) => t.name === table)!.columns.map((c) => c.name);
      expect(columns).not.toContain('deleted_at');
      expect(columns).not.toContain('deleted_by');
    }
    await up(db as unknown as Kysely<any>);
  });
});
