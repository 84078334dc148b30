import { ContentLanguage, type FocalPoint, type PictureInput, type Project } from '@blitz/contract';
import { textIn } from '../../../components/admin/localized-fields';

/** One picture of the project modal's list: one the project has (`url`), or a file chosen now. */
export type PictureItem = {
  /** Stable within the open modal (React's key, a new file's part name). */
  id: string;
  /** The address to show it from: the stored picture's, or an object URL of the file. */
  preview: string;
  /** A kept picture's `url` as read; none for a new file. */
  url?: string;
  file?: File;
  /** A picture of the library chosen now: copied into the project by the save (decision 066). */
  libraryFileId?: number;
  altDe: string;
  altEn: string;
  focus: FocalPoint;
  decorative: boolean;
};

/** The project's pictures as the modal lists them. */
export function pictureItems(project: Pick<Project, 'pictures'> | undefined): PictureItem[] {
  return (project?.pictures ?? []).map((picture, index) => ({
    id: `kept-${index}`,
    preview: picture.url,
    url: picture.url,
    altDe: textIn(picture.alt, ContentLanguage.German),
    altEn: textIn(picture.alt, ContentLanguage.English),
    focus: picture.focus,
    decorative: picture.decorative,
  }));
}

/** The field name a new file is sent under (multipart), as `pictures[].file` names it. */
export const filePartName = (item: PictureItem) => `file-${item.id}`;

/** What names a picture in a save: a new file by its part's name, a kept one by its url, one of the library by its id. */
function pictureSource(item: PictureItem): Pick<PictureInput, 'file' | 'url' | 'libraryFileId'> {
  if (item.file) return { file: filePartName(item) };
  if (item.url !== undefined) return { url: item.url };
  return { libraryFileId: item.libraryFileId! };
}

/** The `pictures` of a save: kept ones by their url, new files by their part's name, the library's by id. */
export function picturesPayload(items: PictureItem[]): PictureInput[] {
  return items.map((item) => ({
    ...pictureSource(item),
    alt: item.decorative
      ? []
      : [
          { content: item.altEn.trim(), language: ContentLanguage.English },
          { content: item.altDe.trim(), language: ContentLanguage.German },
        ].filter((t) => t.content !== ''),
    focus: item.focus,
    decorative: item.decorative,
  }));
}

/** The alternative texts still missing, by picture id: 'de', 'en' (none for a decorative picture). */
export function missingTexts(items: PictureItem[]): Map<string, ('de' | 'en')[]> {
  const missing = new Map<string, ('de' | 'en')[]>();
  for (const item of items) {
    if (item.decorative) continue;
    const languages = [...(item.altDe.trim() ? [] : ['de' as const]), ...(item.altEn.trim() ? [] : ['en' as const])];
    if (languages.length) missing.set(item.id, languages);
  }
  return missing;
}

/** The list with the item at `from` moved to `to` (clamped). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item!);
  return next;
}

/** A focal point from a click at (x, y) in a box of width × height, each coordinate in 0..1, to two places. */
export function pointAt(x: number, y: number, width: number, height: number): FocalPoint {
  const round = (v: number) => Math.round(Math.max(0, Math.min(1, v)) * 100) / 100;
  return { x: round(x / Math.max(1, width)), y: round(y / Math.max(1, height)) };
}
