import {
  type AuditAction,
  type InquiryEvent,
  type InquiryStatus,
  type InquiryUpdate,
  type MailDelivery,
  type UserRole,
  hasInquiryLimit,
  mayAccess,
} from '@blitz/contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { badRequest, notFound } from '../../lib/http-error';
import {
  type Inquiry,
  type InquiryWork,
  findInquiry,
  unassignInquiries,
  updateInquiryWork,
} from '../contact/inquiries.repository';
import { queueAssignmentMail } from './assignment-mails.repository';
import { recordInquiry } from './inquiry-audit';
import type { StoredReply } from './inquiry-replies.repository';
import { type Doer, insertNote, insertWorkEvents, notesOf, workEventsOf } from './inquiry-work.repository';

// The inbox's workflow (issue 42): status, assignment, follow-up day, internal notes and the time
// line they make. Who the colleagues are comes from the accounts, handed in (InboxPeople), so
// that the inbox knows no account code and accounts may unassign here.

/** A colleague as the inbox sees them: who may be given which inquiries. */
export type Colleague = { id: number; name: string; role: UserRole; inquiryTypes: readonly string[] | null };

/** What the inbox reads of the accounts: the names shown for users, the active colleagues, where to mail one. */
export type InboxPeople = {
  namesOf: (db: Db, ids: readonly number[]) => Promise<Map<number, string>>;
  colleagues: (db: Db) => Promise<Colleague[]>;
  /** An account that can sign in: its name shown and its e-mail address (null: none given); undefined otherwise. */
  mailAddressOf: (db: Db, id: number) => Promise<{ name: string; email: string | null } | undefined>;
};

/**
 * An admin sees every inquiry; an inbox or editorInbox account those of its types (decisions 035,
 * 051); an editor none.
 */
export function maySee(colleague: Pick<Colleague, 'role' | 'inquiryTypes'>, subject: string): boolean {
  if (!mayAccess(colleague.role, 'inbox')) return false;
  if (!hasInquiryLimit(colleague.role)) return true;
  return colleague.inquiryTypes === null || colleague.inquiryTypes.includes(subject);
}

export async function assigneesFor(db: Db, people: InboxPeople, inquiry: Inquiry) {
  const colleagues = await people.colleagues(db);
  return colleagues.filter((c) => maySee(c, inquiry.subject)).map((c) => ({ id: c.id, name: c.name }));
}

/**
 * Changes status, assignee and follow-up day together, each only where it differs; every change
 * is a line of the time line and of the audit trail, in one transaction. With `mailAssignee` (a
 * mail server is set) a colleague given the inquiry by someone else is told by mail, queued in
 * that transaction. Answers whether a mail was queued.
 */
export async function updateInquiry(
  db: Db,
  people: InboxPeople,
  id: number,
  update: InquiryUpdate,
  by: Doer,
  options: { mailAssignee?: boolean; now?: Date } = {},
): Promise<boolean> {
  const colleagues = update.assigneeId ? await people.colleagues(db) : [];
  return inTransaction(db, async (trx) => {
    const inquiry = await findInquiry(trx, id);
    if (!inquiry) throw notFound('Inquiry');
    const now = (options.now ?? new Date()).toISOString();
    const events: { kind: 'status' | 'assignee' | 'followUp'; value: string | null }[] = [];
    const work: InquiryWork = {};
    if (update.status !== undefined && update.status !== inquiry.status) {
      work.status = update.status;
      work.handledAt = update.status === 'closed' ? now : null;
      events.push({ kind: 'status', value: update.status });
    }
    let assigneeName: string | null = null;
    if (update.assigneeId !== undefined && update.assigneeId !== inquiry.assigneeId) {
      if (update.assigneeId !== null) {
        const colleague = colleagues.find((c) => c.id === update.assigneeId);
        if (!colleague || !maySee(colleague, inquiry.subject)) {
          throw badRequest('assigneeId', 'must be an active colleague who may see this type of inquiry');
        }
        assigneeName = colleague.name;
      }
      work.assigneeId = update.assigneeId;
      events.push({ kind: 'assignee', value: update.assigneeId === null ? null : String(update.assigneeId) });
    }
    if (update.followUpOn !== undefined && update.followUpOn !== inquiry.followUpOn) {
      work.followUpOn = update.followUpOn;
      events.push({ kind: 'followUp', value: update.followUpOn });
    }
    if (events.length === 0) return false;
    await updateInquiryWork(trx, id, work);
    await insertWorkEvents(trx, id, by, now, events);
    // Who took it on themselves needs no mail about it.
    const mailTo = options.mailAssignee && work.assigneeId && work.assigneeId !== by.id ? work.assigneeId : undefined;
    if (mailTo) await queueAssignmentMail(trx, id, mailTo, by.name, now);
    for (const event of events) {
      if (event.kind === 'status')
        await recordInquiry(trx, statusAction(inquiry.status, update.status!), id, `status: ${event.value}`);
      else if (event.kind === 'assignee') await recordInquiry(trx, 'assign', id, `assignee: ${assigneeName ?? 'nobody'}`);
      else await recordInquiry(trx, 'followUp', id, `follow-up: ${event.value ?? 'none'}`);
    }
    return mailTo !== undefined;
  });
}

