// A page staff added, of 20 sections (issue 45's benchmark): is it kept within the budgets of
// SPEC.md's pages? The built server on SQLite with the sample content; signed in, it uploads two
// pictures and a PDF to the file library and publishes the autumn campaign's page
// (bench/lib/sections-page.mjs: all eight kinds of section, German and English), then measures
// it in both languages beside /Blitzschutz and the home page:
//  - the first response as sent with `accept-encoding: br` (head + body, after the kept page's
//    best-quality form is ready: three requests, 2.5 s, then ROUNDS requests, median), its HTML,
//    the inline CSS and the frame around <main>, and what of the page the first round trip
//    (14,600 bytes, decision 009) carries: the CSS, the title, how many sections begin in it;
//  - time to first byte: ROUNDS × PER_ROUND requests each on a new connection, the pages in turn;
//  - the JavaScript the page loads (its script tags' files: brotli as sent, and gzip -9, the
//    figure of the public pages' budget in web/scripts/island-budget.mjs);
//  - the requests a browser makes for it (Chromium, 390×844, cold): on load, and after scrolling
//    to the end (the lazy pictures).
// With WORDPRESS_URL (a WordPress page of 20 comparable blocks: docs/benchmarks.md, made by
// bench/wordpress-site/make-sections-site.sh) its page is measured in the same rounds (its first
// response with a browser's `accept-encoding`), and then bench/lighthouse-vs-wordpress.mjs runs
// Lighthouse on both pages (mobile, alternating, RUNS each).
//
// Run: npm run build && npm run bench -- custom-page-sections
// Options (environment): ROUNDS (5), PER_ROUND (40), WORDPRESS_URL, RUNS (5, Lighthouse's),
// LIGHTHOUSE (as lighthouse-vs-wordpress.mjs), CHROMIUM_PATH (/usr/bin/chromium), HOLD=1 (keep
// the server running at the end, to look at the page; Ctrl-C ends it).
/* global window, document -- the functions handed to the page run there */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { beforeInteractionBudget } from '../web/scripts/island-budget.mjs';
import { startBuiltServer } from './lib/built-server.mjs';
import { flyerPdf, libraryAlt, sectionsPage, sectionsPageFiles } from './lib/sections-page.mjs';

const rounds = Number(process.env.ROUNDS ?? 5);
const perRound = Number(process.env.PER_ROUND ?? 40);
const wordpress = process.env.WORDPRESS_URL;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** One round trip: what a server may send before the first acknowledgement (decision 009). */
const roundTrip = 14_600;
const admin = { username: 'bench', password: 'bench-password-123456' };
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1) };
};
const show = (values, digits = 0) => {
  const { median, min, max } = stats(values);
  const f = (n) => n.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return min === max ? f(median) : `${f(median)} (${f(min)}–${f(max)})`;
};

// ---------------------------------------------------------------------------------------------
// The site and its page

const server = await startBuiltServer('custom-page-sections', {
  SEED_SAMPLE: 'true',
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  SECOND_FACTOR: 'optional',
  STATISTICS: 'off',
});
const { url } = server;

