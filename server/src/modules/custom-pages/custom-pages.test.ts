import { describe, expect, it } from 'vitest';
import {
  type CustomPage,
  type CustomPageCreate,
  apiRoutes,
  apiUrl,
  customPageListSchema,
  customPageSchema,
  problemSchema,
} from '@blitz/contract';
import { api, databaseKinds, signIn, startTestApp } from '../../test/helper';
import { testPhoto } from '../../test/pictures';
import { signedInAs } from '../accounts/accounts.test-kit';
import { pdfFile } from '../contact/contact.test-kit';
import { form, send } from '../files/files.test-kit';

// Pages staff add (issue 45, decision 061), over real HTTP: sections round-trip, drafts and
// publishing as projects', the address checked and followed by a redirect, the trash.

const list = apiUrl(apiRoutes.customPages.list);
const one = (id: number) => apiUrl(apiRoutes.customPages.onePath(id));
const byAddress = (address: string) => `${apiUrl(apiRoutes.customPages.byAddress)}?Address=${encodeURIComponent(address)}`;
const words = (de: string, en: string) => ({ de, en });
const none = words('', '');

/** The autumn campaign's page: a section of every kind that needs nothing else on the site. */
function campaign(overrides: Partial<CustomPageCreate> = {}): CustomPageCreate {
  return {
    address: '/Prüfung-2027',
    title: words('Wiederkehrende Prüfung nach DIN EN 62305-3', 'Periodic inspection to DIN EN 62305-3'),
    place: 'navigation',
    placeOrder: 1,
    searchTitle: [
      { language: 2, content: 'Blitzschutz prüfen lassen' },
      { language: 1, content: 'Have your lightning protection inspected' },
    ],
    searchDescription: [],
    noindex: false,
    sections: [
      {
        kind: 'text',
        text: {
          de: [
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
          ],
          en: [{ type: 'paragraph', content: [{ text: 'A system protects only while it is intact.' }] }],
        },
      },
      { kind: 'figures', items: [{ value: '1.200', label: words('geprüfte Anlagen', 'systems inspected') }] },
      { kind: 'references', heading: words('Beispiele', 'Examples'), categoryId: null, order: 'newest', limit: 3 },
      {
        kind: 'faq',
        heading: none,
        items: [{ question: words('Wie oft?', 'How often?'), answer: words('Je nach Schutzklasse.', 'Depending on the class.') }],
      },
    ],
    ...overrides,
  };
}

