import type { FastifyBaseLogger } from 'fastify';
import {
  type CompanyDetails,
  type CompanyDetailsRead,
  companyDetailsSchema,
  defaultCompanyDetails,
  isSampleCompany,
} from '@blitz/contract';
import type { z } from 'zod';
import type { companyDetailsInputSchema } from '@blitz/contract';
import { type Db, nowIso } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { recordChange } from '../audit/audit.recorder';
import { staleSave } from '../audit/edit-version';
import { documentChanges } from '../audit/item-changes';
import { HttpError, badRequest } from '../../lib/http-error';
import { PictureError, decodePictureDataUrl, processPicture } from '../../media/image-pipeline';
import { pictureObjectOptions } from '../../media/media-storage';
import type { ObjectStorage } from '../../storage/object-storage';
import { readAll } from '../../storage/object-storage';
import {
  type StoredSiteImages,
  lockCompanyDetailsRow,
  pictureKeyOf,
  readCompanyDetailsRow,
  siteImageKeys,
  storedPictureUrls,
  writeCompanyDetailsRow,
} from './company-details.repository';
import { drawSiteImages, logoKey, normaliseLogo, siteImageKey, storedLogoMaxWidth } from './site-images';

/** What the link-preview pictures are drawn with besides the saved details: the shipped drawing and slogans. */
export type SiteImageSources = { shippedLogo(): Promise<Buffer>; slogans(): { de: string; en: string } };
export type CompanyDetailsDeps = { db: Db; media: ObjectStorage; log: FastifyBaseLogger; siteImageSources: SiteImageSources };
type Input = z.output<typeof companyDetailsInputSchema>;

/**
 * The company details: what staff saved, or the release's placeholder company until then. A
 * stored document a later release no longer accepts is read over the defaults, field by field,
 * so that a site never loses its details to a schema change.
 */
export async function getCompanyDetails(db: Db): Promise<{ settings: CompanyDetails; updatedAt: string | null }> {
  const row = await readCompanyDetailsRow(db);
  if (!row) return { settings: defaultCompanyDetails, updatedAt: null };
  const parsed = companyDetailsSchema.safeParse(row.settings);
  if (parsed.success) return { settings: withoutOldSampleMark(parsed.data), updatedAt: row.updatedAt };
  const merged: Record<string, unknown> = { ...defaultCompanyDetails };
  for (const [field, value] of Object.entries(row.settings as Record<string, unknown>)) {
    const single = companyDetailsSchema.shape[field as keyof CompanyDetails]?.safeParse(value);
    if (single?.success) merged[field] = single.data;
  }
  return { settings: withoutOldSampleMark(companyDetailsSchema.parse(merged)), updatedAt: row.updatedAt };
}

/**
 * The placeholder's legal name of releases before decision 022 carried a German sample mark,
 * "(Platzhalter)"; saved unchanged, it is today's placeholder name, which pages mark as a sample
 * in the visitor's language.
 */
function withoutOldSampleMark(settings: CompanyDetails): CompanyDetails {
  return settings.legalName === `${defaultCompanyDetails.legalName} (Platzhalter)`
    ? { ...settings, legalName: defaultCompanyDetails.legalName }
    : settings;
}

/** What staff read: the details, whether they are still the placeholder's, and when they changed. */
export async function getCompanyDetailsForStaff(db: Db): Promise<CompanyDetailsRead> {
  const { settings, updatedAt } = await getCompanyDetails(db);
  return { ...settings, isSample: isSampleCompany(settings), updatedAt };
}

const mediaUrl = (key: string) => `/media/${key}`;

/** Every stored (uploaded) picture the settings show. */
const storedPictures = (settings: CompanyDetails): string[] => storedPictureUrls(settings);

/** A refused upload as the API answers it: 413 beyond the byte limit, else 400 naming the field. */
function pictureRefusal(error: PictureError, field: string): HttpError {
  const errors = [{ field, message: error.message }];
  return error.reason === 'too_large'
    ? new HttpError(413, 'payload_too_large', error.message, { errors })
    : new HttpError(400, 'validation', `Invalid field: ${field} (${error.message})`, { errors });
}

