// How quickly the contact form answers its first touch on a slow phone's CPU (issue 33 point 1,
// decision 032): Interaction to Next Paint of the first keystroke and of choosing two files, with
// the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), on the home page at phone width in a
// fresh browser context each run (nothing cached). Not a test: the figures go into
// docs/benchmarks.md by hand.
//
// One run: open the page, scroll to the form, tap into the first name (this loads the island),
// type "Mustermann" at 100 ms a key; once the island has taken the form over, choose a photo
// (2.4 MB JPEG) and a PDF plan through the file chooser. Reported per run, from the browser's
// Event Timing entries (durations rounded to 8 ms; under 16 ms they are not reported, shown as 16):
//  - tap: the pointerdown/click interaction that starts the island's load;
//  - key 1: the first keystroke's interaction (typed right after the tap, while the island loads);
//  - keys max: the slowest keystroke of the ten (where hydration lands);
//  - files: a file choice is not an Event Timing interaction (the browser's own `input` and
//    `change` after the chooser closes carry no interactionId), so it is timed in the page from
//    the file input's `change`: "handled" when the island's handlers and the re-render they cause
//    are done (a listener on window, after them), "next frame" when the frame after it has been
//    produced (requestAnimationFrame, then a task);
//  - first touch bytes: what the tap and typing loaded (scripts and fetches, as sent).
//
// Run: npm run build && npm run bench -- island-inp
// Options (environment): RUNS=7, SLOWDOWN=4, PAGE=/ (e.g. /?lang=en), BEFORE=path/to/server.js
// (another build's server, measured alternately with this one), CHROMIUM_PATH=/usr/bin/chromium.
/* global window, document, HTMLInputElement, requestAnimationFrame -- the functions handed to the page run there */
import path from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { startBuiltServer } from './lib/built-server.mjs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.RUNS ?? 7);
const slowdown = Number(process.env.SLOWDOWN ?? 4);
const pagePath = process.env.PAGE ?? '/';
const before = process.env.BEFORE ? path.resolve(process.env.BEFORE) : undefined;

// A phone photo's worth of pixels (noise keeps the JPEG large) and a small PDF plan.
const photo = await sharp({
  create: { width: 2400, height: 1600, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
})
  .jpeg({ quality: 85 })
  .toBuffer();
const files = [
  { name: 'Dach Süd.jpg', mimeType: 'image/jpeg', buffer: photo },
  { name: 'Grundriss.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n') },
];

/** Collects Event Timing entries and the file input's change-to-next-frame time, from the page's start. */
function observe() {
  const w = /** @type {any} */ (window);
  w.__timings = [];
  w.__fileFrames = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      w.__timings.push({ name: e.name, id: e.interactionId, duration: e.duration, start: e.startTime });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  document.addEventListener(
    'change',
    (event) => {
      if (!(event.target instanceof HTMLInputElement) || event.target.type !== 'file') return;
      const start = performance.now();
      let handled = 0;
      window.addEventListener('change', () => (handled = performance.now()), { once: true });
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => w.__fileFrames.push({ handled: handled - start, frame: performance.now() - start });
        channel.port2.postMessage(null);
      });
    },
    true,
  );
}

/** The latency of each interaction (the longest of its events), in the order they happened. */
function interactions(timings, names) {
  const byId = new Map();
  for (const t of timings) {
    if (!t.id || !names.includes(t.name)) continue;
    const seen = byId.get(t.id);
    byId.set(t.id, { start: Math.min(seen?.start ?? Infinity, t.start), duration: Math.max(seen?.duration ?? 0, t.duration) });
  }
  return [...byId.values()].sort((a, b) => a.start - b.start).map((i) => i.duration);
}

async function measure(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.addInitScript(observe);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  const sizes = [];
  let counting = false;
  page.on('requestfinished', (request) => {
    if (!counting || !['script', 'fetch'].includes(request.resourceType())) return;
    sizes.push(request.sizes().then((s) => s.responseBodySize));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const field = page.locator('#contact-firstName');
  await field.scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  counting = true;
  await field.click();
  await page.keyboard.type('Mustermann', { delay: 100 });
  // Waited for from here, not in the page: Playwright's in-page polling would take the main
  // thread from the frames being timed (it showed up as the largest item of a CPU profile).
  await page.waitForTimeout(1500);
  await page.locator('#contact-form[data-hydrated]').waitFor();
  await page.waitForLoadState('networkidle');
  counting = false;
  await page.waitForTimeout(300);
  const typed = await field.inputValue();
  const typing = await page.evaluate(() => /** @type {any} */ (window).__timings.splice(0));
  const tap = interactions(typing, ['pointerdown', 'pointerup', 'click', 'mousedown', 'mouseup'])[0] ?? 16;
  const keys = interactions(typing, ['keydown', 'keypress', 'keyup']);

  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.locator('#contact-form label:has(input[type=file])').click(),
  ]);
  await chooser.setFiles(files);
  await page.waitForTimeout(1500);
  const listed = await page.locator('[data-testid=attachment-list] li:has(button)').count();
  if (listed !== 2) throw new Error(`the list shows ${listed} files, not 2`);
  const frames = await page.evaluate(() => /** @type {any} */ (window).__fileFrames.splice(0));
  const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  await context.close();
  return {
    tap,
    key1: keys[0] ?? 16,
    keysMax: Math.max(16, ...keys),
    keysSeen: keys.length,
    filesHandled: frames[0]?.handled ?? NaN,
    filesFrame: frames[0]?.frame ?? NaN,
    bytes,
    typedKept: typed === 'Mustermann',
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const summary = (values) =>
  `${Math.round(median(values))} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;

const builds = before ? [{ name: 'before', entry: before }, { name: 'after' }] : [{ name: 'this build' }];
const servers = [];
for (const build of builds)
  servers.push(await startBuiltServer(`island-inp-${build.name}`, {}, build.entry ? { entry: build.entry } : {}));
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
const results = builds.map(() => []);
try {
  for (let run = 1; run <= runs; run++) {
    // Alternating, so that the machine's load falls on both alike.
    for (const [i, build] of builds.entries()) {
      const r = await measure(browser, servers[i].url + pagePath);
      results[i].push(r);
      console.log(
        `run ${run} ${build.name}: tap ${r.tap} ms, key 1 ${r.key1} ms, keys max ${r.keysMax} ms (${r.keysSeen} over 16 ms), ` +
          `two files handled ${Math.round(r.filesHandled)} ms, next frame ${Math.round(r.filesFrame)} ms, ` +
          `first touch ${(r.bytes / 1024).toFixed(1)} KB as sent, typing kept: ${r.typedKept}`,
      );
    }
  }
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
}
console.log(`\n${pagePath} at 412 px, CPU ${slowdown}× slower, ${runs} runs: median (min–max), ms`);
for (const [i, build] of builds.entries()) {
  const r = results[i];
  const of = (key) => summary(r.map((x) => x[key]));
  console.log(
    `${build.name}: tap ${of('tap')}; first keystroke ${of('key1')}; slowest keystroke ${of('keysMax')}; ` +
      `two files handled ${of('filesHandled')}, next frame ${of('filesFrame')}; first touch ${(median(r.map((x) => x.bytes)) / 1024).toFixed(1)} KB as sent; ` +
      `typing kept in ${r.filter((x) => x.typedKept).length} of ${r.length}`,
  );
}
