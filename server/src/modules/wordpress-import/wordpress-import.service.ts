import { type ContentLanguage, type ImportReport, type LocalizedText, projectPath } from '@blitz/contract';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import { HttpError } from '../../lib/http-error';
import { PictureError, decodePicture, pictureJob } from '../../media/image-pipeline';
import { centre } from '../../media/picture-crops';
import { recordChange } from '../audit/audit.recorder';
import { categoryNames } from '../categories/categories.repository';
import { createCategory } from '../categories/categories.service';
import { type PictureDeps, releasePictureKeys, storeUpload } from '../projects/picture-uploads';
import { type ProjectPicture, pictureKeys } from '../projects/project-pictures';
import { insertImportedDraft } from '../projects/projects.service';
import { addMissingRedirects, unredirected } from '../redirects/redirects.service';
import { type ImportPlan, type PlannedPost, planImport } from './import-plan';
import type { PictureSource } from './picture-sources';
import { importedItems, insertImportedItem } from './wordpress-import.repository';
import type { WxrExport } from './wxr';

/**
 * The import itself (issue 43, decision 054): the plan's posts made into draft projects one by one,
 * each in one transaction with the record of its GUID and its redirects, so that a repeat or a
 * resumed import finds it and creates nothing twice. A dry run goes the same way, reading and
 * checking every picture, and writes nothing.
 */

export type ImportDeps = PictureDeps;

export type ImportRun = {
  dryRun: boolean;
  /** The job this run belongs to: a post it imported before a cut counts as created again on resume. */
  jobId: number | null;
  categories: string[];
  postTypes: string[];
  /** Called after each post, with how far the run came and the report so far. */
  onProgress?: (done: number, total: number, report: ImportReport) => Promise<void>;
  /** Aborted: the run stops between two posts (the server is shutting down) with ImportStopped. */
  signal?: AbortSignal;
  /** A run of the same job cut off before: its report, and how many of the plan's posts it had done. */
  resume?: { report: ImportReport; done: number } | undefined;
};

/** A run stopped between two posts; what it did stands, and a resume goes on from there. */
export class ImportStopped extends Error {
  constructor() {
    super('the import was stopped between two posts');
    this.name = 'ImportStopped';
  }
}

export function emptyReport(dryRun: boolean): ImportReport {
  return {
    dryRun,
    created: 0,
    matched: 0,
    skipped: [],
    pictures: { fetched: 0, failed: 0 },
    redirects: 0,
    categoriesCreated: [],
    pages: [],
    missingAlt: [],
    projects: [],
  };
}

const folded = (name: string) => name.toLocaleLowerCase('de');

/** Our category for a WordPress one, by name regardless of case; made when there is none (not in a dry run). */
class CategoryMatcher {
  private names: Map<string, { id: number; inTrash: boolean }> | undefined;
  private readonly planned = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly report: ImportReport,
    private readonly dryRun: boolean,
  ) {}

  async idOf(name: string | null, language: ContentLanguage): Promise<number | null> {
    if (name === null) return null;
    this.names ??= new Map((await categoryNames(this.db)).map((c) => [folded(c.name), c]));
    const existing = this.names.get(folded(name));
    if (existing && !existing.inTrash) return existing.id;
    if (existing) {
      // Its name is taken until the trash lets it go: the projects go without a category.
      if (!this.planned.has(folded(name)))
        this.report.skipped.push({
          item: name,
          reason: 'category not assigned: one of that name is in the trash (restore it)',
          code: 'category_in_trash',
        });
      this.planned.add(folded(name));
      return null;
    }
    if (this.dryRun) {
      if (!this.planned.has(folded(name))) this.report.categoriesCreated.push(name);
      this.planned.add(folded(name));
      return null;
    }
    const translation: LocalizedText[] = [{ content: name, language }];
    try {
      const created = await createCategory(this.db, { name, translation });
      this.names.set(folded(name), { id: created.id, inTrash: false });
      this.report.categoriesCreated.push(name);
      return created.id;
    } catch (error) {
      // Made meanwhile by someone else: take theirs.
      if (!(error instanceof HttpError) || error.status !== 409) throw error;
      this.names = undefined;
      return this.idOf(name, language);
    }
  }
}

/** Reads, checks and (unless a dry run) stores a post's pictures through the upload pipeline; answers those that made it. */
async function takePictures(
  deps: ImportDeps,
  source: PictureSource,
  planned: PlannedPost,
  report: ImportReport,
  dryRun: boolean,
  language: ContentLanguage,
): Promise<{ stored: ProjectPicture[]; withoutAlt: string[] }> {
  const stored: ProjectPicture[] = [];
  const withoutAlt: string[] = [];
  for (const [index, picture] of planned.pictures.entries()) {
    const fail = (reason: string) => {
      report.pictures.failed++;
      report.skipped.push({
        item: `${planned.title}: ${picture.name}`,
        reason: `picture not taken: ${reason}`,
        code: 'picture_failed',
      });
    };
    const read = await source.read(picture);
    if (!read.ok) {
      fail(read.reason);
      continue;
    }
    try {
      let taken: ProjectPicture;
      if (dryRun) {
        // The same checks as an upload (type by content, pixel limit, a whole decodable image), nothing stored.
        const decoded = await pictureJob(() => decodePicture(read.bytes));
        taken = { width: decoded.raw.width, height: decoded.raw.height, variants: [], alt: [], focus: centre, decorative: false };
      } else {
        taken = await storeUpload(deps, read.bytes, centre, `pictures.${index}`);
      }
      const alt = picture.alt?.trim();
      if (alt) taken = { ...taken, alt: [{ content: alt.slice(0, 500), language }] };
      else withoutAlt.push(picture.name);
      stored.push(taken);
      report.pictures.fetched++;
    } catch (error) {
      if (error instanceof PictureError || error instanceof HttpError) fail(error.message);
      else {
        // Storage or the database failed: the post's pictures stored so far would be nobody's.
        if (!dryRun) await releasePictureKeys(deps, stored.flatMap(pictureKeys));
        throw error;
      }
    }
  }
  return { stored, withoutAlt };
}

