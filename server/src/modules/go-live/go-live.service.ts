import type { FastifyBaseLogger } from 'fastify';
import {
  type Checklist,
  type ChecklistDetail,
  type ChecklistItem,
  type ChecklistKey,
  type ChecklistUpdate,
  type SampleContentRemoval,
  type SiteAddress,
  checklistKeys,
  isSampleCompany,
} from '@blitz/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { readLastBackup } from '../../db/backup-record.repository';
import { HttpError, badRequest } from '../../lib/http-error';
import type { ObjectStorage } from '../../storage/object-storage';
import { listUsers } from '../auth/users.repository';
import { deleteCategory, sampleCategoryIds } from '../categories/categories.repository';
import { getCompanyDetails } from '../company/company-details.service';
import { deleteJob, sampleJobIds } from '../jobs/jobs.repository';
import { recipientsConfirmedAt } from '../mail-settings/mail-settings.service';
import { categoriesOfStaffProjects, sampleProjectIds } from '../projects/project-samples.repository';
import { visibleProjectIds } from '../projects/projects.repository';
import { removeProject } from '../projects/projects.service';
import { mediaAddress } from '../../media/media-address';
import { allRedirects } from '../redirects/redirects.repository';
import { unredirected } from '../redirects/redirects.service';
import { importedOldPages } from '../wordpress-import/wordpress-import.repository';
import { readGoLiveMarks, updateGoLiveMarks } from './go-live.repository';

export type GoLiveDeps = {
  db: Db;
  media: ObjectStorage;
  log: FastifyBaseLogger;
  config: Pick<Config, 'contactToBySubject' | 'mailFrom' | 'siteUrl' | 'mediaPublicUrl'>;
  /** The public address in effect and the origins the site is reached under (`GET /api/v1/Settings/Address`). */
  siteAddress: (requestOrigin: string | undefined) => Promise<SiteAddress>;
};

type State = { done: boolean; detail?: ChecklistDetail };

/**
 * The go-live checklist (issue 29): each item's state read from the site as it is now, so that it
 * follows what staff do anywhere (a save in the company tab, a test mail, a backup on the server)
 * with nothing to keep in step; an admin's dismissal counts as done for `complete`.
 */
export async function getChecklist(deps: GoLiveDeps, request: { origin: string | undefined }): Promise<Checklist> {
  const { db, config } = deps;
  const [marks, company, confirmedAt, samples, users, lastBackup, address, oldAddresses] = await Promise.all([
    readGoLiveMarks(db),
    getCompanyDetails(db),
    recipientsConfirmedAt(db, config),
    sampleCounts(db),
    listUsers(db),
    readLastBackup(db),
    deps.siteAddress(request.origin),
    oldAddressesState(db),
  ]);
  // The item names the admins (issue 31: the site's responsible people), not every account.
  const without = users.filter((u) => u.role === 'admin' && u.disabledAt === null && !u.secondFactor).map((u) => u.username);
  const reviewed = marks.legalTextsReviewed;
  const states: Record<ChecklistKey, State> = {
    companyDetails: { done: company.updatedAt !== null && !isSampleCompany(company.settings) },
    logo: { done: company.settings.logo !== null },
    // In effect: SITE_URL or a saved website (not the shipped placeholder), and every origin the
    // site was reached under lately is that one.
    publicAddress: {
      done: address.source !== 'default' && address.matches,
      detail: {
        publicOrigin: address.publicOrigin,
        ...(address.requestOrigin ? { requestOrigin: address.requestOrigin } : {}),
      },
    },
    mailRecipients: { done: confirmedAt !== null, detail: { confirmedAt } },
    sampleContent: {
      done: samples.projects + samples.categories + samples.jobs === 0,
      detail: { remaining: samples },
    },
    legalTexts: {
      done: reviewed !== undefined,
      ...(reviewed ? { detail: { reviewedBy: reviewed.by, reviewedAt: reviewed.at } } : {}),
    },
    secondFactor: { done: without.length === 0, detail: { without } },
    backup: { done: lastBackup !== null, detail: { lastBackup } },
    oldAddresses,
  };
  const items: ChecklistItem[] = checklistKeys.map((key) => {
    const { done, detail } = states[key];
    const dismissal = marks.dismissed[key];
    const withDismissal = dismissal ? { ...detail, dismissedBy: dismissal.by, dismissedAt: dismissal.at } : detail;
    return { key, done, dismissed: dismissal !== undefined, ...(withDismissal ? { detail: withDismissal } : {}) };
  });
  return { items, complete: items.every((item) => item.done || item.dismissed) };
}

