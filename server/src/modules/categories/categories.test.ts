import { categoryListSchema, categorySchema } from '@blitz/contract';
import { describe, expect, it } from 'vitest';
import { api, databaseKinds, signIn, startTestApp } from '../../test/helper';
import { dataUrl, testPhoto } from '../../test/pictures';

const industry = {
  name: 'industry',
  translation: [
    { content: 'Industrie', language: 2 },
    { content: 'Industry', language: 1 },
  ],
};

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

describe.each(databaseKinds)('categories on %s', (kind) => {
  it('lists none at first, then what was created, with both translations ordered by language', async () => {
    const { url } = await startTestApp(kind);
    expect((await api(url, 'GET', '/api/v1/Category')).body).toEqual({ data: [], count: 0 });

    const token = await signIn(url);
    const created = await api(url, 'POST', '/api/v1/Category', { token, body: industry });
    expect(created.status).toBe(201);
    expect(categorySchema.parse(created.body)).toEqual({
      id: expect.any(Number),
      name: 'industry',
      translation: [
        { content: 'Industry', language: 1 },
        { content: 'Industrie', language: 2 },
      ],
      // The version a save sends back (decision 036).
      updatedAt: expect.any(String),
    });
    await api(url, 'POST', '/api/v1/Category', {
      token,
      body: { name: 'substations', translation: [{ content: 'Substations', language: 1 }] },
    });

    const list = await api(url, 'GET', '/api/v1/Category');
    expect(list.status).toBe(200);
    expect(categoryListSchema.parse(list.body).count).toBe(2);
    expect(list.body.data.map((c: { name: string }) => c.name)).toEqual(['industry', 'substations']);
  });

  it('narrows the translations to one language with Language, in any spelling of the parameter', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    await api(url, 'POST', '/api/v1/Category', { token, body: industry });
    const german = await api(url, 'GET', '/api/v1/Category?Language=2');
    expect(german.body.data[0].translation).toEqual([{ content: 'Industrie', language: 2 }]);
    const english = await api(url, 'GET', '/api/v1/category?language=1');
    expect(english.status).toBe(200);
    expect(english.body.data[0].translation).toEqual([{ content: 'Industry', language: 1 }]);
    const empty = await api(url, 'GET', '/api/v1/Category?Language=');
    expect(empty.body.data[0].translation).toHaveLength(2);
    for (const bad of ['3', '0', 'de', '1.5', '-1']) {
      const res = await api(url, 'GET', `/api/v1/Category?Language=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(fields(res.body), bad).toContain('Language');
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
  });

  it('needs a valid sign-in for every change', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const { body: category } = await api(url, 'POST', '/api/v1/Category', { token, body: industry });
    const attempts: [string, string, unknown][] = [
      ['POST', '/api/v1/Category', { name: 'x', translation: [] }],
      ['PUT', '/api/v1/Category', { id: category.id, name: 'x', translation: [] }],
      ['PUT', `/api/v1/Category/${category.id}`, { name: 'x', translation: [] }],
      ['DELETE', `/api/v1/Category/${category.id}`, undefined],
    ];
    for (const [method, route, body] of attempts) {
      for (const badToken of [undefined, 'garbage', `${token}x`]) {
        const res = await api(url, method, route, { body, ...(badToken ? { token: badToken } : {}) });
        expect(res.status, `${method} ${route} ${badToken}`).toBe(401);
        expect(res.body.code).toBe('unauthorized');
      }
    }
    // Even an invalid body gets 401 first: nothing is validated for a stranger.
    expect((await api(url, 'POST', '/api/v1/Category', { body: { nonsense: true } })).status).toBe(401);
    expect((await api(url, 'GET', '/api/v1/Category')).body.data[0].name).toBe('industry');
  });

  it('refuses a duplicate name with 409, regardless of case', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    expect((await api(url, 'POST', '/api/v1/Category', { token, body: industry })).status).toBe(201);
    for (const name of ['industry', 'INDUSTRY', '  Industry  ']) {
      const res = await api(url, 'POST', '/api/v1/Category', { token, body: { ...industry, name } });
      expect(res.status, name).toBe(409);
      expect(res.body.code).toBe('conflict');
      expect(res.body.detail).toContain('already exists');
      expect(res.body.inTrash).toBeUndefined();
    }
  });

  it('refuses the name of a category in the trash with a 409 that says so, until it is purged', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const trashed = (await api(url, 'POST', '/api/v1/Category', { token, body: industry })).body as { id: number };
    const other = (await api(url, 'POST', '/api/v1/Category', { token, body: { name: 'Wohnbau' } })).body as { id: number };
    expect((await api(url, 'DELETE', `/api/v1/Category/${trashed.id}`, { token })).status).toBe(204);
    for (const [method, path, body] of [
      ['POST', '/api/v1/Category', { name: 'Industry' }],
      ['PUT', `/api/v1/Category/${other.id}`, { name: 'INDUSTRY' }],
    ] as const) {
      const res = await api(url, method, path, { token, body });
      expect(res.status, method).toBe(409);
      expect(res.body).toMatchObject({ code: 'conflict', inTrash: true });
      expect(res.body.detail).toContain('is in the trash');
    }
    expect((await api(url, 'DELETE', '/api/v1/Trash', { token })).body).toEqual({ removed: 1 });
    expect((await api(url, 'POST', '/api/v1/Category', { token, body: { name: 'Industry' } })).status).toBe(201);
  });

  it('names the field of every invalid create', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const cases: [unknown, string][] = [
      [{ translation: [] }, 'name'],
      [{ name: '   ', translation: [] }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 42 }, 'name'],
      [{ name: 'a', translation: [{ content: 'A', language: 3 }] }, 'translation.0.language'],
      [{ name: 'a', translation: [{ content: '', language: 1 }] }, 'translation.0.content'],
      [
        {
          name: 'a',
          translation: [
            { content: 'A', language: 1 },
            { content: 'B', language: 1 },
          ],
        },
        'translation',
      ],
      [{ name: 'a', translation: 'Industry' }, 'translation'],
      [{ name: 'a', translation: [], extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await api(url, 'POST', '/api/v1/Category', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fields(res.body).join(' '), JSON.stringify(body)).toContain(field);
    }
    const malformed = await api(url, 'POST', '/api/v1/Category', {
      token,
      raw: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect((await api(url, 'GET', '/api/v1/Category')).body.count).toBe(0);
  });

  it('updates through PUT /Category and PUT /Category/{id}', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const { body: a } = await api(url, 'POST', '/api/v1/Category', { token, body: industry });
    const { body: b } = await api(url, 'POST', '/api/v1/Category', { token, body: { name: 'offices', translation: [] } });

    const renamed = await api(url, 'PUT', '/api/v1/Category', {
      token,
      body: { id: a.id, name: 'industrial plants', translation: [{ content: 'Industrieanlagen', language: 2 }] },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({
      id: a.id,
      name: 'industrial plants',
      translation: [{ content: 'Industrieanlagen', language: 2 }],
      updatedAt: expect.any(String),
    });

    const byPath = await api(url, 'PUT', `/api/v1/Category/${b.id}`, { token, body: { name: 'Offices', translation: [] } });
    expect(byPath.status).toBe(200);
    expect(byPath.body.name).toBe('Offices');

    expect((await api(url, 'PUT', `/api/v1/Category/${b.id}`, { token, body: { id: a.id, name: 'x' } })).status).toBe(400);
    expect((await api(url, 'PUT', '/api/v1/Category', { token, body: { id: b.id, name: 'Industrial Plants' } })).status).toBe(
      409,
    );
    expect((await api(url, 'PUT', '/api/v1/Category', { token, body: { id: 999, name: 'nothing' } })).status).toBe(404);
    expect((await api(url, 'PUT', '/api/v1/Category/999', { token, body: { name: 'nothing' } })).status).toBe(404);
    expect((await api(url, 'PUT', '/api/v1/Category', { token, body: { name: 'no id' } })).status).toBe(400);
  });

  it('deletes a category and keeps its projects, without a category', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const { body: category } = await api(url, 'POST', '/api/v1/Category', { token, body: industry });
    const { body: project } = await api(url, 'POST', '/api/v1/Project', {
      token,
      body: {
        title: [
          { content: 'Halle 4', language: 2 },
          { content: 'Hall 4', language: 1 },
        ],
        categoryID: String(category.id),
        picture: dataUrl(await testPhoto(300, 200)),
      },
    });
    expect(project.categoryID).toBe(category.id);

    const deleted = await api(url, 'DELETE', `/api/v1/Category/${category.id}`, { token });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await api(url, 'GET', '/api/v1/Category')).body.count).toBe(0);

    const kept = await api(url, 'GET', `/api/v1/Project/${project.id}`);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ id: project.id, categoryID: null, category: null });

    expect((await api(url, 'DELETE', `/api/v1/Category/${category.id}`, { token })).status).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await api(url, 'DELETE', `/api/v1/Category/${bad}`, { token });
      expect(res.status, bad).toBe(400);
      expect(fields(res.body), bad).toContain('id');
    }
  });
});
