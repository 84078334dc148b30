// Our home page beside a WordPress home page in Lighthouse (issue 33 point 3): mobile, its default
// simulated throttling, RUNS (5) runs each, alternating (ours, WordPress, ours, …) so that both
// see the same load; median (min–max) of each figure, and where each page's main thread goes
// (Lighthouse's `mainthread-work-breakdown`: style and layout, script evaluation, HTML parsing, …)
// and what FCP waited for (`render-blocking-resources`, the first response's time and size).
//
// Run: npm run build && WORDPRESS_URL=http://127.0.0.1:8089/ npm run bench -- lighthouse-vs-wordpress
// Without WORDPRESS_URL it says so and stops (a WordPress to compare with is not part of the
// project: docs/benchmarks.md says how the one measured was set up: Debian's wordpress 6.1,
// Twenty Twenty-Three, nginx + PHP-FPM, no page cache).
// Options (environment): RUNS (5), OURS_PATH (/), LIGHTHOUSE (lighthouse@12.8.2, run by npx as
// bench/lighthouse.mjs does; or the path of an installed lighthouse CLI), CHROMIUM_PATH
// (/usr/bin/chromium), SERVER (another server.js), OURS_URL (measure a running server instead).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer } from './lib/built-server.mjs';

const wordpress = process.env.WORDPRESS_URL;
if (!wordpress) {
  console.log('WORDPRESS_URL is not set: no WordPress to compare with (see docs/benchmarks.md for the one measured).');
  process.exit(0);
}
const runs = Number(process.env.RUNS ?? 5);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const lighthouse = process.env.LIGHTHOUSE ?? 'lighthouse@12.8.2';

function runLighthouse(url) {
  const out = path.join(os.tmpdir(), `lh-wp-${process.pid}-${Date.now()}.json`);
  const args = [
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking',
  ];
  const installed = fs.existsSync(lighthouse);
  const result = spawnSync(
    installed ? process.execPath : 'npx',
    installed ? [lighthouse, ...args] : ['--yes', lighthouse, ...args],
    {
      env: { ...process.env, CHROME_PATH: chromiumPath },
      encoding: 'utf8',
    },
  );
  if (!fs.existsSync(out)) throw new Error(`lighthouse failed on ${url}:\n${result.stderr}`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(out);
  if (report.runtimeError) return undefined;
  const audit = (id) => report.audits[id]?.numericValue;
  const breakdown = Object.fromEntries(
    (report.audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => [item.group, item.duration]),
  );
  const network = report.audits['network-requests']?.details?.items ?? [];
  const documentRequest = network.find((r) => r.resourceType === 'Document');
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    si: audit('speed-index'),
    cls: audit('cumulative-layout-shift'),
    ttfb: audit('server-response-time'),
    bytes: audit('total-byte-weight'),
    requests: network.length,
    jsBytes: network.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    htmlBytes: documentRequest?.transferSize,
    renderBlocking: (report.audits['render-blocking-resources']?.details?.items ?? []).length,
    mainThread: audit('mainthread-work-breakdown'),
    styleLayout: breakdown.styleLayout ?? 0,
    scriptEvaluation: breakdown.scriptEvaluation ?? 0,
    parseHTML: breakdown.parseHTML ?? 0,
    paintCompositeRender: breakdown.paintCompositeRender ?? 0,
    scriptParseCompile: breakdown.scriptParseCompile ?? 0,
    other: breakdown.other ?? 0,
    longTasks: (report.audits['long-tasks']?.details?.items ?? []).map((t) => `${Math.round(t.duration)} ms ${t.url}`),
  };
}

const server = process.env.OURS_URL ? undefined : await startBuiltServer('lighthouse-vs-wordpress', { SEED_SAMPLE: 'true' });
const ours = process.env.OURS_URL ?? `${server.url}${process.env.OURS_PATH ?? '/'}`;
const sides = { ours, wordpress };
const results = { ours: [], wordpress: [] };
console.log(
  `Lighthouse mobile, ${runs} alternating runs each; load average at start ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs`,
);
try {
  // A warm-up each (caches, PHP's opcache), not counted.
  for (const url of Object.values(sides)) runLighthouse(url);
  for (let run = 1; run <= runs; run++) {
    for (const [name, url] of Object.entries(sides)) {
      let report;
      for (let attempt = 0; !report && attempt < 3; attempt++) report = runLighthouse(url);
      if (!report) throw new Error(`Lighthouse could not measure ${url}`);
      results[name].push(report);
      console.log(
        `run ${run} ${name}: score ${report.score}, FCP ${report.fcp.toFixed(0)}, LCP ${report.lcp.toFixed(0)}, TBT ${report.tbt.toFixed(0)} ms, long tasks: ${report.longTasks.join('; ') || 'none'}`,
      );
    }
  }
} finally {
  await server?.stop();
}

const show = (values, digits = 0) => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return `${median.toFixed(digits)} (${sorted[0].toFixed(digits)}–${sorted.at(-1).toFixed(digits)})`;
};
const figures = [
  ['score', 0],
  ['fcp', 0],
  ['lcp', 0],
  ['tbt', 0],
  ['si', 0],
  ['cls', 3],
  ['ttfb', 1],
  ['bytes', 0],
  ['htmlBytes', 0],
  ['jsBytes', 0],
  ['requests', 0],
  ['renderBlocking', 0],
  ['mainThread', 0],
  ['styleLayout', 0],
  ['scriptEvaluation', 0],
  ['parseHTML', 0],
  ['paintCompositeRender', 0],
  ['scriptParseCompile', 0],
  ['other', 0],
];
console.log(`\n| figure (ms, bytes) | ours | WordPress |\n| --- | --- | --- |`);
for (const [key, digits] of figures)
  console.log(
    `| ${key} | ${show(
      results.ours.map((r) => r[key] ?? 0),
      digits,
    )} | ${show(
      results.wordpress.map((r) => r[key] ?? 0),
      digits,
    )} |`,
  );
