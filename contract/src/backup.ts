import { z } from 'zod';

/**
 * Backups in the dashboard (issue 40, decision 044): the nightly ones and those an admin takes
 * with "back up now", written beside the data (DATA_DIR/backups or the bucket's backups/), never
 * public. Restoring stays a command-line step with the server stopped (docs/backup.md).
 */

/** A backup's id: when it was started (UTC) and four random hex digits, `20261125-030012-a1b2`. */
export const backupIdPattern = /^\d{8}-\d{6}-[a-f0-9]{4}$/;

/** What reading the archive back found, as a restore would read it; a failed backup leaves no archive. */
export const backupCheckSchema = z.object({
  passed: z.boolean(),
  tables: z.number().int(),
  rows: z.number().int(),
  files: z.number().int(),
  /** Why it failed (the server's one-line reason, in English, for the operator). */
  error: z.string().optional(),
});
export type BackupCheck = z.infer<typeof backupCheckSchema>;

export const backupEntrySchema = z.object({
  id: z.string().regex(backupIdPattern),
  /** ISO-8601 UTC, when it was started. */
  createdAt: z.string(),
  /** Bytes of the archive (0 for a failed one). */
  size: z.number().int(),
  check: backupCheckSchema,
  /** The admin who took it; null for the nightly schedule. */
  by: z.string().nullable(),
});
export type BackupEntry = z.infer<typeof backupEntrySchema>;

/** How the operator set the schedule (BACKUP_HOUR, BACKUP_KEEP), shown to admins. */
export const backupScheduleSchema = z.object({
  /** Hour of the day (Berlin time) the nightly backup starts from; null: off. */
  hour: z.number().int().min(0).max(23).nullable(),
  /** How many passed backups are kept (the oldest beyond go). */
  keep: z.number().int(),
  /** Where they are written (`/data/backups`, `s3://bucket/backups/`). */
  location: z.string(),
});
export type BackupSchedule = z.infer<typeof backupScheduleSchema>;

/** `GET /api/v1/Backup`: newest first, and the schedule. */
export const backupListSchema = z.object({
  data: z.array(backupEntrySchema),
  count: z.number().int(),
  schedule: backupScheduleSchema,
});
export type BackupList = z.infer<typeof backupListSchema>;

/** The id in a path (matched case-insensitively, like the paths). */
export const backupIdParamsSchema = z.object({
  id: z
    .string()
    .max(40)
    .transform((id) => id.toLowerCase())
    .pipe(z.string().regex(backupIdPattern, 'is not a backup id')),
});
