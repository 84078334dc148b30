import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { PageManifest } from '@blitz/contract';

export type PageFile = { raw: Buffer; br: Buffer; gzip: Buffer; etag: string };

/** The prerendered pages of the web build, read once and kept in memory with their compressed forms. */
export class PageFiles {
  private readonly cache = new Map<string, PageFile>();
  private manifestCache: PageManifest | undefined;

  constructor(private readonly webDist: string) {}

  manifest(): PageManifest | undefined {
    if (this.manifestCache) return this.manifestCache;
    const file = path.join(this.webDist, 'pages', 'manifest.json');
    if (!fs.existsSync(file)) return undefined;
    this.manifestCache = JSON.parse(fs.readFileSync(file, 'utf8')) as PageManifest;
    return this.manifestCache;
  }

  get(page: string, lang: string): PageFile | undefined {
    const relative = this.manifest()?.files[page]?.[lang];
    if (!relative) return undefined;
    const cached = this.cache.get(relative);
    if (cached) return cached;
    const file = path.join(this.webDist, relative);
    const raw = fs.readFileSync(file);
    const read = (suffix: string, make: () => Buffer) => (fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : make());
    const entry: PageFile = {
      raw,
      br: read('.br', () => zlib.brotliCompressSync(raw)),
      gzip: read('.gz', () => zlib.gzipSync(raw, { level: 9 })),
      etag: `"${fs.statSync(file).mtimeMs.toString(36)}-${raw.length.toString(36)}"`,
    };
    this.cache.set(relative, entry);
    return entry;
  }
}
