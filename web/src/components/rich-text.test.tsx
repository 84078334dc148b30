import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type RichText as RichTextData, plainTextOf } from '@blitz/contract';
import { RichText } from './rich-text';

const text: RichTextData = [
  { type: 'heading', level: 2, content: [{ text: 'Warum prüfen?' }] },
  {
    type: 'paragraph',
    content: [
      { text: 'Eine Anlage schützt nur, ' },
      { text: 'solange sie intakt ist', bold: true, italic: true },
      { text: '. Siehe ' },
      { text: 'Leistungen', href: '/Services' },
      { text: ' und ' },
      { text: 'die Norm', href: 'https://example.org/norm' },
      { text: '.' },
    ],
  },
  { type: 'list', ordered: true, items: [[{ text: 'Sichtprüfung' }], [{ text: 'Messung' }]] },
];

describe('the rich text of a page staff added', () => {
  it('renders headings, paragraphs, lists and set runs as elements, links of the site in place and others in a new tab', () => {
    const html = renderToStaticMarkup(<RichText text={text} />);
    expect(html).toContain('<h2 class="pt-2 text-2xl font-bold tracking-tight text-brand-900 md:text-3xl">Warum prüfen?</h2>');
    expect(html).toContain('<strong><em>solange sie intakt ist</em></strong>');
    expect(html).toContain('<a href="/Services" class="link">Leistungen</a>');
    expect(html).toMatch(/<a href="https:\/\/example.org\/norm" class="link" target="_blank" rel="noopener noreferrer">die Norm/);
    expect(html).toContain('<ol class="space-y-1 pl-6 list-decimal"><li>Sichtprüfung</li><li>Messung</li></ol>');
  });

  it('keeps markup typed into a run as text, and a link that is not safe as text without a link', () => {
    const html = renderToStaticMarkup(
      <RichText
        text={[
          {
            type: 'paragraph',
            content: [
              { text: '<script>alert(1)</script>' },
              { text: 'klick', href: 'javascript:alert(1)' },
              { text: ' weg', href: '/\\evil.example' },
            ],
          },
        ]}
      />,
    );
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('klick weg</p>');
  });

  it('gives its words without their setting, a block per line', () => {
    expect(plainTextOf(text)).toBe(
      'Warum prüfen?\nEine Anlage schützt nur, solange sie intakt ist. Siehe Leistungen und die Norm.\nSichtprüfung\nMessung',
    );
  });
});
