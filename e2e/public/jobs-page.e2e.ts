import { beforeAll, describe, expect, it } from 'vitest';
import { useSite } from '../support/harness';
import { hydrated } from '../support/public-pages';

// The jobs page (/jobs): the table filtered as the visitor types, and how to apply.

const site = useSite();
beforeAll(() => site.start());

describe('jobs', () => {
  it('filters the table by title or location as the visitor types, ignoring case, in both languages, the address following', async () => {
    const page = await site.page();
    await page.goto(site.url + '/jobs');
    await hydrated(page);
    const rows = page.locator('main table tbody tr:visible');
    const search = page.getByRole('searchbox', { name: 'Stellenangebote durchsuchen' });
    expect(await rows.allInnerTexts()).toEqual([
      'Blitzschutzmonteur (m/w/d)\tHanau',
      'Junior-Projektleiter Blitzschutz- und Erdungsanlagen (m/w/d)\tHanau',
    ]);
    await search.fill('MONTEUR');
    expect(await rows.allInnerTexts()).toEqual(['Blitzschutzmonteur (m/w/d)\tHanau']);
    await search.fill('hanau');
    expect(await rows.count()).toBe(2);
    await search.fill('Bäcker');
    expect(await rows.allInnerTexts()).toEqual(['Keine passende Stelle gefunden']);
    expect(await page.getByRole('status').filter({ hasText: 'Keine passende Stelle gefunden' }).count()).toBe(1);

    await search.fill('project');
    expect(await rows.allInnerTexts()).toEqual(['Keine passende Stelle gefunden']);
    expect(new URL(page.url()).searchParams.get('q')).toBe('project');
    await page.locator('summary', { hasText: /^Sprache wählen/ }).click();
    await page.getByRole('link', { name: 'ENGLISH', exact: true }).click();
    // Same query, now matched against the English list (the server renders it filtered).
    await page.getByRole('heading', { level: 1, name: 'Careers' }).waitFor();
    await hydrated(page);
    expect(await page.getByRole('searchbox', { name: 'Search vacancies' }).inputValue()).toBe('project');
    expect(await rows.allInnerTexts()).toEqual([
      'Junior project manager for lightning protection and earthing systems (m/f/d)\tHanau',
    ]);
    await page.getByRole('searchbox', { name: 'Search vacancies' }).fill('INSTALLER');
    expect(await rows.allInnerTexts()).toEqual(['Lightning protection installer (m/f/d)\tHanau']);
    await page.getByRole('searchbox', { name: 'Search vacancies' }).fill('xyz');
    expect(await rows.allInnerTexts()).toEqual(['No matching job']);
  });

  it('explains how to apply, with an e-mail link, the contact person and the address', async () => {
    const page = await site.page();
    await page.goto(site.url + '/jobs?lang=en');
    const aside = page.locator('aside');
    expect(await aside.getByRole('heading', { name: 'How to apply' }).count()).toBe(1);
    expect(await aside.locator('a[href="mailto:info@example.com"]').count()).toBeGreaterThan(0);
    expect(await aside.innerText()).toContain('Erika Musterfrau');
    expect(await aside.innerText()).toContain('63450 Hanau');
  });
});