/**
 * Imports the export (or, in a dry run, reports what an import would do): posts already imported
 * are matched by GUID, the others made into drafts with their pictures, category and redirects.
 */
export async function runImport(
  deps: ImportDeps,
  exported: WxrExport,
  source: PictureSource,
  run: ImportRun,
): Promise<ImportReport> {
  const plan = planImport(exported, run);
  // The plan is the same for the same export and options, so a resume goes on where the cut run's report ends.
  const resumed = run.resume && run.resume.done <= plan.posts.length ? run.resume : undefined;
  const report: ImportReport = resumed ? structuredClone(resumed.report) : emptyReport(run.dryRun);
  if (!resumed) {
    report.skipped.push(...plan.skipped);
    report.pages = plan.pages;
  }
  const categories = new CategoryMatcher(deps.db, report, run.dryRun);
  const known = await importedItems(
    deps.db,
    plan.posts.map((p) => p.post.guid),
  );
  const total = plan.posts.length;
  let done = resumed?.done ?? 0;
  for (const planned of plan.posts.slice(done)) {
    if (run.signal?.aborted) throw new ImportStopped();
    const before = known.get(planned.post.guid);
    if (before) {
      // Imported before. By this job, after its last recorded progress (a cut between the two): it counts as this job's.
      if (run.jobId !== null && before.jobId === run.jobId) {
        report.created++;
        if (before.projectId !== null)
          report.projects.push({ id: before.projectId, title: planned.title, from: planned.post.link });
      } else report.matched++;
    } else {
      await importPost(deps, plan, planned, source, report, categories, run);
    }
    done++;
    await run.onProgress?.(done, total, report);
  }
  return report;
}

async function importPost(
  deps: ImportDeps,
  plan: ImportPlan,
  planned: PlannedPost,
  source: PictureSource,
  report: ImportReport,
  categories: CategoryMatcher,
  run: ImportRun,
): Promise<void> {
  const { stored, withoutAlt } = await takePictures(deps, source, planned, report, run.dryRun, plan.language);
  if (stored.length === 0) {
    report.skipped.push({
      item: planned.title,
      reason: 'none of its pictures could be taken: a reference project needs at least one',
      code: 'no_picture_taken',
    });
    return;
  }
  const keys = stored.flatMap(pictureKeys);
  try {
    const categoryId = await categories.idOf(planned.category, plan.language);
    const text = (content: string): LocalizedText[] => (content ? [{ content, language: plan.language }] : []);
    if (run.dryRun) {
      report.created++;
      report.redirects += (await unredirected(deps.db, planned.oldAddresses)).length;
      report.missingAlt.push(...withoutAlt.map((picture) => ({ item: planned.title, picture, projectId: null })));
      return;
    }
    const { id, redirects } = await inTransaction(deps.db, async (trx) => {
      const projectId = await insertImportedDraft(trx, {
        location: '',
        workDuration: '',
        client: '',
        categoryId,
        pictures: stored,
        texts: { title: text(planned.title), content: text(planned.content), scope: text(planned.scope) },
        ...(planned.date ? { createdAt: planned.date } : {}),
      });
      await insertImportedItem(trx, { guid: planned.post.guid, wordpressId: planned.post.id, projectId, jobId: run.jobId });
      const to = projectPath(projectId);
      const added = await addMissingRedirects(
        trx,
        planned.oldAddresses.map((from) => ({ from, to, keepQuery: false })),
        'WordPress import',
      );
      return { id: projectId, redirects: added.length };
    });
    report.created++;
    report.redirects += redirects;
    report.projects.push({ id, title: planned.title, from: planned.post.link });
    report.missingAlt.push(...withoutAlt.map((picture) => ({ item: planned.title, picture, projectId: id })));
  } catch (error) {
    if (!run.dryRun) await releasePictureKeys(deps, keys);
    // Imported meanwhile by another run (the command line beside a job): its GUID is taken, nothing is made twice.
    if (isUniqueViolation(error) && (await importedItems(deps.db, [planned.post.guid])).has(planned.post.guid)) {
      report.matched++;
      return;
    }
    throw error;
  }
}

/** The import's entry in the audit trail: what it did, in counts. */
export async function recordImport(db: Db, report: ImportReport, site: string, jobId: number | null) {
  await recordChange(db, {
    action: 'import',
    kind: 'wordpressImport',
    id: jobId,
    title: site || 'WordPress',
    note:
      `${report.created} created, ${report.matched} matched, ${report.skipped.length} skipped; ` +
      `pictures ${report.pictures.fetched} taken, ${report.pictures.failed} failed; ${report.redirects} redirects`,
  });
}
