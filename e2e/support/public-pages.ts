import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The public pages of this feature (the gallery and project pages have their own tests). */
export const publicPages = [
  { path: '/', h1: { de: 'Wir leiten Blitze sicher in die Erde.', en: 'We guide lightning safely to earth.' } },
  { path: '/Services', h1: { de: 'Leistungen', en: 'Services' } },
  { path: '/Blitzschutz', h1: { de: 'Blitzschutz – häufige Fragen', en: 'Lightning protection – frequently asked questions' } },
  { path: '/aboutus', h1: { de: 'Über uns', en: 'About us' } },
  { path: '/contactus', h1: { de: 'Kontakt', en: 'Contact' } },
  { path: '/jobs', h1: { de: 'Karriere', en: 'Careers' } },
  { path: '/impressum', h1: { de: 'Impressum und Datenschutz', en: 'Imprint and privacy policy' } },
] as const;

export const withLang = (path: string, lang: 'de' | 'en') => (lang === 'en' ? `${path}?lang=en` : path);

/**
 * Resolves once the page's island script has run (web/src/islands/main.ts marks the window), so
 * that a test does not check behaviour the script adds before it is there.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as Window & { __islands?: boolean }).__islands === true);
}

/** Focuses into the footer form and resolves once its island (React) has taken it over. */
export async function contactFormHydrated(page: Page): Promise<void> {
  await page.locator('#contact-form select[name=subject]').focus();
  await page.locator('#contact-form[data-hydrated]').waitFor();
}

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string; help: string; nodes: { target: string[]; failureSummary: string }[] };

/** Runs axe-core in the page (all its default rules, WCAG 2.2 A/AA and best practices) and returns the violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: the page's Content-Security-Policy rightly refuses inline scripts.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** A readable summary of violations for an assertion message. */
export const describeViolations = (violations: AxeViolation[]) =>
  violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`)
    .join('\n');
