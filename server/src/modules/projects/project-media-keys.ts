import type { StoredPicture } from '../../media/image-pipeline';

/** The pictures of a set of project values (published columns or a draft's JSON). */
export function picturesOf(values: { picture: StoredPicture | null }): StoredPicture[] {
  return values.picture ? [values.picture] : [];
}

/**
 * Every media key a project row references: its published picture(s) and those of its draft of
 * changes. A file is removed only when no row lists it here (decision 033): whoever removes
 * files asks this, never the published columns alone.
 */
export function projectMediaKeys(row: { picture: string | null; draft: string | null }): string[] {
  const pictures: StoredPicture[] = [];
  if (row.picture) pictures.push(JSON.parse(row.picture) as StoredPicture);
  if (row.draft) pictures.push(...picturesOf(JSON.parse(row.draft) as { picture: StoredPicture | null }));
  return [...new Set(pictures.flatMap((p) => p.variants.map((v) => v.key)))];
}
