// What a public page loads before the first interaction, and what the contact form's island
// adds when a visitor starts on it (decision 021): every file the browser fetched, its gzip -9
// size (scripts) or its body as sent (translations and other fetches). Not a test: the figures go
// into docs/benchmarks.md by hand.
//
// Run: npm run build && npm run bench -- island-bytes
// Options (environment): PAGES=/,/contactus (default: every public page in both languages),
// CHROMIUM_PATH=/usr/bin/chromium.
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { startBuiltServer } from './lib/built-server.mjs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const pages = process.env.PAGES?.split(',') ?? [
  ...['/', '/Services', '/Blitzschutz', '/jobs', '/impressum', '/Projects', '/aboutus', '/contactus'].flatMap((p) => [
    p,
    `${p}?lang=en`,
  ]),
];
/** Before the first interaction, on every public page (decision 021). */
const budgetKB = 10;

const kb = (bytes) => (bytes / 1024).toFixed(1);
const short = (url) => new URL(url).pathname.replace(/-[\w-]{8}\.js$/, '.js');

async function measure(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const loaded = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'fetch' || type === 'xhr') loaded.push({ response, type });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const before = loaded.splice(0);
  // The first interaction: a tap into the first name, then a letter typed.
  await page.locator('#contact-firstName').click();
  await page.keyboard.type('A');
  await page.locator('#contact-form[data-hydrated]').waitFor();
  await page.waitForLoadState('networkidle');
  const typed = await page.locator('#contact-firstName').inputValue();
  const after = loaded.splice(0);
  const sized = async (list) =>
    Promise.all(
      list.map(async ({ response, type }) => {
        const body = await response.body().catch(() => Buffer.alloc(0));
        // Scripts as gzip -9 (the figure the budgets use); the rest as it came over the wire.
        const bytes =
          type === 'script' ? zlib.gzipSync(body, { level: 9 }).length : (await response.request().sizes()).responseBodySize;
        return { file: short(response.url()), type, bytes };
      }),
    );
  const result = { before: await sized(before), after: await sized(after), typed };
  await context.close();
  return result;
}

const server = await startBuiltServer('island-bytes');
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
let overBudget = false;
try {
  for (const pagePath of pages) {
    const r = await measure(browser, server.url + pagePath);
    const js = (list) => list.filter((f) => f.type === 'script');
    const sum = (list) => list.reduce((t, f) => t + f.bytes, 0);
    const beforeJs = sum(js(r.before));
    if (beforeJs > budgetKB * 1024) overBudget = true;
    console.log(
      `${pagePath}: before the first interaction ${kb(beforeJs)} KB JS gzip in ${js(r.before).length} files` +
        `${beforeJs > budgetKB * 1024 ? ` (OVER the ${budgetKB} KB budget)` : ''}; ` +
        `on it ${kb(sum(js(r.after)))} KB JS gzip in ${js(r.after).length} files, ` +
        `${kb(sum(r.after.filter((f) => f.type !== 'script')))} KB fetched (as sent); typed kept: ${r.typed === 'A'}`,
    );
    for (const f of r.after) console.log(`    ${f.type.padEnd(6)} ${kb(f.bytes).padStart(6)} KB  ${f.file}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
if (overBudget) process.exitCode = 1;
