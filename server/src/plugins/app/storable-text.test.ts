import { describe, expect, it } from 'vitest';
import { api, databaseKinds, signIn, startTestApp, testAdmin } from '../../test/helper';
import { unstorableTextPaths } from './storable-text';

describe('unstorableTextPaths', () => {
  it('names every string with NUL by its path, keys included', () => {
    expect(unstorableTextPaths({ a: 'ok', b: ['x', 'y\u0000'], c: { d: '\u0000' }, 'e\u0000': 1 })).toEqual([
      'b.1',
      'c.d',
      'e\u0000',
    ]);
    expect(unstorableTextPaths('\u0000')).toEqual(['']);
    expect(unstorableTextPaths({ tab: '\t', lineBreak: 'a\r\nb', umlaut: 'ä😀', n: 1, nothing: null })).toEqual([]);
  });
});

describe.each(databaseKinds)('text the database cannot store, on %s', (kind) => {
  const fieldsOf = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

  it('is refused with 400 naming the field, before signing in and after (never a 500)', async () => {
    const { url } = await startTestApp(kind);
    for (const [target, field] of [
      ['/api/v1/Project?Title=%00', 'Title'],
      ['/api/v1/Project?Description=%00x', 'Description'],
      ['/api/v1/Category?Language=%00', 'Language'],
    ] as const) {
      const res = await api(url, 'GET', target);
      expect(res.status, target).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
      expect(fieldsOf(res.body), target).toEqual([field]);
    }
    const login = await api(url, 'POST', '/api/v1/login/Auth', {
      body: { username: 'ad\u0000min', password: testAdmin.password },
    });
    expect(login.status).toBe(400);
    expect(fieldsOf(login.body)).toEqual(['username']);

    const token = await signIn(url);
    const category = await api(url, 'POST', '/api/v1/Category', {
      token,
      body: { name: 'Indus\u0000trie', translation: [{ content: 'In\u0000dustry', language: 1 }] },
    });
    expect(category.status).toBe(400);
    expect(fieldsOf(category.body)).toEqual(['name', 'translation.0.content']);

    const { body: created } = await api(url, 'POST', '/api/v1/Category', { token, body: { name: 'Industrie', translation: [] } });
    const renamed = await api(url, 'PUT', '/api/v1/Category', {
      token,
      body: { id: created.id, name: '\u0000', translation: [] },
    });
    expect(renamed.status).toBe(400);
    expect(fieldsOf(renamed.body)).toEqual(['name']);

    const project = await api(url, 'POST', '/api/v1/Project', {
      token,
      body: {
        title: [
          { content: 'Halle\u0000', language: 2 },
          { content: 'Hall', language: 1 },
        ],
        location: 'Hanau\u0000',
        picture: 'data:image/png;base64,AAAA',
      },
    });
    expect(project.status).toBe(400);
    expect(fieldsOf(project.body)).toEqual(['title.0.content', 'location']);

    // Nothing was stored, and the server still answers.
    expect((await api(url, 'GET', '/api/v1/Category')).body.data.map((c: { name: string }) => c.name)).toEqual(['Industrie']);
    expect((await api(url, 'GET', '/api/v1/Project')).body.count).toBe(0);
  });
});
