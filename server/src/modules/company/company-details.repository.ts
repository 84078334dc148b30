import type { Db } from '../../db/database';
import { lockSiteValue, readSiteValue, writeSiteValue } from '../../db/site-values.repository';
import { inTransaction } from '../../db/transaction';
import type { StoredFiles } from '../../storage/stored-files';
import { bumpContentVersion } from '../content/content-version.repository';

/** The company details are one JSON document in the settings table: read and replaced whole. */
const key = 'company';

/**
 * The icons and link-preview pictures drawn from the logo and details (site-images.ts), by media
 * key. `madeFrom` names what they were drawn from: when it changes they are drawn anew.
 */
export type StoredSiteImages = {
  madeFrom: string;
  icons?: { favicon: string; appleTouchIcon: string; icon192: string; icon512: string; maskable512: string };
  ogImage: { de: string; en: string };
};

/** `siteImages` is absent while the build's shipped set fits the details (the shipped logo, name and domain). */
export type StoredCompanyDetails = { settings: unknown; updatedAt: string; siteImages?: StoredSiteImages };

/** The stored document, or undefined while the placeholder company of the release is in place. */
export async function readCompanyDetailsRow(db: Db): Promise<StoredCompanyDetails | undefined> {
  const value = await readSiteValue(db, key);
  return value === undefined ? undefined : (JSON.parse(value) as StoredCompanyDetails);
}

/** Inside a save's transaction, before reading the version it saves over: holds the document until the save ends. */
export const lockCompanyDetailsRow = (trx: Db) => lockSiteValue(trx, key);

export async function writeCompanyDetailsRow(db: Db, stored: StoredCompanyDetails): Promise<void> {
  await inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    await writeSiteValue(trx, key, JSON.stringify(stored));
  });
}

const mediaPrefix = '/media/';

/**
 * The addresses of the stored (uploaded) pictures a company document shows: the portrait and the
 * partners' logos under /media/ (shipped pictures are not stored). Read leniently: a document a
 * later release no longer accepts still names its pictures.
 */
export function storedPictureUrls(settings: unknown): string[] {
  const document = (settings ?? {}) as { person?: { picture?: unknown }; partners?: unknown; logo?: unknown };
  const partners = Array.isArray(document.partners) ? (document.partners as { logo?: unknown }[]) : [];
  return [...partners.map((p) => p?.logo), document.person?.picture, document.logo].filter(
    (url): url is string => typeof url === 'string' && url.startsWith(mediaPrefix),
  );
}

/** The media key of a stored picture's address, or undefined for any other address. */
export const pictureKeyOf = (url: string) => (url.startsWith(mediaPrefix) ? url.slice(mediaPrefix.length) : undefined);

/** The media keys of the drawn icons and link-preview pictures. Read leniently, as the pictures are. */
export function siteImageKeys(siteImages: unknown): string[] {
  const images = (siteImages ?? {}) as { icons?: Record<string, unknown>; ogImage?: Record<string, unknown> };
  return [...Object.values(images.icons ?? {}), ...Object.values(images.ogImage ?? {})].filter(
    (key): key is string => typeof key === 'string' && key.startsWith('company/'),
  );
}

/** The company row of the settings table names its pictures in the media store: the uploaded ones and those drawn from the logo. */
export const companyStoredFiles: StoredFiles = {
  table: 'settings',
  columns: ['key', 'value'],
  filesOf: (row) => {
    if (row['key'] !== key || typeof row['value'] !== 'string') return [];
    const stored = JSON.parse(row['value']) as Partial<StoredCompanyDetails> | null;
    const pictures = storedPictureUrls(stored?.settings).flatMap((url) => pictureKeyOf(url) ?? []);
    return [...pictures, ...siteImageKeys(stored?.siteImages)].map((picture) => ({ store: 'media' as const, key: picture }));
  },
};
