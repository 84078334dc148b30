import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RichRun, type RichText, customPageLimits, richTextSchema } from '@blitz/contract';
import { markupProblems, markupToRichText, richTextToMarkup } from './rich-text-markup';

const campaign: RichText = [
  { type: 'heading', level: 2, content: [{ text: 'Warum prüfen?' }] },
  {
    type: 'paragraph',
    content: [
      { text: 'Eine Anlage schützt nur, ' },
      { text: 'solange sie intakt ist', bold: true },
      { text: '. Mehr dazu in den ' },
      { text: 'Leistungen', href: '/Services' },
      { text: '.' },
    ],
  },
  { type: 'list', ordered: false, items: [[{ text: 'Sichtprüfung' }], [{ text: 'Messung', italic: true }]] },
  { type: 'heading', level: 3, content: [{ text: 'Fristen' }] },
  {
    type: 'list',
    ordered: true,
    items: [[{ text: 'jährlich' }], [{ text: 'alle ' }, { text: '2 Jahre', bold: true, italic: true }]],
  },
];

const campaignMarkup = [
  '## Warum prüfen?',
  '',
  'Eine Anlage schützt nur, **solange sie intakt ist**. Mehr dazu in den [Leistungen](/Services).',
  '',
  '- Sichtprüfung',
  '- *Messung*',
  '',
  '### Fristen',
  '',
  '1. jährlich',
  '2. alle ***2 Jahre***',
].join('\n');

