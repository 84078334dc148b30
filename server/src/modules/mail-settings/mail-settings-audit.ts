import type { ChangeEntry } from '../audit/audit.recorder';
import { documentChanges } from '../audit/item-changes';

type MailDocument = { recipients: Record<string, string[]>; sender: string; replyTo: string };

/** The mail settings' change: each inquiry type's recipients, the sender and Reply-To, before → after. */
export function mailSettingsEntry(before: MailDocument | undefined, after: MailDocument): ChangeEntry {
  const flat = (m: MailDocument | undefined) =>
    m && {
      ...Object.fromEntries(Object.entries(m.recipients).map(([subject, list]) => [`recipients.${subject}`, list.join(', ')])),
      sender: m.sender,
      replyTo: m.replyTo,
    };
  return {
    action: 'update',
    kind: 'mailSettings',
    id: null,
    title: 'Mail settings',
    changes: documentChanges(flat(before), flat(after)!),
  };
}
