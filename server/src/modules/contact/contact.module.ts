import type { SiteModule } from '../registry/site-module';
import { contactRoutes } from './contact.routes';
import { deleteExpiredFormTokens } from './form-tokens.repository';
import { attachmentStoredFiles } from './inquiries.repository';
import { inquiryOutboxHandlers } from './inquiry-mails';

/** The public intake (decision 046): the contact form, its attachments and the inquiry and confirmation mails. */
export const contactModule: SiteModule = {
  name: 'contact',
  routes: contactRoutes,
  outboxHandlers: ({ attachments, config }) => inquiryOutboxHandlers(attachments, config),
  housekeeping: ({ db }) => [
    { name: 'form-tokens', run: async () => ({ expired: await deleteExpiredFormTokens(db, new Date()) }) },
  ],
  storedFiles: [attachmentStoredFiles],
};
