import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, landingNoteStorageKey, readToken, storeToken } from './auth-token';

let store: Map<string, string>;

beforeEach(() => {
  store = new Map();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
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

  it('stays, with its note, when a refused call had sent another one', () => {
    storeToken('the-new-token');
    store.set(landingNoteStorageKey, '{"lands":"inbox"}');
    clearToken('an-old-token');
    expect(readToken()).toBe('the-new-token');
    expect(store.has(landingNoteStorageKey)).toBe(true);
  });
});
