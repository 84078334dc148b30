import { type SiteLanguage, type Statistics, contentLanguageOf, directSource, pickText } from '@blitz/contract';
import type { MailMessage } from '../../mail/mail-transport';

// The weekly summary mail's texts are not UI texts of the web app: like the inquiry mails they
// live beside the code that builds them, in German and English.

const dayMs = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / dayMs;
const dayOf = (n: number) => new Date(n * dayMs).toISOString().slice(0, 10);

/** The hour (0–23) and the date in Berlin at `now`. */
function berlinClock(now: Date): { date: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

/** The hour of Monday, Berlin time, from which the week before is summed up and mailed. */
export const summaryHour = 7;

/**
 * The week (Monday to Sunday, Berlin dates) whose summary is due at `now`: the last whole week,
 * from Monday 07:00 Berlin time on (summer time or not); undefined on a Monday before then.
 */
export function dueSummaryWeek(now: Date): { from: string; to: string } | undefined {
  const { date, hour } = berlinClock(now);
  const today = dayNumber(date);
  const sinceMonday = (new Date(today * dayMs).getUTCDay() + 6) % 7;
  if (sinceMonday === 0 && hour < summaryHour) return undefined;
  const monday = today - sinceMonday;
  return { from: dayOf(monday - 7), to: dayOf(monday - 1) };
}

/** Anything that could end a line or confuse a reader goes (sources and campaigns are free text of links). */
function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

const texts = {
  de: {
    subject: (range: string, visitors: string, inquiries: string) =>
      `Website-Statistik ${range}: ${visitors} Besucher, ${inquiries} Anfragen`,
    greeting: 'Guten Morgen,',
    intro: (company: string, range: string) => `so lief die Website von ${company} in der Woche ${range} (Montag bis Sonntag):`,
    visitors: 'Besucher',
    pageViews: 'Seitenaufrufe',
    inquiries: 'Anfragen',
    applications: 'Bewerbungen',
    perHundred: 'Anfragen je 100 Besucher',
    unanswered: (n: string) => `Unbeantwortete Anfragen jetzt (seit mehr als zwei Werktagen neu): ${n}`,
    weekBefore: 'Vorwoche',
    pages: 'Meistgelesene Seiten',
    sources: 'Woher die Besucher kamen',
    projects: 'Meistgesehene Referenzprojekte',
    jobs: 'Meistgesehene Stellenangebote',
    views: (n: string) => `${n} Aufrufe`,
    sourceLine: (visitors: string, inquiries: string, applications: string) =>
      `${visitors} Besucher, ${inquiries} Anfragen, ${applications} Bewerbungen`,
    direct: 'Direkt (ohne Verweis)',
    campaign: 'Kampagne',
    none: 'keine',
    more: (url: string) => `Alle Zahlen und andere Zeiträume: ${url} (Reiter „Statistik“).`,
    why: 'Sie erhalten diese Mail, weil Sie die Wochenübersicht im Dashboard bestellt haben; dort bestellen Sie sie auch ab.',
    privacy: 'Gezählt ohne Cookies und ohne Skript; ein Besucher zählt einmal am Tag.',
  },
  en: {
    subject: (range: string, visitors: string, inquiries: string) =>
      `Website statistics ${range}: ${visitors} visitors, ${inquiries} inquiries`,
    greeting: 'Good morning,',
    intro: (company: string, range: string) =>
      `this is how the website of ${company} did in the week ${range} (Monday to Sunday):`,
    visitors: 'Visitors',
    pageViews: 'Page views',
    inquiries: 'Inquiries',
    applications: 'Applications',
    perHundred: 'Inquiries per 100 visitors',
    unanswered: (n: string) => `Unanswered inquiries now (new for more than two working days): ${n}`,
    weekBefore: 'week before',
    pages: 'Most read pages',
    sources: 'Where visitors came from',
    projects: 'Most viewed reference projects',
    jobs: 'Most viewed job openings',
    views: (n: string) => `${n} views`,
    sourceLine: (visitors: string, inquiries: string, applications: string) =>
      `${visitors} visitors, ${inquiries} inquiries, ${applications} applications`,
    direct: 'Direct (no referrer)',
    campaign: 'campaign',
    none: 'none',
    more: (url: string) => `Every figure and other periods: ${url} ("Statistics" tab).`,
    why: 'You receive this mail because you asked for the weekly summary in the dashboard; you can stop it there.',
    privacy: 'Counted without cookies or scripts; a visitor counts once a day.',
  },
} satisfies Record<SiteLanguage, unknown>;

/** How many entries each list of the mail names. */
const listed = 5;

export type SummaryMailInput = {
  language: SiteLanguage;
  /** The week's statistics, with the week before as `previous`. */
  statistics: Statistics;
  /** How many inquiries are unanswered when the mail is made (decision 048). */
  unanswered: number;
  companyName: string;
  dashboardUrl: string;
  from: { name: string; address: string };
  to: string;
};

/**
 * The weekly summary to an admin who asked for it: the week's totals against the week before,
 * the most read pages, the sources with their inquiries, and the projects and jobs most viewed
 * by title. Plain text: what it quotes (sources, campaigns) is free text anyone can put in a link.
 */
export function weeklySummaryMail(input: SummaryMailInput): MailMessage {
  const { language: lang, statistics: s } = input;
  const t = texts[lang];
  const locale = lang === 'de' ? 'de-DE' : 'en-GB';
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  const range = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(
    new Date(`${s.from}T00:00:00Z`),
    new Date(`${s.to}T00:00:00Z`),
  );
  const change = (now: number, before: number) => {
    if (before === 0) return `${t.weekBefore} ${number(before)}`;
    const percent = Math.round(((now - before) / before) * 100);
    return `${t.weekBefore} ${number(before)}, ${percent > 0 ? '+' : percent < 0 ? '−' : '±'}${number(Math.abs(percent))} %`;
  };
  const figure = (label: string, now: number, before: number) => `${label}: ${number(now)} (${change(now, before)})`;
  const perHundred =
    s.visitors > 0
      ? new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Math.round((s.inquiries / s.visitors) * 1000) / 10)
      : '–';
  const list = (heading: string, lines: string[]) => [
    '',
    `${heading}:`,
    ...(lines.length ? lines.slice(0, listed).map((line) => `- ${line}`) : [`- ${t.none}`]),
  ];
  const titled = (row: { path: string; views: number; title: Statistics['viewed']['projects'][number]['title'] }) =>
    `${oneLine(pickText(row.title, contentLanguageOf(lang)) || row.path)}: ${t.views(number(row.views))}`;
  const text = [
    t.greeting,
    '',
    t.intro(oneLine(input.companyName), range),
    '',
    figure(t.visitors, s.visitors, s.previous.visitors),
    figure(t.pageViews, s.pageViews, s.previous.pageViews),
    figure(t.inquiries, s.inquiries, s.previous.inquiries),
    figure(t.applications, s.applications, s.previous.applications),
    `${t.perHundred}: ${perHundred}`,
    t.unanswered(number(input.unanswered)),
    ...list(
      t.pages,
      s.pages.map((p) => `${oneLine(p.path)} (${p.language}): ${t.views(number(p.views))}`),
    ),
    ...list(
      t.sources,
      s.sources.map((x) => {
        const name = x.source === directSource ? t.direct : oneLine(x.source);
        const campaign = x.campaign ? ` (${t.campaign} ${oneLine(x.campaign)})` : '';
        return `${name}${campaign}: ${t.sourceLine(number(x.visitors), number(x.inquiries), number(x.applications))}`;
      }),
    ),
    ...list(t.projects, s.viewed.projects.map(titled)),
    ...list(t.jobs, s.viewed.jobs.map(titled)),
    '',
    t.more(input.dashboardUrl),
    '',
    t.privacy,
    t.why,
  ].join('\n');
  return {
    from: input.from,
    to: input.to,
    subject: t.subject(range, number(s.visitors), number(s.inquiries)),
    text,
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
