import type { Statistics } from '@blitz/contract';
import { describe, expect, it } from 'vitest';
import { dueSummaryWeek, weeklySummaryMail } from './statistics-summary-mail';

describe('the week a summary is due for', () => {
  it('is the last whole week (Monday to Sunday, Berlin) from Monday 07:00 Berlin time on, in winter time', () => {
    // Monday 2026-01-12: 07:00 in Berlin is 06:00 UTC.
    expect(dueSummaryWeek(new Date('2026-01-12T05:59:59Z'))).toBeUndefined();
    expect(dueSummaryWeek(new Date('2026-01-12T06:00:00Z'))).toEqual({ from: '2026-01-05', to: '2026-01-11' });
    // All week long the same one, up to Sunday midnight in Berlin (23:00 UTC).
    expect(dueSummaryWeek(new Date('2026-01-18T22:59:59Z'))).toEqual({ from: '2026-01-05', to: '2026-01-11' });
    // Monday 00:30 in Berlin is still Sunday in UTC: a new week, not yet due.
    expect(dueSummaryWeek(new Date('2026-01-18T23:30:00Z'))).toBeUndefined();
  });

  it('follows summer time: 07:00 in Berlin is 05:00 UTC, and the week across the change is whole', () => {
    // Summer time began on Sunday 2026-03-29; Monday 2026-03-30 07:00 CEST = 05:00 UTC.
    expect(dueSummaryWeek(new Date('2026-03-30T04:59:59Z'))).toBeUndefined();
    expect(dueSummaryWeek(new Date('2026-03-30T05:00:00Z'))).toEqual({ from: '2026-03-23', to: '2026-03-29' });
    // Winter time came back on Sunday 2026-10-25; Monday 2026-10-26 07:00 CET = 06:00 UTC.
    expect(dueSummaryWeek(new Date('2026-10-26T05:30:00Z'))).toBeUndefined();
    expect(dueSummaryWeek(new Date('2026-10-26T06:00:00Z'))).toEqual({ from: '2026-10-19', to: '2026-10-25' });
    // Across a year's end.
    expect(dueSummaryWeek(new Date('2027-01-04T06:00:00Z'))).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });
});

const zero = { visitors: 0, pageViews: 0, inquiries: 0, applications: 0 };

const week: Statistics = {
  from: '2026-03-23',
  to: '2026-03-29',
  leftOutViews: 0,
  visitorsPerAddress: 50,
  visitors: 1234,
  pageViews: 4321,
  inquiries: 3,
  applications: 1,
  previous: { from: '2026-03-16', to: '2026-03-22', visitors: 1000, pageViews: 5000, inquiries: 0, applications: 1 },
  days: [],
  pages: [
    { path: '/', language: 'de', views: 900, visitors: 700, inquiries: 1, title: [] },
    { path: '/Projects', language: 'en', views: 120, visitors: 80, inquiries: 0, title: [] },
  ],
  sources: [
    { source: 'google.com', campaign: '', visitors: 600, inquiries: 2, applications: 0 },
    { source: 'direct', campaign: '', visitors: 500, inquiries: 1, applications: 1 },
    { source: 'flyer', campaign: 'messe\r\nBcc: someone@example.com', visitors: 34, inquiries: 0, applications: 0 },
  ],
  devices: [],
  types: [],
  viewed: {
    projects: [
      {
        path: '/project/12',
        views: 40,
        title: [
          { language: 2, content: 'Umspannwerk Hanau' },
          { language: 1, content: 'Hanau substation' },
        ],
      },
      { path: '/project/7', views: 9, title: [{ language: 2, content: 'Nur deutsch' }] },
      { path: '/project/99', views: 3, title: [] },
    ],
    jobs: [],
  },
};