const listed = 20;

/**
 * For a site that replaces another (an import ran, or redirects were made): every old page an
 * import listed is redirected, and no redirect leads to a project visitors cannot see (a draft
 * still, or deleted). A site that replaces nothing has nothing to check.
 */
async function oldAddressesState(db: Db): Promise<State> {
  const [redirects, imported] = await Promise.all([allRedirects(db), importedOldPages(db)]);
  if (!imported.imported && redirects.length === 0) return { done: true };
  const targets = redirects.flatMap((r) => {
    const project = /^\/project\/(\d+)$/.exec(r.to);
    return project ? [{ from: r.from, id: Number(project[1]) }] : [];
  });
  const [missing, visible] = await Promise.all([
    unredirected(db, imported.pages),
    visibleProjectIds(db, [...new Set(targets.map((t) => t.id))]),
  ]);
  const hidden = targets.filter((t) => !visible.has(t.id)).map((t) => t.from);
  return {
    done: missing.length === 0 && hidden.length === 0,
    detail: { redirects: redirects.length, unredirected: missing.slice(0, listed), toHidden: hidden.slice(0, listed) },
  };
}

/** The unchanged sample categories that no project of staff uses (live or in the trash: such a category stays, with its project). */
async function removableSampleCategoryIds(db: Db): Promise<number[]> {
  const [samples, used] = await Promise.all([sampleCategoryIds(db), categoriesOfStaffProjects(db)]);
  return samples.filter((id) => !used.has(id));
}

async function sampleCounts(db: Db): Promise<SampleContentRemoval> {
  const [projects, categories, jobs] = await Promise.all([
    sampleProjectIds(db),
    removableSampleCategoryIds(db),
    sampleJobIds(db),
  ]);
  return { projects: projects.length, categories: categories.length, jobs: jobs.length };
}

/**
 * An admin dismisses an item or takes the dismissal back (`{dismissed}`), or marks the imprint
 * and privacy texts reviewed (`{reviewed: true}`, only that item). Who and when are recorded.
 */
export async function updateChecklistItem(
  deps: GoLiveDeps,
  key: ChecklistKey,
  update: ChecklistUpdate,
  by: string,
): Promise<void> {
  if ('reviewed' in update && key !== 'legalTexts')
    throw badRequest('reviewed', 'only the imprint and privacy texts (legalTexts) are marked reviewed');
  const mark = { by, at: new Date().toISOString() };
  await updateGoLiveMarks(deps.db, (marks) => {
    if ('reviewed' in update) marks.legalTextsReviewed = mark;
    else if (update.dismissed) marks.dismissed[key] = mark;
    else delete marks.dismissed[key];
  });
}

/**
 * Removes every sample project, category and job staff have not changed (a changed one counts as
 * replaced), projects first with their stored pictures, then the categories that no project of
 * staff uses (live or in the trash: such a category stays, with its project). Row by row through the same deletions as the
 * dashboard's: an interruption leaves the rest marked, and the next call removes it.
 */
export async function removeSampleContent(deps: GoLiveDeps): Promise<SampleContentRemoval> {
  const projectDeps = { ...deps, mediaUrl: mediaAddress(deps.config.mediaPublicUrl) };
  const removed = { projects: 0, categories: 0, jobs: 0 };
  for (const id of await sampleProjectIds(deps.db)) {
    try {
      await removeProject(projectDeps, id);
      removed.projects++;
    } catch (error) {
      // Removed meanwhile (another admin, another instance): gone is what was asked for.
      if (!(error instanceof HttpError && error.status === 404)) throw error;
    }
  }
  for (const id of await removableSampleCategoryIds(deps.db)) if (await deleteCategory(deps.db, id)) removed.categories++;
  for (const id of await sampleJobIds(deps.db)) if (await deleteJob(deps.db, id)) removed.jobs++;
  deps.log.info(removed, 'sample content removed');
  return removed;
}
