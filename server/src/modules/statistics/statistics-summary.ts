import { type SiteLanguage, type StatisticsSummary, type StatisticsSummaryInput, isSiteLanguage, pages } from '@blitz/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { OutboxHandler } from '../../mail/outbox';
import type { HousekeepingTask } from '../housekeeping/housekeeping';
import { publicOriginOf } from '../site-address/public-origin';
import { getCompanyDetails } from '../company/company-details.service';
import { companyUnansweredCutoff } from '../company/company-working-days';
import { countInquiries } from '../contact/inquiries.repository';
import { getMailSettings, senderAddress } from '../mail-settings/mail-settings.service';
import { dueSummaryWeek, weeklySummaryMail } from './statistics-summary-mail';
import {
  claimWeekAndQueue,
  deleteOldSummaryMails,
  findSummaryMail,
  findSummaryRecipient,
  lastSummarySentAt,
  saveSummaryRecipient,
} from './statistics-summary.repository';
import { statisticsOf } from './statistics.service';

/** `mailServer`: whether a mail server is set (SMTP_URL); without one no summary is queued. */
export type SummaryDeps = { db: Db; mailServer: boolean };

const languageOf = (stored: string | undefined): SiteLanguage => (isSiteLanguage(stored) ? stored : 'de');

/** The signed-in admin's weekly summary mail, as the statistics tab shows it. */
export async function summaryOf(deps: SummaryDeps, userId: number): Promise<StatisticsSummary> {
  const recipient = await findSummaryRecipient(deps.db, userId);
  return {
    enabled: recipient?.enabled ?? false,
    address: recipient?.address ?? null,
    language: languageOf(recipient?.language),
    lastSentAt: await lastSummarySentAt(deps.db, userId),
    mailServer: deps.mailServer,
  };
}

export async function saveSummary(deps: SummaryDeps, userId: number, input: StatisticsSummaryInput): Promise<StatisticsSummary> {
  await saveSummaryRecipient(deps.db, userId, input, new Date().toISOString());
  return summaryOf(deps, userId);
}

/** Summary mails are kept this long (with their outbox rows), then deleted in housekeeping. */
const keptMs = 366 * 86_400_000;

/**
 * The weekly summary in the hourly housekeeping round (one instance at a time): from Monday
 * 07:00 Berlin time the last week's mails are queued, once per week whatever the number of
 * instances (the week is claimed in the database with them), and the outbox is told. Without a
 * mail server nothing is queued or claimed: the summaries would only be written to the log.
 */
export function statisticsSummaryTask(deps: SummaryDeps & { kick: () => void }, now = () => new Date()): HousekeepingTask {
  return {
    name: 'statistics-summary',
    run: async (): Promise<Record<string, number>> => {
      const at = now();
      const old = await deleteOldSummaryMails(deps.db, new Date(at.getTime() - keptMs).toISOString());
      const week = dueSummaryWeek(at);
      if (!deps.mailServer || !week) return { old };
      const queued = await claimWeekAndQueue(deps.db, week.from, at.toISOString());
      if (queued > 0) deps.kick();
      return { queued, old };
    },
  };
}

const dayMs = 86_400_000;
const sundayOf = (monday: string) => new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * dayMs).toISOString().slice(0, 10);

/**
 * What the outbox sends for a queued summary: the week's figures as they are when it is sent, and
 * how many inquiries are unanswered then (decision 048; every type: only admins order the summary).
 */
export function statisticsSummaryOutboxHandler(
  config: Pick<Config, 'siteUrl' | 'mailFrom' | 'contactToBySubject'>,
  now = () => new Date(),
): OutboxHandler {
  return {
    async render(db, entry) {
      const mail = await findSummaryMail(db, entry.id);
      if (!mail) return undefined;
      const { settings: company } = await getCompanyDetails(db);
      const mailSettings = await getMailSettings(db, config);
      return weeklySummaryMail({
        language: languageOf(mail.language),
        statistics: await statisticsOf(db, { From: mail.week, To: sundayOf(mail.week) }),
        unanswered: await countInquiries(db, { spam: false, unansweredBefore: await companyUnansweredCutoff(db, now()) }),
        companyName: company.name,
        // On the site's public address now: SITE_URL, else the website staff saved.
        dashboardUrl: new URL(pages.dashboard.path, publicOriginOf(config.siteUrl, company.website).origin).href,
        from: { name: `${company.name} Website`, address: senderAddress(mailSettings, config.mailFrom) },
        to: mail.address,
      });
    },
  };
}
