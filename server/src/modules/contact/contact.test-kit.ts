import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { type ObjectStorage, listAll } from '../../storage/object-storage';
import { createSiteStorage } from '../../storage/site-storage';
import { onCleanup, testConfig } from '../../test/helper';

// Shared by the contact tests: valid form values, real files, and a multipart POST.

export const generalMessage = {
  subject: 'generalMessage',
  firstName: 'Erika',
  lastName: 'Musterfrau',
  phone: '+49 6181 12345',
  email: 'erika@example.org',
  message: 'Bitte rufen Sie mich an.\nVielen Dank!',
  language: 'de',
};

export const priceInquiry = {
  ...generalMessage,
  subject: 'priceInquiry',
  CompanyName: 'Beispiel Logistik GmbH',
  CompanyAddress: 'Hafenstraße 5\n60311 Frankfurt',
  BuildingSize: '2400 m²',
  Regards: 'lps,earthing',
};

export type UploadFile = { name: string; type: string; data: Buffer };

export async function pngFile(name = 'photo.png', size = 8): Promise<UploadFile> {
  const data = await sharp({ create: { width: size, height: size, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  return { name, type: 'image/png', data };
}

export async function jpegFile(name = 'roof.jpg'): Promise<UploadFile> {
  const data = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#aa6633' } })
    .jpeg()
    .toBuffer();
  return { name, type: 'image/jpeg', data };
}

/** A small but well-formed PDF; `padding` bytes make it as large as a test needs. */
export function pdfFile(name = 'plan.pdf', padding = 0): UploadFile {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  return { name, type: 'application/pdf', data: Buffer.concat([head, Buffer.alloc(padding, 0x20), tail]) };
}

export function formData(fields: Record<string, string | string[]>, files: UploadFile[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  for (const file of files) form.append('attachment', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return form;
}

export async function postContact(
  base: string,
  fields: Record<string, string | string[]>,
  files: UploadFile[] = [],
): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await fetch(`${base}/api/v1/Contact`, { method: 'POST', body: formData(fields, files) });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, body };
}

/** Every file under DATA_DIR/inquiries, temporary ones included. */
export function storedFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'inquiries');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

export async function until<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * The attachments in the app's storage (disk or S3) by key, and on disk the temporary files of
 * uploads in progress too (as `.incoming/<name>`).
 */
export async function storedObjects(app: FastifyInstance): Promise<string[]> {
  const keys = (await listAll(app.attachments)).map((e) => e.key);
  if (app.attachments.kind !== 'disk') return keys;
  const incoming = path.join(app.attachments.location, '.incoming');
  return [...keys, ...(fs.existsSync(incoming) ? fs.readdirSync(incoming).map((n) => `.incoming/${n}`) : [])];
}

/**
 * Resolves once an upload's file has begun to reach storage: on disk its temporary file is there;
 * on S3 nothing shows before the upload is whole (a body under one part is held in memory, then
 * sent in one PutObject), so a moment for the bytes to arrive is all there is to wait for.
 */
export async function uploadUnderway(storage: ObjectStorage): Promise<void> {
  if (storage.kind !== 'disk') return new Promise((r) => setTimeout(r, 500));
  const incoming = path.join(storage.location, '.incoming');
  await until(() => (fs.existsSync(incoming) && fs.readdirSync(incoming).length > 0) || undefined);
}

/** The attachments storage of a site whose environment is `env` (DATA_DIR, or the bucket S3_* names), closed after the test. */
export async function attachmentsIn(dataDir: string, env: Record<string, string>): Promise<ObjectStorage> {
  const storage = await createSiteStorage(testConfig(dataDir, env));
  onCleanup(async () => storage.close());
  return storage.attachments;
}

/** Whether this machine lets the tests mount a small tmpfs (root in CI): the only honest full disk. */
export function canMountTmpfs(): boolean {
  if (process.platform !== 'linux') return false;
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-mount-probe-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]).status === 0;
  if (mounted) spawnSync('umount', [probe]);
  fs.rmSync(probe, { recursive: true, force: true });
  return mounted;
}
