import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstViewTokenTail } from '@blitz/contract';
import { clearToken, landingNoteStorageKey, readToken, storeToken } from './auth-token';

let store: Map<string, string>;
/** The cookies the code wrote, as written. */
let cookies: string[];

beforeEach(() => {
  store = new Map();
  cookies = [];
  vi.stubGlobal('window', {
    location: { protocol: 'https:' },
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    },
  });
  vi.stubGlobal('document', {
    set cookie(value: string) {
      cookies.push(value);
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the stored token', () => {
  it('goes with the early script’s note on where its sign-in lands', () => {
    storeToken('a.b.c');
    store.set(landingNoteStorageKey, '{"lands":"inbox"}');
    clearToken();
    expect(readToken()).toBeNull();
    expect(store.has(landingNoteStorageKey)).toBe(false);
  });

  it('tells the server which sign-in the browser holds, and that it holds none once it is removed (decision 067)', () => {
    storeToken('header.claims.signature-of-the-token');
    expect(cookies).toEqual([
      `__Host-dashboard-holder=${firstViewTokenTail('header.claims.signature-of-the-token')}; Max-Age=2592000; Path=/; SameSite=Strict; Secure`,
    ]);
    clearToken();
    expect(cookies[1]).toBe('__Host-dashboard-holder=; Max-Age=0; Path=/; SameSite=Strict; Secure');
  });

  it('stays, with its note, when a refused call had sent another one', () => {
    storeToken('the-new-token');
    store.set(landingNoteStorageKey, '{"lands":"inbox"}');
    clearToken('an-old-token');
    expect(readToken()).toBe('the-new-token');
    expect(store.has(landingNoteStorageKey)).toBe(true);
  });
});
