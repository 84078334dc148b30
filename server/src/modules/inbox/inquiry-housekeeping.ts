import {
  type InquirySubject,
  type RetentionSettings,
  defaultRetentionDays,
  inquirySubjects,
  retentionSettingsSchema,
} from '@blitz/contract';
import type { Db } from '../../db/database';
import { sweepAttachments } from '../contact/attachment-store';
import type { ObjectStorage } from '../../storage/object-storage';
import type { HousekeepingTask } from '../housekeeping/housekeeping';
import {
  deleteInquiries,
  idsOlderThan,
  readRetentionSetting,
  referencedKeys,
  writeRetentionSetting,
} from '../contact/inquiries.repository';

const day = 24 * 3600_000;
/** What the spam checks caught is kept this long for a look, then deleted. */
export const spamRetentionDays = 30;
/** Files younger than this may belong to an upload still in progress: the sweep leaves them. */
export const orphanAgeMs = 3600_000;

export async function readRetention(db: Db): Promise<RetentionSettings> {
  const stored = await readRetentionSetting(db);
  if (stored) {
    try {
      const parsed = retentionSettingsSchema.safeParse(JSON.parse(stored));
      if (parsed.success) return parsed.data;
    } catch {
      // A broken value falls back to the defaults below.
    }
  }
  return { ...defaultRetentionDays };
}

export async function writeRetention(db: Db, settings: RetentionSettings): Promise<void> {
  await writeRetentionSetting(db, JSON.stringify(settings));
}

/** Deletes inquiries past their retention, with their files; returns how many went. */
export async function applyRetention(db: Db, store: ObjectStorage, now = new Date()): Promise<number> {
  const settings = await readRetention(db);
  const rules: { filter: { subject?: InquirySubject; spam?: boolean }; days: number | null }[] = [
    ...inquirySubjects.map((subject) => ({ filter: { subject }, days: settings[subject] })),
    { filter: { spam: true }, days: spamRetentionDays },
  ];
  let removed = 0;
  for (const rule of rules) {
    if (rule.days === null) continue;
    const before = new Date(now.getTime() - rule.days * day).toISOString();
    for (;;) {
      const ids = await idsOlderThan(db, rule.filter, before);
      if (ids.length === 0) break;
      // Rows first, files after the commit: a crash in between leaves files the sweep removes.
      await store.remove(await deleteInquiries(db, ids));
      removed += ids.length;
    }
  }
  return removed;
}

/** Retention and the orphan-file sweep: a housekeeping task (modules/housekeeping). */
export function inquiryHousekeeping(db: Db, store: ObjectStorage): HousekeepingTask {
  return {
    name: 'inquiries',
    run: async () => {
      const expired = await applyRetention(db, store);
      const orphans = await sweepAttachments(store, (keys) => referencedKeys(db, keys), orphanAgeMs);
      return { expired, orphans };
    },
  };
}
