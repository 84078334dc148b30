import { randomUUID } from 'node:crypto';
import type { CustomPage, CustomPageList, CustomPageValues } from '@blitz/contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { recordChange } from '../audit/audit.recorder';
import { claimVersion } from '../audit/edit-version';
import { categoryExists } from '../categories/categories.repository';
import { bumpContentVersion } from '../content/content-version.repository';
import { findFile, holdFileForUse } from '../files/files.repository';
import { currentInquiryTypes } from '../inquiry-types/inquiry-types.service';
import { fromKey } from '../redirects/redirect-paths';
import { allRedirects } from '../redirects/redirects.repository';
import { addMissingRedirects, removeRedirect } from '../redirects/redirects.service';
import { pageEntry } from './custom-page-audit';
import {
  type CustomPageRecord,
  type StoredPageValues,
  findCustomPage,
  findPublishedAt,
  insertCustomPage,
  listCustomPages,
  lockCustomPageVersion,
  pageTakingAddress,
  trashCustomPage,
  writeCustomPage,
} from './custom-pages.repository';

/** A page as staff read it: with whether it is live and its draft of changes. */
function staffRead(record: CustomPageRecord): CustomPage {
  return {
    id: record.id,
    ...record.values,
    published: record.published,
    draft: record.draft && { ...record.draft, updatedAt: record.updatedAt },
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** A page as visitors read it: its published values, nothing of a draft. */
function visitorRead(record: CustomPageRecord): CustomPage {
  const { draft: _draft, ...page } = staffRead(record);
  return page;
}

export async function getCustomPages(db: Db, query: { PageLength: number; PageNumber: number }): Promise<CustomPageList> {
  const records = await listCustomPages(db);
  const start = (query.PageNumber - 1) * query.PageLength;
  return { data: records.slice(start, start + query.PageLength).map(staffRead), count: records.length };
}

export async function getCustomPage(db: Db, id: number): Promise<CustomPage> {
  const record = await findCustomPage(db, id);
  if (!record) throw notFound('Page');
  return staffRead(record);
}

/** A published page by its address; a draft, one in the trash or none at all are the same 404. */
export async function getPublishedPageAt(db: Db, address: string): Promise<CustomPage> {
  const record = await findPublishedAt(db, address);
  if (!record) throw notFound('Page');
  return visitorRead(record);
}

/** Gives each new section its id, and refuses two sections of one id. */
function withSectionIds(values: CustomPageValues): StoredPageValues {
  const seen = new Set<string>();
  const sections = values.sections.map((section, index) => {
    const id = section.id ?? randomUUID().slice(0, 8);
    if (seen.has(id)) throw badRequest(`sections.${index}.id`, `two sections are named ${id}`);
    seen.add(id);
    return { ...section, id };
  });
  return { ...values, sections };
}

/** The library's files a section shows: a picture's (`fileId`), the downloads (`fileIds`). */
export function filesOf(
  section: StoredPageValues['sections'][number] | CustomPageValues['sections'][number],
): [string, number][] {
  if (section.kind === 'picture' || section.kind === 'textPicture') return [['fileId', section.fileId]];
  if (section.kind === 'downloads') return section.fileIds.map((id, i) => [`fileIds.${i}`, id]);
  return [];
}

/**
 * What the schema cannot see: the address free (no other page, also none in the trash or in a
 * draft, and no redirect leading away from it), each references section's category and each call
 * to action's inquiry type there. `own` is the page's current address, which it may keep.
 */
async function checkValues(trx: Db, values: StoredPageValues, id: number | undefined, own?: string): Promise<void> {
  const taken = await pageTakingAddress(trx, values.address, id);
  if (taken) {
    const where = taken.trashed ? ' (in the trash)' : '';
    throw new HttpError(409, 'conflict', `The page “${taken.title}”${where} has the address ${values.address}`, {
      errors: [{ field: 'address', message: `taken by the page “${taken.title}”${where}` }],
    });
  }
  if (own === undefined || fromKey(own) !== fromKey(values.address)) {
    const redirect = (await allRedirects(trx)).find((r) => r.fromKey === fromKey(values.address));
    // A redirect this page's own move left (A → B, now back to A) goes; another one is staff's to remove.
    if (redirect && !(own !== undefined && fromKey(redirect.to) === fromKey(own))) {
      throw new HttpError(409, 'conflict', `A redirect leads from ${values.address} to ${redirect.to}`, {
        errors: [{ field: 'address', message: `a redirect leads from it to ${redirect.to}; remove it under Redirects first` }],
      });
    }
  }
  const types = (await currentInquiryTypes(trx)).types.filter((type) => !type.removed).map((type) => type.key);
  for (const [index, section] of values.sections.entries()) {
    // The library's files: held for this save (decision 060: a deletion at the same moment waits).
    for (const [field, fileId] of filesOf(section)) {
      if (!(await holdFileForUse(trx, fileId)))
        throw badRequest(`sections.${index}.${field}`, `no file ${fileId} in the library`);
      if (field === 'fileId' && (await findFile(trx, fileId))?.kind !== 'picture')
        throw badRequest(`sections.${index}.${field}`, `file ${fileId} is not a picture`);
    }
    if (section.kind === 'references' && section.categoryId !== null && !(await categoryExists(trx, section.categoryId)))
      throw badRequest(`sections.${index}.categoryId`, `no category ${section.categoryId}`);
    if (section.kind === 'callToAction' && !types.includes(section.inquiryType))
      throw badRequest(`sections.${index}.inquiryType`, `no inquiry type ${section.inquiryType}`);
  }
}

/**
 * A live page moved from `before` to `after`: the old address redirects to the new one (301), as
 * decision 047's redirects do; a redirect the page's earlier move left at the new address goes.
 */
async function followMove(trx: Db, before: string, after: string, title: string): Promise<void> {
  if (fromKey(before) === fromKey(after)) return;
  const back = (await allRedirects(trx)).find((r) => r.fromKey === fromKey(after));
  if (back) await removeRedirect(trx, back.id);
  await addMissingRedirects(trx, [{ from: before, to: after, keepQuery: true }], `The page “${title}” moved.`);
}

const same = (a: StoredPageValues, b: StoredPageValues) => JSON.stringify(a) === JSON.stringify(b);

export async function createCustomPage(
  db: Db,
  fields: CustomPageValues & { published?: boolean | undefined },
): Promise<CustomPage> {
  const { published = false, ...rest } = fields;
  const values = withSectionIds(rest);
  const id = await inTransaction(db, async (trx) => {
    await checkValues(trx, values, undefined);
    if (published) await bumpContentVersion(trx);
    const newId = await insertCustomPage(trx, values, published);
    await recordChange(trx, pageEntry('create', newId, undefined, values));
    if (published) await recordChange(trx, pageEntry('publish', newId, values));
    return newId;
  });
  return getCustomPage(db, id);
}

/**
 * Saves a page as decision 033 saves a project: `published: true` live, `false` a draft (a live
 * page's draft of changes), left out keeps its state (a live page saved live).
 */
export async function changeCustomPage(
  db: Db,
  id: number,
  fields: CustomPageValues & { published?: boolean | undefined; updatedAt?: string | undefined },
): Promise<CustomPage> {
  const { published, updatedAt, ...rest } = fields;
  const values = withSectionIds(rest);
  await inTransaction(db, async (trx) => {
    const before = await findCustomPage(trx, id);
    if (!before) throw notFound('Page');
    await claimVersion(trx, lockCustomPageVersion, 'page', id, updatedAt);
    await checkValues(trx, values, id, before.values.address);
    const live = published ?? before.published;
    if (before.published && !live) {
      // A draft of changes: visitors keep the published page.
      const draft = same(values, before.values) ? null : values;
      await writeCustomPage(trx, id, { values: before.values, draft, published: true });
      await recordChange(trx, pageEntry('saveDraft', id, before.draft ?? before.values, values));
      return;
    }
    await bumpContentVersion(trx);
    await writeCustomPage(trx, id, { values, draft: null, published: live });
    await recordChange(trx, pageEntry('update', id, before.values, values));
    if (live && !before.published) await recordChange(trx, pageEntry('publish', id, values));
    if (live && before.published) await followMove(trx, before.values.address, values.address, values.title.de);
  });
  return getCustomPage(db, id);
}

/** Makes a page and its draft of changes live; a live page without a draft stays as it is. */
export async function publishCustomPage(db: Db, id: number): Promise<CustomPage> {
  await inTransaction(db, async (trx) => {
    const before = await findCustomPage(trx, id);
    if (!before) throw notFound('Page');
    await lockCustomPageVersion(trx, id);
    if (before.published && !before.draft) return;
    const values = before.draft ?? before.values;
    await checkValues(trx, values, id, before.values.address);
    await bumpContentVersion(trx);
    await writeCustomPage(trx, id, { values, draft: null, published: true });
    await recordChange(trx, pageEntry('publish', id, values));
    if (before.published) await followMove(trx, before.values.address, values.address, values.title.de);
  });
  return getCustomPage(db, id);
}

/** Takes a page off the site: its pending values (a draft of changes, else its values) stay as its draft. */
export async function unpublishCustomPage(db: Db, id: number): Promise<CustomPage> {
  await inTransaction(db, async (trx) => {
    const before = await findCustomPage(trx, id);
    if (!before) throw notFound('Page');
    await lockCustomPageVersion(trx, id);
    if (!before.published) return;
    await bumpContentVersion(trx);
    // Never published again until it is: the pending values are its values now, as a draft's are.
    await writeCustomPage(trx, id, { values: before.draft ?? before.values, draft: null, published: false });
    await recordChange(trx, pageEntry('unpublish', id, before.values));
  });
  return getCustomPage(db, id);
}

/** Discards a live page's draft of changes. */
export async function discardCustomPageDraft(db: Db, id: number): Promise<CustomPage> {
  await inTransaction(db, async (trx) => {
    const before = await findCustomPage(trx, id);
    if (!before) throw notFound('Page');
    await lockCustomPageVersion(trx, id);
    if (!before.draft) return;
    await writeCustomPage(trx, id, { values: before.values, draft: null, published: before.published });
    await recordChange(trx, pageEntry('discardDraft', id, before.values));
  });
  return getCustomPage(db, id);
}

/** The dashboard's delete: to the trash (decision 037), recorded in the audit trail. */
export async function removeCustomPage(db: Db, id: number, by: string): Promise<void> {
  const deleted = await inTransaction(db, async (trx) => {
    const before = await findCustomPage(trx, id);
    const done = await trashCustomPage(trx, id, by);
    if (done) await recordChange(trx, pageEntry('delete', id, before?.values));
    return done;
  });
  if (!deleted) throw notFound('Page');
}
