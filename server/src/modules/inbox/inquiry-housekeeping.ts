import {
  type RetentionSettings,
  type RetentionUpdate,
  defaultApplicationRetentionDays,
  defaultRetentionDays,
  inquirySubjects,
  retentionUpdateSchema,
} from '@blitz/contract';
import type { Db } from '../../db/database';
import { sweepAttachments } from '../contact/attachment-store';
import type { ObjectStorage } from '../../storage/object-storage';
import type { HousekeepingTask } from '../housekeeping/housekeeping';
import { inTransaction } from '../../db/transaction';
import { deleteRepliesOfInquiries, referencedReplyKeys } from './inquiry-replies.repository';
import { currentInquiryTypes } from '../inquiry-types/inquiry-types.service';
import {
  closedApplicationsBefore,
  deleteInquiries,
  foldInquiryCounts,
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

const defaultRetention: RetentionSettings = { ...defaultRetentionDays, ...defaultApplicationRetentionDays };

/**
 * The retention in force: what staff saved, with the defaults for what they have not (a value
 * saved before the application periods existed holds the three types only).
 */
export async function readRetention(db: Db): Promise<RetentionSettings> {
  const stored = await readRetentionSetting(db);
  if (stored) {
    try {
      const parsed = retentionUpdateSchema.safeParse(JSON.parse(stored));
      if (parsed.success) return { ...defaultRetention, ...parsed.data };
    } catch {
      // A broken value falls back to the defaults below.
    }
  }
  return { ...defaultRetention };
}

/** Saves the retention; a period left out keeps the value in force. Answers what is in force now. */
export async function writeRetention(db: Db, update: RetentionUpdate): Promise<RetentionSettings> {
  return inTransaction(db, async (trx) => {
    const settings = { ...(await readRetention(trx)), ...update };
    await writeRetentionSetting(trx, JSON.stringify(settings));
    return settings;
  });
}

/**
 * Deletes inquiries with their replies (rows first: the replies' files are found through their
 * mails, which the inquiries' delete takes); answers every stored file's key, removed by the caller after the commit.
 */
export async function deleteInquiriesWithReplies(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return inTransaction(db, async (trx) => {
    const replyKeys = await deleteRepliesOfInquiries(trx, ids);
    return [...replyKeys, ...(await deleteInquiries(trx, ids))];
  });
}

/** Which of these keys an inquiry's or a reply's file row still names (the orphan sweep keeps those). */
export async function referencedAttachmentKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const [inquiries, replies] = await Promise.all([referencedKeys(db, keys), referencedReplyKeys(db, keys)]);
  return new Set([...inquiries, ...replies]);
}

/**
 * Deletes inquiries past their retention, with their files; returns how many went. Price
 * inquiries, general messages and spam count from their arrival; applications (decision 050) from
 * their arrival while not closed and without consent, from their closing once closed — a shorter
 * period without the applicant's consent, a longer one with it. An application not closed whose
 * applicant agreed is kept: staff reopen one from the pool to consider it for a new opening.
 */
export async function applyRetention(db: Db, store: ObjectStorage, now = new Date()): Promise<number> {
  const settings = await readRetention(db);
  // A type staff added keeps its inquiries as long as it says, removed or not (issue 44).
  const added = (await currentInquiryTypes(db)).types.filter((t) => !t.builtIn);
  type Rule = { days: number | null; ids: (before: string) => Promise<number[]> };
  const arrivedBefore =
    (filter: { subject?: string; spam?: boolean; open?: boolean }) =>
    (before: string): Promise<number[]> =>
      idsOlderThan(db, filter, before);
  const rules: Rule[] = [
    ...inquirySubjects.map((subject) => ({
      days: settings[subject],
      ids: arrivedBefore(subject === 'application' ? { subject, open: true } : { subject }),
    })),
    ...added.map((type) => ({ days: type.retentionDays, ids: arrivedBefore({ subject: type.key }) })),
    { days: settings.applicationAfterClosing, ids: (before) => closedApplicationsBefore(db, false, before) },
    { days: settings.applicationWithConsent, ids: (before) => closedApplicationsBefore(db, true, before) },
    { days: spamRetentionDays, ids: arrivedBefore({ spam: true }) },
  ];
  let removed = 0;
  for (const rule of rules) {
    if (rule.days === null) continue;
    const before = new Date(now.getTime() - rule.days * day).toISOString();
    for (;;) {
      const ids = await rule.ids(before);
      if (ids.length === 0) break;
      // Rows first, files after the commit: a crash in between leaves files the sweep removes.
      await store.remove(await deleteInquiriesWithReplies(db, ids));
      removed += ids.length;
    }
  }
  return removed;
}

/** Retention, the orphan-file sweep and the folding of the kept counts' rows (decision 055): a housekeeping task (modules/housekeeping). */
export function inquiryHousekeeping(db: Db, store: ObjectStorage, clock: () => Date = () => new Date()): HousekeepingTask {
  return {
    name: 'inquiries',
    run: async () => {
      const expired = await applyRetention(db, store, clock());
      const orphans = await sweepAttachments(store, (keys) => referencedAttachmentKeys(db, keys), orphanAgeMs);
      const countRowsFolded = await foldInquiryCounts(db);
      return { expired, orphans, countRowsFolded };
    },
  };
}
