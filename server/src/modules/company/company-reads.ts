import type { CompanyDetails, SiteImageAddresses, SiteLanguage } from '@blitz/contract';
import type { Read, ReadDeps } from '../content/content-reads';
import { type ObjectStorage, readAll } from '../../storage/object-storage';
import { type StoredSiteImages, readCompanyDetailsRow } from './company-details.repository';
import { getCompanyDetails } from './company-details.service';

/** The visitors' read of the company details, kept per content version (content/content-reads.ts). */
export function readCompanyDetails(reads: ReadDeps): Promise<Read<CompanyDetails>> {
  return reads.contentReads.read('company', async () => (await getCompanyDetails(reads.db)).settings);
}

/**
 * The icons and link-preview pictures drawn from the saved logo and details, kept per content
 * version like the details; `null` while the build's shipped set is in place.
 */
export async function readSiteImages(reads: ReadDeps): Promise<StoredSiteImages | null> {
  const read = await reads.contentReads.read(
    'company-site-images',
    async () => (await readCompanyDetailsRow(reads.db))?.siteImages ?? null,
  );
  return read.value;
}

const address = (key: string) => `/media/${key}`;

/** Where a page in `lang` finds the drawn pictures (the page head's icons and link preview); undefined for the build's own. */
export function siteImageAddresses(images: StoredSiteImages | null, lang: SiteLanguage): SiteImageAddresses | undefined {
  if (!images) return undefined;
  const icons = images.icons;
  return {
    ...(icons
      ? {
          icons: {
            favicon: address(icons.favicon),
            appleTouchIcon: address(icons.appleTouchIcon),
            icon192: address(icons.icon192),
            icon512: address(icons.icon512),
            maskable512: address(icons.maskable512),
          },
        }
      : {}),
    ogImage: address(images.ogImage[lang]),
  };
}

/** The icons drawn from the uploaded logo, as the root addresses (/favicon.ico, …) serve them. */
export function drawnSiteIcons(reads: ReadDeps, media: ObjectStorage) {
  return {
    current: async () => (await readSiteImages(reads))?.icons,
    bytes: async (key: string) => {
      const object = await media.open(key);
      return object ? readAll(object) : undefined;
    },
  };
}
