import fsp from 'node:fs/promises';

/** Flushes a file, or a folder's entries (a rename or a new file in it), to the disk. */
export async function fsyncPath(target: string): Promise<void> {
  const handle = await fsp.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
