import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Project, projectListSchema, projectSchema } from '@blitz/contract';
import type { Db } from '../../db/database';
import { api, databaseKinds, signIn, startTestApp } from '../../test/helper';
import { insertProject } from './projects.repository';

// The staff's order of the gallery and the featured selection (decision 031), over real HTTP on
// each database.

async function insertNamed(db: Db, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    ids.push(
      await insertProject(db, {
        location: name,
        workDuration: '',
        client: '',
        categoryId: null,
        pictures: [],
        texts: {
          title: [
            { content: `Projekt ${name}`, language: 2 },
            { content: `Project ${name}`, language: 1 },
          ],
          content: [],
          scope: [],
        },
      }),
    );
  }
  return ids;
}

async function order(url: string, query = ''): Promise<string[]> {
  const res = await api(url, 'GET', `/api/v1/Project?PageLength=100${query}`);
  expect(res.status).toBe(200);
  return projectListSchema.parse(res.body).data.map((p) => p.location);
}

const move = (url: string, token: string, id: number, body: unknown) =>
  api(url, 'POST', `/api/v1/Project/${id}/Move`, { token, body });

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

/** Every column of every project, to see what a request changed. */
async function snapshot(db: Db) {
  const rows = await db.selectFrom('projects').selectAll().orderBy('id').execute();
  return new Map(rows.map((row) => [row.id, row]));
}