/** Stores an uploaded logo (site-images.ts: PNG, JPEG or WebP, kept as a WebP with its transparency). */
async function storeLogo(deps: CompanyDetailsDeps, dataUrl: string): Promise<{ url: string; data: Buffer }> {
  let logo;
  try {
    logo = await normaliseLogo(decodePictureDataUrl(dataUrl));
  } catch (error) {
    if (!(error instanceof PictureError)) throw error;
    throw pictureRefusal(error, 'logo');
  }
  const key = logoKey(logo.data, Math.min(logo.width, storedLogoMaxWidth));
  await deps.media.put(key, logo.data, pictureObjectOptions(key));
  return { url: mediaUrl(key), data: logo.data };
}

/**
 * The domain the link-preview pictures name: the saved website's host. (One call, so that the
 * site's public origin can take its place where it comes from elsewhere.)
 */
export const previewDomain = (settings: CompanyDetails) => new URL(settings.website).host;

/** What the drawn pictures depend on; the shipped set of the build fits the shipped logo, name and domain. */
function siteImagesMadeFrom(settings: CompanyDetails, sources: SiteImageSources): string | undefined {
  const drawnByBuild =
    settings.logo === null &&
    settings.name === defaultCompanyDetails.name &&
    previewDomain(settings) === previewDomain(defaultCompanyDetails);
  if (drawnByBuild) return undefined;
  return JSON.stringify({
    logo: settings.logo,
    name: settings.name,
    domain: previewDomain(settings),
    slogans: sources.slogans(),
  });
}

/** Draws the icons and link-preview pictures for `settings` and stores them; their keys go into `created`. */
async function storeSiteImages(
  deps: CompanyDetailsDeps,
  settings: CompanyDetails,
  madeFrom: string,
  logo: Buffer | undefined,
  created: string[],
): Promise<StoredSiteImages> {
  let logoBytes = logo;
  if (!logoBytes && settings.logo) {
    const object = await deps.media.open(pictureKeyOf(settings.logo)!);
    // Lost with a storage that was not restored with the database: staff upload it again or remove it.
    if (!object) throw badRequest('logo', 'its stored file is missing: upload the logo again or remove it');
    logoBytes = await readAll(object);
  }
  const files = await drawSiteImages({
    logo: logoBytes,
    shippedLogo: await deps.siteImageSources.shippedLogo(),
    name: settings.name,
    domain: previewDomain(settings),
    slogans: deps.siteImageSources.slogans(),
  });
  const store = async (data: Buffer, role: string, ext: 'png' | 'ico') => {
    const key = siteImageKey(data, role, ext);
    await deps.media.put(key, data, pictureObjectOptions(key));
    created.push(mediaUrl(key));
    return key;
  };
  const icons = files.icons && {
    favicon: await store(files.icons.favicon, 'favicon', 'ico'),
    appleTouchIcon: await store(files.icons.appleTouchIcon, 'icon-180', 'png'),
    icon192: await store(files.icons.icon192, 'icon-192', 'png'),
    icon512: await store(files.icons.icon512, 'icon-512', 'png'),
    maskable512: await store(files.icons.maskable512, 'maskable-512', 'png'),
  };
  const ogImage = { de: await store(files.ogImage.de, 'og-de', 'png'), en: await store(files.ogImage.en, 'og-en', 'png') };
  return { madeFrom, ...(icons ? { icons } : {}), ogImage };
}

/**
 * Stores an uploaded picture: decoded, checked and re-encoded by the picture pipeline, kept as
 * one WebP at most `maxWidth` wide (a logo or a portrait needs no set of sizes).
 */
async function storePicture(deps: CompanyDetailsDeps, dataUrl: string, field: string, maxWidth: number): Promise<string> {
  let encoded;
  try {
    encoded = await processPicture(decodePictureDataUrl(dataUrl), 'company');
  } catch (error) {
    if (!(error instanceof PictureError)) throw error;
    throw pictureRefusal(error, field);
  }
  const webp = encoded.variants.filter((v) => v.type === 'image/webp').sort((a, b) => a.width - b.width);
  const chosen = [...webp].reverse().find((v) => v.width <= maxWidth) ?? webp[0]!;
  await deps.media.put(chosen.key, chosen.data, pictureObjectOptions(chosen.key));
  return mediaUrl(chosen.key);
}

