import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ContentLanguage } from '@blitz/contract';
import { customPageSearchResult, jobSearchResult, projectSearchResult } from './search-entry';

/** The title templates, as the shipped German texts have them. */
const t = ((key: string, values: Record<string, string>) =>
  key === 'meta.projectDetail.titleWithProject'
    ? `${values['projectTitle']} – Referenz | Musterblitz`
    : key === 'meta.customPage.titleWithPage'
      ? `${values['pageTitle']} | Musterblitz`
      : `${values['jobTitle']} – Stellenangebot | Musterblitz`) as unknown as TFunction<'common'>;

const de = (content: string) => ({ content, language: ContentLanguage.German });
const en = (content: string) => ({ content, language: ContentLanguage.English });

const project = {
  title: [de('Umspannwerk Nord'), en('Substation north')],
  content: [de('Äußerer Blitzschutz mit Fangstangen.')],
  scopeOfWorks: [en('Earthing')],
  location: 'Hanau',
  searchTitle: [],
  searchDescription: [],
};

describe('a page’s search result', () => {
  it('of a project without an entry is made from its texts, as before', () => {
    expect(projectSearchResult(project, ContentLanguage.German, t)).toEqual({
      title: 'Umspannwerk Nord – Referenz | Musterblitz',
      description: 'Äußerer Blitzschutz mit Fangstangen.',
      ogTitle: 'Umspannwerk Nord',
    });
    // English: the description falls back to the other language's content before the scope, as the page did.
    expect(projectSearchResult(project, ContentLanguage.English, t).description).toBe('Äußerer Blitzschutz mit Fangstangen.');
    expect(
      projectSearchResult({ ...project, title: [], content: [], scopeOfWorks: [] }, ContentLanguage.German, t),
    ).toMatchObject({
      title: 'Hanau – Referenz | Musterblitz',
      description: 'Hanau',
    });
  });

  it('of a project takes the entry of its own language alone, title and description each on its own', () => {
    const entered = {
      ...project,
      searchTitle: [de('  Blitzschutz Umspannwerk Hanau  ')],
      searchDescription: [en('Air terminals.')],
    };
    expect(projectSearchResult(entered, ContentLanguage.German, t)).toEqual({
      title: 'Blitzschutz Umspannwerk Hanau',
      description: 'Äußerer Blitzschutz mit Fangstangen.',
      ogTitle: 'Blitzschutz Umspannwerk Hanau',
    });
    expect(projectSearchResult(entered, ContentLanguage.English, t)).toEqual({
      title: 'Substation north – Referenz | Musterblitz',
      description: 'Air terminals.',
      ogTitle: 'Substation north',
    });
  });

  it('of a job is made from its title, place and tasks unless an entry says otherwise', () => {
    const job = {
      title: [de('Monteur (m/w/d)')],
      location: 'Hanau',
      tasks: [de('Montage\nMessungen')],
      searchTitle: [],
      searchDescription: [],
    };
    expect(jobSearchResult(job, ContentLanguage.German, t)).toEqual({
      title: 'Monteur (m/w/d) – Stellenangebot | Musterblitz',
      description: 'Monteur (m/w/d), Hanau. Montage Messungen',
      ogTitle: 'Monteur (m/w/d)',
    });
    const entered = {
      ...job,
      searchTitle: [de('Monteur gesucht')],
      searchDescription: [de('Jetzt bewerben.'), en('Apply now.')],
    };
    expect(jobSearchResult(entered, ContentLanguage.German, t)).toEqual({
      title: 'Monteur gesucht',
      description: 'Jetzt bewerben.',
      ogTitle: 'Monteur gesucht',
    });
    expect(jobSearchResult(entered, ContentLanguage.English, t).title).toBe('Monteur (m/w/d) – Stellenangebot | Musterblitz');
  });

  it('of a page staff added is its title with the company and the words of its first text, unless an entry says otherwise', () => {
    const page = {
      title: { de: 'Wiederkehrende Prüfung', en: 'Periodic inspection' },
      sections: [
        { id: 'a', kind: 'figures' as const, items: [{ value: '12', label: { de: 'Jahre', en: 'years' } }] },
        {
          id: 'b',
          kind: 'text' as const,
          text: {
            de: [
              { type: 'heading' as const, level: 2 as const, content: [{ text: 'Warum?' }] },
              {
                type: 'paragraph' as const,
                content: [{ text: 'Eine Anlage schützt nur, ' }, { text: 'solange sie intakt ist.', bold: true }],
              },
            ],
            en: [],
          },
        },
      ],
      searchTitle: [],
      searchDescription: [],
    };
    expect(customPageSearchResult(page, ContentLanguage.German, t)).toEqual({
      title: 'Wiederkehrende Prüfung | Musterblitz',
      description: 'Warum? Eine Anlage schützt nur, solange sie intakt ist.',
      ogTitle: 'Wiederkehrende Prüfung',
    });
    // No English text: the English title stands for the description, never the German words.
    expect(customPageSearchResult(page, ContentLanguage.English, t).description).toBe('Periodic inspection');
    expect(
      customPageSearchResult(
        { ...page, searchTitle: [de('Blitzschutz prüfen lassen')], searchDescription: [de('Termin im Herbst.')] },
        ContentLanguage.German,
        t,
      ),
    ).toEqual({ title: 'Blitzschutz prüfen lassen', description: 'Termin im Herbst.', ogTitle: 'Blitzschutz prüfen lassen' });
  });
});
