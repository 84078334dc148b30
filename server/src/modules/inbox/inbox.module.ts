import type { SiteModule } from '../registry/site-module';
import { assignmentOutboxHandler } from './assignment-mail';
import { inboxRoutes } from './inbox.routes';
import { inquiryHousekeeping } from './inquiry-housekeeping';
import { replyAttachmentStoredFiles } from './inquiry-replies.repository';
import { replyOutboxHandler } from './inquiry-reply';
import type { InboxPeople } from './inquiry-work';

/**
 * The staff's inbox (decision 046); its clean-up: inquiries past their retention, attachments no
 * inquiry or reply names; the mail telling a colleague an inquiry is theirs; replies to the sender
 * (decision 048), whose files it stores. `people`: the colleagues and their names, handed in by the accounts' domain, which
 * may unassign here and so is not imported by the inbox.
 */
export const inboxModule = (people: InboxPeople): SiteModule => ({
  name: 'inbox',
  routes: async (app) => {
    await app.register(inboxRoutes, { people });
  },
  outboxHandlers: ({ config, attachments, messageIdDomain }) => ({
    assignment: assignmentOutboxHandler(config, people),
    reply: replyOutboxHandler(attachments, config, messageIdDomain),
  }),
  housekeeping: ({ db, attachments, clock }) => [inquiryHousekeeping(db, attachments, clock)],
  storedFiles: [replyAttachmentStoredFiles],
});
