import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tarStream from 'tar-stream';
import {
  type ArchiveValue,
  type FileStore,
  type Manifest,
  type ManifestEntry,
  fileEntryName,
  manifestName,
  manifestSchema,
  parseFileEntryName,
} from './archive-format';
import { type FileRef, filesOfRow } from './files-of-rows';

// Reads an archive and checks it against its manifest as it passes: the one reader of restore,
// of the backup's check of its own archive, and of `restore --check`.

export class ArchiveError extends Error {}

type ArchiveEntry = AsyncIterable<Buffer> & { header: { name: string }; resume(): unknown };
export type TableEntry = Manifest['tables'][number];
export type ArchiveRow = Record<string, ArchiveValue>;

/** What to do with each entry; the reader checks it (size, SHA-256, rows) as it is read. */
export type EntryVisitor = {
  /** A file the manifest lists: its bytes, as a stream that fails at its end unless size and SHA-256 match. Read it whole. */
  file(ref: FileRef, listed: ManifestEntry, bytes: Readable): Promise<void>;
  /** A table's rows, each parsed and checked to be a row of its columns. Read them all. */
  table(listed: TableEntry, rows: AsyncIterable<ArchiveRow>): Promise<void>;
};

export type ArchiveContents = {
  tables: { name: string; rows: number }[];
  files: Record<FileStore, number>;
  /** Bytes of the files. */
  bytes: number;
  /** Files that rows name (by the modules' declarations, site-modules.ts) and the archive lacks. */
  missingFiles: { table: string; ref: FileRef }[];
};

export type ArchiveReader = {
  manifest: Manifest;
  /**
   * Reads every entry after the manifest and hands it to the visitor; resolves once the whole
   * archive, gzip's own checksum included, is read and every entry matched the manifest.
   */
  readEntries(visitor: EntryVisitor): Promise<ArchiveContents>;
  /** Stops reading (when the caller fails before reading the entries). */
  close(): void;
};

/** A JSON line longer than this is not a row of this site (the largest, a settings document, has kilobytes). */
const maxLineBytes = 64 * 1024 * 1024;

/** The error as one line: a damaged gzip or tar stream says so. */
export function archiveReadError(error: unknown): Error {
  if (error instanceof ArchiveError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (
    /unexpected end of (file|data)|incorrect header check|invalid (block|distance|code)|Z_|unexpected end|truncated|invalid tar/i.test(
      message,
    )
  ) {
    return new ArchiveError(`The archive is truncated or damaged (${message})`);
  }
  return new ArchiveError(message);
}

/**
 * The entry's bytes, counted and hashed on their way through; with `expected`, a stream that fails
 * at its end (through `mismatch`) unless size and SHA-256 are the expected ones.
 */
function measured(source: AsyncIterable<Buffer>, mismatch?: () => never, expected?: { bytes: number; sha256: string }) {
  const hash = crypto.createHash('sha256');
  let digest: string | undefined;
  const seen = { bytes: 0, done: false, sha256: () => (digest ??= hash.digest('hex')) };
  async function* chunks() {
    for await (const chunk of source) {
      hash.update(chunk);
      seen.bytes += chunk.length;
      yield chunk;
    }
    seen.done = true;
    if (expected && mismatch && (seen.bytes !== expected.bytes || seen.sha256() !== expected.sha256)) mismatch();
  }
  return { stream: Readable.from(chunks(), { objectMode: false }), seen };
}

/**
 * The lines of a JSON-lines entry, split at "\n" only: JSON text holds no raw "\n", while raw
 * U+2028 and U+2029 (allowed in JSON, written unescaped by releases before the escaping) are
 * line breaks to Node's readline.
 */
async function* jsonLines(source: AsyncIterable<Buffer>, path: string): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of source) {
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
      const tail = chunk.subarray(start, end);
      yield (pending.length > 0 ? Buffer.concat([...pending, tail]) : tail).toString('utf8');
      pending = [];
      pendingBytes = 0;
      start = end + 1;
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > maxLineBytes) throw new ArchiveError(`${path} in the archive is damaged: a line is implausibly long`);
    }
  }
  if (pending.length > 0) yield Buffer.concat(pending).toString('utf8');
}

const isArchiveValue = (value: unknown): value is ArchiveValue =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    typeof (value as { base64?: unknown }).base64 === 'string');

