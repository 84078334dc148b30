import { describe, expect, it } from 'vitest';
import { projectSchema, searchEntryLimits } from '@blitz/contract';
import { writeFakeWebBuild } from '../../test/fake-web-build';
import { api, databaseKinds, getOnce, signIn, startTestApp, tempDir } from '../../test/helper';
import { dataUrl, testPhoto } from '../../test/pictures';

/** A web build whose server bundle writes out the search entry of the project it was given, in the page's language. */
function fakeWebBuild(): string {
  return writeFakeWebBuild(
    tempDir(),
    (key, lang) =>
      `<!doctype html><html lang="${lang}"><head><title>${key}</title></head><body><div id="root"><p>built ${key}</p></div></body></html>`,
    `const language = lang === 'de' ? 2 : 1;
      const own = (list) => (list ?? []).find((t) => t.language === language)?.content ?? '-';
      const project = Object.entries(data ?? {}).find(([key]) => /^\\/api\\/v1\\/Project\\/\\d+$/.test(key))?.[1];
      const entry = project ? own(project.searchTitle) + ' / ' + own(project.searchDescription) : 'none';
      return { html: '<main>entry: ' + entry + '</main>', head: '' };`,
  );
}

/** As read: in the order of the languages' numbers. */
const both = (de: string, en: string) => [
  { content: en, language: 1 },
  { content: de, language: 2 },
];

async function body(overrides: Record<string, unknown> = {}) {
  return {
    title: both('Umspannwerk Nord', 'Substation north'),
    scopeOfWorks: both('Erdung', 'Earthing'),
    location: 'Hanau',
    picture: dataUrl(await testPhoto(600, 400), 'image/png'),
    ...overrides,
  };
}

const fields = (res: { body: { errors?: { field: string }[] } }) => (res.body.errors ?? []).map((e) => e.field);

const shown = async (url: string, path: string) => {
  const res = await getOnce(url + path, { 'accept-encoding': 'identity' });
  return /<main>entry: (.*?)<\/main>/.exec(res.body.toString())?.[1];
};

