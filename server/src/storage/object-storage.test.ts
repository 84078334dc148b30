import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type StorageKind, onCleanup, storageKinds, tempDir, testS3 } from '../test/helper';
import { createDiskStorage } from './disk';
import { type ObjectStorage, countingStream, listAll, readAll } from './object-storage';
import { connectS3, createS3Storage } from './s3';

/** Two storages of one backend side by side (as media and attachments are), and the disk root. */
async function storagesOn(kind: StorageKind): Promise<{ a: ObjectStorage; b: ObjectStorage; root?: string }> {
  if (kind === 'disk') {
    const root = tempDir();
    return { a: createDiskStorage(path.join(root, 'a')), b: createDiskStorage(path.join(root, 'b'), { private: true }), root };
  }
  const s3 = await testS3();
  const connection = await connectS3(s3.settings);
  onCleanup(async () => connection.client.destroy());
  return { a: createS3Storage(connection, s3.settings.bucket, 'a/'), b: createS3Storage(connection, s3.settings.bucket, 'b/') };
}

const bytes = (n: number, seed = 1) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) % 256));

/** A stream of `total` bytes in chunks, which fails after `failAfter` bytes when given. */
function source(total: number, failAfter?: number): Readable {
  const chunk = 256 * 1024;
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) return this.destroy(new Error('client went away'));
      if (sent >= total) return this.push(null);
      const n = Math.min(chunk, total - sent);
      this.push(bytes(n, sent));
      sent += n;
    },
  });
}

describe.each(storageKinds)('object storage on %s', (kind) => {
  it('stores a stream and gives it back as a stream with its size; lists by prefix; removes', async () => {
    const { a } = await storagesOn(kind);
    const data = Buffer.concat([bytes(1000), bytes(2000, 7)]);
    expect(await a.put('projects/abc-480.avif', Readable.from([data.subarray(0, 1000), data.subarray(1000)]))).toEqual({
      size: 3000,
    });
    await a.put('projects/def-480.webp', Buffer.from('webp'));
    await a.put('other.txt', Buffer.from('x'));

    const object = await a.open('projects/abc-480.avif');
    expect(object?.size).toBe(3000);
    expect((await readAll(object!)).equals(data)).toBe(true);

    const listed = await listAll(a, 'projects/');
    expect(listed.map((e) => e.key).sort()).toEqual(['projects/abc-480.avif', 'projects/def-480.webp']);
    expect(listed.find((e) => e.key === 'projects/def-480.webp')?.size).toBe(4);
    expect(Math.abs(listed[0]!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await listAll(a)).map((e) => e.key).sort()).toEqual(['other.txt', 'projects/abc-480.avif', 'projects/def-480.webp']);

    await a.remove(['projects/abc-480.avif', 'projects/never-there.avif']);
    expect(await a.open('projects/abc-480.avif')).toBeUndefined();
    expect((await listAll(a, 'projects/')).map((e) => e.key)).toEqual(['projects/def-480.webp']);
  });

  it('replaces an object written again, and keeps two storages of one backend apart', async () => {
    const { a, b } = await storagesOn(kind);
    await a.put('same', Buffer.from('first'));
    await a.put('same', Readable.from([Buffer.from('second')]));
    await b.put('same', Buffer.from('other store'));
    expect((await readAll((await a.open('same'))!)).toString()).toBe('second');
    expect((await readAll((await b.open('same'))!)).toString()).toBe('other store');
    await b.remove(['same']);
    expect(await b.open('same')).toBeUndefined();
    expect(await a.open('same')).toBeDefined();
    expect((await listAll(b)).length).toBe(0);
  });

  it('stores a body larger than one upload part whole (a multipart upload on S3)', async () => {
    const { a } = await storagesOn(kind);
    const size = 9 * 1024 * 1024 + 123;
    expect(await a.put('big', source(size))).toEqual({ size });
    const object = (await a.open('big'))!;
    expect(object.size).toBe(size);
    const expected = await readAll({ stream: source(size), size });
    expect((await readAll(object)).equals(expected)).toBe(true);
  });

  it.each([
    ['smaller than one part', 100_000, 50_000],
    ['past the first part', 12 * 1024 * 1024, 9 * 1024 * 1024],
  ])('leaves nothing when the body fails %s', async (_name, total, failAfter) => {
    const { a, root } = await storagesOn(kind);
    await expect(a.put('broken', source(total, failAfter))).rejects.toThrow('client went away');
    // A limit thrown by a counting stream in front of the store fails the put the same way.
    const limit = countingStream(() => {
      if (limit.bytes() > failAfter) throw new Error(`more than ${failAfter} bytes`);
    });
    await expect(a.put('limited', source(total).pipe(limit))).rejects.toThrow(`more than ${failAfter} bytes`);
    expect(await a.open('broken')).toBeUndefined();
    expect(await a.open('limited')).toBeUndefined();
    expect(await listAll(a)).toEqual([]);
    if (root) expect(fs.readdirSync(path.join(root, 'a', '.incoming'))).toEqual([]);
  });

  it('refuses keys that could leave their folder or prefix, and opens none', async () => {
    const { a } = await storagesOn(kind);
    for (const key of ['../escape', 'a/../../b', '/absolute', 'UPPER', 'a//b', '.hidden', '', 'a/', 'x'.repeat(513)]) {
      await expect(a.put(key, Buffer.from('x')), key).rejects.toThrow('not an object key');
      expect(await a.open(key), key).toBeUndefined();
    }
    expect(await listAll(a)).toEqual([]);
  });

  it('says where it keeps its objects', async () => {
    const { a } = await storagesOn(kind);
    expect(a.kind).toBe(kind);
    expect(a.location).toMatch(kind === 'disk' ? /\/a$/ : /^s3:\/\/test-[a-f0-9]+\/a\/$/);
  });
});

describe('disk storage', () => {
  it('removes temporary files a crash left behind once they are old, and lists none of them', async () => {
    const root = tempDir();
    const storage = createDiskStorage(root, { private: true });
    await storage.put('kept', Buffer.from('kept'));
    const stale = path.join(root, '.incoming', 'aaaa.part');
    const fresh = path.join(root, '.incoming', 'bbbb.part');
    fs.writeFileSync(stale, 'x');
    fs.writeFileSync(fresh, 'x');
    // An older version wrote pictures under a temporary name beside the final one.
    fs.writeFileSync(path.join(root, 'picture.avif.1234.part'), 'x');
    const old = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(stale, old, old);
    expect(await storage.removeIncomplete(3600_000)).toBe(1);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    expect((await listAll(storage)).map((e) => e.key)).toEqual(['kept']);
    expect(fs.statSync(path.join(root, 'kept')).mode & 0o777).toBe(0o600);
  });
});