/** The trail's words as before the workflow: closing is "handled", reopening "unhandled". */
function statusAction(before: InquiryStatus, after: InquiryStatus): AuditAction {
  if (after === 'closed') return 'handled';
  return before === 'closed' ? 'unhandled' : 'statusChange';
}

/** An internal note: stored with its author and time, shown in the time line, never mailed. */
export async function addNote(db: Db, id: number, text: string, by: Doer, now: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await findInquiry(trx, id))) throw notFound('Inquiry');
    await insertNote(trx, id, by, text, now.toISOString());
    // The trail says a note was written, never what it says.
    await recordInquiry(trx, 'note', id);
  });
}

/**
 * An account disabled, deleted or given other rights: the inquiries it may no longer see (all,
 * when `mayStillSee` is null) go back to nobody, each with a line in its time line.
 */
export async function unassignAccount(
  db: Db,
  userId: number,
  mayStillSee: ((subject: string) => boolean) | null,
  by: Doer,
): Promise<void> {
  const ids = await unassignInquiries(db, userId, mayStillSee);
  const now = new Date().toISOString();
  for (const id of ids) await insertWorkEvents(db, id, by, now, [{ kind: 'assignee', value: null }]);
}

/** The inquiry's time line, oldest first: received, its mails, what staff did and wrote. */
export async function historyOf(
  db: Db,
  people: InboxPeople,
  inquiry: Inquiry,
  mails: readonly (MailDelivery & { id: number; createdAt: string })[],
  /** The replies among the mails, by their mail's id: their events say what and who. */
  replies: ReadonlyMap<number, Pick<StoredReply, 'subject' | 'byName'>> = new Map(),
): Promise<InquiryEvent[]> {
  const [events, notes] = await Promise.all([workEventsOf(db, inquiry.id), notesOf(db, inquiry.id)]);
  const assigneeIds = events.flatMap((e) => (e.kind === 'assignee' && e.value !== null ? [Number(e.value)] : []));
  const names = await people.namesOf(db, assigneeIds);
  const history: InquiryEvent[] = [{ kind: 'received', at: inquiry.createdAt }];
  for (const mail of mails) {
    const reply = replies.get(mail.id);
    history.push({
      kind: 'mail',
      at: mail.sentAt ?? mail.createdAt,
      mail: mail.kind,
      status: mail.status,
      ...(reply ? { subject: reply.subject, by: reply.byName } : {}),
    });
  }
  for (const e of events) {
    if (e.kind === 'status') history.push({ kind: 'status', at: e.at, by: e.byName, status: e.value as InquiryStatus });
    else if (e.kind === 'assignee')
      history.push({
        kind: 'assignee',
        at: e.at,
        by: e.byName,
        assignee: e.value === null ? null : (names.get(Number(e.value)) ?? '?'),
      });
    else history.push({ kind: 'followUp', at: e.at, by: e.byName, followUpOn: e.value });
  }
  for (const n of notes) history.push({ kind: 'note', at: n.at, by: n.byName, id: n.id, text: n.text });
  // Stable: events of one instant keep the order above.
  return history.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
