import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache';

describe('a versioned cache', () => {
  it('answers an entry only for the version it was made under', () => {
    const cache = new VersionedCache<string>(10);
    cache.set('list', 'v1', 'old');
    expect(cache.get('list', 'v1')).toBe('old');
    expect(cache.get('list', 'v2')).toBeUndefined();
    // Once seen out of date it is gone, even for its own version.
    expect(cache.get('list', 'v1')).toBeUndefined();
    expect(cache.get('other', 'v1')).toBeUndefined();
  });

  it('keeps at most its size, dropping the least recently used', () => {
    const cache = new VersionedCache<number>(2);
    cache.set('a', 'v', 1);
    cache.set('b', 'v', 2);
    expect(cache.get('a', 'v')).toBe(1);
    cache.set('c', 'v', 3);
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.get('a', 'v')).toBe(1);
    expect(cache.get('c', 'v')).toBe(3);
  });
});
