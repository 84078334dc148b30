import { pages } from '@blitz/contract';
import type { Config } from '../../config';
import type { OutboxHandler } from '../../mail/outbox';
import { getCompanyDetails } from '../company/company-details.service';
import { findInquiry } from '../contact/inquiries.repository';
import { inquiryOfMail } from '../contact/inquiry-mails.repository';
import { getMailSettings, senderAddress } from '../mail-settings/mail-settings.service';
import { publicOriginOf } from '../site-address/public-origin';
import { findAssignmentMail } from './assignment-mails.repository';
import type { InboxPeople } from './inquiry-work';

/**
 * The mail telling a colleague an inquiry was given to them (issue 42): its reference and a link
 * to it in the dashboard, never its content (who wrote, what, how to reach them), which stays
 * behind the sign-in. German and English in one mail: an account has no language. Rendered when
 * sent: a mail whose colleague is no longer the assignee (given to someone else, taken back,
 * the account disabled) or has no address is not sent.
 */
export function assignmentOutboxHandler(
  config: Pick<Config, 'siteUrl' | 'mailFrom' | 'contactToBySubject'>,
  people: Pick<InboxPeople, 'mailAddressOf'>,
): OutboxHandler {
  return {
    async render(db, entry) {
      const [mail, inquiryId] = await Promise.all([findAssignmentMail(db, entry.id), inquiryOfMail(db, entry.id)]);
      const inquiry = inquiryId === undefined ? undefined : await findInquiry(db, inquiryId);
      if (!mail || !inquiry || inquiry.assigneeId !== mail.userId) return undefined;
      const colleague = await people.mailAddressOf(db, mail.userId);
      if (!colleague?.email) return undefined;
      const { settings: company } = await getCompanyDetails(db);
      const mailSettings = await getMailSettings(db, config);
      const link = new URL(pages.dashboard.path, publicOriginOf(config.siteUrl, company.website).origin);
      link.search = new URLSearchParams({ tab: 'inquiries', item: String(inquiry.id) }).toString();
      const text = [
        `Guten Tag ${colleague.name},`,
        ``,
        `${mail.byName} hat Ihnen die Anfrage ${inquiry.reference} zugewiesen. Sie finden sie im Dashboard:`,
        ``,
        link.href,
        ``,
        `---`,
        ``,
        `Hello ${colleague.name},`,
        ``,
        `${mail.byName} has assigned inquiry ${inquiry.reference} to you. You find it in the dashboard:`,
        ``,
        link.href,
        ``,
      ].join('\n');
      return {
        from: { name: `${company.name} Website`, address: senderAddress(mailSettings, config.mailFrom) },
        to: colleague.email,
        subject: `Anfrage ${inquiry.reference} zugewiesen / Inquiry ${inquiry.reference} assigned to you`,
        text,
        headers: { 'X-Inquiry-Reference': inquiry.reference, 'Auto-Submitted': 'auto-generated' },
      };
    },
  };
}