describe.each(databaseKinds)('pages staff add on %s', (kind) => {
  it('keeps a page with its sections as sent, a draft until published, and shows visitors only what is published', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const created = await api(url, 'POST', list, { token, body: campaign() });
    expect(created.status, created.text).toBe(201);
    const page = created.body as CustomPage;
    expect(page).toMatchObject({ published: false, draft: null, address: '/Prüfung-2027', place: 'navigation' });
    // Each section got its id; otherwise exactly what was sent.
    expect(page.sections.every((s) => /^[a-z0-9-]{1,40}$/.test(s.id))).toBe(true);
    expect(page.sections.map(({ id: _id, ...s }) => s)).toEqual(campaign().sections);

    // A draft is nobody's business but staff's.
    expect((await api(url, 'GET', byAddress('/Prüfung-2027'))).status).toBe(404);
    expect((await api(url, 'GET', one(page.id))).status).toBe(401);
    const published = await api(url, 'POST', apiUrl(apiRoutes.customPages.publishPath(page.id)), { token });
    expect(published.status).toBe(200);
    // Matched as an address is: in any case.
    const read = await api(url, 'GET', byAddress('/prüfung-2027'));
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty('draft');
    expect((read.body as CustomPage).sections).toEqual(page.sections);

    // Sent back as read (a client's round trip), with a change as a draft of changes: visitors keep the live page.
    const draft = await api(url, 'PUT', list, {
      token,
      body: { ...(published.body as CustomPage), title: words('Herbstaktion', 'Autumn offer'), published: false },
    });
    expect(draft.status, draft.text).toBe(200);
    expect(draft.body).toMatchObject({
      published: true,
      title: page.title,
      draft: { title: words('Herbstaktion', 'Autumn offer') },
    });
    expect((await api(url, 'GET', byAddress('/Prüfung-2027'))).body).toMatchObject({ title: page.title });
    // The dashboard reads what staff read by the contract's schema: a page with its draft of changes, and the list.
    expect(customPageSchema.parse(draft.body)).toEqual(draft.body);
    expect(customPageListSchema.parse((await api(url, 'GET', list, { token })).body).data[0]).toEqual(draft.body);
    const discarded = await api(url, 'DELETE', apiUrl(apiRoutes.customPages.draftPath(page.id)), { token });
    expect(discarded.body).toMatchObject({ draft: null, title: page.title });

    const unpublished = await api(url, 'POST', apiUrl(apiRoutes.customPages.unpublishPath(page.id)), { token });
    expect(unpublished.body).toMatchObject({ published: false });
    expect((await api(url, 'GET', byAddress('/Prüfung-2027'))).status).toBe(404);

    const audit = await api(url, 'GET', `${apiUrl(apiRoutes.audit.list)}?Kind=page`, { token });
    expect((audit.body as { data: { action: string }[] }).data.map((e) => e.action)).toEqual([
      'unpublish',
      'discardDraft',
      'saveDraft',
      'publish',
      'create',
    ]);
  });

  it('refuses what is not data: markup-free text is kept as text, a script link, a bad address or a site route is a 400', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const markup = '<script>alert(1)</script>';
    const kept = await api(url, 'POST', list, {
      token,
      body: campaign({
        address: '/markup',
        sections: [{ kind: 'text', text: { de: [{ type: 'paragraph', content: [{ text: markup }] }], en: [] } }],
      }),
    });
    expect(kept.status).toBe(201);
    expect(JSON.stringify((kept.body as CustomPage).sections)).toContain(markup);

    const refused = async (body: unknown, field: string) => {
      const res = await api(url, 'POST', list, { token, body });
      expect(res.status, res.text).toBe(400);
      expect(
        problemSchema
          .parse(res.body)
          .errors?.map((e) => e.field)
          .join(' '),
      ).toContain(field);
    };
    await refused(
      campaign({
        sections: [
          {
            kind: 'text',
            text: { de: [{ type: 'paragraph', content: [{ text: 'klick', href: 'javascript:alert(1)' }] }], en: [] },
          },
        ],
      }),
      'href',
    );
    // A path with a backslash is another site to a browser (`/\\evil.example` is `//evil.example`).
    await refused(
      campaign({
        sections: [
          { kind: 'text', text: { de: [{ type: 'paragraph', content: [{ text: 'weg', href: '/\\evil.example' }] }], en: [] } },
        ],
      }),
      'href',
    );
    await refused({ ...campaign(), sections: [{ kind: 'html', html: '<b>' }] }, 'sections');
    for (const address of [
      '/Services',
      '/services',
      '/dashboard',
      '/api',
      '/news',
      'herbst',
      '/a b',
      '/zwei//striche',
      '/herbst/aktion',
    ])
      await refused(campaign({ address }), 'address');
    await refused(campaign({ title: words('', 'Only English') }), 'title');
    await refused(
      campaign({
        sections: [
          {
            kind: 'callToAction',
            heading: words('Jetzt', 'Now'),
            text: none,
            button: words('Los', 'Go'),
            inquiryType: 'unknownType',
          },
        ],
      }),
      'inquiryType',
    );
    await refused(
      campaign({ sections: [{ kind: 'references', heading: none, categoryId: 999, order: 'staff', limit: 3 }] }),
      'categoryId',
    );
    // The price inquiry, one of SPEC.md's types, is one a call to action may open.
    const cta = await api(url, 'POST', list, {
      token,
      body: campaign({
        address: '/angebot',
        sections: [
          {
            kind: 'callToAction',
            heading: words('Jetzt', 'Now'),
            text: none,
            button: words('Los', 'Go'),
            inquiryType: 'priceInquiry',
          },
        ],
      }),
    });
    expect(cta.status, cta.text).toBe(201);
  });

  it('gives an address to one page only, the trash too, and leaves a redirect when a live page moves', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const a = (await api(url, 'POST', list, { token, body: { ...campaign({ address: '/herbst' }), published: true } }))
      .body as CustomPage;
    const taken = await api(url, 'POST', list, { token, body: campaign({ address: '/HERBST' }) });
    expect(taken.status).toBe(409);
    expect(problemSchema.parse(taken.body).errors).toEqual([
      { field: 'address', message: expect.stringContaining('taken by the page') },
    ]);

    // The live page moves: its old address leads to the new one.
    const moved = await api(url, 'PUT', list, { token, body: { ...a, address: '/herbstaktion' } });
    expect(moved.status, moved.text).toBe(200);
    const redirects = await api(url, 'GET', `${apiUrl(apiRoutes.redirects.list)}?PageLength=100`, { token });
    expect((redirects.body as { data: { from: string; to: string }[] }).data).toMatchObject([
      { from: '/herbst', to: '/herbstaktion' },
    ]);
    // Another page may not take the redirected address; the moved one may come back to it.
    expect((await api(url, 'POST', list, { token, body: campaign({ address: '/herbst' }) })).status).toBe(409);
    const back = await api(url, 'PUT', list, { token, body: { ...(moved.body as CustomPage), address: '/herbst' } });
    expect(back.status, back.text).toBe(200);
    const after = await api(url, 'GET', `${apiUrl(apiRoutes.redirects.list)}?PageLength=100`, { token });
    expect((after.body as { data: { from: string; to: string }[] }).data).toMatchObject([
      { from: '/herbstaktion', to: '/herbst' },
    ]);

    // In the trash it keeps its address; restored, it is live again where it was.
    expect((await api(url, 'DELETE', one(a.id), { token })).status).toBe(204);
    expect((await api(url, 'GET', byAddress('/herbst'))).status).toBe(404);
    const inTrash = await api(url, 'POST', list, { token, body: campaign({ address: '/herbst' }) });
    expect(inTrash.status).toBe(409);
    expect(problemSchema.parse(inTrash.body).errors![0]!.message).toContain('in the trash');
    const restored = await api(url, 'POST', apiUrl(apiRoutes.trash.restore), { token, body: { kind: 'page', id: a.id } });
    expect(restored.status, restored.text).toBe(200);
    expect((await api(url, 'GET', byAddress('/herbst'))).status).toBe(200);
  });

  it('never leaves a redirect in front of a live page: taken off, moved back and published, it is found again', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const redirects = async () =>
      (
        (await api(url, 'GET', `${apiUrl(apiRoutes.redirects.list)}?PageLength=100`, { token })).body as {
          data: { from: string; to: string }[];
        }
      ).data.map((r) => `${r.from} → ${r.to}`);
    const page = (await api(url, 'POST', list, { token, body: { ...campaign({ address: '/a' }), published: true } }))
      .body as CustomPage;
    expect((await api(url, 'PUT', list, { token, body: { ...page, address: '/b' } })).status).toBe(200);
    expect(await redirects()).toEqual(['/a → /b']);
    const off = (await api(url, 'POST', apiUrl(apiRoutes.customPages.unpublishPath(page.id)), { token })).body as CustomPage;
    expect(off.address).toBe('/b');
    const back = await api(url, 'PUT', list, { token, body: { ...off, address: '/a' } });
    expect(back.status, back.text).toBe(200);
    expect((await api(url, 'POST', apiUrl(apiRoutes.customPages.publishPath(page.id)), { token })).status).toBe(200);
    // Redirects answer before pages: the one in front of /a went when the page went live there.
    expect(await redirects()).toEqual([]);
    expect((await api(url, 'GET', byAddress('/a'))).status).toBe(200);
  });

  it('refuses a stale save and names who saved; editors write pages, inbox accounts do not', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const page = (await api(url, 'POST', list, { token, body: campaign() })).body as CustomPage;
    const editor = (await signedInAs(url, token, 'editor1', 'editor')).token;
    const inbox = (await signedInAs(url, token, 'inbox1', 'inbox')).token;
    const saved = await api(url, 'PUT', list, { token: editor, body: { ...page, placeOrder: 5 } });
    expect(saved.status, saved.text).toBe(200);
    const stale = await api(url, 'PUT', list, { token, body: { ...page, placeOrder: 7 } });
    expect(stale.status).toBe(409);
    expect(problemSchema.parse(stale.body).changedBy).toMatchObject({ name: expect.any(String) });
    expect((await api(url, 'GET', list, { token: inbox })).status).toBe(403);
    expect((await api(url, 'POST', list, { token: inbox, body: campaign({ address: '/x1' }) })).status).toBe(403);
    expect((await api(url, 'GET', one(page.id + 100), { token })).status).toBe(404);
    expect((await api(url, 'GET', `${apiUrl(apiRoutes.customPages.list)}/abc`, { token })).status).toBe(400);
  });

  it('shows the library’s files: a picture and downloads named on the page are in use there, and cannot be deleted', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const texts = { title: words('Dach', 'Roof'), alt: words('Ein Flachdach mit Fangstangen', 'A flat roof with air terminals') };
    const picture = await send(
      url,
      'POST',
      token,
      form(texts, { name: 'dach.png', type: 'image/png', data: await testPhoto(800, 600, 'png') }),
    );
    expect(picture.status).toBe(201);
    const flyer = await send(
      url,
      'POST',
      token,
      form({ title: words('Prüfflyer', 'Inspection flyer') }, pdfFile('flyer.pdf', 2000)),
    );
    expect(flyer.status).toBe(201);
    const sections: CustomPageCreate['sections'] = [
      { kind: 'picture', fileId: picture.body.id, alt: none, caption: words('Unser Einsatz', 'Our work') },
      { kind: 'downloads', heading: words('Zum Mitnehmen', 'To take away'), fileIds: [flyer.body.id] },
    ];
    const created = await api(url, 'POST', list, { token, body: { ...campaign({ sections }), published: true } });
    expect(created.status, created.text).toBe(201);
    const page = created.body as CustomPage;

    const usage = await api(url, 'GET', apiUrl(apiRoutes.files.usagePath(flyer.body.id)), { token });
    expect(usage.body).toEqual({
      data: [{ kind: 'page', id: page.id, title: page.title.de, address: '/Prüfung-2027' }],
      count: 1,
    });
    const refused = await api(url, 'DELETE', apiUrl(apiRoutes.files.onePath(picture.body.id)), { token });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'file_in_use', usedOn: [{ kind: 'page', id: page.id }] });

    // A file that is not there, and a document where a picture belongs, are named.
    const wrong = async (section: object, field: string) => {
      const res = await api(url, 'PUT', list, { token, body: { ...page, sections: [section] } });
      expect(res.status, res.text).toBe(400);
      expect(problemSchema.parse(res.body).errors?.[0]?.field).toBe(field);
    };
    await wrong({ ...sections[0]!, fileId: 999 }, 'sections.0.fileId');
    await wrong({ ...sections[0]!, fileId: flyer.body.id }, 'sections.0.fileId');
    await wrong({ ...sections[1]!, fileIds: [flyer.body.id, 998] }, 'sections.0.fileIds.1');

    // A page in the trash would come back without them: it still uses them, until it is purged.
    expect((await api(url, 'DELETE', one(page.id), { token })).status).toBe(204);
    const stillUsed = await api(url, 'DELETE', apiUrl(apiRoutes.files.onePath(picture.body.id)), { token });
    expect(stillUsed.status).toBe(409);
    expect(stillUsed.body).toMatchObject({
      usedOn: [{ kind: 'page', title: `${page.title.de} (im Papierkorb)`, address: null }],
    });
    expect((await api(url, 'DELETE', apiUrl(apiRoutes.trash.list), { token })).status).toBe(200);
    expect((await api(url, 'DELETE', apiUrl(apiRoutes.files.onePath(picture.body.id)), { token })).status).toBe(204);
  });

  it('keeps a section as it was saved when its category is removed later: the page is sent back and published as read', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const category = await api(url, 'POST', apiUrl(apiRoutes.categories.list), {
      token,
      body: { name: 'Kirchen', translation: [{ content: 'Churches', language: 1 }] },
    });
    expect(category.status, category.text).toBe(201);
    const categoryId = (category.body as { id: number }).id;
    const references = { kind: 'references', heading: none, categoryId, order: 'staff', limit: 3 } as const;
    const page = (await api(url, 'POST', list, { token, body: campaign({ sections: [references] }) })).body as CustomPage;
    expect((await api(url, 'DELETE', apiUrl(apiRoutes.categories.onePath(categoryId)), { token })).status).toBe(204);
    // As read, with a change elsewhere: taken; published: live.
    const saved = await api(url, 'PUT', list, { token, body: { ...page, placeOrder: 3 } });
    expect(saved.status, saved.text).toBe(200);
    const live = await api(url, 'POST', apiUrl(apiRoutes.customPages.publishPath(page.id)), { token });
    expect(live.status).toBe(200);
    // A new section naming it is refused.
    const added = await api(url, 'PUT', list, {
      token,
      body: { ...(live.body as CustomPage), sections: [...page.sections, references] },
    });
    expect(added.status).toBe(400);
    expect(problemSchema.parse(added.body).errors?.[0]?.field).toBe('sections.1.categoryId');
  });
});