const input = {
  statistics: week,
  unanswered: 1234,
  companyName: 'Blitzwerk GmbH',
  dashboardUrl: 'https://www.blitzwerk.de/dashboard',
  from: { name: 'Blitzwerk GmbH Website', address: 'website@blitzwerk.de' },
  to: 'chefin@blitzwerk.de',
};

describe('the weekly summary mail', () => {
  it('in German: the week, its figures against the week before, pages, sources, and projects by title', () => {
    const mail = weeklySummaryMail({ ...input, language: 'de' });
    expect(mail.to).toBe('chefin@blitzwerk.de');
    expect(mail.from).toEqual({ name: 'Blitzwerk GmbH Website', address: 'website@blitzwerk.de' });
    expect(mail.subject).toBe('Website-Statistik 23.–29.03.2026: 1.234 Besucher, 3 Anfragen');
    expect(mail.headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
    const text = String(mail.text);
    expect(text).toContain('in der Woche 23.–29.03.2026 (Montag bis Sonntag)');
    expect(text).toContain('Besucher: 1.234 (Vorwoche 1.000, +23 %)');
    expect(text).toContain('Seitenaufrufe: 4.321 (Vorwoche 5.000, −14 %)');
    // Nothing the week before: no percentage of nothing.
    expect(text).toContain('Anfragen: 3 (Vorwoche 0)');
    expect(text).toContain('Bewerbungen: 1 (Vorwoche 1, ±0 %)');
    expect(text).toContain('Anfragen je 100 Besucher: 0,2');
    // Unanswered now, whatever the week (decision 048).
    expect(text).toContain('Unbeantwortete Anfragen jetzt (seit mehr als zwei Werktagen neu): 1.234');
    expect(text).toContain('- / (de): 900 Aufrufe');
    expect(text).toContain('- google.com: 600 Besucher, 2 Anfragen, 0 Bewerbungen');
    expect(text).toContain('- Direkt (ohne Verweis): 500 Besucher, 1 Anfragen, 1 Bewerbungen');
    // A campaign is free text of a link: it cannot start a line of its own.
    expect(text).toContain('- flyer (Kampagne messe Bcc: someone@example.com): 34 Besucher');
    expect(text).not.toMatch(/^Bcc:/m);
    expect(text).toContain('- Umspannwerk Hanau: 40 Aufrufe');
    expect(text).toContain('- Nur deutsch: 9 Aufrufe');
    // A deleted project: its path.
    expect(text).toContain('- /project/99: 3 Aufrufe');
    expect(text).toMatch(/Meistgesehene Stellenangebote:\n- keine/);
    expect(text).toContain('https://www.blitzwerk.de/dashboard');
  });

  it('in English, titles in English falling back to German; a week without visitors has no rate', () => {
    const mail = weeklySummaryMail({ ...input, language: 'en' });
    // ICU puts thin spaces around the dash of an English range.
    expect(mail.subject).toMatch(/^Website statistics 23\s?–\s?29 Mar 2026: 1,234 visitors, 3 inquiries$/);
    const text = String(mail.text);
    expect(text).toContain('Visitors: 1,234 (week before 1,000, +23 %)');
    expect(text).toContain('Unanswered inquiries now (new for more than two working days): 1,234');
    expect(text).toContain('- Hanau substation: 40 views');
    expect(text).toContain('- Nur deutsch: 9 views');
    expect(text).toContain('- Direct (no referrer): 500 visitors, 1 inquiries, 1 applications');

    const empty = weeklySummaryMail({
      ...input,
      language: 'en',
      unanswered: 0,
      statistics: {
        ...week,
        ...zero,
        previous: { ...week.previous, ...zero },
        pages: [],
        sources: [],
        viewed: { projects: [], jobs: [] },
      },
    });
    expect(String(empty.text)).toContain('Inquiries per 100 visitors: –');
    expect(String(empty.text)).toMatch(/Most read pages:\n- none/);
    expect(String(empty.text)).toContain('Unanswered inquiries now (new for more than two working days): 0');
  });
});
