import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { wordpressContentToPlain } from './content';
import { type WxrExport, parseWxr } from './wxr';

// The posts of the export a real WordPress wrote (fixtures/make-fixture/README.md), then what
// editors and plugins put into posts besides.

const site = 'https://www.blitzschutz-mustermann.example';
let wxr: WxrExport;
const contentOf = (slug: string) => wordpressContentToPlain(wxr.posts.find((post) => post.slug === slug)!.content);

beforeAll(async () => {
  wxr = await parseWxr(fs.createReadStream(new URL('./fixtures/wordpress-export.xml', import.meta.url)));
});

describe('the fixture’s posts as paragraphs, bullet lines and pictures', () => {
  it('block editor: paragraphs, the heading as a paragraph, list items as bullets, the image with its caption', () => {
    expect(contentOf('blitzschutz-kirche-hanau')).toEqual({
      blocks: [
        {
          kind: 'paragraph',
          text: 'Die Stadtkirche St. Marien prägt seit über 500 Jahren das Hanauer Stadtbild. Nach einem Einschlag im Sommer 2020 hat die Gemeinde uns mit der vollständigen Erneuerung des äußeren Blitzschutzes beauftragt.',
        },
        { kind: 'paragraph', text: 'Unsere Leistungen' },
        { kind: 'bullet', text: 'Fangeinrichtung am Turm mit 2 m Fangstange' },
        { kind: 'bullet', text: 'Vier Ableitungen aus Kupferrund 8 mm' },
        { kind: 'bullet', text: 'Ringerder aus Edelstahl V4A' },
        { kind: 'bullet', text: 'Prüfung nach DIN EN 62305-3' },
        {
          kind: 'paragraph',
          text: 'Alle Arbeiten wurden mit der Unteren Denkmalschutzbehörde abgestimmt und ohne Gerüst mit Industriekletterern ausgeführt.',
        },
      ],
      images: [
        {
          src: `${site}/wp-content/uploads/2021/06/kirche-hanau-ableitung.jpg`,
          alt: 'Kupferne Ableitung an der Außenwand des Kirchenschiffs',
          attachmentId: 6,
          caption: 'Die neue Ableitung folgt der Gliederung der Fassade.',
        },
      ],
      galleryOfAttached: false,
    });
  });

  it('the [gallery] names its pictures by id; the HTML block’s script, iframe and handlers leave nothing', () => {
    const { blocks, images } = contentOf('logistikhalle-offenbach');
    expect(images.map((image) => image.attachmentId)).toEqual([10, 11]);
    expect(images.every((image) => image.src === null)).toBe(true);
    for (const id of [10, 11]) expect(wxr.attachments.find((attachment) => attachment.id === id)!.alt).not.toBeNull();
    const text = blocks.map((block) => block.text).join('\n');
    expect(text).not.toMatch(/dataLayer|alert|track|openstreetmap|gallery|\[|</);
    expect(blocks.at(-1)).toEqual({ kind: 'paragraph', text: 'Bauherr: Muster Logistik GmbH.' });
    expect(blocks.filter((block) => block.kind === 'bullet')).toHaveLength(3);
  });

  it('classic editor: blank lines as paragraphs, the [caption] as the picture’s caption, the empty alt as missing', () => {
    expect(contentOf('erdungsanlage-rechenzentrum-frankfurt')).toEqual({
      blocks: [
        {
          kind: 'paragraph',
          text: 'Für den Neubau eines Rechenzentrums im Frankfurter Osten haben wir die gesamte Erdungsanlage geplant und errichtet.',
        },
        { kind: 'paragraph', text: 'Umfang:' },
        { kind: 'bullet', text: 'Fundamenterder und Ringerder' },
        { kind: 'bullet', text: 'Potentialausgleich für 1.200 Serverschränke' },
        { kind: 'bullet', text: 'Messprotokolle nach VDE 0100-600' },
        { kind: 'paragraph', text: 'Die Anlage wurde im laufenden Bauablauf & ohne Verzögerung übergeben.' },
      ],
      images: [
        {
          src: `${site}/wp-content/uploads/2019/11/rechenzentrum-erdung.jpg`,
          alt: null,
          attachmentId: 15,
          caption: 'Erdungsband im Fundament vor dem Betonieren',
        },
      ],
      galleryOfAttached: false,
    });
  });

  it('the post without a picture lists none', () => {
    expect(contentOf('ueberspannungsschutz-einfamilienhaus-bad-vilbel').images).toEqual([]);
  });
});

describe('what else posts hold', () => {
  const plain = (html: string) => wordpressContentToPlain(html);

  it('keeps nothing executable: scripts, styles, frames, forms, handlers and javascript: addresses', () => {
    const { blocks, images } = plain(
      '<p onmouseover="steal()">Hallo <a href="javascript:alert(1)">Welt</a></p>' +
        '<script>alert(1)</script><style>p{}</style><noscript><img src="x"></noscript>' +
        '<svg><script>alert(2)</script><text>svg</text></svg>' +
        '<form><input value="x"><button>Senden</button></form>' +
        '<iframe src="https://evil.example"><p>inner</p></iframe>' +
        '<img src="javascript:alert(3)" alt="Bild" onerror="alert(4)">' +
        '<img src="data:image/svg+xml,<svg onload=alert(5)>" alt="Daten">' +
        '<p>&lt;script&gt;alert(6)&lt;/script&gt;</p>',
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'Hallo Welt' },
      // Escaped markup is text, and stays text: it reaches a page only escaped again.
      { kind: 'paragraph', text: '<script>alert(6)</script>' },
    ]);
    expect(images).toEqual([
      { src: null, alt: 'Bild', attachmentId: null, caption: null },
      { src: null, alt: 'Daten', attachmentId: null, caption: null },
    ]);
  });

  it('drops a shortcode’s tags, keeps the text it encloses, drops an embed’s address, keeps [[escaped]] ones as text', () => {
    expect(
      plain(
        '[contact-form-7 id="12" title="Kontakt"]\n\n[highlight]Wichtig[/highlight] ist das.\n\n' +
          '[embed]https://www.youtube.com/watch?v=x[/embed]\n\nSo schreibt man [[gallery]].',
      ).blocks,
    ).toEqual([
      { kind: 'paragraph', text: 'Wichtig ist das.' },
      { kind: 'paragraph', text: 'So schreibt man [gallery].' },
    ]);
  });

  it('notes a [gallery] without ids, which shows the pictures uploaded to the post', () => {
    expect(plain('<!-- wp:shortcode -->\n[gallery columns="3"]\n<!-- /wp:shortcode -->')).toEqual({
      blocks: [],
      images: [],
      galleryOfAttached: true,
    });
    expect(plain('[gallery include="4, 5"]').images.map((image) => image.attachmentId)).toEqual([4, 5]);
  });

  it('reads classic line breaks, nested lists, a modern gallery block and images without a library id', () => {
    const { blocks, images } = plain(
      'Musterstraße 1\n63450 Hanau\n\n<ul><li>Eins<ul><li>Eins a</li></ul></li><li>Zwei</li></ul>' +
        '<figure class="wp-block-gallery"><figure class="wp-block-image"><img src="/wp-content/uploads/a.jpg" alt=" A " class="wp-image-7 size-large"/></figure></figure>' +
        '<img src="https://other.example/b.png">',
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'Musterstraße 1\n63450 Hanau' },
      { kind: 'bullet', text: 'Eins' },
      { kind: 'bullet', text: 'Eins a' },
      { kind: 'bullet', text: 'Zwei' },
    ]);
    expect(images).toEqual([
      { src: '/wp-content/uploads/a.jpg', alt: 'A', attachmentId: 7, caption: null },
      { src: 'https://other.example/b.png', alt: null, attachmentId: null, caption: null },
    ]);
  });

  it('copes with broken and deeply nested HTML in linear time', () => {
    expect(plain('<p>offen <b>fett <i>kursiv</p> Rest').blocks).toEqual([
      { kind: 'paragraph', text: 'offen fett kursiv' },
      { kind: 'paragraph', text: 'Rest' },
    ]);
    const started = performance.now();
    const deep = plain(`${'<div><span>'.repeat(20_000)}tief${'</span></div>'.repeat(20_000)}`);
    expect(deep.blocks).toEqual([{ kind: 'paragraph', text: 'tief' }]);
    expect(plain('['.repeat(100_000) + 'x').blocks).toEqual([{ kind: 'paragraph', text: `${'['.repeat(100_000)}x` }]);
    expect(plain('[a b="c '.repeat(50_000)).blocks[0]!.text).toHaveLength(8 * 50_000 - 1);
    expect(plain(`[gallery ids="${'1,'.repeat(50_000)}`).images).toEqual([]);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
