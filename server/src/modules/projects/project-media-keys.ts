import { type ProjectPicture, parsePictures, pictureColumns, pictureKeys } from './project-pictures';

/** The pictures of a set of project values (published columns or a draft's JSON). */
export function picturesOf(values: { pictures: ProjectPicture[] }): ProjectPicture[] {
  return values.pictures;
}

/** The pictures of a draft column's JSON (pictureColumns knows its form). */
const draftPictures = (draft: string | null) => pictureColumns.find((c) => c.column === 'draft')!.read(draft);

/**
 * Every media key a project row references: its published pictures (with their crops) and those
 * of its draft of changes. A file is removed only when no row lists it (decisions 033 and 034):
 * whoever removes files asks pictureKeysInUse, never the published columns alone.
 */
export function projectMediaKeys(row: { pictures: string | null; draft: string | null }): string[] {
  return [...new Set([...parsePictures(row.pictures), ...draftPictures(row.draft)].flatMap(pictureKeys))];
}