/**
 * Replaces the company details with `input`. A picture is kept as it is (a shipped one, or the
 * stored one it already shows), or a new upload; a `/media/` address the settings do not show
 * is refused (it could name a file another part of the site owns). The logo left out stays as it
 * is. When the logo, the name or the domain changes, the icons and link-preview pictures are
 * drawn anew and saved with the details. Pictures no longer shown are removed after the change is
 * committed.
 */
export async function saveCompanyDetails(
  deps: CompanyDetailsDeps,
  { isSample: _isSample, updatedAt: version, ...input }: Input,
): Promise<CompanyDetailsRead> {
  const { settings: current } = await getCompanyDetails(deps.db);
  const currentImages = (await readCompanyDetailsRow(deps.db))?.siteImages;
  const shown = new Set([...storedPictures(current), ...siteImageKeys(currentImages).map(mediaUrl)]);
  const created: string[] = [];
  const resolve = async (value: string, field: string, maxWidth: number) => {
    if (value.startsWith('data:')) {
      const url = await storePicture(deps, value, field, maxWidth);
      created.push(url);
      return url;
    }
    if (value.startsWith('/media/') && !shown.has(value)) throw badRequest(field, 'is not a picture these settings show');
    return value;
  };
  let settings: CompanyDetails;
  let siteImages: StoredSiteImages | undefined;
  try {
    const partners = [];
    for (const [i, partner] of input.partners.entries()) {
      partners.push({ ...partner, logo: await resolve(partner.logo, `partners.${i}.logo`, 480) });
    }
    const person = { ...input.person, picture: await resolve(input.person.picture, 'person.picture', 960) };
    let logo = input.logo === undefined ? current.logo : input.logo;
    let uploadedLogo: Buffer | undefined;
    if (logo?.startsWith('data:')) {
      const stored = await storeLogo(deps, logo);
      created.push(stored.url);
      [logo, uploadedLogo] = [stored.url, stored.data];
    } else if (logo !== null && logo !== current.logo) {
      throw badRequest('logo', 'is not the logo these settings show');
    }
    // Left out (a client of a release before it): the state stays as it is.
    const federalState = input.federalState === undefined ? current.federalState : input.federalState;
    settings = companyDetailsSchema.parse({ ...input, partners, person, logo, federalState });
    const madeFrom = siteImagesMadeFrom(settings, deps.siteImageSources);
    siteImages =
      madeFrom === undefined
        ? undefined
        : currentImages?.madeFrom === madeFrom
          ? currentImages
          : await storeSiteImages(deps, settings, madeFrom, uploadedLogo, created);
    const saved = { settings, updatedAt: nowIso(), ...(siteImages ? { siteImages } : {}) };
    await inTransaction(deps.db, async (trx) => {
      await lockCompanyDetailsRow(trx);
      const { settings: before, updatedAt } = await getCompanyDetails(trx);
      if (version !== undefined && version !== updatedAt) throw await staleSave(trx, 'companyDetails', null, updatedAt);
      await writeCompanyDetailsRow(trx, saved);
      const changes = documentChanges(before, settings);
      await recordChange(trx, { action: 'update', kind: 'companyDetails', id: null, title: settings.name, changes });
    });
  } catch (error) {
    // Nothing was saved: the pictures stored on the way are shown nowhere.
    await release(deps, created, current, currentImages);
    throw error;
  }
  await release(deps, [...shown], settings, siteImages);
  return getCompanyDetailsForStaff(deps.db);
}

/** Removes the files of these pictures unless the settings (or their drawn pictures) still show them; a failure only leaves a file behind. */
async function release(deps: CompanyDetailsDeps, urls: string[], keep: CompanyDetails, keepImages: StoredSiteImages | undefined) {
  const kept = new Set([...storedPictures(keep), ...siteImageKeys(keepImages).map(mediaUrl)]);
  const keys = urls.filter((url) => !kept.has(url)).flatMap((url) => pictureKeyOf(url) ?? []);
  if (keys.length === 0) return;
  await deps.media
    .remove(keys)
    .catch((error: unknown) => deps.log.warn({ err: error, keys }, 'could not remove unused pictures'));
}
