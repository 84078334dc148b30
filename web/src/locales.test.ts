import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { companyInterpolation } from '@blitz/contract';

const dir = path.join(import.meta.dirname, 'locales');
const read = (lang: string, file: string) => JSON.parse(fs.readFileSync(path.join(dir, lang, file), 'utf8')) as unknown;

/** Every key path of a JSON value, array positions included ("faq.0.items.3"). */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(texts);
}

const files = fs.readdirSync(path.join(dir, 'de')).filter((f) => f.endsWith('.json'));

/** Values a page passes to one of its texts, besides the company's details. */
// ceoTitle: the managing directors' title, singular or plural, which the server render passes;
// applicationsEmail: the recipient of applications in the mail settings, which the jobs page passes.
const passedByPage: Record<string, string[]> = {
  'aboutus.json': ['name', 'position'],
  'ImprintPage.json': ['ceoTitle'],
  'JobsPage.json': ['applicationsEmail'],
};

describe('locale files', () => {
  it('exist in German and English for the same namespaces', () => {
    expect(
      fs
        .readdirSync(path.join(dir, 'en'))
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual([...files].sort());
  });

  for (const file of files) {
    it(`${file}: German and English have the same keys and the same placeholders`, () => {
      const de = read('de', file);
      const en = read('en', file);
      expect(keyPaths(en).sort()).toEqual(keyPaths(de).sort());
      const placeholders = (value: unknown) =>
        texts(value)
          .flatMap((t) => [...t.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!))
          .sort();
      expect(placeholders(en)).toEqual(placeholders(de));
    });

    it(`${file}: uses only placeholders that exist, and has no empty text`, () => {
      for (const lang of ['de', 'en']) {
        for (const text of texts(read(lang, file))) {
          expect(text.trim(), `${lang}/${file}`).not.toBe('');
          for (const [, name] of text.matchAll(/\{\{(\w+)\}\}/g)) {
            // Company data, the year, and values the code passes (count, job, projectTitle, fields,
            // the About page's person…).
            const passed = ['year', 'count', 'job', 'projectTitle', ...(passedByPage[file] ?? [])];
            const known = name! in companyInterpolation || passed.includes(name!);
            if (
              [
                'homepage.json',
                'servicespage.json',
                'BlitzSchutz.json',
                'ImprintPage.json',
                'aboutus.json',
                'kontactus.json',
                'JobsPage.json',
              ].includes(file)
            ) {
              expect(known, `${lang}/${file}: {{${name}}}`).toBe(true);
            }
          }
        }
      }
    });
  }

  it('the FAQ has four questions, the first with a list of seven points', () => {
    for (const lang of ['de', 'en']) {
      const faq = (read(lang, 'BlitzSchutz.json') as { faq: { items?: string[] }[] }).faq;
      expect(faq).toHaveLength(4);
      expect(faq[0]!.items).toHaveLength(7);
    }
  });

  it('the services have 6, 8 and 8 points on the services page and on the home page', () => {
    for (const lang of ['de', 'en']) {
      const page = read(lang, 'servicespage.json') as Record<string, { bullets: string[] }>;
      const home = (read(lang, 'homepage.json') as { services: Record<string, { bullets: string[] }> }).services;
      for (const source of [page, home]) {
        expect([
          source['planning']!.bullets.length,
          source['installation']!.bullets.length,
          source['maintenance']!.bullets.length,
        ]).toEqual([6, 8, 8]);
      }
    }
  });
});
