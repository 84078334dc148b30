import { type Readable, Transform } from 'node:stream';

/** A stored object opened for reading: its bytes and how many there are. */
export type StoredObject = { stream: Readable; size: number };

/** One object as a listing sees it. */
export type ObjectEntry = { key: string; size: number; modifiedAt: Date };

/** Hints for whoever serves the object straight from the store (a CDN in front of the bucket). */
export type PutOptions = { contentType?: string; cacheControl?: string };

/**
 * The one storage shape of the app, for pictures and attachments alike: streams in and out, keys
 * as plain relative names (never file paths), two backends (disk.ts, s3.ts). Each instance is
 * scoped to one folder or key prefix, so `media` and `attachments` cannot see each other's keys.
 */
export type ObjectStorage = {
  /** `disk` or `s3`, for logs and messages. */
  readonly kind: 'disk' | 's3';
  /** Where the objects are, for messages to operators (`/data/media`, `s3://bucket/media/`). */
  readonly location: string;
  /**
   * Stores the bytes under the key and resolves only once they are durably stored (disk: flushed
   * and renamed; S3: the upload acknowledged); a reader never sees half an object. If `body`
   * fails (a limit thrown by a transform in front of it), nothing is left under the key. Writing
   * an existing key replaces its object.
   */
  put(key: string, body: Readable | Buffer, options?: PutOptions): Promise<{ size: number }>;
  /** The object, or undefined when there is none (a key of the wrong shape included). */
  open(key: string): Promise<StoredObject | undefined>;
  /** Removes the objects; a missing one is not an error. */
  remove(keys: readonly string[]): Promise<void>;
  /** Every object whose key starts with `prefix` (all of them without one), in no promised order. */
  list(prefix?: string): AsyncIterable<ObjectEntry>;
  /**
   * Removes what unfinished uploads left behind (a crash in the middle of a `put`) once older than
   * `olderThanMs`; returns how many. Disk: temporary files. S3: nothing, since an unfinished
   * multipart upload is no object; the bucket's lifecycle rule aborts them (docs/operations.md).
   */
  removeIncomplete(olderThanMs: number): Promise<number>;
  /**
   * Disk only: makes `file` (which must not exist) a hard link to the object, so that a backup
   * takes it without copying and keeps its bytes even if the object is removed a moment later.
   * False when there is no such object; throws where a link is impossible (another file system).
   */
  linkTo?(key: string, file: string): Promise<boolean>;
};

/**
 * Keys are lower-case relative names without dot segments (each segment starts with a letter or
 * digit), so no key can point outside its folder or prefix, and the same key is valid on disk
 * and in a bucket.
 */
export const objectKeyPattern = /^(?:[a-z0-9][a-z0-9._-]*\/)*[a-z0-9][a-z0-9._-]*$/;
const maxKeyLength = 512;

export function isObjectKey(key: string): boolean {
  return key.length <= maxKeyLength && objectKeyPattern.test(key);
}

export function checkedKey(key: string): string {
  if (!isObjectKey(key)) throw new Error(`not an object key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * Counts the bytes passing through and lets `onChunk` stop the stream by throwing (a size limit):
 * the error reaches whoever reads the stream, and a `put` reading it stores nothing.
 */
export function countingStream(onChunk?: (bytes: number) => void): Transform & { bytes: () => number } {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      try {
        onChunk?.(chunk.length);
        callback(null, chunk);
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  return Object.assign(counter, { bytes: () => bytes });
}

/** Every entry of a listing, collected (tests and small prefixes only). */
export async function listAll(storage: ObjectStorage, prefix?: string): Promise<ObjectEntry[]> {
  const entries: ObjectEntry[] = [];
  for await (const entry of storage.list(prefix)) entries.push(entry);
  return entries;
}

/** An object's whole content (small objects: probes, tests). */
export async function readAll(object: StoredObject): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * True when object storage failed in a way that may pass (503, try again): the S3 service could
 * not be reached, or answered with a server error or throttling. The AWS SDK marks every error
 * it throws with `$metadata` (after its own retries); a refusal such as wrong keys is a fault
 * of the deployment, a 500.
 */
export function isObjectStorageUnavailable(error: unknown): boolean {
  if (!(error instanceof Error) || !('$metadata' in error)) return false;
  const sdkError = error as Error & {
    code?: unknown;
    $fault?: unknown;
    $retryable?: unknown;
    $metadata?: { httpStatusCode?: number };
  };
  const status = sdkError.$metadata?.httpStatusCode;
  // Without an HTTP status the request never got an answer: a network error (ECONNREFUSED, …).
  return status === undefined ? typeof sdkError.code === 'string' : status >= 500 || status === 429 || !!sdkError.$retryable;
}
