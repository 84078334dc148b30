import { describe, expect, it } from 'vitest';
import { type CustomPage, customPageSectionKinds, customPageSectionSchema } from '@blitz/contract';
import {
  blankSection,
  moved,
  sectionPayload,
  sectionProblems,
  sectionTexts,
  sectionValues,
  sectionsOf,
  serverSectionProblems,
} from './sections';

const words = (de: string, en: string) => ({ de, en });

/** The sections of the autumn campaign's page, as the API answers them. */
const saved: CustomPage['sections'] = [
  {
    id: 'a1',
    kind: 'text',
    text: {
      de: [
        { type: 'heading', level: 2, content: [{ text: 'Warum prüfen?' }] },
        { type: 'paragraph', content: [{ text: 'Nur ' }, { text: 'intakt', bold: true }, { text: ' schützt sie.' }] },
      ],
      en: [{ type: 'paragraph', content: [{ text: 'Only when ' }, { text: 'intact', italic: true, href: '/Services' }] }],
    },
  },
  {
    id: 'b2',
    kind: 'picture',
    fileId: 7,
    alt: words('', ''),
    caption: words('Fangstange', 'Air terminal'),
    focus: { x: 30, y: 60 },
  },
  {
    id: 'c3',
    kind: 'textPicture',
    text: { de: [{ type: 'list', ordered: true, items: [[{ text: 'eins' }], [{ text: 'zwei' }]] }], en: [] },
    fileId: 8,
    alt: words('Prüfer', 'Inspector'),
    side: 'left',
  },
  { id: 'd4', kind: 'figures', items: [{ value: '1.200', label: words('Anlagen', 'systems') }] },
  { id: 'e5', kind: 'references', heading: words('Beispiele', 'Examples'), categoryId: null, order: 'staff', limit: 3 },
  {
    id: 'f6',
    kind: 'callToAction',
    heading: words('Termin vereinbaren', 'Book an inspection'),
    text: words('', ''),
    button: words('Anfragen', 'Ask us'),
    inquiryType: 'priceInquiry',
  },
  { id: 'g7', kind: 'downloads', heading: words('', ''), fileIds: [3, 4] },
  {
    id: 'h8',
    kind: 'faq',
    heading: words('', ''),
    items: [{ question: words('Wie oft?', 'How often?'), answer: words('Jährlich.', 'Yearly.') }],
  },
];

describe('the sections of the page editor', () => {
  it('holds a saved page’s sections with their texts as markup, and sends them back exactly as read', () => {
    const values = saved.map(sectionValues);
    expect(values[0]).toEqual({
      id: 'a1',
      kind: 'text',
      text: { de: '## Warum prüfen?\n\nNur **intakt** schützt sie.', en: 'Only when [*intact*](/Services)' },
    });
    expect(values[2]).toMatchObject({ text: { de: '1. eins\n2. zwei', en: '' }, focus: undefined });
    expect(values.map(sectionPayload)).toEqual(saved);
    expect(values.map(sectionProblems)).toEqual(values.map(() => ({})));
  });

  it('holds the draft of changes of a live page, not its live values', () => {
    const page = { sections: saved.slice(0, 1), draft: { sections: saved.slice(3, 4) } } as unknown as CustomPage;
    expect(sectionsOf(page).map((s) => s.id)).toEqual(['d4']);
    expect(sectionsOf(undefined)).toEqual([]);
  });

  it('starts every kind of section empty, each with its own id, and says what it still needs', () => {
    const blank = customPageSectionKinds.map((kind) => blankSection(kind, 'application'));
    expect(new Set(blank.map((s) => s.id)).size).toBe(8);
    expect(blank.every((s) => /^[a-z0-9-]{1,40}$/.test(s.id))).toBe(true);
    expect(blank.map((s) => [s.kind, Object.keys(sectionProblems(s)).sort()])).toEqual([
      ['text', []],
      ['picture', ['fileId']],
      ['textPicture', ['fileId']],
      ['figures', ['items.0.label.de', 'items.0.label.en', 'items.0.value']],
      ['references', []],
      ['callToAction', ['button.de', 'button.en', 'heading.de', 'heading.en']],
      ['downloads', ['fileIds']],
      ['faq', ['items.0.answer.de', 'items.0.answer.en', 'items.0.question.de', 'items.0.question.en']],
    ]);
    expect(blank.find((s) => s.kind === 'callToAction')).toMatchObject({ inquiryType: 'application' });
    expect(sectionProblems(blankSection('picture'))['fileId']).toEqual({ key: 'pickPicture' });
    expect(sectionProblems(blankSection('downloads'))['fileIds']).toEqual({ key: 'pickDownloads' });
  });

  it('names the field a text is wrong in: a link the contract refuses, a word too long, too many references', () => {
    const text = { ...blankSection('text'), text: { de: 'Siehe [hier](www.example.de)', en: '[x](javascript:alert(1))' } };
    expect(sectionProblems(text)).toEqual({
      'text.de': { key: 'markup', problems: [{ kind: 'link', href: 'www.example.de', suggestion: 'https://www.example.de' }] },
      'text.en': { key: 'markup', problems: [{ kind: 'link', href: 'javascript:alert(1)', suggestion: undefined }] },
    });
    const references = { ...blankSection('references'), heading: words('x'.repeat(301), ''), limit: 13 };
    expect(sectionProblems(references)).toEqual({
      'heading.de': { key: 'tooLong', max: 300 },
      limit: { key: 'tooLong', max: 12 },
    });
    // What the editor lets pass, the contract takes.
    const picture = { ...blankSection('picture'), fileId: 3 };
    expect(sectionProblems(picture)).toEqual({});
    expect(customPageSectionSchema.safeParse(sectionPayload(picture)).success).toBe(true);
  });

  it('moves a section up or down, the others keeping their order', () => {
    expect(moved(['a', 'b', 'c', 'd'], 2, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moved(['a', 'b', 'c', 'd'], 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moved(['a', 'b', 'c', 'd'], 3, 2)).toEqual(['a', 'b', 'd', 'c']);
  });

  it('puts the server’s refusal of a section at its field, by the section’s place', () => {
    const found = serverSectionProblems([
      { field: 'sections.1.fileId', message: 'no file 7 in the library' },
      { field: 'sections.4.categoryId', message: 'no category 3' },
      { field: 'address', message: 'taken' },
    ]);
    expect([...found]).toEqual([
      [1, { fileId: { key: 'server', message: 'no file 7 in the library' } }],
      [4, { categoryId: { key: 'server', message: 'no category 3' } }],
    ]);
  });

  it('lists every text of the sections by section and field, for a stale save’s comparison', () => {
    const texts = sectionTexts(saved.map(sectionValues));
    expect(texts.get('a1.text.de')).toEqual({
      text: '## Warum prüfen?\n\nNur **intakt** schützt sie.',
      index: 0,
      kind: 'text',
      field: 'text.de',
    });
    expect(texts.get('h8.items.0.answer.en')).toMatchObject({ text: 'Yearly.', index: 7 });
    expect(texts.get('f6.button.de')?.text).toBe('Anfragen');
    expect([...texts.keys()].filter((key) => key.startsWith('b2.'))).toEqual([
      'b2.alt.de',
      'b2.alt.en',
      'b2.caption.de',
      'b2.caption.en',
    ]);
  });
});
