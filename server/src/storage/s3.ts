import { Readable, pipeline } from 'node:stream';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import type { S3Settings } from '../config';
import { type ObjectStorage, checkedKey, countingStream, isObjectKey } from './object-storage';

/** One part of a multipart upload is held in memory while it is sent; 5 MiB is S3's least. */
const partBytes = 8 * 1024 * 1024;

/**
 * The SDK, loaded when a site uses S3 and not before: it costs a site on disk about 150 ms of
 * start-up and 35 MB (a static import would be hoisted into the server bundle).
 */
type Sdk = typeof ClientS3 & typeof LibStorage;

/** A client for the bucket's service, with the SDK it was made with. */
export type S3Connection = { client: ClientS3.S3Client; sdk: Sdk };

export async function connectS3(settings: S3Settings): Promise<S3Connection> {
  const sdk: Sdk = { ...(await import('@aws-sdk/client-s3')), ...(await import('@aws-sdk/lib-storage')) };
  const client = new sdk.S3Client({
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // The SDK's default since 2025 adds CRC32 checksums in a chunked trailer, which many
    // S3-compatible servers refuse; only operations that need a checksum (DeleteObjects) get one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer is a failed request (retried by the SDK, then an error), not a hang.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
  });
  return { client, sdk };
}

const isMissing = (error: unknown, sdk: Sdk) =>
  error instanceof sdk.NoSuchKey || (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404);

/**
 * Objects in an S3-compatible bucket under `prefix` (`media/`, `inquiries/`). The bucket stays
 * private: pictures are served through the site (or a CDN given read access), attachments only
 * to staff through the inbox.
 */
export function createS3Storage({ client, sdk }: S3Connection, bucket: string, prefix: string): ObjectStorage {
  const { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, Upload } = sdk;
  const full = (key: string) => prefix + checkedKey(key);
  return {
    kind: 's3',
    location: `s3://${bucket}/${prefix}`,

    async put(key, body, options = {}) {
      const params = {
        Bucket: bucket,
        Key: full(key),
        ...(options.contentType ? { ContentType: options.contentType } : {}),
        ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
      };
      if (Buffer.isBuffer(body)) {
        await client.send(new PutObjectCommand({ ...params, Body: body, ContentLength: body.length }));
        return { size: body.length };
      }
      // The length of a stream is not known in advance: a body shorter than one part goes up in
      // one PutObject, a longer one as a multipart upload that is aborted if the body fails, so
      // that a refused upload leaves nothing under the key.
      const counter = countingStream();
      let bodyError: unknown;
      const upload = new Upload({
        client,
        // pipeline: an error of the body (a size limit) reaches the upload, which then aborts.
        params: { ...params, Body: pipeline(body, counter, (error) => (bodyError ??= error ?? undefined)) },
        partSize: partBytes,
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // The body's own error (a limit, a client gone) is the one the caller answers; a failed
        // abort of the multipart upload must not hide it (the lifecycle rule removes such parts).
        throw bodyError ?? error;
      }
      return { size: counter.bytes() };
    },

    async open(key) {
      if (!isObjectKey(key)) return undefined;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: prefix + key }));
        if (!(answer.Body instanceof Readable)) throw new Error('the S3 client returned no stream');
        return { stream: answer.Body, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error, sdk)) return undefined;
        throw error;
      }
    },

    async remove(keys) {
      // DeleteObjects takes at most 1000 keys; a missing key counts as deleted.
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000).map((key) => ({ Key: full(key) }));
        const answer = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch, Quiet: true } }));
        const failed = answer.Errors?.[0];
        if (failed) throw new Error(`could not delete ${failed.Key}: ${failed.Code ?? ''} ${failed.Message ?? ''}`.trim());
      }
    },

    async *list(within = '') {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix + within, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length);
          if (!key || !isObjectKey(key)) continue;
          yield { key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    // Unfinished multipart uploads are no objects: the bucket's lifecycle rule
    // (AbortIncompleteMultipartUpload, docs/operations.md) removes them.
    removeIncomplete: async () => 0,
  };
}
