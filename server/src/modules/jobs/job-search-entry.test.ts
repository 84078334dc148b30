import { describe, expect, it } from 'vitest';
import { jobSchema, searchEntryLimits } from '@blitz/contract';
import { writeFakeWebBuild } from '../../test/fake-web-build';
import { api, databaseKinds, signIn, startTestApp, tempDir } from '../../test/helper';
import { jobBody } from './jobs.test-kit';

/** A web build whose server bundle writes out the search entry of the job it was given (the page's language alone). */
function fakeWebBuild(): string {
  return writeFakeWebBuild(
    tempDir(),
    (key, lang) =>
      `<!doctype html><html lang="${lang}"><head><title>${key}</title></head><body><div id="root"><p>built ${key}</p></div></body></html>`,
    `const job = Object.entries(data ?? {}).find(([key]) => /^\\/api\\/v1\\/Job\\/\\d+$/.test(key))?.[1];
      const entry = job ? [...job.searchTitle, ...job.searchDescription].map((t) => t.language + ':' + t.content).join(' / ') : 'none';
      return { html: '<main>entry: ' + entry + '</main>', head: '' };`,
  );
}

const both = (de: string, en: string) => [
  { content: en, language: 1 },
  { content: de, language: 2 },
];

const fields = (res: { body: { errors?: { field: string }[] } }) => (res.body.errors ?? []).map((e) => e.field);

const shown = async (url: string, path: string) => /<main>entry: (.*?)<\/main>/.exec((await api(url, 'GET', path)).text)?.[1];

describe.each(databaseKinds)('search entries of job openings on %s', (kind) => {
  it('are saved, read back, kept by a save that leaves them out, cleared by an empty list; a read sent back is accepted', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const entry = {
      searchTitle: both('Blitzschutzmonteur in Hanau gesucht', 'Lightning protection installer, Hanau'),
      searchDescription: [{ content: 'Montage von Fangeinrichtungen im Rhein-Main-Gebiet, unbefristet.', language: 2 }],
    };
    const created = await api(url, 'POST', '/api/v1/Job', { token, body: jobBody(entry) });
    expect(created.status).toBe(201);
    const job = jobSchema.parse(created.body);
    expect(job).toMatchObject(entry);
    expect((await api(url, 'GET', `/api/v1/Job/${job.id}?Language=1`)).body).toMatchObject({
      searchTitle: [{ content: 'Lightning protection installer, Hanau', language: 1 }],
      searchDescription: [],
    });

    // Staff's read sent back unchanged: accepted, the same entry.
    const read = await api(url, 'GET', `/api/v1/Job/${job.id}`, { token });
    const back = await api(url, 'PUT', '/api/v1/Job', { token, body: read.body });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject(entry);

    // A client that knows no search entry: it stays as it was.
    const old = await api(url, 'PUT', '/api/v1/Job', {
      token,
      body: { ...jobBody({ location: 'Frankfurt am Main' }), id: job.id },
    });
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ ...entry, location: 'Frankfurt am Main' });

    const cleared = await api(url, 'PUT', '/api/v1/Job', {
      token,
      body: { ...jobBody({ searchTitle: [], searchDescription: [{ content: ' ', language: 1 }] }), id: job.id },
    });
    expect(cleared.body).toMatchObject({ searchTitle: [], searchDescription: [] });

    const longest = jobBody({
      searchTitle: both('T'.repeat(searchEntryLimits.titleMaxLength), 't'.repeat(searchEntryLimits.titleMaxLength)),
      searchDescription: both(
        'D'.repeat(searchEntryLimits.descriptionMaxLength),
        'd'.repeat(searchEntryLimits.descriptionMaxLength),
      ),
    });
    const atLimit = await api(url, 'PUT', '/api/v1/Job', { token, body: { ...longest, id: job.id } });
    expect(atLimit.status).toBe(200);
    expect((await api(url, 'PUT', '/api/v1/Job', { token, body: atLimit.body })).status).toBe(200);
  });

  it('refuses an entry too long, on two lines, or a language twice with a 400 naming the field', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const { body: job } = await api(url, 'POST', '/api/v1/Job', { token, body: jobBody() });
    const refusals: [Record<string, unknown>, string][] = [
      [{ searchTitle: [{ content: 'x'.repeat(searchEntryLimits.titleMaxLength + 1), language: 1 }] }, 'searchTitle'],
      [
        { searchDescription: [{ content: 'x'.repeat(searchEntryLimits.descriptionMaxLength + 1), language: 2 }] },
        'searchDescription',
      ],
      [{ searchDescription: [{ content: 'eins\r\nzwei', language: 2 }] }, 'searchDescription'],
      [{ searchTitle: [...both('a', 'b'), { content: 'c', language: 2 }] }, 'searchTitle'],
      [{ searchTitle: [{ content: 7, language: 2 }] }, 'searchTitle'],
    ];
    for (const [sent, field] of refusals) {
      for (const [method, payload] of [
        ['POST', jobBody(sent)],
        ['PUT', { ...jobBody(sent), id: job.id }],
      ] as const) {
        const res = await api(url, method, '/api/v1/Job', { token, body: payload });
        expect(res.status, `${method} ${JSON.stringify(sent).slice(0, 80)}`).toBe(400);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        expect(fields(res).some((f) => f.startsWith(field))).toBe(true);
      }
    }
    expect((await api(url, 'GET', `/api/v1/Job/${job.id}`, { token })).body.searchTitle).toEqual([]);
  });

  it("shows a change on the job's page at the next request, and records it before → after", async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const token = await signIn(url);
    const { body: job } = await api(url, 'POST', '/api/v1/Job', { token, body: jobBody() });
    expect(await shown(url, `/jobs/${job.id}`)).toBe('');

    const entry = {
      searchTitle: both('Monteur (m/w/d) Hanau', 'Installer Hanau'),
      searchDescription: both('Jetzt bewerben', 'Apply now'),
    };
    expect((await api(url, 'PUT', '/api/v1/Job', { token, body: { ...jobBody(entry), id: job.id } })).status).toBe(200);
    // The page carries its own language's entry alone.
    expect(await shown(url, `/jobs/${job.id}`)).toBe('2:Monteur (m/w/d) Hanau / 2:Jetzt bewerben');
    expect(await shown(url, `/jobs/${job.id}?lang=en`)).toBe('1:Installer Hanau / 1:Apply now');

    const audit = await api(url, 'GET', `/api/v1/Audit?Item=job:${job.id}`, { token });
    const changes = (audit.body.data as { changes: Record<string, unknown>[] }[]).flatMap((e) =>
      e.changes.filter((c) => String(c['field']).startsWith('search')),
    );
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'searchTitle', language: 'de', before: '', after: 'Monteur (m/w/d) Hanau' },
        { field: 'searchDescription', language: 'en', before: '', after: 'Apply now' },
      ]),
    );
  });
});
