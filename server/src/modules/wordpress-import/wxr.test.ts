import fs from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type WxrErrorCode, type WxrExport, WxrError, parseWxr } from './wxr';

// Against the export a real WordPress wrote (fixtures/make-fixture/README.md), and against what
// a hostile or broken file may hold.

const fixture = new URL('./fixtures/wordpress-export.xml', import.meta.url);
const site = 'https://www.blitzschutz-mustermann.example';

const refusal = async (input: Parameters<typeof parseWxr>[0], maxBytes?: number): Promise<WxrError> => {
  try {
    await parseWxr(input, { maxBytes });
  } catch (error) {
    expect(error).toBeInstanceOf(WxrError);
    return error as WxrError;
  }
  throw new Error('not refused');
};

const expectRefused = async (input: Parameters<typeof parseWxr>[0], code: WxrErrorCode, maxBytes?: number) => {
  const error = await refusal(input, maxBytes);
  expect(error.code).toBe(code);
  return error.message;
};

describe('reading the export of a real WordPress', () => {
  let wxr: WxrExport;
  const post = (slug: string) => wxr.posts.find((candidate) => candidate.slug === slug)!;
  const attachment = (id: number | null) => wxr.attachments.find((candidate) => candidate.id === id)!;

  it('reads it as a stream', async () => {
    wxr = await parseWxr(fs.createReadStream(fixture));
    expect(wxr.posts.length).toBeGreaterThan(0);
  });

  it('names the site, its addresses and its language', () => {
    expect(wxr.site).toEqual({
      title: 'Blitzschutz Mustermann GmbH',
      link: site,
      description: 'Blitzschutz und Erdung aus Hanau seit 1987',
      language: 'de-DE',
      wxrVersion: '1.2',
      baseSiteUrl: site,
      baseBlogUrl: site,
    });
  });

  it('reads the categories with their parents', () => {
    const byName = Object.fromEntries(wxr.categories.map((category) => [category.name, category]));
    expect(Object.keys(byName).sort()).toEqual(['Aktuelles', 'Allgemein', 'Industrie', 'Kirchen', 'Referenzen', 'Wohngebäude']);
    expect(byName.Referenzen).toMatchObject({ slug: 'referenzen', parent: null });
    expect(byName.Referenzen!.description).toContain('Blitzschutz');
    expect(byName.Kirchen).toMatchObject({ slug: 'kirchen', parent: 'referenzen' });
    expect(byName.Wohngebäude).toMatchObject({ slug: 'wohngebaeude', parent: 'referenzen' });
    expect(byName.Aktuelles).toMatchObject({ parent: null });
  });

  it('counts posts, pages and attachments', () => {
    const count = (type: string) => wxr.posts.filter((candidate) => candidate.type === type).length;
    expect(count('post')).toBe(7);
    expect(count('page')).toBe(5);
    expect(wxr.posts).toHaveLength(12);
    expect(wxr.attachments).toHaveLength(9);
  });

  it('reads a published reference: title, link, GUID, date in UTC, categories, tags, excerpt, featured image', () => {
    const hanau = post('blitzschutz-kirche-hanau');
    expect(hanau).toMatchObject({
      id: 4,
      type: 'post',
      status: 'publish',
      title: 'Blitzschutz für die Stadtkirche St. Marien in Hanau',
      link: `${site}/referenzen/blitzschutz-kirche-hanau/`,
      guid: `${site}/referenzen/blitzschutz-kirche-hanau/`,
      // 10:30 in Hanau in June is 08:30 UTC.
      dateGmt: '2021-06-14T08:30:00.000Z',
      date: '2021-06-14 10:30:00',
      excerpt: 'Neue Fangeinrichtung und Ableitungen aus Kupfer für den 62 Meter hohen Kirchturm.',
      parentId: null,
    });
    expect(hanau.categories.map((category) => category.name).sort()).toEqual(['Kirchen', 'Referenzen']);
    expect(hanau.tags.map((tag) => tag.slug).sort()).toEqual(['denkmalschutz', 'kupfer']);
    expect(hanau.content).toContain('<!-- wp:image');
    expect(attachment(hanau.featuredImageId)).toMatchObject({
      url: `${site}/wp-content/uploads/2021/06/kirche-hanau-turm.jpg`,
      file: '2021/06/kirche-hanau-turm.jpg',
      alt: 'Turm der Stadtkirche St. Marien mit neuer Fangstange',
      parentId: 4,
    });
  });

  it('gives five posts a featured image, and none to the post without any picture', () => {
    const withCover = wxr.posts.filter((candidate) => candidate.featuredImageId !== null);
    expect(withCover.map((candidate) => candidate.slug).sort()).toEqual([
      'blitzschutz-kirche-hanau',
      'erdungsanlage-rechenzentrum-frankfurt',
      'kirchturm-gelnhausen',
      'logistikhalle-offenbach',
      'turnhalle-maintal',
    ]);
    for (const candidate of withCover) expect(attachment(candidate.featuredImageId)).toBeDefined();
    const noPicture = post('ueberspannungsschutz-einfamilienhaus-bad-vilbel');
    expect(noPicture.featuredImageId).toBeNull();
    expect(noPicture.content).not.toContain('<img');
    expect(wxr.attachments.some((candidate) => candidate.parentId === noPicture.id)).toBe(false);
  });

  it('reads the alt texts, and the one picture without', () => {
    expect(wxr.attachments.filter((candidate) => candidate.alt === null).map((candidate) => candidate.file)).toEqual([
      '2019/11/rechenzentrum-erdung.jpg',
    ]);
    expect(wxr.attachments.filter((candidate) => candidate.alt !== null)).toHaveLength(8);
    for (const candidate of wxr.attachments) {
      expect(candidate.url).toBe(`${site}/wp-content/uploads/${candidate.file}`);
      expect(candidate.parentId).not.toBeNull();
    }
  });

  it('keeps the draft apart: its status, its ?p= address, no publication date', () => {
    const drafts = wxr.posts.filter((candidate) => candidate.status === 'draft');
    expect(drafts.map((candidate) => candidate.title)).toEqual(['Blitzschutz für die neue Turnhalle in Maintal']);
    expect(drafts[0]).toMatchObject({ link: `${site}/?p=20`, dateGmt: null, date: '2026-10-30 16:20:00' });
  });

  it('lists the pages with their addresses, a child page under its parent', () => {
    const pages = wxr.posts.filter((candidate) => candidate.type === 'page');
    expect(Object.fromEntries(pages.map((page) => [page.title, page.link]))).toEqual({
      'Über uns': `${site}/ueber-uns/`,
      Kontakt: `${site}/kontakt/`,
      Impressum: `${site}/impressum/`,
      Karriere: `${site}/karriere/`,
      'Ausbildung zum Elektroniker': `${site}/karriere/ausbildung/`,
    });
    const karriere = pages.find((page) => page.slug === 'karriere')!;
    expect(pages.find((page) => page.slug === 'ausbildung')!.parentId).toBe(karriere.id);
  });

  it('reads the same from a string and from a buffer', async () => {
    const text = fs.readFileSync(fixture, 'utf8');
    expect(await parseWxr(text)).toEqual(wxr);
    expect(await parseWxr(fs.readFileSync(fixture))).toEqual(wxr);
  });

  it('reads it whatever the chunks (a chunk may end inside a character)', async () => {
    const bytes = fs.readFileSync(fixture);
    const chunks = function* () {
      for (let start = 0; start < bytes.length; start += 7) yield bytes.subarray(start, start + 7);
    };
    expect(await parseWxr(Readable.from(chunks()))).toEqual(wxr);
  });
});

