import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type PageManifest, company } from '@blitz/contract';
import { encodeBody } from '../../lib/encoded-body';
import { withSiteOrigin } from './site-origin';

export type PageFile = { raw: Buffer; br: Buffer; gzip: Buffer; etag: string };

/**
 * The prerendered pages of the web build, read once and kept in memory with their compressed
 * forms. Each page gets the origin of a page served as built (SITE_URL, else the shipped one)
 * when it is read, before it is compressed: once per page, not per request. A page made from
 * saved content gets the origin of that content when it is rendered (page-renderer.ts).
 */
export class PageFiles {
  private readonly cache = new Map<string, Promise<PageFile>>();
  private manifestCache: PageManifest | undefined;

  constructor(
    private readonly webDist: string,
    private readonly origin: string,
  ) {}

  manifest(): PageManifest | undefined {
    if (this.manifestCache) return this.manifestCache;
    const file = path.join(this.webDist, 'pages', 'manifest.json');
    if (!fs.existsSync(file)) return undefined;
    this.manifestCache = JSON.parse(fs.readFileSync(file, 'utf8')) as PageManifest;
    return this.manifestCache;
  }

  get(page: string, lang: string): Promise<PageFile> | undefined {
    const manifest = this.manifest();
    const relative = manifest?.files[page]?.[lang];
    if (!manifest || !relative) return undefined;
    let entry = this.cache.get(relative);
    if (!entry) {
      // Builds from before the manifest named its origin wrote the company website.
      entry = this.load(relative, manifest.origin ?? new URL(company.website).origin);
      this.cache.set(relative, entry);
      // A failed read (a build being replaced) is tried again by the next request.
      entry.catch(() => this.cache.delete(relative));
    }
    return entry;
  }

  private async load(relative: string, builtOrigin: string): Promise<PageFile> {
    const file = path.join(this.webDist, relative);
    const built = await fs.promises.readFile(file);
    const version = `${(await fs.promises.stat(file)).mtimeMs.toString(36)}-${built.length.toString(36)}`;
    const text = built.toString('utf8');
    const html = withSiteOrigin(text, builtOrigin, this.origin);
    if (html === text) {
      const read = async (suffix: string) => fs.promises.readFile(file + suffix).catch(() => undefined);
      const [br, gzip] = await Promise.all([read('.br'), read('.gz')]);
      if (br && gzip) return { raw: built, br, gzip, etag: `"${version}"` };
      return { ...(await encodeBody(html)), etag: `"${version}"` };
    }
    // The build's compressed files hold the old origin: compressed anew. The ETag names the
    // origin too, so that a browser's copy from before a change of SITE_URL is not confirmed.
    const origin = crypto.createHash('sha256').update(this.origin).digest('base64url').slice(0, 8);
    return { ...(await encodeBody(html)), etag: `"${version}-${origin}"` };
  }
}
