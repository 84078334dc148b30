import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiRoutes, apiUrl } from '@blitz/contract';
import { api, databaseKinds, signIn, startSharedTestApp } from './test/helper';

type Site = { url: string; token: string };
const first = (body: { data: unknown[] }) => body.data[0];

/** Reads, then saves exactly what the read answered (`pick` takes an item out of a list). */
async function roundTrip({ url, token }: Site, read: string, write: string, pick = (body: any) => body) {
  const got = await api(url, 'GET', read, { token });
  expect(got.status, `GET ${read}`).toBe(200);
  const sent = pick(got.body);
  const put = await api(url, 'PUT', write, { token, body: sent });
  expect(put.status, `PUT ${write} with what GET ${read} answered: ${put.text}`).toBe(200);
  return { sent, answer: put.body };
}

/**
 * Issue 40: a client that saves what it read. For every resource whose GET and PUT share a shape,
 * exactly what the GET answered (read-only fields such as `createdAt`, `draft` or
 * `locationTranslations` included) is accepted by the PUT; unknown names are still refused.
 */
describe.each(databaseKinds)('a PUT of exactly what the GET answered, on %s', (kind) => {
  // One site with the sample content for the file (seeding renders its pictures: slow); each
  // test reads what is there and writes it back, so that none depends on another's changes.
  let site: Site;
  let close = async () => {};
  beforeAll(async () => {
    const started = await startSharedTestApp(kind, { SEED_SAMPLE: 'true' });
    close = started.close;
    site = { url: started.url, token: '' };
  }, 120_000);
  afterAll(() => close());
  // A fresh sign-in each: saving an account may end its sign-ins.
  beforeEach(async () => {
    site.token = await signIn(site.url);
  });
  const list = (path: string) => api(site.url, 'GET', apiUrl(path), { token: site.token });

  it('is accepted for a category, by PUT /Category and PUT /Category/{id}', async () => {
    const category = first((await list(apiRoutes.categories.list)).body) as { id: number };
    await roundTrip(site, apiUrl(apiRoutes.categories.list), apiUrl(apiRoutes.categories.list), first);
    await roundTrip(site, apiUrl(apiRoutes.categories.list), apiUrl(apiRoutes.categories.onePath(category.id)), first);
  });

  it('is accepted for a project with a draft of changes, by PUT /Project and PUT /Project/{id}', async () => {
    const { id, title } = first((await list(apiRoutes.projects.list)).body) as { id: number; title: unknown };
    // A published project with a draft of changes answers `draft` too.
    const draft = await api(site.url, 'PUT', apiUrl(apiRoutes.projects.list), {
      token: site.token,
      body: { id, title, client: 'Neuer Kunde', published: false },
    });
    expect(draft.status).toBe(200);
    const { sent } = await roundTrip(site, apiUrl(apiRoutes.projects.onePath(id)), apiUrl(apiRoutes.projects.list));
    expect(sent.draft).toMatchObject({ client: 'Neuer Kunde' });
    expect(sent).toHaveProperty('locationTranslations');
    expect(sent).toHaveProperty('workDurationTranslations');
    await roundTrip(site, apiUrl(apiRoutes.projects.onePath(id)), apiUrl(apiRoutes.projects.onePath(id)));
  });

  it('is accepted for a job', async () => {
    const { id } = first((await list(apiRoutes.jobs.list)).body) as { id: number };
    const { sent } = await roundTrip(site, apiUrl(apiRoutes.jobs.onePath(id)), apiUrl(apiRoutes.jobs.list));
    expect(sent).toHaveProperty('createdAt');
  });

  it('is accepted for the company details, mail settings, retention and the summary mail', async () => {
    await roundTrip(site, apiUrl(apiRoutes.companyDetails), apiUrl(apiRoutes.companyDetails));
    await roundTrip(site, apiUrl(apiRoutes.mailSettings.settings), apiUrl(apiRoutes.mailSettings.settings));
    await roundTrip(site, apiUrl(apiRoutes.inbox.retention), apiUrl(apiRoutes.inbox.retention));
    const { sent } = await roundTrip(site, apiUrl(apiRoutes.statistics.summary), apiUrl(apiRoutes.statistics.summary));
    expect(sent).toMatchObject({ enabled: false, mailServer: false });
  });

  it('is accepted for an inquiry type (its revision and the fields’ kinds included)', async () => {
    const { sent } = await roundTrip(site, apiUrl(apiRoutes.inquiryTypes.list), apiUrl(apiRoutes.inquiryTypes.list), (body) =>
      body.types.find((t: { key: string }) => t.key === 'application'),
    );
    expect(sent).toMatchObject({ builtIn: true });
    expect(sent.fields[0]).toHaveProperty('kind');
  });

  it('is accepted for an account', async () => {
    const { answer } = await roundTrip(site, apiUrl(apiRoutes.users.list), apiUrl(apiRoutes.users.list), first);
    expect(answer).toMatchObject({ username: 'admin', role: 'admin', state: 'active' });
  });

  it('still refuses a name nobody answers and a wrong value of a field a save takes; read-only values change nothing', async () => {
    const project = first((await list(apiRoutes.projects.list)).body) as { position: number; createdAt: string };
    const put = (path: string, body: unknown) => api(site.url, 'PUT', apiUrl(path), { token: site.token, body });
    const unknown = await put(apiRoutes.projects.list, { ...project, colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].message).toContain('colour');
    const wrong = await put(apiRoutes.projects.list, { ...project, client: 42 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.map((e: { field: string }) => e.field)).toEqual(['client']);
    const ignored = await put(apiRoutes.projects.list, { ...project, position: 99, createdAt: '2000-01-01T00:00:00.000Z' });
    expect(ignored.status).toBe(200);
    expect(ignored.body).toMatchObject({ position: project.position, createdAt: project.createdAt });
    const job = first((await list(apiRoutes.jobs.list)).body) as object;
    expect((await put(apiRoutes.jobs.list, { ...job, salary: 1 })).status).toBe(400);
    expect(
      (await put(apiRoutes.users.list, { ...(first((await list(apiRoutes.users.list)).body) as object), nickname: 'x' })).status,
    ).toBe(400);
  });
});