describe('the page text markup', () => {
  it('writes headings, paragraphs, lists, emphasis and links as staff read them, and reads them back', () => {
    expect(richTextToMarkup(campaign)).toBe(campaignMarkup);
    expect(markupToRichText(campaignMarkup)).toEqual(campaign);
  });

  it('reads what staff type the way they are used to from Markdown', () => {
    expect(
      markupToRichText('# Titel\nerste Zeile\nzweite Zeile\n* eins\n+ zwei\n3) drei\n\n#### klein\n-  mit *Abstand*  '),
    ).toEqual([
      { type: 'heading', level: 2, content: [{ text: 'Titel' }] },
      { type: 'paragraph', content: [{ text: 'erste Zeile\nzweite Zeile' }] },
      { type: 'list', ordered: false, items: [[{ text: 'eins' }], [{ text: 'zwei' }]] },
      { type: 'list', ordered: true, items: [[{ text: 'drei' }]] },
      { type: 'heading', level: 3, content: [{ text: 'klein' }] },
      { type: 'list', ordered: false, items: [[{ text: 'mit ' }, { text: 'Abstand', italic: true }]] },
    ]);
  });

  it('keeps an item going over indented lines, and a blank line ends a list', () => {
    const text = markupToRichText('- erster Punkt\n  geht weiter\n- zweiter\n\n- neue Liste');
    expect(text).toEqual([
      { type: 'list', ordered: false, items: [[{ text: 'erster Punkt\ngeht weiter' }], [{ text: 'zweiter' }]] },
      { type: 'list', ordered: false, items: [[{ text: 'neue Liste' }]] },
    ]);
    expect(richTextToMarkup(text)).toBe('- erster Punkt\n  geht weiter\n- zweiter\n\n- neue Liste');
  });

  it('keeps markup-like text typed by staff as text: HTML, lone stars, brackets, escaped characters', () => {
    expect(markupToRichText('<b>fett</b> & <script>alert(1)</script>')).toEqual([
      { type: 'paragraph', content: [{ text: '<b>fett</b> & <script>alert(1)</script>' }] },
    ]);
    // A star opens before a word and closes after one: these are no emphasis.
    expect(markupToRichText('Preis* ab 5 * 3 € [Hinweis] und ** allein, *nicht zu*.')).toEqual([
      {
        type: 'paragraph',
        content: [{ text: 'Preis* ab 5 * 3 € [Hinweis] und ** allein, ' }, { text: 'nicht zu', italic: true }, { text: '.' }],
      },
    ]);
    expect(markupToRichText('\\*kein Stern\\* \\[kein](Link) \\## \\\\')).toEqual([
      { type: 'paragraph', content: [{ text: '*kein Stern* [kein](Link) ## \\' }] },
    ]);
    // Text full of markup characters is written so that it reads back as the same text.
    const tricky: RichText = [
      { type: 'paragraph', content: [{ text: '## keine Überschrift\n- kein Punkt\n1. keine Zahl\n**[x](y)** \\* # -' }] },
      { type: 'heading', level: 3, content: [{ text: '* Stern [in] Klammern' }] },
    ];
    expect(markupToRichText(richTextToMarkup(tricky))).toEqual(tricky);
  });

  it('links words to an address with balanced parentheses, emphasis inside and around the link; a bracket that is no link stays', () => {
    const wiki = 'https://de.wikipedia.org/wiki/Blitz_(Physik)';
    const text = markupToRichText(`Siehe [**DIN** EN 62305](${wiki}) oder **bei [uns](/Services)** [Anhang] (S. 2)`);
    expect(text).toEqual([
      {
        type: 'paragraph',
        content: [
          { text: 'Siehe ' },
          { text: 'DIN', bold: true, href: wiki },
          { text: ' EN 62305', href: wiki },
          { text: ' oder ' },
          { text: 'bei ', bold: true },
          { text: 'uns', bold: true, href: '/Services' },
          { text: ' [Anhang] (S. 2)' },
        ],
      },
    ]);
    expect(richTextToMarkup(text)).toBe(`Siehe [**DIN** EN 62305](${wiki}) oder **bei [uns](/Services)** \\[Anhang\\] (S. 2)`);
    const unbalanced: RichText = [{ type: 'paragraph', content: [{ text: 'x', href: 'https://example.de/a)b\\c' }] }];
    expect(richTextToMarkup(unbalanced)).toBe('[x](https://example.de/a\\)b\\\\c)');
    expect(markupToRichText(richTextToMarkup(unbalanced))).toEqual(unbalanced);
  });

  it('cuts a text longer than a run may be into runs of the same setting, and joins them again when written', () => {
    const long = 'a'.repeat(customPageLimits.runLength + 10);
    const text = markupToRichText(`**${long}**`);
    expect(text).toEqual([
      {
        type: 'paragraph',
        content: [
          { text: 'a'.repeat(customPageLimits.runLength), bold: true },
          { text: 'a'.repeat(10), bold: true },
        ],
      },
    ]);
    expect(richTextSchema.safeParse(text).success).toBe(true);
    expect(richTextToMarkup(text)).toBe(`**${long}**`);
  });

  it('says which link goes nowhere allowed, with the address it probably meant', () => {
    const text = markupToRichText(
      '[a](javascript:alert(1)) [b](www.blitzschutz.de) [c](info@example.de) [d](+49 6181 123) [e](/Services) [f](mailto:x@y.de)',
    );
    expect(markupProblems(text)).toEqual([
      { kind: 'link', href: 'javascript:alert(1)', suggestion: undefined },
      { kind: 'link', href: 'www.blitzschutz.de', suggestion: 'https://www.blitzschutz.de' },
      { kind: 'link', href: 'info@example.de', suggestion: 'mailto:info@example.de' },
      { kind: 'link', href: '+49 6181 123', suggestion: 'tel:+496181123' },
    ]);
    expect(markupProblems(markupToRichText('[Anruf](tel:+49 6181 123) [Mail](mailto:a@b.de) [Seite](/jobs)'))).toEqual([]);
  });

  it('names the limit a text is over', () => {
    expect(markupProblems(markupToRichText(Array.from({ length: 101 }, (_, i) => `Absatz ${i}`).join('\n\n')))).toEqual([
      { kind: 'tooManyBlocks', max: customPageLimits.blocks },
    ]);
    expect(markupProblems(markupToRichText(Array.from({ length: 51 }, (_, i) => `- ${i}`).join('\n')))).toEqual([
      { kind: 'tooManyItems', max: customPageLimits.listItems },
    ]);
    expect(markupProblems(markupToRichText(Array.from({ length: 31 }, (_, i) => `**${i}** ${i}`).join(' ')))).toEqual([
      { kind: 'tooManyRuns', max: customPageLimits.runs },
    ]);
  });

  // Any text the editor makes — runs of any setting, with any characters — is written as markup
  // that reads back as exactly that text.
  const word = fc.stringMatching(/^[a-zäöüß0-9*#\-+.[\]()\\_`!<>&]{1,8}$/);
  const line = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
  const runText = fc
    .tuple(fc.constantFrom('', ' '), fc.array(line, { minLength: 1, maxLength: 2 }), fc.constantFrom('', ' '))
    .map(([before, lines, after]) => before + lines.join('\n') + after);
  const href = fc.constantFrom(
    '/Services',
    'https://example.de/a(b)',
    'https://example.de/x)y',
    'mailto:a@b.de',
    'tel:+49 6181',
    '/pfad\\x',
  );
  const run = fc.record({ text: runText, bold: fc.boolean(), italic: fc.boolean(), href: fc.option(href, { nil: undefined }) });
  const clean = (r: { text: string; bold: boolean; italic: boolean; href: string | undefined }): RichRun => ({
    text: r.text,
    ...(r.bold ? { bold: true } : {}),
    ...(r.italic ? { italic: true } : {}),
    ...(r.href !== undefined ? { href: r.href } : {}),
  });
  /** Runs as the reader makes them: neighbours of one setting joined; no line begins or ends with a space (lines are trimmed). */
  const normal = (runs: RichRun[], oneLine: boolean): RichRun[] | undefined => {
    const joined: RichRun[] = [];
    for (const r of runs) {
      const last = joined[joined.length - 1];
      if (last && !!last.bold === !!r.bold && !!last.italic === !!r.italic && last.href === r.href) {
        joined[joined.length - 1] = { ...last, text: last.text + r.text };
      } else joined.push(r);
    }
    const text = joined.map((r) => r.text).join('');
    if (oneLine && text.includes('\n')) return undefined;
    if (!text.split('\n').every((l) => l.length > 0 && l.trim() === l)) return undefined;
    // An emphasis begins and ends at a word (its markers stand next to one), across links too.
    for (const kind of ['bold', 'italic'] as const) {
      let span = '';
      for (const r of [...joined, { text: '' }]) {
        if (r[kind]) span += r.text;
        else if (span) {
          if (span.trim() !== span) return undefined;
          span = '';
        }
      }
    }
    return joined;
  };
  const runs = fc.array(run.map(clean), { minLength: 1, maxLength: 6 });
  const block = fc.oneof(
    fc.record({ type: fc.constant('paragraph' as const), content: runs }),
    fc.record({ type: fc.constant('heading' as const), level: fc.constantFrom(2 as const, 3 as const), content: runs }),
    fc.record({
      type: fc.constant('list' as const),
      ordered: fc.boolean(),
      items: fc.array(runs, { minLength: 1, maxLength: 3 }),
    }),
  );

  it('round-trips every text the editor can make: blocks → markup → the same blocks', () => {
    fc.assert(
      fc.property(fc.array(block, { minLength: 0, maxLength: 4 }), (blocks) => {
        const text: RichText = [];
        for (const b of blocks) {
          if (b.type === 'list') {
            const items = b.items.map((item) => normal(item, false));
            if (items.some((item) => item === undefined)) return;
            // Two lists of one kind side by side are written with a blank line between: still two.
            text.push({ ...b, items: items as RichRun[][] });
          } else {
            const content = normal(b.content, b.type === 'heading');
            if (!content) return;
            text.push({ ...b, content } as RichText[number]);
          }
        }
        expect(markupToRichText(richTextToMarkup(text))).toEqual(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads any typed markup, and writing what it read gives markup that reads the same again', () => {
    const typed = fc.array(
      fc.oneof(word, fc.constantFrom('\n', ' ', '  ', '**', '*', '[', '](/x)', '](a b)', '\\', '## ', '- ', '1. ', '\n\n')),
      {
        maxLength: 30,
      },
    );
    fc.assert(
      fc.property(typed, (parts) => {
        const text = markupToRichText(parts.join(''));
        for (const b of text)
          for (const r of b.type === 'list' ? b.items.flat() : b.content) expect(r.text.length).toBeGreaterThan(0);
        expect(markupToRichText(richTextToMarkup(text))).toEqual(text);
      }),
      { numRuns: 2000 },
    );
  });
});
