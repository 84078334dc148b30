import fs from 'node:fs';
import { createRequire } from 'node:module';
import { SignJWT, decodeJwt } from 'jose';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type ContactCreated, type LibraryFile, type LoginResponse, apiRoutes, apiUrl } from '@blitz/contract';
import { admin } from './harness';

// Shared by the admin browser tests: sign-in through the API, content made through the API,
// and tokens crafted with the server's secret.

export async function apiLogin(url: string, credentials = admin): Promise<string> {
  const res = await fetch(url + apiUrl(apiRoutes.auth.login), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  return ((await res.json()) as LoginResponse).jwtToken;
}

/**
 * Sends an inquiry as a person's browser sends the contact form: the honeypot (`website`) empty
 * unless `fields` fills it, no fill time, the files last. It must be taken (201).
 */
export async function sendInquiry(
  url: string,
  fields: Record<string, string | readonly string[]>,
  { files = [], headers }: { files?: { name: string; type: string; data: BlobPart }[]; headers?: Record<string, string> } = {},
): Promise<ContactCreated> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ website: '', ...fields })) for (const v of [value].flat()) form.append(name, v);
  for (const file of files) form.append('attachment', new Blob([file.data], { type: file.type }), file.name);
  const res = await fetch(url + apiUrl(apiRoutes.contact.send), { method: 'POST', body: form, headers });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as ContactCreated;
}

/** An API call as staff; `path` is relative to the API prefix (`apiRoutes`). */
export async function api<T = unknown>(url: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(url + apiUrl(path), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** The same token with other times, signed with the server's secret: a genuine token that has expired, or will soon. */
export async function retimedToken(token: string, secret: string, expiresAtSeconds: number): Promise<string> {
  const claims = decodeJwt(token);
  return new SignJWT({ ver: claims['ver'], sid: claims['sid'] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.sub))
    .setIssuer(String(claims.iss))
    .setAudience(claims.aud as string)
    .setIssuedAt(expiresAtSeconds - 3600)
    .setExpirationTime(expiresAtSeconds)
    .sign(new TextEncoder().encode(secret));
}

/** Puts a token where the app keeps it (localStorage JWT) and opens a path. */
export async function openWithToken(page: Page, url: string, token: string | null, path = '/dashboard'): Promise<void> {
  // A page of the site's origin that runs none of its code: no check of the token being replaced.
  await page.goto(`${url}/robots.txt`);
  await page.evaluate((t) => (t === null ? localStorage.removeItem('JWT') : localStorage.setItem('JWT', t)), token);
  await page.goto(url + path);
}

export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('JWT'));

/** A PNG drawn by the browser (no image library needed in the tests). */
export async function pngBytes(page: Page, width = 640, height = 400): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w!;
      canvas.height = h!;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#1d4478';
      g.fillRect(0, 0, w!, h!);
      g.fillStyle = '#f5c518';
      g.beginPath();
      g.arc(w! * 0.75, h! * 0.3, h! * 0.15, 0, 2 * Math.PI);
      g.fill();
      return canvas.toDataURL('image/png');
    },
    [width, height],
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

export const dataUrlOf = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** A picture put into the file library (decision 060) through the API, drawn by a page of `site`. */
export async function libraryPicture(
  site: { url: string; page: () => Promise<Page> },
  token: string,
  words: { title: { de: string; en: string }; alt: { de: string; en: string } },
  fileName: string,
): Promise<LibraryFile> {
  const drawing = await site.page();
  await drawing.goto(`${site.url}/robots.txt`);
  const form = new FormData();
  form.append('data', JSON.stringify(words));
  form.append('file', new Blob([new Uint8Array(await pngBytes(drawing, 480, 300))], { type: 'image/png' }), fileName);
  const res = await fetch(site.url + apiUrl(apiRoutes.files.list), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.text();
  if (res.status !== 201) throw new Error(`the upload answered ${res.status}: ${body}`);
  return JSON.parse(body) as LibraryFile;
}

/** Answers the next window.confirm and records its text. */
export function answerConfirm(page: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    });
  });
}

/**
 * Answers the dashboard's own question (its confirmation dialog, not the browser's confirm box)
 * once it opens: records its title and text, then chooses the confirming button or Cancel.
 */
export async function answerQuestion(page: Page, accept: boolean): Promise<{ title: string; message: string }> {
  const question = page.getByTestId('confirm-question');
  await question.waitFor();
  const dialog = page.locator('dialog[open]').filter({ has: question });
  const title = (await dialog.locator('h2').textContent()) ?? '';
  const message = (await question.locator('p').textContent()) ?? '';
  await question
    .getByRole('button')
    .nth(accept ? 1 : 0)
    .click();
  await question.waitFor({ state: 'detached' });
  return { title, message };
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations (its default rules: WCAG 2.2 A/AA and best practices) in the page's
 * main part, where the admin screens and their modals are; navbar and footer have their own tests.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: string) => Promise<Result> } }).axe;
    const result = await axe.run('main');
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** Answers the dashboard's question before unsaved changes are dropped (issue 29) with "discard". */
export async function discardChanges(page: Page, lang: 'en' | 'de' = 'en'): Promise<void> {
  const [title, button] =
    lang === 'en' ? ['Discard changes?', 'Discard changes'] : ['Änderungen verwerfen?', 'Änderungen verwerfen'];
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: button }).click();
}
