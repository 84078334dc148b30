import { LRUCache } from 'lru-cache';

/**
 * A bounded map whose entries are valid for one version of the data only. The caller reads the
 * current version from the shared store on every use, so an entry made before a change is never
 * served after it, on this instance or any other.
 */
export class VersionedCache<T> {
  // Least recently used dropped first.
  private readonly entries: LRUCache<string, { version: string; value: T }>;

  constructor(size: number) {
    this.entries = new LRUCache({ max: size });
  }

  get(key: string, version: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, version: string, value: T): void {
    this.entries.set(key, { version, value });
  }
}
