import { randomUUID } from 'node:crypto';
import type {
  CustomPage,
  CustomPageLinks,
  CustomPageList,
  CustomPageValues,
  PublishedCustomPage,
  SiteLanguage,
} from '@blitz/contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation } from '../../db/errors';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { recordChange } from '../audit/audit.recorder';
import { claimVersion } from '../audit/edit-version';
import { categoryExists } from '../categories/categories.repository';
import { bumpContentVersion } from '../content/content-version.repository';
import { findFile, holdFileForUse } from '../files/files.repository';
import { filesForVisitors } from '../files/files.service';
import { currentInquiryTypes } from '../inquiry-types/inquiry-types.service';
import { fromKey } from '../redirects/redirect-paths';
import { allRedirects } from '../redirects/redirects.repository';
import { addMissingRedirects, removeRedirect } from '../redirects/redirects.service';
import { pageEntry } from './custom-page-audit';
import {
  type CustomPageRecord,
  type StoredPageValues,
  findCustomPage,
  findPendingAt,
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

/** Every file a page's sections show. */
const fileIdsOf = (values: StoredPageValues) => values.sections.flatMap((section) => filesOf(section).map(([, id]) => id));

/**
 * A published page by its address, with the files it shows; a draft, one in the trash or none at
 * all are the same 404.
 */
export async function getPublishedPageAt(
  db: Db,
  address: string,
  mediaPublicUrl: string | undefined,
): Promise<PublishedCustomPage> {
  const record = await findPublishedAt(db, address);
  if (!record) throw notFound('Page');
  return { ...visitorRead(record), files: await filesForVisitors(db, fileIdsOf(record.values), mediaPublicUrl) };
}

/**
 * The page at an address as staff previewing the drafts see it: a live page's draft of changes,
 * or a page not yet published; undefined where no page is.
 */
export async function getPagePreviewAt(
  db: Db,
  address: string,
  mediaPublicUrl: string | undefined,
): Promise<PublishedCustomPage | undefined> {
  const record = await findPendingAt(db, address);
  if (!record) return undefined;
  const values = record.draft ?? record.values;
  const { draft: _draft, ...page } = staffRead(record);
  return { ...page, ...values, files: await filesForVisitors(db, fileIdsOf(values), mediaPublicUrl) };
}

/**
 * The links of the navigation and the footer to pages staff added, in one language: the
 * published pages placed there, or, for a preview of the drafts, every page's pending values.
 */
export async function customPageLinks(db: Db, lang: SiteLanguage, options: { preview: boolean }): Promise<CustomPageLinks> {
  const records = await listCustomPages(db, options.preview ? {} : { published: true });
  const shown = records
    .map((record) => (options.preview ? (record.draft ?? record.values) : record.values))
    .sort((a, b) => a.placeOrder - b.placeOrder || a.title.de.localeCompare(b.title.de, 'de'));
  const linksAt = (place: 'navigation' | 'footer') =>
    shown
      .filter((values) => values.place === place)
      // Pages saved before the link's own words existed have none.
      .map((values) => ({ address: values.address, title: values.linkTitle?.[lang] || values.title[lang] }));
  return { navigation: linksAt('navigation'), footer: linksAt('footer') };
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

/** A value as JSON with its objects' keys in order: two saves of the same page compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

const same = (a: StoredPageValues, b: StoredPageValues) => canonical(a) === canonical(b);

/** The 409 of an address another page has (also in a draft of changes, or in the trash). */
const addressTaken = (address: string, by?: { title: string; trashed: boolean }) => {
  const whose = by ? `the page “${by.title}”${by.trashed ? ' (in the trash)' : ''}` : 'another page';
  return new HttpError(409, 'conflict', `${whose} has the address ${address}`, {
    errors: [{ field: 'address', message: `taken by ${whose}` }],
  });
};

/**
 * What the schema cannot see: the address free (no other page, also none in the trash or in a
 * draft, and no redirect leading away from it but one this page's own move left), and in each
 * section that is new or changed since `kept` (the page's stored values and draft: a section
 * saved before stays as it was, whatever was removed meanwhile, as a project keeps a deleted
 * category), its files in the library, its category and its inquiry type.
 */
async function checkValues(
  trx: Db,
  values: StoredPageValues,
  id: number | undefined,
  kept: readonly (StoredPageValues | null)[] = [],
): Promise<void> {
  const taken = await pageTakingAddress(trx, values.address, id);
  if (taken) throw addressTaken(values.address, taken);
  const ownAddresses = kept.flatMap((v) => (v ? [fromKey(v.address)] : []));
  if (!ownAddresses.includes(fromKey(values.address))) {
    const redirect = (await allRedirects(trx)).find((r) => r.fromKey === fromKey(values.address));
    if (redirect && !ownAddresses.includes(fromKey(redirect.to))) {
      throw new HttpError(409, 'conflict', `A redirect leads from ${values.address} to ${redirect.to}`, {
        errors: [{ field: 'address', message: `a redirect leads from it to ${redirect.to}; remove it under Redirects first` }],
      });
    }
  }
  const before = new Set(kept.flatMap((v) => v?.sections ?? []).map(canonical));
  const types = (await currentInquiryTypes(trx)).types.filter((type) => !type.removed).map((type) => type.key);
  for (const [index, section] of values.sections.entries()) {
    if (before.has(canonical(section))) continue;
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
 * A page goes live at its address: a redirect from there (one its own earlier move left, or one
 * staff added since) would hide it (redirects answer first) and goes; moved from another live
 * address, that one leads here now (301), as decision 047's redirects do.
 */
async function goLive(trx: Db, values: StoredPageValues, livedAt: string | undefined): Promise<void> {
  const hiding = (await allRedirects(trx)).find((r) => r.fromKey === fromKey(values.address));
  if (hiding) await removeRedirect(trx, hiding.id);
  if (livedAt !== undefined && fromKey(livedAt) !== fromKey(values.address))
    await addMissingRedirects(
      trx,
      [{ from: livedAt, to: values.address, keepQuery: true }],
      `The page “${values.title.de}” moved.`,
    );
}

/** A write of a page's row that another page's address beat (two saves at the same moment): a 409, not a 500. */
async function claimingAddress<T>(address: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw addressTaken(address);
    throw error;
  }
}

/**
 * The page, its row held until the transaction ends (read after the lock: a save at the same
 * moment is not undone by this one). Every write takes the content version first, then the page,
 * then the library's files, as the library's writes take the version before a file (one lock
 * order, no deadlock).
 */
async function heldPage(trx: Db, id: number): Promise<CustomPageRecord> {
  if ((await lockCustomPageVersion(trx, id)) === undefined) throw notFound('Page');
  return (await findCustomPage(trx, id))!;
}

export async function createCustomPage(
  db: Db,
  fields: CustomPageValues & { published?: boolean | undefined },
): Promise<CustomPage> {
  const { published = false, ...rest } = fields;
  const values = withSectionIds(rest);
  const id = await inTransaction(db, async (trx) => {
    if (published) await bumpContentVersion(trx);
    await checkValues(trx, values, undefined);
    const newId = await claimingAddress(values.address, () => insertCustomPage(trx, values, published));
    await recordChange(trx, pageEntry('create', newId, undefined, values));
    if (published) {
      await goLive(trx, values, undefined);
      await recordChange(trx, pageEntry('publish', newId, values));
    }
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
    // Whether visitors will see this save decides whether it takes the content version (first).
    const seen = await findCustomPage(trx, id);
    if (!seen) throw notFound('Page');
    if (published ?? seen.published) await bumpContentVersion(trx);
    await claimVersion(trx, lockCustomPageVersion, 'page', id, updatedAt);
    const before = await heldPage(trx, id);
    const live = published ?? before.published;
    await checkValues(trx, values, id, [before.values, before.draft]);
    if (before.published && !live) {
      // A draft of changes: visitors keep the published page.
      const draft = same(values, before.values) ? null : values;
      await writeCustomPage(trx, id, { values: before.values, draft, published: true });
      await recordChange(trx, pageEntry('saveDraft', id, before.draft ?? before.values, values));
      return;
    }
    // Live meanwhile (published by someone else while this was read): visitors see this save too.
    if (live && !(published ?? seen.published)) await bumpContentVersion(trx);
    await claimingAddress(values.address, () => writeCustomPage(trx, id, { values, draft: null, published: live }));
    await recordChange(trx, pageEntry('update', id, before.values, values));
    if (live) await goLive(trx, values, before.published ? before.values.address : undefined);
    if (live && !before.published) await recordChange(trx, pageEntry('publish', id, values));
  });
  return getCustomPage(db, id);
}

/** Makes a page and its draft of changes live; a live page without a draft stays as it is. */
export async function publishCustomPage(db: Db, id: number): Promise<CustomPage> {
  await inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    const before = await heldPage(trx, id);
    if (before.published && !before.draft) return;
    const values = before.draft ?? before.values;
    // Checked when it was saved; its address again (another page may have taken it meanwhile).
    await checkValues(trx, values, id, [before.values, before.draft]);
    await claimingAddress(values.address, () => writeCustomPage(trx, id, { values, draft: null, published: true }));
    await goLive(trx, values, before.published ? before.values.address : undefined);
    await recordChange(trx, pageEntry('publish', id, values));
  });
  return getCustomPage(db, id);
}

/** Takes a page off the site: its pending values (a draft of changes, else its values) stay as its draft. */
export async function unpublishCustomPage(db: Db, id: number): Promise<CustomPage> {
  await inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    const before = await heldPage(trx, id);
    if (!before.published) return;
    const values = before.draft ?? before.values;
    // Never published again until it is: the pending values are its values now, as a draft's are.
    await claimingAddress(values.address, () => writeCustomPage(trx, id, { values, draft: null, published: false }));
    await recordChange(trx, pageEntry('unpublish', id, before.values));
  });
  return getCustomPage(db, id);
}

/** Discards a live page's draft of changes. */
export async function discardCustomPageDraft(db: Db, id: number): Promise<CustomPage> {
  await inTransaction(db, async (trx) => {
    const before = await heldPage(trx, id);
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
