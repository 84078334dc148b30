import { describe, expect, it } from 'vitest';
import { coalescedRead } from './coalesced-read';

/** A read whose answers the test gives by hand, in the order the reads started. */
function manualSource() {
  const pending: { started: number; resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  let reads = 0;
  const read = () =>
    new Promise<string>((resolve, reject) => {
      pending.push({ started: ++reads, resolve, reject });
    });
  return { read, pending, reads: () => reads };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('coalescedRead', () => {
  it('answers a caller that arrives during a read from the next read, which starts after that one ends', async () => {
    const source = manualSource();
    const version = coalescedRead(source.read);
    const first = version();
    expect(source.reads()).toBe(1);
    // The value changes now, while the first read is in flight: a caller arriving now must see it.
    const second = version();
    const third = version();
    expect(source.reads()).toBe(1);
    source.pending[0]!.resolve('old');
    expect(await first).toBe('old');
    await tick();
    expect(source.reads()).toBe(2);
    source.pending[1]!.resolve('new');
    expect(await second).toBe('new');
    expect(await third).toBe('new');
  });

  it('starts a read of its own for a caller arriving when none is in flight', async () => {
    const source = manualSource();
    const version = coalescedRead(source.read);
    const first = version();
    source.pending[0]!.resolve('a');
    await first;
    await tick();
    const later = version();
    expect(source.reads()).toBe(2);
    source.pending[1]!.resolve('b');
    expect(await later).toBe('b');
  });

  it('a failed read fails its callers only; the next callers get a new read', async () => {
    const source = manualSource();
    const version = coalescedRead(source.read);
    const failing = version();
    const waiting = version();
    source.pending[0]!.reject(new Error('database away'));
    await expect(failing).rejects.toThrow('database away');
    await tick();
    source.pending[1]!.resolve('back');
    expect(await waiting).toBe('back');
  });
});
