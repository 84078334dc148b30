import type { FastifyBaseLogger } from 'fastify';
import { ContentLanguage, company } from '@blitz/contract';
import type { StoredPicture } from '../media/image-pipeline';
import type { ObjectStorage } from '../storage/object-storage';
import { insertCategory, markSampleCategories } from '../modules/categories/categories.repository';
import { insertProject } from '../modules/projects/projects.repository';
import { isContentEmpty, markSampleProjects } from '../modules/projects/project-samples.repository';
import type { Db } from '../db/database';
import { claimSiteValue, readSiteValue } from '../db/site-values.repository';
import { inTransaction } from '../db/transaction';
import { type SampleProject, sampleCategories, sampleProjects } from './sample-content';
import { hasJobs, insertJob, markSampleJobs } from '../modules/jobs/jobs.repository';
import { sampleJobs } from './sample-jobs';
import type { Scene } from './sample-pictures';

export type PictureSource = (scene: Scene, media: ObjectStorage) => Promise<StoredPicture>;

/** Set once the sample content was written (or found not wanted): it is never written twice. */
const doneKey = 'sample_content';

/** Set once the sample rows of a site are marked (`sample = 1`, decision 029): at the seed, or by the one pass below. */
const contentMarkedKey = 'sample_content_marked';
const jobsMarkedKey = 'sample_jobs_marked';

const both = (texts: { de: string; en: string }) => [
  { content: texts.en, language: ContentLanguage.English },
  { content: texts.de, language: ContentLanguage.German },
];

/**
 * Writes the sample categories and projects into an empty database, once. Pictures are made
 * (or copied) first, then everything goes in one transaction that also records that it was
 * done, so a second instance starting at the same moment, or a crash halfway, never leaves
 * duplicates or half a gallery. Answers whether it wrote anything.
 */
export async function seedSampleContent(
  deps: { db: Db; media: ObjectStorage; log: FastifyBaseLogger },
  pictureOf: PictureSource,
  projects: readonly SampleProject[] = sampleProjects,
): Promise<boolean> {
  const { db, media, log } = deps;
  const done = (await readSiteValue(db, doneKey)) !== undefined;
  if (done || !(await isContentEmpty(db))) return false;

  const started = Date.now();
  const pictures: StoredPicture[] = [];
  for (const project of projects) pictures.push(await pictureOf(project.scene, media));

  const written = await inTransaction(db, async (trx) => {
    const claimed = await claimSiteValue(trx, doneKey, new Date().toISOString());
    if (!claimed || !(await isContentEmpty(trx))) return false;
    // Marked as it is written: the pass for earlier releases' samples has nothing to do here.
    await claimSiteValue(trx, contentMarkedKey, new Date().toISOString());
    const categoryIds = new Map<string, number>();
    for (const category of sampleCategories) {
      categoryIds.set(
        category.key,
        await insertCategory(trx, { name: category.name, translation: both(category.title), sample: true }),
      );
    }
    for (const [i, project] of projects.entries()) {
      await insertProject(trx, {
        location: project.location,
        workDuration: project.workDuration,
        client: '',
        categoryId: categoryIds.get(project.scene.kind) ?? null,
        // The title describes the sample's drawing well enough to stand as its alternative text.
        pictures: [{ ...pictures[i]!, alt: both(project.title), focus: { x: 0.5, y: 0.5 }, decorative: false }],
        texts: { title: both(project.title), content: both(project.content), scope: both(project.scope) },
        createdAt: sampleCreatedAt(project),
        sample: true,
        // Listed newest first: each after the one before.
        placement: 'end',
      });
    }
    return true;
  });
  if (written) log.info({ projects: projects.length, ms: Date.now() - started }, 'sample categories and projects added');
  return written;
}

/** Set once the sample jobs were written: jobs staff deleted never come back. */
const jobsDoneKey = 'sample_jobs';

/**
 * Writes the sample job openings into an empty jobs table, once, published, in one transaction
 * with the record that it was done. A site that had only the fixed jobs before jobs were data
 * gets them too: its jobs page goes on showing what it showed. Answers whether it wrote them.
 */
export async function seedSampleJobs(deps: { db: Db; log: FastifyBaseLogger }): Promise<boolean> {
  const { db, log } = deps;
  if ((await readSiteValue(db, jobsDoneKey)) !== undefined) return false;
  const written = await inTransaction(db, async (trx) => {
    if (!(await claimSiteValue(trx, jobsDoneKey, new Date().toISOString())) || (await hasJobs(trx))) return false;
    await claimSiteValue(trx, jobsMarkedKey, new Date().toISOString());
    for (const [position, job] of sampleJobs.entries()) {
      await insertJob(trx, {
        location: job.location,
        employmentType: job.employmentType,
        startDate: null,
        validThrough: null,
        contact: company.jobsContact,
        published: true,
        position,
        sample: true,
        texts: {
          title: both(job.title),
          tasks: both(job.tasks),
          profile: both(job.profile),
          offer: both(job.offer),
          howToApply: both(job.howToApply),
        },
      });
    }
    return true;
  });
  if (written) log.info({ jobs: sampleJobs.length }, 'sample job openings added');
  return written;
}

const sampleCreatedAt = (project: SampleProject) => new Date(`${project.completed}T09:00:00Z`).toISOString();

/**
 * Once per site, on a site seeded by a release before sample rows were marked (decision 029): marks
 * the sample categories, projects and jobs nobody has changed since, recognised by exactly what
 * the seed wrote (names and translations; creation time and title of a never-updated project; title
 * and contact of a never-updated job), so that the go-live checklist can remove them. A row that
 * differs in anything stays unmarked: a wrong guess would delete staff's content. Claimed before
 * it runs, so an interruption leaves rows unmarked, never marks twice.
 */
export async function markEarlierSampleContent(deps: { db: Db; log: FastifyBaseLogger }): Promise<SampleCounts> {
  const { db, log } = deps;
  const marked = { projects: 0, categories: 0, jobs: 0 };
  const now = new Date().toISOString();
  if ((await readSiteValue(db, doneKey)) !== undefined && (await claimSiteValue(db, contentMarkedKey, now))) {
    marked.categories = await markSampleCategories(
      db,
      sampleCategories.map((category) => ({ name: category.name, translation: both(category.title) })),
    );
    marked.projects = await markSampleProjects(
      db,
      sampleProjects.map((project) => ({ createdAt: sampleCreatedAt(project), germanTitle: project.title.de })),
    );
  }
  if ((await readSiteValue(db, jobsDoneKey)) !== undefined && (await claimSiteValue(db, jobsMarkedKey, now))) {
    marked.jobs = await markSampleJobs(
      db,
      sampleJobs.map((job) => ({ germanTitle: job.title.de, contact: company.jobsContact })),
    );
  }
  if (marked.projects + marked.categories + marked.jobs > 0) log.info(marked, 'sample content of an earlier release marked');
  return marked;
}

export type SampleCounts = { projects: number; categories: number; jobs: number };
