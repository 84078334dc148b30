import { randomUUID } from 'node:crypto';
import type { CustomPageSection } from '@blitz/contract';
import type { Db } from '../../db/database';
import { badRequest } from '../../lib/http-error';
import { categoryExists } from '../categories/categories.repository';
import { findFile, holdFileForUse } from '../files/files.repository';
import { currentInquiryTypes } from '../inquiry-types/inquiry-types.service';

// The sections pages and news posts are made of (decisions 061, 063): one schema, so one set of
// checks, ids and files.

/** A section as stored: with its id. */
export type StoredSection = CustomPageSection & { id: string };

/** What every document of sections has. */
export type SectionValues = { sections: readonly (CustomPageSection | StoredSection)[] };

/** Gives each new section its id, and refuses two sections of one id. */
export function withSectionIds<V extends { sections: CustomPageSection[] }>(
  values: V,
): Omit<V, 'sections'> & { sections: StoredSection[] } {
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
export function filesOf(section: CustomPageSection): [string, number][] {
  if (section.kind === 'picture' || section.kind === 'textPicture') return [['fileId', section.fileId]];
  if (section.kind === 'downloads') return section.fileIds.map((id, i) => [`fileIds.${i}`, id]);
  return [];
}

/** The ids of the library's files these sections show. */
export const sectionFileIds = (sections: readonly CustomPageSection[]): number[] =>
  sections.flatMap((section) => filesOf(section).map(([, id]) => id));

/** A value as JSON with its objects' keys in order: two saves of the same document compare equal. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

export const sameValues = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * A file of the library for a save: held for it (decision 060: a deletion at the same moment
 * waits), there, and a picture where one is shown.
 */
export async function holdLibraryFile(trx: Db, field: string, fileId: number, picture: boolean): Promise<void> {
  if (!(await holdFileForUse(trx, fileId))) throw badRequest(field, `no file ${fileId} in the library`);
  if (picture && (await findFile(trx, fileId))?.kind !== 'picture') throw badRequest(field, `file ${fileId} is not a picture`);
}

/**
 * In each section that is new or changed since `kept` (the document's stored values and draft: a
 * section saved before stays as it was, whatever was removed meanwhile, as a project keeps a
 * deleted category): its files in the library, its category and its inquiry type.
 */
export async function checkSections(
  trx: Db,
  sections: readonly CustomPageSection[],
  kept: readonly (SectionValues | null)[],
): Promise<void> {
  const before = new Set(kept.flatMap((v) => v?.sections ?? []).map(canonical));
  const changed = sections.flatMap((section, index) => (before.has(canonical(section)) ? [] : [{ section, index }]));
  if (changed.length === 0) return;
  const types = (await currentInquiryTypes(trx)).types.filter((type) => !type.removed).map((type) => type.key);
  for (const { section, index } of changed) {
    for (const [field, fileId] of filesOf(section))
      await holdLibraryFile(trx, `sections.${index}.${field}`, fileId, field === 'fileId');
    if (section.kind === 'references' && section.categoryId !== null && !(await categoryExists(trx, section.categoryId)))
      throw badRequest(`sections.${index}.categoryId`, `no category ${section.categoryId}`);
    if (section.kind === 'callToAction' && !types.includes(section.inquiryType))
      throw badRequest(`sections.${index}.inquiryType`, `no inquiry type ${section.inquiryType}`);
  }
}
