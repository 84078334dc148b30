// Lighthouse (mobile, its default simulated throttling) on the public pages of the built site (the gallery /Projects included),
// in Debian's Chromium, plus the byte budgets Lighthouse does not state directly: JavaScript the
// home page downloads (gzip) and the size of each page's first round trip (HTML with its inline
// critical CSS, compressed). Not a test: the figures go to bench/results/lighthouse.json and into
// docs/benchmarks.md by hand.
//
// Run: npm run build && npm run bench -- lighthouse
// Options (environment): RUNS=3 (Lighthouse runs per page, the median by performance is kept;
// every run's scores are counted too: how many reached 100, TBT median and range), LANGS=de
// (de,en for both languages: ?lang=en for English),
// PAGES=/,/contactus,/impressum (these pages only, each with RUNS runs, in every language of LANGS),
// PUBLISHED=1 (the pages rendered per request with staff content: before measuring, the slogan
// and the company's phone are changed through the API, so that no page is the prerendered file),
// LIGHTHOUSE=lighthouse@12.8.2 (the last major that runs on Node 20; fetched by npx, not a
// dependency of the project), CHROMIUM_PATH=/usr/bin/chromium.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort } from './lib/free-port.mjs';

const root = path.resolve(import.meta.dirname, '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const lighthouse = process.env.LIGHTHOUSE ?? 'lighthouse@12.8.2';
const runs = Number(process.env.RUNS ?? 3);
const languages = (process.env.LANGS ?? 'de').split(',');
const inLanguage = (pagePath, lang) => (lang === 'de' ? pagePath : `${pagePath}?lang=${lang}`);
const chosenPages = process.env.PAGES?.split(',');
const pages = (chosenPages ?? ['/', '/Services', '/Blitzschutz', '/jobs', '/impressum', '/Projects']).flatMap((p) =>
  languages.map((l) => inLanguage(p, l)),
);
const extraPages = chosenPages ? [] : ['/aboutus', '/contactus'].flatMap((p) => languages.map((l) => inLanguage(p, l)));

const staff = { username: 'bench', password: 'bench-password-123456' };

/** Changes the slogan (both languages) and the company's phone: every page is then rendered per request. */
async function publishStaffContent(url) {
  const call = async (method, route, body, token) => {
    const res = await fetch(url + route, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status}`);
    return res.json();
  };
  const { jwtToken } = await call('POST', '/api/v1/login/Auth', staff);
  for (const [language, content] of [
    ['de', 'Wir leiten Blitze sicher in die Erde – seit 2005.'],
    ['en', 'We guide lightning safely to earth – since 2005.'],
  ]) {
    await call('PUT', '/api/v1/Text', { namespace: 'homepage', key: 'hero.slogan', language, content }, jwtToken);
  }
  await call('POST', '/api/v1/Text/Publish', undefined, jwtToken);
  const { isSample: _isSample, updatedAt: _updatedAt, ...settings } = await call('GET', '/api/v1/Settings', undefined, jwtToken);
  await call('PUT', '/api/v1/Settings', { ...settings, phone: '+49 6181 424242' }, jwtToken);
}

async function startServer() {
  const entry = path.join(root, 'server/dist/server.js');
  if (!fs.existsSync(entry)) throw new Error('Build first: npm run build');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-bench-lh-'));
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: staff.username,
      ADMIN_PASSWORD: staff.password,
      SECOND_FACTOR: 'optional',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(url + '/')).ok) break;
    } catch {
      if (i > 300) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function runLighthouse(url) {
  const out = path.join(os.tmpdir(), `lh-${process.pid}-${Date.now()}.json`);
  const result = spawnSync(
    'npx',
    [
      '--yes',
      lighthouse,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking',
    ],
    { env: { ...process.env, CHROME_PATH: chromiumPath }, encoding: 'utf8' },
  );
  if (!fs.existsSync(out)) throw new Error(`lighthouse failed on ${url}:\n${result.stderr}`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(out);
  // A run that could not measure the page (e.g. a renderer that did not paint in time on a busy
  // machine) has no metrics: it is reported and retried, not counted.
  const metricsMissing = ['first-contentful-paint', 'largest-contentful-paint', 'cumulative-layout-shift'].filter(
    (id) => typeof report.audits[id]?.numericValue !== 'number',
  );
  if (report.runtimeError || metricsMissing.length) {
    return {
      error: report.runtimeError
        ? `${report.runtimeError.code}: ${report.runtimeError.message}`
        : `no ${metricsMissing.join(', ')}`,
    };
  }
  const audit = (id) => report.audits[id]?.numericValue;
  const failed = Object.values(report.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0 && report.audits[ref.id].score !== null && report.audits[ref.id].score < 1)
      .map((ref) => `${category.id}/${ref.id}`),
  );
  // What Lighthouse blames: every performance audit it does not pass (weighted or not), with its
  // figure (displayValue) and what it says fixing it would save.
  const blamed = report.categories.performance.auditRefs
    .map((ref) => report.audits[ref.id])
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => {
      const savings = Object.entries(a.metricSavings ?? {})
        .filter(([, v]) => v > 0)
        .map(([k, v]) => `${k} −${Math.round(v)} ms`)
        .join(', ');
      return `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}${savings ? ` [saves ${savings}]` : ''}`;
    });
  return {
    lighthouseVersion: report.lighthouseVersion,
    userAgent: report.environment.hostUserAgent,
    scores: Object.fromEntries(Object.entries(report.categories).map(([id, c]) => [id, Math.round(c.score * 100)])),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    speedIndexMs: Math.round(audit('speed-index')),
    failedAudits: failed,
    blamed,
    mainThread: report.audits['mainthread-work-breakdown']?.displayValue,
    bootup: report.audits['bootup-time']?.displayValue,
    // Where the main thread's time went: by kind of work, by script, and the long tasks (ms, simulated).
    mainThreadByGroup: Object.fromEntries(
      (report.audits['mainthread-work-breakdown']?.details?.items ?? []).map((i) => [i.group, Math.round(i.duration)]),
    ),
    bootupByScript: (report.audits['bootup-time']?.details?.items ?? []).map((i) => ({
      url: i.url,
      totalMs: Math.round(i.total),
      scriptingMs: Math.round(i.scripting),
    })),
    longTasks: (report.audits['long-tasks']?.details?.items ?? []).map((i) => ({
      url: i.url,
      startMs: Math.round(i.startTime),
      durationMs: Math.round(i.duration),
    })),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** What the page downloads, measured in the browser: JavaScript (gzip -9 of each file) and the first round trip. */
async function byteBudgets(url) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const scripts = [];
  page.on('response', (response) => response.request().resourceType() === 'script' && scripts.push(response));
  await page.goto(url, { waitUntil: 'networkidle' });
  let jsGzip = 0;
  for (const response of scripts) jsGzip += zlib.gzipSync(await response.body(), { level: 9 }).length;
  await browser.close();
  // The bytes on the wire, compressed as sent, and the response head: what the first round trip carries.
  const html = (encoding) =>
    new Promise((resolve, reject) => {
      http
        .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
          let body = 0;
          res.on('data', (chunk) => (body += chunk.length));
          res.on('end', () => {
            const head =
              `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n` +
              res.rawHeaders.reduce((t, v, i) => t + v + (i % 2 ? '\r\n' : ': '), '') +
              '\r\n';
            resolve({ body, headers: Buffer.byteLength(head) });
          });
        })
        .on('error', reject);
    });
  return {
    jsFiles: scripts.length,
    jsGzipKB: +(jsGzip / 1024).toFixed(1),
    htmlBr: await html('br'),
    htmlGzip: await html('gzip'),
  };
}

const load = os.loadavg()[0];
if (load > os.cpus().length)
  console.error(
    `Note: load average ${load.toFixed(1)} on ${os.cpus().length} CPUs — Lighthouse's simulated throttling scales the measured CPU time, so busy machines give worse figures.`,
  );
const server = await startServer();
if (process.env.PUBLISHED === '1') await publishStaffContent(server.url);
const results = [];
try {
  for (const pagePath of [...pages, ...extraPages]) {
    const reports = [];
    const wanted = pages.includes(pagePath) ? runs : 1;
    for (let attempt = 0; reports.length < wanted && attempt < wanted + 2; attempt++) {
      const report = runLighthouse(server.url + pagePath);
      if (report.error) console.error(`${pagePath}: run not counted (${report.error})`);
      else reports.push(report);
    }
    if (reports.length === 0) throw new Error(`Lighthouse could not measure ${pagePath}`);
    const chosen = reports.find((r) => r.scores.performance === median(reports.map((x) => x.scores.performance)));
    const budgets = await byteBudgets(server.url + pagePath);
    const tbts = reports.map((r) => r.tbtMs);
    results.push({
      page: pagePath,
      runs: reports.length,
      ...chosen,
      // Over every run, not only the median one.
      performance100Runs: reports.filter((r) => r.scores.performance === 100).length,
      otherCategoriesAll100: reports.every(
        (r) => r.scores.accessibility === 100 && r.scores['best-practices'] === 100 && r.scores.seo === 100,
      ),
      tbtMsMedian: median(tbts),
      tbtMsRange: [Math.min(...tbts), Math.max(...tbts)],
      clsMax: Math.max(...reports.map((r) => r.cls)),
      lcpMsRange: [Math.min(...reports.map((r) => r.lcpMs)), Math.max(...reports.map((r) => r.lcpMs))],
      // Every run's figures, for medians and ranges of any of them.
      everyRun: reports.map((r) => ({
        performance: r.scores.performance,
        tbtMs: r.tbtMs,
        lcpMs: r.lcpMs,
        fcpMs: r.fcpMs,
        cls: r.cls,
        longTasks: r.longTasks,
        mainThreadByGroup: r.mainThreadByGroup,
        bootupByScript: r.bootupByScript,
      })),
      ...budgets,
    });
    console.error(
      `${pagePath}: ${JSON.stringify(chosen.scores)} LCP ${chosen.lcpMs} ms TBT ${chosen.tbtMs} ms CLS ${chosen.cls}; ` +
        `performance 100 in ${reports.filter((r) => r.scores.performance === 100).length} of ${reports.length}, ` +
        `TBT median ${median(tbts)} ms (${Math.min(...tbts)}–${Math.max(...tbts)}); JS ${budgets.jsGzipKB} KB in ${budgets.jsFiles} files`,
    );
  }
} finally {
  await server.stop();
}

fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/lighthouse.json'),
  JSON.stringify(
    { date: new Date().toISOString(), loadAverageAtStart: +load.toFixed(2), cpus: os.cpus().length, results },
    null,
    2,
  ) + '\n',
);

const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log(
  `Lighthouse ${results[0].lighthouseVersion}, ${results[0].userAgent.match(/Chrome\/[\d.]+/)?.[0]}, mobile, simulated throttling; load average ${load.toFixed(1)} on ${os.cpus().length} CPUs`,
);
console.log(
  '| page | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | JS KB (gzip) | HTML + inline CSS KB (br / gzip) | response head KB |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  const s = r.scores;
  console.log(
    `| ${r.page} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.jsGzipKB} | ${kb(r.htmlBr.body)} / ${kb(r.htmlGzip.body)} | ${kb(r.htmlBr.headers)} |`,
  );
}
const failing = results.filter((r) => r.failedAudits.length);
if (failing.length)
  console.log('\nAudits not passed:\n' + failing.map((r) => `- ${r.page}: ${r.failedAudits.join(', ')}`).join('\n'));
const blaming = results.filter((r) => r.blamed.length);
if (blaming.length)
  console.log(
    '\nPerformance audits below 0.9 (figure, saving Lighthouse estimates):\n' +
      blaming.map((r) => `- ${r.page}: ${r.blamed.join('; ')}; main thread ${r.mainThread}, JS execution ${r.bootup}`).join('\n'),
  );