describe.each(databaseKinds)('the staff’s order of projects on %s', (kind) => {
  it('puts a new project at the top, and moves one to the top or after another, with its position', async () => {
    const { url, app } = await startTestApp(kind);
    const token = await signIn(url);
    const [a, b, c, d] = await insertNamed(app.db, ['A', 'B', 'C', 'D']);
    expect(await order(url)).toEqual(['D', 'C', 'B', 'A']);

    const toTop = await move(url, token, a!, { after: null });
    expect(toTop.status).toBe(200);
    expect(projectSchema.parse(toTop.body)).toMatchObject({ id: a, position: 1 });
    expect(await order(url)).toEqual(['A', 'D', 'C', 'B']);

    const afterC = await move(url, token, d!, { after: c });
    expect(afterC.status).toBe(200);
    expect(afterC.body.position).toBe(3);
    expect(await order(url)).toEqual(['A', 'C', 'D', 'B']);

    // To the end: after the last one.
    expect((await move(url, token, a!, { after: b })).body.position).toBe(4);
    expect(await order(url)).toEqual(['C', 'D', 'B', 'A']);

    const list = projectListSchema.parse((await api(url, 'GET', '/api/v1/Project?PageLength=100')).body);
    expect(list.data.map((p) => p.position)).toEqual([1, 2, 3, 4]);
    // A project read alone says its place too.
    expect((await api(url, 'GET', `/api/v1/Project/${b}`)).body.position).toBe(3);

    // A created project (through the API) goes to the top.
    const created = await api(url, 'POST', '/api/v1/Project', {
      token,
      body: {
        title: [
          { content: 'Neu', language: 2 },
          { content: 'New', language: 1 },
        ],
        location: 'E',
        picture:
          'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ position: 1, featured: false });
    expect(await order(url)).toEqual(['E', 'C', 'D', 'B', 'A']);
  });

  it('changes only the moved project’s key: no other row, no other column', async () => {
    const { url, app } = await startTestApp(kind);
    const token = await signIn(url);
    const [a, , c] = await insertNamed(app.db, ['A', 'B', 'C', 'D', 'E']);
    const before = await snapshot(app.db);
    expect((await move(url, token, a!, { after: c })).status).toBe(200);
    const after = await snapshot(app.db);
    for (const [id, row] of before) {
      const now = after.get(id)!;
      if (id === a) {
        expect({ ...now, order_key: row.order_key }).toEqual(row);
        expect(now.order_key).not.toBe(row.order_key);
      } else expect(now, `project ${id}`).toEqual(row);
    }
  });

  it('answers moving after itself, or to where it already is, without changing anything', async () => {
    const { url, app } = await startTestApp(kind);
    const token = await signIn(url);
    const [, b, c] = await insertNamed(app.db, ['A', 'B', 'C']);
    const before = await snapshot(app.db);
    const contentVersion = () => app.db.selectFrom('settings').selectAll().where('key', '=', 'content_version').execute();
    const version = await contentVersion();
    const self = await move(url, token, b!, { after: b });
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ id: b, position: 2 });
    // C is at the top already; B directly after C already.
    expect((await move(url, token, c!, { after: null })).body.position).toBe(1);
    expect((await move(url, token, b!, { after: c })).body.position).toBe(2);
    expect(await snapshot(app.db)).toEqual(before);
    // Not even the content version changed: every kept page stays valid.
    expect(await contentVersion()).toEqual(version);
    expect(await order(url)).toEqual(['C', 'B', 'A']);
  });

  it('refuses an unknown project (404), an unknown one to move after (404) and bad input (400), never a 500', async () => {
    const { url, app } = await startTestApp(kind);
    const token = await signIn(url);
    const [a] = await insertNamed(app.db, ['A', 'B']);
    const before = await snapshot(app.db);

    const unknown = await move(url, token, 9999, { after: null });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(unknown.body.code).toBe('not_found');

    const unknownAfter = await move(url, token, a!, { after: 9999 });
    expect(unknownAfter.status).toBe(404);
    expect(fields(unknownAfter.body)).toEqual(['after']);

    for (const body of [
      {},
      { after: 'x' },
      { after: 0 },
      { after: -1 },
      { after: 1.5 },
      { after: 99_999_999_999 },
      { after: null, list: 'other' },
      { after: null, extra: true },
      [],
      'text',
    ]) {
      const res = await move(url, token, a!, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toMatch(/validation|malformed_body/);
    }
    for (const id of ['abc', '0', '1e3', '-1']) {
      expect((await api(url, 'POST', `/api/v1/Project/${id}/Move`, { token, body: { after: null } })).status).toBe(400);
    }
    const broken = await api(url, 'POST', `/api/v1/Project/${a}/Move`, {
      token,
      raw: '{"after":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    // Without a sign-in: refused before anything is read.
    expect((await api(url, 'POST', `/api/v1/Project/${a}/Move`, { body: { after: null } })).status).toBe(401);
    expect(await snapshot(app.db)).toEqual(before);
  });

  it('keeps one stable order under 20 concurrent moves', async () => {
    const { url, app } = await startTestApp(kind);
    const token = await signIn(url);
    const names = Array.from({ length: 30 }, (_, i) => `P${String(i).padStart(2, '0')}`);
    const ids = await insertNamed(app.db, names);
    const initial = await order(url);

    // 20 projects to the top at once: they end up as the first 20 (in some order), the other 10
    // after them in the order they had.
    const moved = ids.slice(5, 25);
    const answers = await Promise.all(moved.map((id) => move(url, token, id, { after: null })));
    expect(answers.map((r) => r.status)).toEqual(moved.map(() => 200));
    const afterTop = await order(url);
    const movedNames = new Set(moved.map((id) => names[ids.indexOf(id)]!));
    expect(new Set(afterTop.slice(0, 20))).toEqual(movedNames);
    expect(afterTop.slice(20)).toEqual(initial.filter((n) => !movedNames.has(n)));

    // 20 projects after one anchor at once: all of them directly after it.
    const anchor = ids[0]!;
    const others = ids.slice(1, 21);
    const second = await Promise.all(others.map((id) => move(url, token, id, { after: anchor })));
    expect(second.map((r) => r.status)).toEqual(others.map(() => 200));
    const final = await order(url);
    const anchorAt = final.indexOf(names[0]!);
    expect(new Set(final.slice(anchorAt + 1, anchorAt + 21))).toEqual(new Set(others.map((id) => names[ids.indexOf(id)]!)));

    // Stable: every project once, unique positions 1…30, and paging gives the same order.
    expect(new Set(final).size).toBe(30);
    const keys = await app.db.selectFrom('projects').select('order_key').execute();
    expect(new Set(keys.map((k) => k.order_key)).size).toBe(30);
    const pages: Project[] = [];
    for (let page = 1; page <= 3; page++) {
      pages.push(...(await api(url, 'GET', `/api/v1/Project?PageLength=10&PageNumber=${page}`)).body.data);
    }
    expect(pages.map((p) => p.location)).toEqual(final);
    expect(pages.map((p) => p.position)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(await order(url)).toEqual(final);
  });

  it('keeps the staff’s order under a category filter, a search and paging', async () => {
    const { url, app, database } = await startTestApp(kind);
    const token = await signIn(url);
    const { body: category } = await api(url, 'POST', '/api/v1/Category', {
      token,
      body: { name: 'towers', translation: [{ content: 'Türme', language: 2 }] },
    });
    const ids = await insertNamed(app.db, ['Hanau 1', 'Fulda 2', 'Hanau 3', 'Fulda 4', 'Hanau 5']);
    void database;
    await app.db
      .updateTable('projects')
      .set({ category_id: category.id })
      .where('id', 'in', [ids[0]!, ids[2]!, ids[3]!])
      .execute();
    await move(url, token, ids[0]!, { after: null });
    expect(await order(url)).toEqual(['Hanau 1', 'Hanau 5', 'Fulda 4', 'Hanau 3', 'Fulda 2']);
    expect(await order(url, `&CategoryID=${category.id}`)).toEqual(['Hanau 1', 'Fulda 4', 'Hanau 3']);
    const page2 = await api(url, 'GET', `/api/v1/Project?CategoryID=${category.id}&PageLength=2&PageNumber=2`);
    expect(page2.body.data.map((p: Project) => [p.location, p.position])).toEqual([['Hanau 3', 4]]);
    // The search finds the location (any case) or the title, and keeps the order.
    expect(await order(url, '&Search=hanau')).toEqual(['Hanau 1', 'Hanau 5', 'Hanau 3']);
    expect(await order(url, '&Search=PROJECT%20FULDA&Language=1')).toEqual(['Fulda 4', 'Fulda 2']);
    expect(await order(url, '&Sort=newest')).toEqual(['Hanau 5', 'Fulda 4', 'Hanau 3', 'Fulda 2', 'Hanau 1']);
    expect(await order(url, '&Sort=oldest')).toEqual(['Hanau 1', 'Fulda 2', 'Hanau 3', 'Fulda 4', 'Hanau 5']);
    for (const bad of ['Sort=random', 'Featured=yes', `Search=${'x'.repeat(201)}`]) {
      const res = await api(url, 'GET', `/api/v1/Project?${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });

  it.runIf(kind === 'postgres')('orders keys that differ only in case byte by byte on PostgreSQL', async () => {
    const { url, app } = await startTestApp(kind);
    const ids = await insertNamed(app.db, ['lower', 'upper', 'digit']);
    // Valid keys of the same integer part: bytewise '0' < 'V' < 'v'; a linguistic collation
    // (en_US, de_DE) would put 'a0v' before 'a0V'.
    const keys: [number, string][] = [
      [ids[0]!, 'a0v'],
      [ids[1]!, 'a0V'],
      [ids[2]!, 'a00V'],
    ];
    for (const [id, key] of keys) await app.db.updateTable('projects').set({ order_key: key }).where('id', '=', id).execute();
    expect(await order(url)).toEqual(['digit', 'upper', 'lower']);
    const { rows } = await sql<{ collation: string }>`
      select collation_name as collation from information_schema.columns
      where table_name = 'projects' and column_name = 'order_key' and table_schema = current_schema()`.execute(app.db);
    expect(rows[0]?.collation).toBe('C');
    // A move between them makes a key between them in the same bytewise order.
    const token = await signIn(url);
    const [, , d] = await insertNamed(app.db, ['x', 'y', 'new']);
    expect((await move(url, token, d!, { after: ids[1]! })).status).toBe(200);
    expect((await order(url)).filter((n) => !['x', 'y'].includes(n))).toEqual(['digit', 'upper', 'new', 'lower']);
  });
});

describe.each(databaseKinds)('featured projects on %s', (kind) => {
  it('features at most three, in their own order, independent of the gallery’s', async () => {
    const { url, app } = await startTestApp(kind);
    const token = await signIn(url);
    const [a, b, c, d] = await insertNamed(app.db, ['A', 'B', 'C', 'D']);
    const feature = async (id: number, featured: boolean) => {
      const current = projectSchema.parse((await api(url, 'GET', `/api/v1/Project/${id}`)).body);
      return api(url, 'PUT', '/api/v1/Project', {
        token,
        body: {
          id,
          title: current.title,
          content: current.content,
          scopeOfWorks: current.scopeOfWorks,
          location: current.location,
          workDuration: current.workDuration,
          client: current.client,
          categoryID: String(current.categoryID ?? 0),
          featured,
        },
      });
    };
    for (const id of [b!, a!, d!]) {
      const res = await feature(id, true);
      expect(res.status).toBe(200);
      expect(res.body.featured).toBe(true);
    }
    expect(await order(url, '&Sort=featured')).toEqual(['B', 'A', 'D']);
    expect(await order(url, '&Featured=true')).toEqual(['D', 'B', 'A']);
    expect(await order(url, '&Featured=false')).toEqual(['C']);

    const before = await snapshot(app.db);
    const fourth = await feature(c!, true);
    expect(fourth.status).toBe(409);
    expect(fourth.body.code).toBe('featured_limit');
    expect(fields(fourth.body)).toEqual(['featured']);
    expect(await snapshot(app.db)).toEqual(before);

    // Saving a featured project again keeps its place in the selection.
    expect((await feature(b!, true)).status).toBe(200);
    expect(await order(url, '&Sort=featured')).toEqual(['B', 'A', 'D']);

    // Moved in the featured list: the gallery's order stays as it was.
    const moved = await move(url, token, d!, { list: 'featured', after: null });
    expect(moved.status).toBe(200);
    expect(await order(url, '&Sort=featured')).toEqual(['D', 'B', 'A']);
    expect((await move(url, token, d!, { list: 'featured', after: a })).status).toBe(200);
    expect(await order(url, '&Sort=featured')).toEqual(['B', 'A', 'D']);
    expect(await order(url)).toEqual(['D', 'C', 'B', 'A']);
    // And the gallery's moves leave the selection's order alone.
    expect((await move(url, token, a!, { after: null })).status).toBe(200);
    expect(await order(url, '&Sort=featured')).toEqual(['B', 'A', 'D']);

    // A project not featured is not in that list, nor can it be the one to follow.
    const notFeatured = await move(url, token, c!, { list: 'featured', after: null });
    expect(notFeatured.status).toBe(400);
    expect(fields(notFeatured.body)).toEqual(['list']);
    const afterNotFeatured = await move(url, token, a!, { list: 'featured', after: c });
    expect(afterNotFeatured.status).toBe(400);
    expect(fields(afterNotFeatured.body)).toEqual(['after']);

    // Unfeatured: room for another, which joins at the end.
    expect((await feature(a!, false)).body.featured).toBe(false);
    expect((await feature(c!, true)).status).toBe(200);
    expect(await order(url, '&Sort=featured')).toEqual(['B', 'D', 'C']);
    // A create may feature too, and is refused over the limit like an update.
    const create = await api(url, 'POST', '/api/v1/Project', {
      token,
      body: {
        title: [
          { content: 'Neu', language: 2 },
          { content: 'New', language: 1 },
        ],
        featured: true,
        picture:
          'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      },
    });
    expect(create.status).toBe(409);
    expect(create.body.code).toBe('featured_limit');
    expect((await api(url, 'GET', '/api/v1/Project')).body.count).toBe(4);
    // A bad value is a 400.
    const bad = await api(url, 'PUT', '/api/v1/Project', { token, body: { id: a, featured: 'yes' } });
    expect(bad.status).toBe(400);
  });

  it('keeps at most three under concurrent featuring', async () => {
    const { url, app } = await startTestApp(kind);
    const token = await signIn(url);
    const ids = await insertNamed(app.db, ['A', 'B', 'C', 'D', 'E', 'F']);
    const answers = await Promise.all(
      ids.map((id) =>
        api(url, 'PUT', `/api/v1/Project/${id}`, {
          token,
          body: {
            title: [
              { content: `T${id}`, language: 2 },
              { content: `T${id}`, language: 1 },
            ],
            featured: true,
          },
        }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(3);
    expect(await order(url, '&Featured=true')).toHaveLength(3);
  });
});
