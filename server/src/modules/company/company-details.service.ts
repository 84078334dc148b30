import type { FastifyBaseLogger } from 'fastify';
import {
  type CompanySettings,
  type CompanySettingsRead,
  companySettingsSchema,
  defaultCompanySettings,
  isSampleCompany,
} from '@blitz/contract';
import type { z } from 'zod';
import type { companySettingsInputSchema } from '@blitz/contract';
import { type Db, nowIso } from '../../db/database';
import { HttpError, badRequest } from '../../lib/http-error';
import { PictureError, decodePictureDataUrl, processPicture } from '../../media/image-pipeline';
import { pictureObjectOptions } from '../../media/media-storage';
import type { ObjectStorage } from '../../storage/object-storage';
import { pictureKeyOf, readCompanyDetailsRow, storedPictureUrls, writeCompanyDetailsRow } from './company-details.repository';

export type CompanyDetailsDeps = { db: Db; media: ObjectStorage; log: FastifyBaseLogger };
type Input = z.output<typeof companySettingsInputSchema>;

/**
 * The company details: what staff saved, or the release's placeholder company until then. A
 * stored document a later release no longer accepts is read over the defaults, field by field,
 * so that a site never loses its details to a schema change.
 */
export async function getCompanyDetails(db: Db): Promise<{ settings: CompanySettings; updatedAt: string | null }> {
  const row = await readCompanyDetailsRow(db);
  if (!row) return { settings: defaultCompanySettings, updatedAt: null };
  const parsed = companySettingsSchema.safeParse(row.settings);
  if (parsed.success) return { settings: withoutOldSampleMark(parsed.data), updatedAt: row.updatedAt };
  const merged: Record<string, unknown> = { ...defaultCompanySettings };
  for (const [field, value] of Object.entries(row.settings as Record<string, unknown>)) {
    const single = companySettingsSchema.shape[field as keyof CompanySettings]?.safeParse(value);
    if (single?.success) merged[field] = single.data;
  }
  return { settings: withoutOldSampleMark(companySettingsSchema.parse(merged)), updatedAt: row.updatedAt };
}

/**
 * The placeholder's legal name of releases before decision 022 carried a German sample mark,
 * "(Platzhalter)"; saved unchanged, it is today's placeholder name, which pages mark as a sample
 * in the visitor's language.
 */
function withoutOldSampleMark(settings: CompanySettings): CompanySettings {
  return settings.legalName === `${defaultCompanySettings.legalName} (Platzhalter)`
    ? { ...settings, legalName: defaultCompanySettings.legalName }
    : settings;
}

/** What staff read: the details, whether they are still the placeholder's, and when they changed. */
export async function getCompanyDetailsForStaff(db: Db): Promise<CompanySettingsRead> {
  const { settings, updatedAt } = await getCompanyDetails(db);
  return { ...settings, isSample: isSampleCompany(settings), updatedAt };
}

const mediaUrl = (key: string) => `/media/${key}`;

/** Every stored (uploaded) picture the settings show. */
const storedPictures = (settings: CompanySettings): string[] => storedPictureUrls(settings);

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
    const errors = [{ field, message: error.message }];
    throw error.reason === 'too_large'
      ? new HttpError(413, 'payload_too_large', error.message, { errors })
      : new HttpError(400, 'validation', `Invalid field: ${field} (${error.message})`, { errors });
  }
  const webp = encoded.variants.filter((v) => v.type === 'image/webp').sort((a, b) => a.width - b.width);
  const chosen = [...webp].reverse().find((v) => v.width <= maxWidth) ?? webp[0]!;
  await deps.media.put(chosen.key, chosen.data, pictureObjectOptions(chosen.key));
  return mediaUrl(chosen.key);
}

/**
 * Replaces the company details with `input`. A picture is kept as it is (a shipped one, or the
 * stored one it already shows), or a new upload; a `/media/` address the settings do not show
 * is refused (it could name a file another part of the site owns). Pictures no longer shown are
 * removed after the change is committed.
 */
export async function saveCompanyDetails(deps: CompanyDetailsDeps, input: Input): Promise<CompanySettingsRead> {
  const { settings: current } = await getCompanyDetails(deps.db);
  const shown = new Set(storedPictures(current));
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
  let settings: CompanySettings;
  try {
    const partners = [];
    for (const [i, partner] of input.partners.entries()) {
      partners.push({ ...partner, logo: await resolve(partner.logo, `partners.${i}.logo`, 480) });
    }
    const person = { ...input.person, picture: await resolve(input.person.picture, 'person.picture', 960) };
    settings = companySettingsSchema.parse({ ...input, partners, person });
    await writeCompanyDetailsRow(deps.db, { settings, updatedAt: nowIso() });
  } catch (error) {
    // Nothing was saved: the pictures stored on the way are shown nowhere.
    await release(deps, created, current);
    throw error;
  }
  await release(deps, [...shown], settings);
  return getCompanyDetailsForStaff(deps.db);
}

/** Removes the files of these pictures unless the settings still show them; a failure only leaves a file behind. */
async function release(deps: CompanyDetailsDeps, urls: string[], keep: CompanySettings) {
  const kept = new Set(storedPictures(keep));
  const keys = urls.filter((url) => !kept.has(url)).flatMap((url) => pictureKeyOf(url) ?? []);
  if (keys.length === 0) return;
  await deps.media
    .remove(keys)
    .catch((error: unknown) => deps.log.warn({ err: error, keys }, 'could not remove unused pictures'));
}
