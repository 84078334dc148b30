/**
 * A bounded map whose entries are valid for one version of the data only. The caller reads the
 * current version from the shared store on every use, so an entry made before a change is never
 * served after it, on this instance or any other.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { version: string; value: T }>();

  constructor(private readonly size: number) {}

  get(key: string, version: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) return undefined;
    // Most recently used last: the first key is the one to drop.
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, version: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }
}
