import i18next, { type i18n as I18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { translationBackend } from './translation-backend';

/** The test's own texts are not the site's: their keys are not the typed ones. */
const text = (i18n: I18n, key: string, options?: { defaultValue: string }) =>
  (i18n.t as unknown as (key: string, options?: { defaultValue: string }) => string)(key, options);

type Answer = { status: number; body?: unknown; raw?: string } | 'network-error';

/** A fetch that answers from a script per URL and records every call. */
function scriptedFetch(script: Record<string, Answer[]>) {
  const calls: string[] = [];
  const fetch = (async (input: string | URL | Request) => {
    const url = String(input);
    calls.push(url);
    const answer = script[url]?.shift() ?? { status: 404 };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.raw ?? (answer.body === undefined ? 'not found' : JSON.stringify(answer.body)), {
      status: answer.status,
    });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const url = (lang: string, ns: string) => `/i18n/${ns}/${lang}.json`;
const noWait = async () => {};

async function instanceWith(fetch: typeof globalThis.fetch, lang = 'de') {
  const instance = i18next.createInstance();
  await instance
    .use(translationBackend({ url, fetch, sleep: noWait }))
    .init({ lng: lang, fallbackLng: false, ns: ['common'], defaultNS: 'common' });
  return instance;
}

describe('translation backend', () => {
  it('loads only the language in use', async () => {
    const { fetch, calls } = scriptedFetch({ '/i18n/common/de.json': [{ status: 200, body: { hello: 'Hallo' } }] });
    const i18n = await instanceWith(fetch);
    expect(text(i18n, 'hello')).toBe('Hallo');
    expect(calls).toEqual(['/i18n/common/de.json']);
  });

  it('retries a failed load twice before it succeeds', async () => {
    const { fetch, calls } = scriptedFetch({
      '/i18n/common/de.json': ['network-error', { status: 503 }, { status: 200, body: { hello: 'Hallo' } }],
    });
    const i18n = await instanceWith(fetch);
    expect(text(i18n, 'hello')).toBe('Hallo');
    expect(calls).toEqual(['/i18n/common/de.json', '/i18n/common/de.json', '/i18n/common/de.json']);
  });

  it('falls back to the other language after three failed attempts', async () => {
    const { fetch, calls } = scriptedFetch({
      '/i18n/common/de.json': [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 200, body: { hello: 'Hallo' } }],
      '/i18n/common/en.json': [{ status: 200, body: { hello: 'Hello' } }],
    });
    const i18n = await instanceWith(fetch);
    expect(text(i18n, 'hello')).toBe('Hello');
    expect(calls.filter((c) => c.endsWith('de.json'))).toHaveLength(3);
    expect(calls.at(-1)).toBe('/i18n/common/en.json');
  });

  it('treats an answer that is not JSON as a failure', async () => {
    const { fetch, calls } = scriptedFetch({
      '/i18n/common/en.json': [
        { status: 200, raw: '<!doctype html>' },
        { status: 200, body: { hello: 'Hello' } },
      ],
    });
    const i18n = await instanceWith(fetch, 'en');
    expect(text(i18n, 'hello')).toBe('Hello');
    expect(calls).toHaveLength(2);
  });

  it('shows the key of a text that is missing', async () => {
    const { fetch } = scriptedFetch({ '/i18n/common/de.json': [{ status: 200, body: { hello: 'Hallo' } }] });
    const i18n = await instanceWith(fetch);
    expect(text(i18n, 'nav.unknown')).toBe('nav.unknown');
    expect(text(i18n, 'nav.unknown', { defaultValue: 'Start' })).toBe('Start');
  });

  it('shows keys when neither language can be loaded, without throwing', async () => {
    const { fetch, calls } = scriptedFetch({});
    const i18n = await instanceWith(fetch);
    expect(text(i18n, 'hello')).toBe('hello');
    expect(calls).toHaveLength(6);
  });
});
