import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import type { SiteImageSources } from './company-details.service';

/**
 * The shipped drawing and slogans the link-preview pictures are drawn with: from the web build
 * (its root and its `assets/i18n` texts), or from the web sources when there is no build (the API
 * server of `npm run dev`, tests). Read once.
 */
export function siteImageSources(config: Pick<Config, 'webDist' | 'webLocales'>): SiteImageSources {
  const firstReadable = (files: string[]) => {
    for (const file of files) {
      try {
        return fs.readFileSync(file);
      } catch {
        // the next place
      }
    }
    throw new Error(`none of ${files.join(', ')} can be read`);
  };
  let logo: Buffer | undefined;
  let slogans: { de: string; en: string } | undefined;
  const slogan = (lang: 'de' | 'en') => {
    const texts = firstReadable([
      path.join(config.webDist, 'assets', 'i18n', `${lang}.json`),
      path.join(config.webLocales, lang, 'common.json'),
    ]);
    return String((JSON.parse(texts.toString('utf8')) as { site?: { slogan?: unknown } }).site?.slogan ?? '');
  };
  return {
    shippedLogo: async () =>
      (logo ??= firstReadable([
        path.join(config.webDist, 'favicon.svg'),
        path.resolve(config.webLocales, '../../public/favicon.svg'),
      ])),
    slogans: () => (slogans ??= { de: slogan('de'), en: slogan('en') }),
  };
}