/** One line as a row of the listed table: a JSON object of its columns and archive values. */
function parseRow(line: string, listed: TableEntry, columns: ReadonlySet<string>, number: number): ArchiveRow {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw new ArchiveError(`${listed.path} in the archive is damaged: row ${number} is not JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ArchiveError(`${listed.path} in the archive is damaged: row ${number} is not a JSON object`);
  }
  for (const [column, value] of Object.entries(parsed)) {
    if (!columns.has(column)) {
      throw new ArchiveError(
        `${listed.path} in the archive is damaged: row ${number} has column ${column}, which the manifest does not list`,
      );
    }
    if (!isArchiveValue(value)) {
      throw new ArchiveError(`${listed.path} in the archive is damaged: row ${number} has a value of ${column} no backup writes`);
    }
  }
  return parsed as ArchiveRow;
}

async function readManifest(entry: ArchiveEntry | undefined): Promise<Manifest> {
  if (!entry || entry.header.name !== manifestName) {
    throw new ArchiveError(`Not a backup archive of this site: it does not begin with ${manifestName}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry) {
    size += chunk.length;
    // Far above a real manifest (a line per file): a hand-made giant is not read into memory.
    if (size > 256 * 1024 * 1024) throw new ArchiveError(`The archive's ${manifestName} is implausibly large`);
    chunks.push(chunk);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ArchiveError(`The archive's ${manifestName} is not JSON`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success)
    throw new ArchiveError(`The archive's ${manifestName} is not one this release reads: ${result.error.issues[0]?.message}`);
  return result.data;
}

/** Opens the archive and reads its manifest; the entries follow with `readEntries`. */
export async function openArchive(file: string): Promise<ArchiveReader> {
  if (!fs.existsSync(file)) throw new ArchiveError(`There is no file ${file}`);
  const extract = tarStream.extract();
  const reading = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  reading.catch(() => {});
  const entries = extract[Symbol.asyncIterator]();
  const nextEntry = async () => {
    try {
      const { value, done } = await entries.next();
      return done ? undefined : (value as unknown as ArchiveEntry);
    } catch (error) {
      throw archiveReadError(error);
    }
  };
  let manifest: Manifest;
  try {
    manifest = await readManifest(await nextEntry());
  } catch (error) {
    extract.destroy();
    throw archiveReadError(error);
  }

  async function readEntries(visitor: EntryVisitor): Promise<ArchiveContents> {
    const listedFiles = new Map(manifest.files.map((f) => [f.path, f]));
    const listedTables = new Map(manifest.tables.map((t) => [t.path, t]));
    const seen = new Set<string>();
    const contents: ArchiveContents = { tables: [], files: { media: 0, attachments: 0 }, bytes: 0, missingFiles: [] };
    const referenced = new Map<string, { table: string; ref: FileRef }>();
    let entry: ArchiveEntry | undefined;
    try {
      for (entry = await nextEntry(); entry; entry = await nextEntry()) {
        const name = entry.header.name;
        if (seen.has(name)) throw new ArchiveError(`The archive holds ${name} twice`);
        seen.add(name);
        const listedFile = listedFiles.get(name);
        const listedTable = listedTables.get(name);
        if (listedFile) {
          const ref = parseFileEntryName(name);
          if (!ref) throw new ArchiveError(`The archive names a file outside the site's folders: ${name}`);
          const damaged = (): never => {
            throw new ArchiveError(`${name} in the archive is damaged: its checksum or size differs from the manifest's`);
          };
          const { stream, seen: read } = measured(entry, damaged, listedFile);
          await visitor.file(ref, listedFile, stream);
          if (!read.done || read.bytes !== listedFile.bytes || read.sha256() !== listedFile.sha256) damaged();
          contents.files[ref.store]++;
          contents.bytes += listedFile.bytes;
        } else if (listedTable) {
          const columns = new Set(listedTable.columns.map((c) => c.name));
          const { stream, seen: read } = measured(entry);
          let rows = 0;
          let finished = false;
          const parsed = async function* () {
            for await (const line of jsonLines(stream, name)) {
              if (line === '') continue;
              const row = parseRow(line, listedTable, columns, ++rows);
              let refs: FileRef[];
              try {
                refs = filesOfRow(listedTable.name, row);
              } catch (error) {
                throw new ArchiveError(`${name} in the archive: row ${rows}: ${(error as Error).message}`, { cause: error });
              }
              for (const ref of refs) referenced.set(fileEntryName(ref.store, ref.key), { table: listedTable.name, ref });
              yield row;
            }
            finished = true;
          };
          await visitor.table(listedTable, parsed());
          if (!finished) throw new Error(`${name} was not read to its end`);
          if (rows !== listedTable.rows || read.bytes !== listedTable.bytes || read.sha256() !== listedTable.sha256) {
            throw new ArchiveError(`${name} in the archive is damaged: its checksum or row count differs from the manifest's`);
          }
          contents.tables.push({ name: listedTable.name, rows });
        } else {
          throw new ArchiveError(`The archive holds ${name}, which its manifest does not list`);
        }
      }
      const absent = [...listedFiles.keys(), ...listedTables.keys()].filter((p) => !seen.has(p));
      if (absent.length > 0) {
        throw new ArchiveError(
          `The archive is incomplete: ${absent.length} entries of its manifest are missing (${absent[0]}, …)`,
        );
      }
      // The whole archive read and checked, gzip's own checksum included.
      await reading.catch((error: unknown) => {
        throw archiveReadError(error);
      });
    } catch (error) {
      entry?.resume();
      extract.destroy();
      throw archiveReadError(error);
    }
    contents.missingFiles = [...referenced].filter(([name]) => !listedFiles.has(name)).map(([, missing]) => missing);
    return contents;
  }

  return { manifest, readEntries, close: () => extract.destroy() };
}

async function drain(source: AsyncIterable<unknown>): Promise<void> {
  for await (const item of source) void item;
}

export type ArchiveCheck = ArchiveContents & { manifest: Manifest };

/**
 * Reads the whole archive as a restore would, without a target: the manifest, every row parsed,
 * every size, count and SHA-256, and every file a row names present. Throws ArchiveError otherwise.
 */
export async function checkArchive(file: string): Promise<ArchiveCheck> {
  const archive = await openArchive(file);
  const contents = await archive.readEntries({
    file: (_ref, _listed, bytes) => drain(bytes),
    table: (_listed, rows) => drain(rows),
  });
  const [first] = contents.missingFiles;
  if (first) {
    throw new ArchiveError(
      `The archive lacks ${contents.missingFiles.length} file${contents.missingFiles.length === 1 ? '' : 's'} its rows name ` +
        `(a row of ${first.table} names the ${first.ref.store} file ${first.ref.key}${contents.missingFiles.length > 1 ? ', …' : ''})`,
    );
  }
  return { manifest: archive.manifest, ...contents };
}
