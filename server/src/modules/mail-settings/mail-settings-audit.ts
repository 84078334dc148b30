import type { ChangeEntry } from '../audit/audit.recorder';
import { documentChanges } from '../audit/item-changes';

type MailDocument = { recipients: Record<string, string[]>; sender: string; replyTo: string; notificationLanguage?: string };

/** The mail settings' change: each inquiry type's recipients, the sender, Reply-To and the notification's language, before → after. */
export function mailSettingsEntry(before: MailDocument | undefined, after: MailDocument): ChangeEntry {
  const flat = (m: MailDocument | undefined) =>
    m && {
      ...Object.fromEntries(Object.entries(m.recipients).map(([subject, list]) => [`recipients.${subject}`, list.join(', ')])),
      sender: m.sender,
      replyTo: m.replyTo,
      // Absent is German: saving the same settings with the language spelled out is no change.
      notificationLanguage: m.notificationLanguage ?? 'de',
    };
  return {
    action: 'update',
    kind: 'mailSettings',
    id: null,
    title: 'Mail settings',
    changes: documentChanges(flat(before), flat(after)!),
  };
}