describe('refusing what is not a WordPress export, with a clear message', () => {
  const wxrOf = (channel: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/"><channel><wp:wxr_version>1.2</wp:wxr_version>${channel}</channel></rss>`;

  it('reads a minimal export', async () => {
    const minimal = await parseWxr(
      wxrOf('<item><title>T</title><wp:post_id>3</wp:post_id><wp:post_type>post</wp:post_type></item>'),
    );
    expect(minimal.posts).toMatchObject([{ id: 3, title: 'T', type: 'post', dateGmt: null, featuredImageId: null }]);
  });

  it('refuses an entity bomb (billion laughs) at its DOCTYPE, at once', async () => {
    const laughs = Array.from({ length: 9 }, (_, index) =>
      index === 0 ? '<!ENTITY lol0 "lol">' : `<!ENTITY lol${index} "${`&lol${index - 1};`.repeat(10)}">`,
    ).join('\n');
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE rss [\n${laughs}\n]>\n<rss><channel><title>&lol8;</title></channel></rss>`;
    const started = performance.now();
    expect(await expectRefused(bomb, 'doctype')).toMatch(/DOCTYPE/);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses an external entity and never reads the file it names', async () => {
    const external = `<?xml version="1.0"?>\n<!DOCTYPE rss [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n${wxrOf('<title>&secret;</title>').replace(/^<\?xml[^>]*>\n/, '')}`;
    const message = await expectRefused(external, 'doctype');
    expect(message).not.toContain('root:');
    // Nor a DOCTYPE without entities: WordPress never writes one.
    await expectRefused(`<!DOCTYPE rss SYSTEM "http://example.com/rss.dtd">${wxrOf('')}`, 'doctype');
  });

  it('refuses an entity that is not declared, instead of leaving it in the text', async () => {
    await expectRefused(wxrOf('<title>&secret;</title>'), 'malformed');
  });

  it('refuses XML that is not a WordPress export', async () => {
    expect(await expectRefused('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>', 'not-wxr')).toMatch(
      /not a WordPress export/,
    );
    // An RSS feed is not an export either.
    await expectRefused('<rss version="2.0"><channel><title>Feed</title></channel></rss>', 'not-wxr');
  });

  it('refuses what is not XML at all', async () => {
    await expectRefused('title,link\nA,B\n', 'malformed');
    await expectRefused('', 'malformed');
    await expectRefused(Buffer.from([0x3c, 0x72, 0x73, 0x73, 0x3e, 0xff, 0xfe]), 'malformed');
  });

  it('refuses a truncated export', async () => {
    const text = fs.readFileSync(fixture, 'utf8');
    expect(await expectRefused(text.slice(0, Math.floor(text.length / 2)), 'malformed')).toMatch(/not well-formed/);
    await expectRefused(text.slice(0, text.lastIndexOf('</rss>')), 'malformed');
  });

  it('refuses an item without an id', async () => {
    await expectRefused(wxrOf('<item><title>T</title></item>'), 'not-wxr');
  });

  it('stops reading a file larger than the limit, before reading the rest', async () => {
    let chunksRead = 0;
    const endless = async function* () {
      yield wxrOf('').replace('</channel></rss>', '');
      for (;;) {
        chunksRead++;
        yield `<item><title>${'x'.repeat(64 * 1024)}</title></item>`;
      }
    };
    expect(await expectRefused(endless(), 'too-large', 1024 * 1024)).toMatch(/larger than 1048576 bytes/);
    expect(chunksRead).toBeLessThanOrEqual(17);
  });
});