async function call(method, route, body, token) {
  const res = await fetch(url + route, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
    body: body instanceof FormData ? body : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return res.json();
}
const token = (
  await (
    await fetch(`${url}/api/v1/login/Auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    })
  ).json()
).jwtToken;

/** Uploads a file to the library as the dashboard does (multipart: `data` first, then `file`). */
async function upload(data, name, type, bytes) {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  form.append('file', new Blob([bytes], { type }), name);
  return (await call('POST', '/api/v1/File', form, token)).id;
}
const pictures = fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-bench-sections-'));
spawnSync(process.execPath, [path.join(import.meta.dirname, 'wordpress-site/make-images.mjs'), pictures, '2'], {
  stdio: 'ignore',
});
const ids = {};
for (const key of ['pictureA', 'pictureB']) {
  const { picture, title } = sectionsPageFiles[key];
  ids[key] = await upload(
    { title, alt: libraryAlt[key] },
    `bild-${picture}.jpg`,
    'image/jpeg',
    fs.readFileSync(path.join(pictures, `bild-${picture}.jpg`)),
  );
}
fs.rmSync(pictures, { recursive: true });
ids.flyer = await upload({ title: sectionsPageFiles.flyer.title }, sectionsPageFiles.flyer.name, 'application/pdf', flyerPdf());
const page = sectionsPage(ids);
await call('POST', '/api/v1/Page', page, token);
// The same page with its first section alone, linked from nowhere: what grows with sections.
const short = { ...page, address: `${page.address}-kurz`, place: 'none', sections: page.sections.slice(0, 1) };
await call('POST', '/api/v1/Page', short, token);

const ours = [
  { name: `${page.address} de`, path: `${page.address}?lang=de`, sections: page.sections, lang: 'de' },
  { name: `${page.address} en`, path: `${page.address}?lang=en`, sections: page.sections, lang: 'en' },
  { name: `${short.address} de (1 section)`, path: `${short.address}?lang=de`, sections: short.sections, lang: 'de' },
  { name: '/Blitzschutz de', path: '/Blitzschutz?lang=de' },
  { name: '/Blitzschutz en', path: '/Blitzschutz?lang=en' },
  { name: '/ de', path: '/?lang=de' },
  { name: '/ en', path: '/?lang=en' },
].map((entry) => ({ ...entry, url: url + entry.path, encoding: 'br' }));
const theirs = wordpress ? [{ name: 'WordPress', url: wordpress, encoding: 'gzip, deflate, br' }] : [];
const all = [...ours, ...theirs];

// ---------------------------------------------------------------------------------------------
// The first response, byte for byte

/**
 * One GET as curl sends it, on a new connection: the head as received (status line, headers,
 * blank line) and the body as sent (compressed; a chunked body with its framing counted and
 * taken off).
 */
function rawGet(target, encoding) {
  const { hostname, port, pathname, search } = new URL(target);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port || 80), hostname);
    const chunks = [];
    const finish = (head, body, wire) => {
      socket.destroy();
      resolve({ head, body, wire, headers: parseHead(head) });
    };
    socket.on('data', (data) => {
      chunks.push(data);
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = all.subarray(0, end + 4);
      const headers = parseHead(head);
      const rest = all.subarray(end + 4);
      if (headers['content-length'] !== undefined) {
        const length = Number(headers['content-length']);
        if (rest.length >= length) finish(head, rest.subarray(0, length), head.length + length);
      } else if (headers['transfer-encoding'] === 'chunked') {
        const body = dechunk(rest);
        if (body) finish(head, body.body, head.length + body.wire);
      }
    });
    socket.on('error', reject);
    socket.write(
      `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUser-Agent: curl/7.88.1\r\nAccept: */*\r\naccept-encoding: ${encoding}\r\n\r\n`,
    );
  });
}
function parseHead(head) {
  const headers = {};
  for (const line of head.toString('latin1').split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}
/** A chunked body's data and its bytes on the wire, once its last chunk is there. */
function dechunk(buffer) {
  const parts = [];
  let at = 0;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(buffer.subarray(at, lineEnd).toString('latin1'), 16);
    if (size === 0) return buffer.length >= lineEnd + 4 ? { body: Buffer.concat(parts), wire: lineEnd + 4 } : undefined;
    if (buffer.length < lineEnd + 2 + size + 2) return undefined;
    parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
const decode = (body, encoding, flush = false) => {
  if (encoding === 'br')
    return zlib.brotliDecompressSync(body, flush ? { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH } : {});
  if (encoding === 'gzip') return zlib.gunzipSync(body, flush ? { finishFlush: zlib.constants.Z_SYNC_FLUSH } : {});
  return body;
};

/** Where each section of the page begins in its HTML: the first words it shows. */
const escapeHtml = (text) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
function sectionProbe(section, lang) {
  const first = (text) => text[lang][0].content?.[0].text ?? text[lang][0].items[0][0].text;
  const words = {
    text: () => first(section.text),
    textPicture: () => first(section.text),
    picture: () => section.caption[lang],
    figures: () => section.items[0].label[lang],
    references: () => section.heading[lang],
    callToAction: () => section.heading[lang],
    downloads: () => section.heading[lang],
    faq: () => section.heading[lang],
  }[section.kind]();
  return escapeHtml(words.slice(0, 30));
}
/** What the first round trip carries of a page: its HTML's length, and the marks found in it. */
function firstRoundTrip(response, { lang, sections }) {
  const encoding = response.headers['content-encoding'] ?? 'identity';
  const room = roundTrip - response.head.length;
  const html = decode(response.body.subarray(0, Math.max(0, room)), encoding, true).toString('utf8');
  const result = {
    html: Buffer.byteLength(html),
    css: html.includes('</style>'),
    h1: /<h1[\s>]/.test(html),
    main: html.includes('</main>'),
  };
  if (sections) {
    // The sections in their order, each looked for after the one before.
    let at = html.search(/<h1[\s>]/);
    result.sections = 0;
    for (const section of sections) {
      if (at < 0) break;
      at = html.indexOf(sectionProbe(section, lang), at);
      if (at >= 0) result.sections++;
    }
  }
  return result;
}

/**
 * The parts of a page's HTML, each compressed alone (brotli 11; 0: none): the inline CSS, the
 * structured data (JSON-LD), the page's data (the JSON the server puts in for the islands), the
 * frame (everything else outside <main>: the head, the header, the footer with its form) and
 * <main>.
 */
function parts(html) {
  const br = (text) =>
    text ? zlib.brotliCompressSync(Buffer.from(text), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length : 0;
  const all = (pattern) => [...html.matchAll(pattern)].map((m) => m[0]);
  const css = all(/<style[^>]*>[\s\S]*?<\/style>/g);
  const structured = all(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g);
  const data = all(/<script type="application\/json" id="page-data">[\s\S]*?<\/script>/g);
  const main = all(/<main[\s\S]*<\/main>/g);
  let frame = html;
  for (const part of [...css, ...structured, ...data, ...main]) frame = frame.replace(part, '');
  const join = (list) => list.join('');
  return {
    html: Buffer.byteLength(html),
    css: br(join(css)),
    structured: br(join(structured)),
    data: br(join(data)),
    frame: br(frame),
    main: br(join(main)),
  };
}

console.log(
  `${page.sections.length} sections (${[...new Set(page.sections.map((s) => s.kind))].join(', ')}), page ${page.address}`,
);
console.log(`load average at start: ${load()}`);
for (const entry of all) {
  const res = await fetch(entry.url);
  if (!res.ok) throw new Error(`${entry.url}: ${res.status}`);
}
// Kept, then remade at the best quality once the first requests are answered.
for (let i = 0; i < 3; i++) for (const entry of all) await rawGet(entry.url, entry.encoding);
await new Promise((r) => setTimeout(r, 2_500));

const first = Object.fromEntries(all.map((entry) => [entry.name, []]));
for (let round = 0; round < rounds; round++)
  for (const entry of all) first[entry.name].push(await rawGet(entry.url, entry.encoding));

console.log(`\nFirst response (${rounds} requests each, median; one round trip is ${roundTrip.toLocaleString('en-GB')} bytes):`);
console.log(
  '| page | encoding | head + body = bytes | left of one round trip | HTML | alone, br: inline CSS | JSON-LD | page data | the rest of the frame | <main> | the first round trip: HTML, CSS, h1, sections begun, </main> |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
const firstFigures = {};
for (const entry of all) {
  const responses = first[entry.name];
  const wire = stats(responses.map((r) => r.wire)).median;
  const response = responses.find((r) => r.wire === wire);
  const encoding = response.headers['content-encoding'] ?? 'identity';
  const html = decode(response.body, encoding).toString('utf8');
  const p = parts(html);
  const trip = firstRoundTrip(response, entry);
  firstFigures[entry.name] = { wire, trip };
  const spread = stats(responses.map((r) => r.wire));
  const n = (value) => value.toLocaleString('en-GB');
  const yes = (value) => (value ? 'yes' : 'no');
  console.log(
    `| ${entry.name} | ${encoding} | ${response.head.length} + ${n(wire - response.head.length)} = ${n(wire)}${spread.min === spread.max ? '' : ` (${n(spread.min)}–${n(spread.max)})`} | ${n(roundTrip - wire)} | ${n(p.html)} | ${n(p.css)} | ${n(p.structured)} | ${n(p.data)} | ${n(p.frame)} | ${n(p.main)} | ${n(trip.html)}, ${yes(trip.css)}, ${yes(trip.h1)}${entry.sections ? `, ${trip.sections} of ${entry.sections.length}` : ''}, ${yes(trip.main)} |`,
  );
}

// ---------------------------------------------------------------------------------------------
// Time to first byte

/** Milliseconds from sending a GET on a new connection to its response's head. */
function timeToFirstByte(target, encoding) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.get(target, { agent: false, headers: { 'accept-encoding': encoding } }, (res) => {
      const ms = performance.now() - start;
      res.resume();
      res.on('end', () => resolve(ms));
    });
    req.on('error', reject);
  });
}
const ttfb = Object.fromEntries(all.map((entry) => [entry.name, []]));
for (let round = 0; round < rounds; round++)
  for (const entry of all)
    for (let i = 0; i < perRound; i++) ttfb[entry.name].push(await timeToFirstByte(entry.url, entry.encoding));
console.log(
  `\nTime to first byte, ${rounds} × ${perRound} requests each on a new connection, pages in turn (load average ${load()}):`,
);
console.log('| page | ms, median (min–max) | p90 |');
console.log('| --- | --- | --- |');
for (const entry of all) {
  const sorted = [...ttfb[entry.name]].sort((a, b) => a - b);
  console.log(`| ${entry.name} | ${show(sorted, 2)} | ${sorted[Math.floor(sorted.length * 0.9)].toFixed(2)} |`);
}

// ---------------------------------------------------------------------------------------------
// JavaScript and requests

/** A file's body as sent with this `accept-encoding`, in bytes. */
function sentBytes(target, encoding) {
  return new Promise((resolve, reject) => {
    http
      .get(target, { headers: { 'accept-encoding': encoding } }, (res) => {
        let bytes = 0;
        const raw = [];
        res.on('data', (data) => {
          bytes += data.length;
          raw.push(data);
        });
        res.on('end', () => resolve({ bytes, body: Buffer.concat(raw), encoding: res.headers['content-encoding'] }));
      })
      .on('error', reject);
  });
}
const scriptsOf = (html, base) => [
  ...new Set(
    [
      ...html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["']/g),
      ...html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/g),
    ].map((m) => new URL(m[1].replaceAll('&amp;', '&'), base).href),
  ),
];
const inlineScripts = (html) =>
  [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/type="application\/(ld\+)?json"/.test(m[0]))
    .reduce((sum, m) => sum + Buffer.byteLength(m[1]), 0);

console.log('\nJavaScript the page loads (its script tags and module preloads):');
console.log('| page | files | as sent (br for ours) | gzip -9 (the budget) | inline script, raw |');
console.log('| --- | --- | --- | --- | --- |');
const jsFigures = {};
for (const entry of all) {
  const response = first[entry.name][0];
  const html = decode(response.body, response.headers['content-encoding'] ?? 'identity').toString('utf8');
  const files = scriptsOf(html, entry.url);
  let sent = 0;
  let gzip = 0;
  for (const file of files) {
    sent += (await sentBytes(file, entry.encoding)).bytes;
    const plain = (await sentBytes(file, 'identity')).body;
    gzip += zlib.gzipSync(plain, { level: 9 }).length;
  }
  jsFigures[entry.name] = { files: files.length, sent, gzip };
  console.log(
    `| ${entry.name} | ${files.length} | ${sent.toLocaleString('en-GB')} | ${gzip.toLocaleString('en-GB')} | ${inlineScripts(html).toLocaleString('en-GB')} |`,
  );
}

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
console.log(
  '\nRequests a browser makes (Chromium, 390×844, cold cache): on load; after scrolling to the end; bytes as sent after scrolling:',
);
console.log('| page | on load | after scrolling | bytes |');
console.log('| --- | --- | --- | --- |');
for (const entry of [ours[0], ours[1], ...theirs]) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const tab = await context.newPage();
  const requests = [];
  tab.on('requestfinished', (request) => requests.push(request));
  await tab.goto(entry.url, { waitUntil: 'load' });
  await tab.waitForTimeout(1_000);
  const onLoad = requests.length;
  const height = await tab.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await tab.evaluate((top) => window.scrollTo(0, top), y);
    await tab.waitForTimeout(120);
  }
  await tab.waitForTimeout(1_000);
  let bytes = 0;
  for (const request of requests) {
    const sizes = await request.sizes();
    bytes += sizes.responseHeadersSize + sizes.responseBodySize;
  }
  console.log(`| ${entry.name} | ${onLoad} | ${requests.length} | ${bytes.toLocaleString('en-GB')} |`);
  await context.close();
}
await browser.close();

// ---------------------------------------------------------------------------------------------
// Budgets

console.log('\nBudgets:');
for (const entry of ours) {
  const { wire, trip } = firstFigures[entry.name];
  const js = jsFigures[entry.name];
  console.log(
    `${entry.name}: JavaScript ${js.gzip.toLocaleString('en-GB')} of ${beforeInteractionBudget.toLocaleString('en-GB')} bytes gzip ${js.gzip <= beforeInteractionBudget ? 'within' : 'OVER'}; first response ${wire.toLocaleString('en-GB')} of ${roundTrip.toLocaleString('en-GB')} ${wire <= roundTrip ? 'within' : `OVER by ${(wire - roundTrip).toLocaleString('en-GB')}`}${trip.css && trip.h1 ? ', the inline CSS and the title in the first round trip' : ', the CSS or the title NOT in the first round trip'}${trip.main ? ', all of <main> too' : ''}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Lighthouse beside WordPress (bench/lighthouse-vs-wordpress.mjs, on this server's page)

if (wordpress) {
  console.log(`\nLighthouse: ${page.address} against ${wordpress} (load average ${load()})`);
  spawnSync(process.execPath, [path.join(import.meta.dirname, 'lighthouse-vs-wordpress.mjs')], {
    stdio: 'inherit',
    env: { ...process.env, OURS_URL: url + page.address, WORDPRESS_URL: wordpress },
  });
} else console.log('\nWORDPRESS_URL is not set: no Lighthouse beside WordPress (docs/benchmarks.md says how to set one up).');
console.log(`\nload average at the end: ${load()}`);

if (process.env.HOLD) {
  console.log(`\nHOLD: the page is at ${url}${page.address} (Ctrl-C ends the server)`);
  await new Promise((resolve) => process.once('SIGINT', resolve));
}
await server.stop();
