import crypto from 'node:crypto';
import type { Config } from '../../config';
import { type Db, nowIso } from '../../db/database';
import type { OutboxHandler } from '../../mail/outbox';
import { queueMail } from '../../mail/outbox.repository';
import { getCompanyDetails } from '../company/company-details.service';
import { getMailSettings, senderAddress } from '../mail-settings/mail-settings.service';
import { publicOriginOf } from '../site-address/public-origin';
import { findInvitationMail, putMailedInvitation, queueInvitationMail } from './accounts.repository';
import { hashInvitationToken, invitationUrl } from './invitation-token';

/**
 * Queues the invitation mail of an account that has an e-mail address, where a mail server is set
 * (in the transaction that made the invitation). The mail's link is made when it is sent: no
 * link is ever stored, only hashes. True if queued.
 */
export function invitationMailer(mailServer: boolean) {
  return async (db: Db, userId: number, email: string | null, origin: string): Promise<boolean> => {
    if (!mailServer || !email) return false;
    await queueInvitationMail(db, userId, await queueMail(db, 'invitation', nowIso()), origin);
    return true;
  };
}

const berlinTime = (at: string, locale: string) =>
  new Date(at).toLocaleString(locale, { timeZone: 'Europe/Berlin', dateStyle: 'long', timeStyle: 'short' });

/** What the outbox sends for a queued invitation: German and English in one mail (the invitee's language is not known). */
export function invitationOutboxHandler(config: Pick<Config, 'siteUrl' | 'mailFrom' | 'contactToBySubject'>): OutboxHandler {
  return {
    async render(db, entry) {
      const mail = await findInvitationMail(db, entry.id);
      if (!mail?.email) return undefined;
      const token = crypto.randomBytes(32).toString('base64url');
      const expiresAt = await putMailedInvitation(db, mail.id, hashInvitationToken(token));
      // Used, revoked or expired meanwhile: nothing to send.
      if (!expiresAt) return undefined;
      const { settings: company } = await getCompanyDetails(db);
      const mailSettings = await getMailSettings(db, config);
      // The address the admin invited from, as the link the dashboard showed (issue 40).
      const url = invitationUrl(mail.origin ?? publicOriginOf(config.siteUrl, company.website).origin, token);
      const text = [
        `Guten Tag,`,
        ``,
        `Sie wurden zum Dashboard der Website von ${company.name} eingeladen (Name: ${mail.username}).`,
        `Wählen Sie über diesen Link Ihr eigenes Passwort; er gilt einmal, bis ${berlinTime(expiresAt, 'de-DE')} Uhr:`,
        ``,
        url,
        ``,
        `---`,
        ``,
        `Hello,`,
        ``,
        `You have been invited to the dashboard of ${company.name}'s website (name: ${mail.username}).`,
        `Choose your own password with this link; it works once, until ${berlinTime(expiresAt, 'en-GB')} (Berlin time):`,
        ``,
        url,
        ``,
      ].join('\n');
      return {
        from: { name: `${company.name} Website`, address: senderAddress(mailSettings, config.mailFrom) },
        to: mail.email,
        subject: `Einladung zum Dashboard / Invitation to the dashboard – ${company.name}`,
        text,
      };
    },
  };
}
