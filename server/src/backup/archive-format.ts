import { z } from 'zod';
import { attachmentKeyPattern } from '../modules/contact/attachment-store';
import { mediaKeyPattern } from '../media/media-storage';
import type { StoreName } from '../storage/stored-files';

/**
 * The backup archive: a gzip-compressed tar whose entries come in this order:
 *
 *   manifest.json              what follows, with sizes and SHA-256 (first, so a restore can refuse early)
 *   files/media/<key>          pictures (projects, company), as under DATA_DIR/media
 *   files/attachments/<key>    inquiry attachments, as under DATA_DIR/inquiries
 *   db/<table>.jsonl           one JSON object per row and line, parents before children (foreign keys)
 *
 * Rows are data, not a database file, so an archive of SQLite restores into PostgreSQL and back.
 */
export const manifestName = 'manifest.json';
export const archiveFormat = 'blitz-site-backup';
export const archiveFormatVersion = 1;

export type FileStore = StoreName;

const entrySchema = z.object({
  path: z.string(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[a-f0-9]{64}$/),
});

export const manifestSchema = z.object({
  format: z.literal(archiveFormat),
  formatVersion: z.literal(archiveFormatVersion),
  createdAt: z.string(),
  appVersion: z.string(),
  sourceDatabase: z.enum(['sqlite', 'postgres']),
  /** Every migration the source had applied, oldest first; a restore migrates to the last one. */
  migrations: z.array(z.string()).min(1),
  tables: z.array(
    entrySchema.extend({
      name: z.string(),
      rows: z.number().int().nonnegative(),
      columns: z.array(z.object({ name: z.string(), type: z.string() })),
    }),
  ),
  /** The highest id each auto-increment column has handed out: a restored site never hands out an id twice. */
  sequences: z.array(z.object({ table: z.string(), column: z.string(), value: z.number().int().nonnegative() })),
  files: z.array(entrySchema),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = z.infer<typeof entrySchema>;

export const tableEntryName = (table: string) => `db/${table}.jsonl`;
export const fileEntryName = (store: FileStore, key: string) => `files/${store}/${key}`;

/** The store and key an archive entry names, or undefined when it names no valid file (nothing may point outside). */
export function parseFileEntryName(name: string): { store: FileStore; key: string } | undefined {
  const match = /^files\/(media|attachments)\/(.+)$/.exec(name);
  if (!match) return undefined;
  const store = match[1] as FileStore;
  const key = match[2]!;
  const valid = store === 'media' ? mediaKeyPattern.test(key) : attachmentKeyPattern.test(key);
  return valid ? { store, key } : undefined;
}

/**
 * One row as one line of its table's entry: JSON, with U+2028, U+2029 and U+0085 escaped as well
 * (JSON allows them raw, but Node's readline, Python's splitlines and others break lines there).
 * Readers split on "\n" only, so archives written before the escaping still read.
 */
export function rowLine(row: Record<string, ArchiveValue>): string {
  return `${JSON.stringify(row).replace(/[\u0085\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;
}

export type ArchiveValue = string | number | boolean | null | { base64: string };

/**
 * A database value as JSON, whatever the database: PostgreSQL's int8 (a string in node-postgres)
 * becomes a number where it fits, dates become ISO strings, bytes base64, JSON columns their text.
 */
export function encodeValue(value: unknown): ArchiveValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return { base64: Buffer.from(value).toString('base64') };
  return JSON.stringify(value);
}

/** Integer types whose values node-postgres hands out as strings. */
const bigIntegerTypes = new Set(['int8', 'bigint', 'bigserial']);

export function encodeRow(row: Record<string, unknown>, columnTypes: ReadonlyMap<string, string>): Record<string, ArchiveValue> {
  const out: Record<string, ArchiveValue> = {};
  for (const [column, value] of Object.entries(row)) {
    const type = columnTypes.get(column)?.toLowerCase() ?? '';
    out[column] =
      typeof value === 'string' && bigIntegerTypes.has(type) && Number.isSafeInteger(Number(value))
        ? Number(value)
        : encodeValue(value);
  }
  return out;
}

const booleanTypes = new Set(['bool', 'boolean']);

/**
 * An archived value as the target column takes it: SQLite has no booleans (0/1) and binds no
 * JavaScript boolean; PostgreSQL's boolean takes no 0/1; bytes come back as a Buffer.
 */
export function decodeValue(value: ArchiveValue, targetType: string, target: 'sqlite' | 'postgres'): unknown {
  if (value === null) return null;
  if (typeof value === 'object') return Buffer.from(value.base64, 'base64');
  const isBoolean = booleanTypes.has(targetType.toLowerCase());
  if (typeof value === 'boolean' && (target === 'sqlite' || !isBoolean)) return value ? 1 : 0;
  if (typeof value === 'number' && target === 'postgres' && isBoolean) return value !== 0;
  return value;
}
