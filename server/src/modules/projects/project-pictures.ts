import {
  ContentLanguage,
  type FocalPoint,
  type LocalizedText,
  type PictureSource,
  type ProjectPicture as PictureRead,
} from '@blitz/contract';
import type { Db } from '../../db/database';
import type { PictureVariant, StoredPicture } from '../../media/image-pipeline';
import { type PictureCrops, cropKeys } from '../../media/picture-crops';
import { projectColumnNames, projectValuesNaming } from './project-pictures.repository';

/**
 * One picture of a project as its row keeps it (the `pictures` JSON list, the cover first): the
 * whole picture's variants, its crops around the focal point, and its texts.
 */
export type ProjectPicture = StoredPicture & {
  /** The alternative text in each language (ordered by language, no empty ones). */
  alt: LocalizedText[];
  focus: FocalPoint;
  decorative: boolean;
  /** Made at upload and whenever the focal point moves; absent on pictures from before (crop the centre). */
  crops?: PictureCrops;
  /** The library's picture this is a copy of (decision 066): its "used on" names the project. */
  libraryFileId?: number;
};

/** The width the `url` of a picture has: what a content column shows at twice its CSS width. */
const webSizedWidth = 960;

const sourcesOf = (variants: PictureVariant[], urlOf: (key: string) => string): PictureSource[] =>
  variants.map((v) => ({ url: urlOf(v.key), width: v.width, type: v.type }));

/** The web-sized WebP of a picture: its `url`, which identifies it when a save keeps it. */
export function pictureKeyOf(picture: StoredPicture): string | undefined {
  const webp = picture.variants.filter((v) => v.type === 'image/webp').sort((a, b) => a.width - b.width);
  return ([...webp].reverse().find((v) => v.width <= webSizedWidth) ?? webp[0] ?? picture.variants[0])?.key;
}

/** A picture as the API answers it. */
export function pictureRead(picture: ProjectPicture, urlOf: (key: string) => string): PictureRead {
  const key = pictureKeyOf(picture);
  return {
    url: key ? urlOf(key) : '',
    width: picture.width,
    height: picture.height,
    sources: sourcesOf(picture.variants, urlOf),
    frame: picture.crops
      ? {
          width: picture.crops.frame.width,
          height: picture.crops.frame.height,
          sources: sourcesOf(picture.crops.frame.variants, urlOf),
        }
      : null,
    shareImage: picture.crops
      ? {
          url: urlOf(picture.crops.share.key),
          width: picture.crops.share.width,
          height: picture.crops.share.height,
          type: picture.crops.share.type,
        }
      : null,
    alt: picture.decorative ? [] : picture.alt,
    focus: picture.focus,
    decorative: picture.decorative,
    libraryFileId: picture.libraryFileId ?? null,
  };
}

/** Which alternative text a picture still needs before its project can be published. */
export type MissingPictureText = { index: number; language: ContentLanguage };

/**
 * The alternative texts missing before a project with these pictures can be published: German
 * and English for every picture not marked decorative. Empty: nothing missing. The form of the
 * answer names the field (`pictures.<index>.alt`) a refusal reports.
 */
export function missingPictureTexts(pictures: readonly Pick<ProjectPicture, 'alt' | 'decorative'>[]): MissingPictureText[] {
  return pictures.flatMap((picture, index) =>
    picture.decorative
      ? []
      : [ContentLanguage.German, ContentLanguage.English]
          .filter((language) => !picture.alt.some((t) => t.language === language && t.content.trim() !== ''))
          .map((language) => ({ index, language })),
  );
}

/** The field errors of missing alternative texts, as a 422 answer lists them. */
export function missingPictureTextErrors(missing: MissingPictureText[]): { field: string; message: string }[] {
  return missing.map(({ index, language }) => ({
    field: `pictures.${index}.alt`,
    message: `picture ${index + 1} needs its ${language === ContentLanguage.German ? 'German' : 'English'} alternative text, or is marked decorative`,
  }));
}

/** Every storage key of a picture: its variants and its crops. */
export function pictureKeys(picture: ProjectPicture): string[] {
  return [...picture.variants.map((v) => v.key), ...cropKeys(picture.crops)];
}

/** The pictures of a row's JSON value (null and '' are none). */
export function parsePictures(value: unknown): ProjectPicture[] {
  if (typeof value !== 'string' || value === '') return [];
  const parsed = JSON.parse(value) as unknown;
  if (!Array.isArray(parsed)) throw new Error('pictures is not a list');
  return parsed as ProjectPicture[];
}

/**
 * The columns of `projects` that hold pictures: the published values, and (once drafts are
 * merged, and trash keeps soft-deleted rows in the same table) a draft of changes. A column
 * listed here that the database does not have yet is skipped. A draft column holds a JSON object
 * whose `pictures` is a list as above.
 */
export const pictureColumns: readonly { column: string; read: (value: unknown) => ProjectPicture[] }[] = [
  { column: 'pictures', read: parsePictures },
  {
    column: 'draft',
    read: (value) => {
      if (typeof value !== 'string' || value === '') return [];
      const draft = JSON.parse(value) as { pictures?: ProjectPicture[] } | null;
      return Array.isArray(draft?.pictures) ? draft.pictures : [];
    },
  },
];

/**
 * Which of these media keys some row of `projects` still uses, in any column of `pictureColumns`
 * (a published picture, a draft's, a project in the trash: each row counts, deleted or not).
 * Identical uploads share files, so a file is removed only when this says nobody uses it.
 */
export async function pictureKeysInUse(db: Db, keys: readonly string[]): Promise<Set<string>> {
  const used = new Set<string>();
  if (keys.length === 0) return used;
  const present = await projectColumnNames(db);
  const wanted = new Set(keys);
  for (const { column, read } of pictureColumns) {
    if (!present.has(column)) continue;
    for (const value of await projectValuesNaming(db, column, keys)) {
      for (const picture of read(value)) for (const key of pictureKeys(picture)) if (wanted.has(key)) used.add(key);
    }
  }
  return used;
}
