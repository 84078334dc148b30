import path from 'node:path';
import { createDiskStorage } from './disk';
import type { ObjectStorage } from './object-storage';
import type { S3Settings } from '../config';
import { connectS3, createS3Storage } from './s3';

/** The two kinds of objects a site stores, in the same backend under two folders or prefixes. */
export type SiteStorage = {
  /** Public pictures, served at /media/. */
  media: ObjectStorage;
  /** Inquiry attachments, personal data: never public. */
  attachments: ObjectStorage;
  /** Lets go of the connections (S3); nothing on disk. */
  close(): void;
};

/** Folder (disk, under DATA_DIR) and key prefix (S3) of each kind: the same names in both. */
export const storageFolders = { media: 'media', attachments: 'inquiries' } as const;

/**
 * The site's storage: S3-compatible object storage when S3_BUCKET is set (nothing of it is then
 * kept on this instance's disk), else DATA_DIR/media and DATA_DIR/inquiries.
 */
export async function createSiteStorage(config: {
  dataDir: string;
  objectStorage?: S3Settings | undefined;
}): Promise<SiteStorage> {
  const s3 = config.objectStorage;
  if (s3) {
    const connection = await connectS3(s3);
    return {
      media: createS3Storage(connection, s3.bucket, `${storageFolders.media}/`),
      attachments: createS3Storage(connection, s3.bucket, `${storageFolders.attachments}/`),
      close: () => connection.client.destroy(),
    };
  }
  return {
    media: createDiskStorage(path.join(config.dataDir, storageFolders.media)),
    attachments: createDiskStorage(path.join(config.dataDir, storageFolders.attachments), { private: true }),
    close: () => {},
  };
}

/** Folder (disk, under DATA_DIR) and key prefix (S3) of the backups the server writes: never served. */
export const backupFolder = 'backups';

/**
 * Where the server keeps its backups (decision 044): beside the data, never under the public
 * media: DATA_DIR/backups (readable by the site's user only), or the bucket's backups/ prefix.
 */
export async function createBackupStorage(config: {
  dataDir: string;
  objectStorage?: S3Settings | undefined;
}): Promise<{ storage: ObjectStorage; close(): void }> {
  const s3 = config.objectStorage;
  if (s3) {
    const connection = await connectS3(s3);
    return { storage: createS3Storage(connection, s3.bucket, `${backupFolder}/`), close: () => connection.client.destroy() };
  }
  return { storage: createDiskStorage(path.join(config.dataDir, backupFolder), { private: true }), close: () => {} };
}
