import type {
  CustomPage,
  CustomPageLinks,
  CustomPageList,
  CustomPageValues,
  PublishedCustomPage,
  SiteLanguage,
} from '@blitz/contract';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/http-error';
import { checkAddress } from '../section-documents/document-addresses';
import { pageOf, staffReadOf, visitorReadOf } from '../section-documents/document-reads';
import {
  type DocumentKind,
  changeDocument,
  createDocument,
  discardDocumentDraft,
  publishDocument,
  removeDocument,
  unpublishDocument,
} from '../section-documents/document-drafts';
import { checkSections, sectionFileIds, withSectionIds } from '../section-documents/section-values';
import { filesForVisitors } from '../files/files.service';
import { pageEntry } from './custom-page-audit';
import {
  type CustomPageRecord,
  type StoredPageValues,
  findCustomPage,
  findPendingAt,
  findPublishedAt,
  insertCustomPage,
  listCustomPages,
  writeCustomPage,
} from './custom-pages.repository';

export { filesOf } from '../section-documents/section-values';

/**
 * Pages as documents with projects' drafts (section-documents/document-drafts.ts): their row, their
 * audit entry, and what a save checks — the address (no other page, no redirect leading away from
 * it) and the sections' files, categories and inquiry types.
 */
export const customPageKind: DocumentKind<StoredPageValues> = {
  table: 'custom_pages',
  noun: 'page',
  path: (address) => address,
  kind: 'page',
  name: 'Page',
  find: (db, id) => findCustomPage(db, id),
  insert: insertCustomPage,
  write: writeCustomPage,
  entry: pageEntry,
  async check(trx, values, id, kept) {
    await checkAddress(trx, customPageKind, values.address, id, kept);
    await checkSections(trx, values.sections, kept);
  },
};

/** A page as staff read it: with whether it is live and its draft of changes. */
const staffRead = (record: CustomPageRecord): CustomPage => staffReadOf(record);

/** A page as visitors read it: its published values, nothing of a draft. */
const visitorRead = (record: CustomPageRecord): CustomPage => visitorReadOf(record);

export async function getCustomPages(db: Db, query: { PageLength: number; PageNumber: number }): Promise<CustomPageList> {
  return pageOf(await listCustomPages(db), query, staffRead);
}

export async function getCustomPage(db: Db, id: number): Promise<CustomPage> {
  const record = await findCustomPage(db, id);
  if (!record) throw notFound('Page');
  return staffRead(record);
}

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
  return { ...visitorRead(record), files: await filesForVisitors(db, sectionFileIds(record.values.sections), mediaPublicUrl) };
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
  return { ...page, ...values, files: await filesForVisitors(db, sectionFileIds(values.sections), mediaPublicUrl) };
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

type PageFields = CustomPageValues & { published?: boolean | undefined };

export async function createCustomPage(db: Db, fields: PageFields): Promise<CustomPage> {
  const { published = false, ...values } = fields;
  return getCustomPage(db, await createDocument(customPageKind, db, withSectionIds(values), published));
}

/**
 * Saves a page as decision 033 saves a project: `published: true` live, `false` a draft (a live
 * page's draft of changes), left out keeps its state (a live page saved live).
 */
export async function changeCustomPage(
  db: Db,
  id: number,
  fields: PageFields & { updatedAt?: string | undefined },
): Promise<CustomPage> {
  const { published, updatedAt, ...values } = fields;
  await changeDocument(customPageKind, db, id, withSectionIds(values), { published, updatedAt });
  return getCustomPage(db, id);
}

/** Makes a page and its draft of changes live; a live page without a draft stays as it is. */
export async function publishCustomPage(db: Db, id: number): Promise<CustomPage> {
  await publishDocument(customPageKind, db, id);
  return getCustomPage(db, id);
}

/** Takes a page off the site: its pending values (a draft of changes, else its values) stay as its draft. */
export async function unpublishCustomPage(db: Db, id: number): Promise<CustomPage> {
  await unpublishDocument(customPageKind, db, id);
  return getCustomPage(db, id);
}

/** Discards a live page's draft of changes. */
export async function discardCustomPageDraft(db: Db, id: number): Promise<CustomPage> {
  await discardDocumentDraft(customPageKind, db, id);
  return getCustomPage(db, id);
}

/** The dashboard's delete: to the trash (decision 037), recorded in the audit trail. */
export const removeCustomPage = (db: Db, id: number, by: string): Promise<void> => removeDocument(customPageKind, db, id, by);