describe.each(databaseKinds)('search entries of reference projects on %s', (kind) => {
  it('are saved per language, read back, and a read sent back unchanged is accepted', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const created = await api(url, 'POST', '/api/v1/Project', {
      token,
      body: await body({
        searchTitle: both('  Blitzschutz für das Umspannwerk Nord in Hanau  ', 'Lightning protection, substation north'),
        searchDescription: [{ content: 'Fangstangen, Ableitungen und Erdung für ein 110-kV-Umspannwerk.', language: 2 }],
      }),
    });
    expect(created.status).toBe(201);
    const project = projectSchema.parse(created.body);
    // Trimmed; a language left out is none, not the other's.
    expect(project.searchTitle).toEqual(
      both('Blitzschutz für das Umspannwerk Nord in Hanau', 'Lightning protection, substation north'),
    );
    expect(project.searchDescription).toEqual([
      { content: 'Fangstangen, Ableitungen und Erdung für ein 110-kV-Umspannwerk.', language: 2 },
    ]);

    // Visitors read it too (it is in the page's head anyway); one language when one is asked for.
    const english = await api(url, 'GET', `/api/v1/Project/${project.id}?Language=1`);
    expect(english.body.searchTitle).toEqual([{ content: 'Lightning protection, substation north', language: 1 }]);
    expect(english.body.searchDescription).toEqual([]);

    // Staff's read, sent back as it is (draft, position, dates and all): accepted, nothing changed.
    const read = await api(url, 'GET', `/api/v1/Project/${project.id}`, { token });
    const back = await api(url, 'PUT', '/api/v1/Project', { token, body: read.body });
    expect(back.status).toBe(200);
    expect(back.body.searchTitle).toEqual(read.body.searchTitle);
    expect(back.body.searchDescription).toEqual(read.body.searchDescription);

    // The longest entry a read can carry is taken back too.
    const longest = {
      searchTitle: both('T'.repeat(searchEntryLimits.titleMaxLength), 't'.repeat(searchEntryLimits.titleMaxLength)),
      searchDescription: both(
        'D'.repeat(searchEntryLimits.descriptionMaxLength),
        'd'.repeat(searchEntryLimits.descriptionMaxLength),
      ),
    };
    // (From the answer of the save: it carries the version the next save must name.)
    const atLimit = await api(url, 'PUT', '/api/v1/Project', { token, body: { ...back.body, ...longest } });
    expect(atLimit.status).toBe(200);
    const again = await api(url, 'GET', `/api/v1/Project/${project.id}`, { token });
    expect((await api(url, 'PUT', '/api/v1/Project', { token, body: again.body })).status).toBe(200);
  });

  it('is kept by a save that leaves it out (an older client), and cleared by an empty list', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const entry = { searchTitle: both('Suchtitel', 'Search title'), searchDescription: both('Beschreibung', 'Description') };
    const { body: project } = await api(url, 'POST', '/api/v1/Project', { token, body: await body(entry) });

    // SPEC.md §7's update: the fields it knows, no search entry.
    const old = await api(url, 'PUT', '/api/v1/Project', {
      token,
      body: { id: project.id, title: both('Umspannwerk Süd', 'Substation south'), location: 'Hanau', categoryID: '0' },
    });
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject(entry);

    const cleared = await api(url, 'PUT', '/api/v1/Project', {
      token,
      body: { ...(await body()), id: project.id, searchTitle: [], searchDescription: [{ content: '   ', language: 2 }] },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ searchTitle: [], searchDescription: [] });
  });

  it('refuses an entry too long, on two lines, or a language twice with a 400 naming the field', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const { body: project } = await api(url, 'POST', '/api/v1/Project', { token, body: await body() });
    const refusals: [Record<string, unknown>, string][] = [
      [{ searchTitle: [{ content: 'x'.repeat(searchEntryLimits.titleMaxLength + 1), language: 2 }] }, 'searchTitle'],
      [
        { searchDescription: [{ content: 'x'.repeat(searchEntryLimits.descriptionMaxLength + 1), language: 1 }] },
        'searchDescription',
      ],
      [{ searchTitle: [{ content: 'Zeile eins\nZeile zwei', language: 2 }] }, 'searchTitle'],
      [{ searchDescription: both('a', 'b').concat({ content: 'c', language: 1 }) }, 'searchDescription'],
      [{ searchTitle: [{ content: 'Titel', language: 3 }] }, 'searchTitle'],
      [{ searchTitle: 'ein Text statt einer Liste' }, 'searchTitle'],
    ];
    for (const [fieldsSent, field] of refusals) {
      for (const [method, payload] of [
        ['POST', await body(fieldsSent)],
        ['PUT', { ...(await body(fieldsSent)), id: project.id }],
      ] as const) {
        const res = await api(url, method, '/api/v1/Project', { token, body: payload });
        expect(res.status, `${method} ${JSON.stringify(fieldsSent).slice(0, 80)}`).toBe(400);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        expect(fields(res).some((f) => f.startsWith(field))).toBe(true);
      }
    }
    // Nothing was changed by the refused saves.
    expect((await api(url, 'GET', `/api/v1/Project/${project.id}`, { token })).body.searchTitle).toEqual([]);
  });

  it('waits in a draft of changes until published; the kept pages follow; the audit trail says before → after', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const token = await signIn(url);
    const { body: project } = await api(url, 'POST', '/api/v1/Project', {
      token,
      body: await body({ searchTitle: both('Alter Titel', 'Old title') }),
    });
    expect(await shown(url, `/project/${project.id}`)).toBe('Alter Titel / -');
    expect(await shown(url, `/project/${project.id}?lang=en`)).toBe('Old title / -');

    // Saved as a draft of changes: visitors keep the published entry, staff see the pending one.
    const draft = await api(url, 'PUT', '/api/v1/Project', {
      token,
      body: {
        ...(await body()),
        id: project.id,
        published: false,
        searchTitle: both('Neuer Titel', 'New title'),
        searchDescription: both('Neue Beschreibung', 'New description'),
      },
    });
    expect(draft.status).toBe(200);
    expect(draft.body.searchTitle).toEqual(both('Alter Titel', 'Old title'));
    expect(draft.body.draft.searchTitle).toEqual(both('Neuer Titel', 'New title'));
    expect((await api(url, 'GET', `/api/v1/Project/${project.id}`)).body.searchTitle).toEqual(both('Alter Titel', 'Old title'));
    expect(await shown(url, `/project/${project.id}`)).toBe('Alter Titel / -');

    // A save that leaves the entry out keeps the pending (draft's) entry, not the published one.
    const kept = await api(url, 'PUT', '/api/v1/Project', {
      token,
      body: { ...(await body({ location: 'Hanau-Steinheim' })), id: project.id, published: false },
    });
    expect(kept.body.draft.searchTitle).toEqual(both('Neuer Titel', 'New title'));

    const published = await api(url, 'POST', `/api/v1/Project/${project.id}/Publish`, { token });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({
      draft: null,
      searchTitle: both('Neuer Titel', 'New title'),
      searchDescription: both('Neue Beschreibung', 'New description'),
    });
    // The kept page of before is not served: publishing changed the content version.
    expect(await shown(url, `/project/${project.id}`)).toBe('Neuer Titel / Neue Beschreibung');
    expect(await shown(url, `/project/${project.id}?lang=en`)).toBe('New title / New description');

    // A save straight to the live project changes the pages on the next request too.
    await api(url, 'PUT', '/api/v1/Project', { token, body: { ...(await body()), id: project.id, searchTitle: [] } });
    expect(await shown(url, `/project/${project.id}`)).toBe('- / Neue Beschreibung');

    const audit = await api(url, 'GET', `/api/v1/Audit?Item=project:${project.id}`, { token });
    const changes = (audit.body.data as { action: string; changes: Record<string, unknown>[] }[]).flatMap((e) =>
      e.changes.filter((c) => String(c['field']).startsWith('search')).map((c) => ({ action: e.action, ...c })),
    );
    expect(changes).toEqual(
      expect.arrayContaining([
        { action: 'saveDraft', field: 'searchTitle', language: 'de', before: 'Alter Titel', after: 'Neuer Titel' },
        { action: 'saveDraft', field: 'searchDescription', language: 'en', before: '', after: 'New description' },
        { action: 'update', field: 'searchTitle', language: 'de', before: 'Neuer Titel', after: '' },
      ]),
    );
  });
});
