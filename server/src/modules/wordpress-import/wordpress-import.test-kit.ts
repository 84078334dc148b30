import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import yazl from 'yazl';
import { apiRoutes, apiUrl } from '@blitz/contract';
import { onCleanup } from '../../test/helper';

// What the import's tests share: the fixture a real WordPress exported (decision 053), its uploads
// served by a local stand-in for the old site, and the form the dashboard sends.

export const fixtures = path.join(import.meta.dirname, 'fixtures');
export const fixtureExport = fs.readFileSync(path.join(fixtures, 'wordpress-export.xml'), 'utf8');
/** The old site's address as the fixture's export names it. */
export const fixtureOrigin = 'https://www.blitzschutz-mustermann.example';

/** The fixture's export as if the old site answered at `origin` (every address of it rewritten, nothing else). */
export const exportAt = (origin: string) => fixtureExport.split(fixtureOrigin).join(origin);

/** Every file under the fixture's uploads, as `2021/06/name.jpg`. */
export function uploadFiles(): string[] {
  const root = path.join(fixtures, 'uploads');
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(root, name)).isFile())
    .map((name) => name.split(path.sep).join('/'));
}

/**
 * A local stand-in for the old site: the fixture's uploads at /wp-content/uploads/…, and what
 * `extra` adds by path: bytes, or an address to redirect to (302).
 */
export async function oldSite(extra: Record<string, Buffer | string> = {}): Promise<{ origin: string; hits: string[] }> {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    hits.push(url);
    const own = extra[url];
    if (typeof own === 'string') {
      response.writeHead(302, { location: own }).end();
      return;
    }
    const prefix = '/wp-content/uploads/';
    const file = url.startsWith(prefix) ? path.join(fixtures, 'uploads', ...url.slice(prefix.length).split('/')) : undefined;
    const body = own ?? (file && !url.includes('..') && fs.existsSync(file) ? fs.readFileSync(file) : undefined);
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onCleanup(() => new Promise((resolve) => server.close(() => resolve())));
  const { port } = server.address() as { port: number };
  return { origin: `http://127.0.0.1:${port}`, hits };
}

/** A zip of entries (name → bytes), as a copy of `wp-content/uploads` is sent. */
export function zipOf(entries: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of Object.entries(entries)) zip.addBuffer(bytes, name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** The fixture's uploads as a zip of the `wp-content/uploads` folder. */
export function fixtureUploadsZip(): Promise<Buffer> {
  return zipOf(
    Object.fromEntries(
      uploadFiles().map((name) => [`wp-content/uploads/${name}`, fs.readFileSync(path.join(fixtures, 'uploads', name))]),
    ),
  );
}

export type ImportForm = {
  file: string | Buffer;
  uploads?: Buffer;
  dryRun?: boolean;
  categories?: string[];
  fields?: Record<string, string>;
  /** Aborts the request (a client leaving). */
  signal?: AbortSignal;
};

/** POST /api/v1/Import/WordPress as the dashboard sends it (multipart). */
export async function postImport(base: string, token: string, form: ImportForm) {
  const body = new FormData();
  body.append('file', new Blob([typeof form.file === 'string' ? form.file : new Uint8Array(form.file)]), 'export.xml');
  if (form.uploads) body.append('uploads', new Blob([new Uint8Array(form.uploads)]), 'uploads.zip');
  if (form.dryRun !== undefined) body.append('dryRun', String(form.dryRun));
  for (const category of form.categories ?? []) body.append('categories', category);
  for (const [name, value] of Object.entries(form.fields ?? {})) body.append(name, value);
  const response = await fetch(base + apiUrl(apiRoutes.imports.wordpress), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
    signal: form.signal,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as any) : undefined, text };
}
