// The dashboard on a phone (issue 46): a real Chromium at 390×844 with the CPU slowed 4× (CDP
// Emulation.setCPUThrottlingRate), a fresh browser context each run (cold cache), RUNS (3) runs;
// median (min–max) of each figure. Not a test: the figures go into docs/benchmarks.md by hand.
//
// One run:
//  - sign-in page: /login until its form is visible, and until its script has taken the form over
//    (ready); JavaScript sent (as transferred: brotli);
//  - first view: /dashboard with a stored sign-in (and what a visit before left in storage: one
//    visit at full speed in a context of its own before each measured one), until the tab one
//    lands on (the inbox for an admin) shows its list (every row, should a build ever mark the
//    table aria-busy while rows are to come), and its first contentful paint; JavaScript sent
//    (once it shows, and of that what had arrived before: the page's resource timings), requests,
//    long tasks until then; and in a load of its own that nothing watches (no check in its frames,
//    not asked anything for 5 s), the long tasks of the page on its own;
//  - every other tab, tapped in turn (a touch: its code and first reads start at the touch): from the
//    touch until its content shows, and the JavaScript its first opening adds;
//  - opening an item: the first inquiry's and the first project's dialog, from the tap.
// "Shows": the tab panel has its heading and nothing in it still spins or is busy.
// With WORDPRESS_URL (and WORDPRESS_USER, WORDPRESS_PASSWORD) WordPress's Posts list
// (wp-admin/edit.php) and its post editor (the first post's) are measured in the same rotation:
// docs/benchmarks.md says how the one compared with was set up (Debian's wordpress package).
//
// Run: npm run build && npm run bench -- dashboard-phone
// Options (environment): RUNS (3), SLOWDOWN (4), LANG (de), CHROMIUM_PATH (/usr/bin/chromium),
// BEFORE=path/to/server.js (another build's server, measured alternately with this one),
// OURS_URL + ADMIN_USERNAME + ADMIN_PASSWORD (measure a running server instead of a fresh one),
// FIRST_VIEW_ONLY=1 (the sign-in page and the first view, no tabs and items: more runs in the time),
// TABS=projects,jobs (only these tabs, in this order, and no item opened: a change to some tabs, measured in more runs),
// LATENCY=ms (each request's round trip made that much longer, CDP Network.emulateNetworkConditions:
// a phone's network; the bandwidth is not limited).
/* global window, document -- the functions handed to the page run there */
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startBuiltServer } from './lib/built-server.mjs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.RUNS ?? 3);
const slowdown = Number(process.env.SLOWDOWN ?? 4);
const lang = process.env.LANG === 'en' ? 'en' : 'de';
const wordpress = process.env.WORDPRESS_URL?.replace(/\/$/, '');
const before = process.env.BEFORE ? path.resolve(process.env.BEFORE) : undefined;
const firstViewOnly = process.env.FIRST_VIEW_ONLY === '1';
const onlyTabs = process.env.TABS?.split(',').filter(Boolean);
const latency = Number(process.env.LATENCY ?? 0);
const admin = {
  username: process.env.ADMIN_USERNAME ?? 'bench',
  password: process.env.ADMIN_PASSWORD ?? 'bench-password-123456',
};

/** A built server (this one, or BEFORE's) with a page's worth of inquiries, and a sign-in to it. */
async function startSite(name, entry) {
  let server;
  let url = process.env.OURS_URL?.replace(/\/$/, '');
  if (!url || entry) {
    server = await startBuiltServer(
      name,
      {
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        SECOND_FACTOR: 'optional',
        CONTACT_RATE_LIMIT: '1000000',
        CONTACT_MIN_FILL_SECONDS: '0',
        BACKUP_HOUR: 'off',
        STATISTICS: 'off',
      },
      entry ? { entry } : {},
    );
    url = server.url;
    // An inbox with a page's worth of inquiries, as the sample content gives the other tabs theirs.
    for (let i = 0; i < 30; i++) {
      const form = new FormData();
      const fields = {
        subject: ['priceInquiry', 'generalMessage', 'application'][i % 3],
        firstName: ['Erika', 'Max', 'Jörg', 'Anna'][i % 4],
        lastName: ['Musterfrau', 'Mustermann', 'Schmidt'][i % 3],
        phone: '+49 6181 12345',
        email: `kunde${i}@example.org`,
        message: 'Wir planen den Neubau einer Lagerhalle und benötigen ein Angebot für die äußere Blitzschutzanlage.',
        ...(i % 3 === 0
          ? { CompanyName: 'Beispiel GmbH', CompanyAddress: 'Hafenstraße 5', BuildingSize: '2400 m²', Regards: 'lps,earthing' }
          : {}),
      };
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      const sent = await fetch(`${url}/api/v1/Contact`, { method: 'POST', body: form });
      if (sent.status !== 201) throw new Error(`inquiry ${i}: ${sent.status} ${await sent.text()}`);
    }
  }
  const login = await fetch(`${url}/api/v1/login/Auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`sign-in: ${login.status}`);
  const { jwtToken: token } = await login.json();
  return { url, token, stop: async () => server?.stop() };
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });

/**
 * A fresh phone (nothing cached), its CPU slowed, counting every script's bytes as sent. `watched`:
 * with the checks that tell, each frame, when a view shows (installChecks); without them the page
 * runs on its own, and only its long tasks are counted (unwatchedLongTasks).
 */
async function phone({ token = null, stored = {}, cookies = [], watched = true } = {}) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: lang === 'en' ? 'en-GB' : 'de-DE',
  });
  await context.addInitScript(
    ({ token, lang, stored }) => {
      if (token) localStorage.setItem('JWT', token);
      for (const [key, value] of Object.entries(stored)) if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
      document.cookie = `Language=${lang}; path=/`;
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    },
    { token, lang, stored },
  );
  if (watched) await context.addInitScript(installChecks);
  await context.addCookies(cookies);
  const page = await context.newPage();
  // The first views the page has told of (installChecks), kept from its first moment on.
  page.shownViews = new Set();
  page.on('console', (message) => {
    if (message.text().startsWith('__shown ')) page.shownViews.add(message.text().slice('__shown '.length));
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await cdp.send('Network.enable');
  if (latency)
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: -1, uploadThroughput: -1 });
  const scripts = [];
  let requests = 0;
  cdp.on('Network.requestWillBeSent', () => requests++);
  const types = new Map();
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    if (types.get(e.requestId) === 'Script') scripts.push(e.encodedDataLength);
  });
  return {
    page,
    /** Script bytes and requests so far (a mark to subtract later ones from). */
    mark: () => ({ bytes: scripts.reduce((a, b) => a + b, 0), files: scripts.length, requests }),
    close: () => context.close(),
  };
}

/** What "shown" means for each view, installed in every page before its scripts. */
function installChecks() {
  const checks = {
    // The open tab shows its content: a heading, nothing spinning or busy.
    tab: () => {
      const panel = document.querySelector('[role=tabpanel]');
      return Boolean(
        panel &&
        panel.querySelector('h2, h3') &&
        !panel.querySelector('.animate-spin, [aria-busy=true], [data-loading]') &&
        panel.textContent.trim().length > 40,
      );
    },
    // The application has taken the tab over, where the server's HTML showed it first (decision 067);
    // without a first view from the server, what shows is the application's. Whether the page has
    // one is known once it is parsed: its data comes after the markup, and until 2026-11-29 a
    // check in the middle of the parse took the server's list for the application's.
    tabReady: () =>
      checks.tab() &&
      (Boolean(document.getElementById('root')?.hasAttribute('data-app-started')) ||
        (document.readyState !== 'loading' &&
          !document.getElementById('page-data')?.textContent.includes('"dashboardFirstView"'))),
    signIn: () => Boolean(document.querySelector('form input[type=password]')),
    // The form's script has taken it over (the server's page since issue 46; the application's form is ready when shown).
    signInReady: () => {
      const form = document.querySelector('form input[type=password]')?.form;
      return Boolean(form && (!form.hasAttribute('data-island') || form.hasAttribute('data-hydrated')));
    },
    dialog: () => Boolean(document.querySelector('dialog[open]')),
    wordpressList: () => Boolean(document.querySelector('#the-list tr')),
    wordpressEditor: () => Boolean(document.querySelector('.editor-post-title, .wp-block-post-title, #title')),
  };
  window.__shown = (name) => checks[name]();
  // A page's first view is watched from inside it, each frame, and told on the console: Playwright's
  // own script, which its first evaluate or waitForFunction puts into the page, takes 30–45 ms of
  // the main thread at 4×, right in the time being measured (so it was until 2026-11-28).
  const firstViews = ['signIn', 'signInReady', 'tab', 'tabReady', 'wordpressList', 'wordpressEditor'];
  window.__shownAt = {};
  const watch = () => {
    for (const name of firstViews) {
      if (window.__shownAt[name] === undefined && checks[name]()) {
        window.__shownAt[name] = performance.now();
        console.debug(`__shown ${name}`);
      }
    }
    const done = ['signInReady', 'tabReady', 'wordpressList', 'wordpressEditor'].some((name) => name in window.__shownAt);
    if (!done && performance.now() < 60_000) window.requestAnimationFrame(watch);
  };
  window.requestAnimationFrame(watch);
}

/**
 * When the named first view showed (watched inside the page, installChecks), on the page's clock:
 * it waits for the page's word on the console without touching the page until then.
 */
async function firstShownAt(page, check) {
  for (let waited = 0; !page.shownViews.has(check); waited += 10) {
    if (waited > 60_000) throw new Error(`${check} did not show`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return page.evaluate((check) => window.__shownAt[check], check);
}

/** Waits until the named check holds in the page (checked every frame); its time on the page's clock. */
async function readyAt(page, check) {
  const handle = await page.waitForFunction((check) => window.__shown?.(check) && performance.now(), check, {
    polling: 'raf',
    timeout: 60_000,
  });
  return handle.jsonValue();
}

/** How long a load nothing watches is left alone before its long tasks are read. */
const unwatchedFor = 5000;

/**
 * The long tasks of a load that nothing watches: the first 5 s, the page not touched until then
 * (both pages have started by about 1.2 s on this profile). The checks' callback in every frame
 * makes Chrome count that frame's style, layout and paint into a long task, which a page on its
 * own does not: with such a callback the dashboard's load had 355–552 ms of long tasks, without
 * 157–233 (5 loads each, 2026-11-29); asking the page from outside (CDP) moved the figure too.
 */
async function unwatchedLongTasks(address, options) {
  const { page, close } = await phone({ ...options, watched: false });
  await page.goto(address, { waitUntil: 'commit' });
  await page.waitForTimeout(unwatchedFor);
  const longTasks = await page.evaluate(() => Math.round(window.__longTasks.reduce((sum, t) => sum + t.duration, 0)));
  await close();
  return longTasks;
}

const settle = (page) => page.waitForTimeout(300);
const kb = (bytes) => Math.round(bytes / 102.4) / 10;

async function measureSignIn({ url }) {
  const { page, mark, close } = await phone();
  await page.goto(`${url}/login`);
  const visible = await firstShownAt(page, 'signIn');
  const ready = await firstShownAt(page, 'signInReady');
  await settle(page);
  const sent = mark();
  await close();
  return { 'sign-in: visible (ms)': visible, 'sign-in: ready (ms)': ready, 'sign-in: JS (KB)': kb(sent.bytes) };
}

/**
 * What a visit before left in the browser besides the token: the early script's note on where the
 * dashboard lands (localStorage) and the dashboard cookie its token check set (decision 067); one
 * visit at full speed in a context of its own, so that the measured one is a returning user's,
 * its HTTP cache still cold.
 */
async function storageOfAVisit(url, token) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript((token) => localStorage.setItem('JWT', token), token);
  await context.addInitScript(installChecks);
  const page = await context.newPage();
  await page.goto(`${url}/dashboard`);
  await readyAt(page, 'tab');
  // Once more with what the first visit left (a server long running has rendered such a page before).
  await page.reload();
  await readyAt(page, 'tab');
  const stored = await page.evaluate(() =>
    Object.fromEntries(Object.entries(localStorage).filter(([key]) => key !== 'JWT' && key !== 'Language')),
  );
  const cookies = (await context.cookies()).filter((cookie) => cookie.name !== 'Language');
  await context.close();
  return { stored, cookies };
}

async function measureDashboard({ url, token }) {
  const visit = await storageOfAVisit(url, token);
  const { page, mark, close } = await phone({ token, ...visit });
  await page.goto(`${url}/dashboard`);
  const visible = await firstShownAt(page, 'tab');
  const ready = await firstShownAt(page, 'tabReady');
  const longTasksUntil = (until) =>
    page.evaluate((until) => window.__longTasks.filter((t) => t.start < until).reduce((sum, t) => sum + t.duration, 0), until);
  const longTasks = await longTasksUntil(visible);
  const longTasksReady = await longTasksUntil(ready);
  const first = mark();
  // What had arrived when the list showed (the rest follows it: what the list fetches when idle, the notices above the tabs).
  const beforeVisible = await page.evaluate(
    (until) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => /\.js(\?|$)/.test(e.name) && e.responseEnd <= until)
        .map((e) => e.transferSize),
    visible,
  );
  // The first paint of anything: its entry comes once the frame that "visible" saw has been painted.
  const firstPaint = await page
    .waitForFunction(
      () => performance.getEntriesByType('paint').find((entry) => entry.name === 'first-contentful-paint')?.startTime,
      null,
      { timeout: 10_000 },
    )
    .then((handle) => handle.jsonValue())
    .catch(() => undefined);
  const landed = await page.evaluate(() => document.querySelector('[role=tab][aria-selected=true]').id.replace(/.*-tab-/, ''));
  // Every long task of the load, what follows the start too (later answers, work when idle): until 3 s after it.
  await page.waitForTimeout(Math.max(0, ready + 3000 - (await page.evaluate(() => performance.now()))));
  const longTasksInAll = await page.evaluate(() => window.__longTasks.reduce((sum, t) => sum + t.duration, 0));
  const figures = {
    [`first view (${landed}): visible (ms)`]: visible,
    'first view: first paint (ms)': firstPaint,
    'first view: JS (KB)': kb(first.bytes),
    'first view: JS files': first.files,
    'first view: JS before visible (KB)': kb(beforeVisible.reduce((a, b) => a + b, 0)),
    'first view: JS files before visible': beforeVisible.length,
    'first view: requests': first.requests,
    'first view: long tasks (ms)': Math.round(longTasks),
    'first view: application started (ms)': ready,
    'first view: long tasks until started (ms)': Math.round(longTasksReady),
    'first view: long tasks until 3 s after (ms)': Math.round(longTasksInAll),
  };
  // Once this page is closed: on a machine of two cores, a second slowed page beside it lengthened the
  // unwatched load's tasks.
  const unwatched = () => unwatchedLongTasks(`${url}/dashboard`, { token, ...visit });

  if (firstViewOnly) {
    await close();
    return { ...figures, 'first view, unwatched: long tasks in 5 s (ms)': await unwatched() };
  }
  // Opening an item from the landing list.
  const opened = onlyTabs ? undefined : await openItem(page);
  if (opened !== undefined) figures[`open an item (${landed}) (ms)`] = opened;

  const tabs = await page.evaluate(() =>
    [...document.querySelectorAll('[role=tab]')].map((tab) => tab.id.replace(/.*-tab-/, '')),
  );
  for (const tab of onlyTabs ?? tabs.filter((t) => t !== landed)) {
    if (!tabs.includes(tab)) throw new Error(`TABS: no tab "${tab}" (there are ${tabs.join(', ')})`);
    await settle(page);
    const before = mark();
    const shown = await tapUntilShown(page, `[role=tab][id$="-tab-${tab}"]`, 'tab');
    await settle(page);
    figures[`tab ${tab}: visible after tap (ms)`] = shown;
    figures[`tab ${tab}: added JS (KB)`] = kb(mark().bytes - before.bytes);
    if (tab === 'projects' && !onlyTabs) {
      const item = await openItem(page);
      if (item !== undefined) figures['open an item (projects) (ms)'] = item;
    }
  }
  await close();
  return { ...figures, 'first view, unwatched: long tasks in 5 s (ms)': await unwatched() };
}

/**
 * Taps the element as a finger does (touch, pointer, click); the time from the touch until the
 * named check holds in a frame after the click. Watched from inside the page, each frame, as the
 * first views are: Playwright's own polling, set up after the tap, took 30–45 ms of the main
 * thread at 4× right in the time being measured (tap figures taken before 2026-11-28, late evening, hold it).
 */
async function tapUntilShown(page, selector, check) {
  await page.evaluate((check) => {
    const tap = (window.__tap = {});
    window.addEventListener('pointerdown', () => (tap.at = performance.now()), { capture: true, once: true });
    window.addEventListener(
      'click',
      () => {
        const watch = () => {
          if (window.__shown(check)) tap.shown = performance.now();
          else if (performance.now() - tap.at < 60_000) window.requestAnimationFrame(watch);
        };
        window.requestAnimationFrame(watch);
      },
      { capture: true, once: true },
    );
  }, check);
  await page.locator(selector).first().tap();
  const tap = await page.waitForFunction(() => window.__tap.shown !== undefined && window.__tap, null, { timeout: 60_000 });
  const { at, shown } = await tap.jsonValue();
  return shown - at;
}

/** Taps the list's first "open"/"edit" button; the time until its dialog shows. */
async function openItem(page) {
  const button = '[role=tabpanel] table tbody tr button';
  if (!(await page.locator(button).count())) return undefined;
  const shown = await tapUntilShown(page, button, 'dialog');
  await page.keyboard.press('Escape');
  await settle(page);
  return shown;
}

async function measureWordPress() {
  // Signed in once in a context of its own; the list and the editor are then opened cold with its cookies.
  const signIn = await phone();
  await signIn.page.goto(`${wordpress}/wp-login.php`);
  await signIn.page.fill('#user_login', process.env.WORDPRESS_USER ?? 'admin');
  await signIn.page.fill('#user_pass', process.env.WORDPRESS_PASSWORD ?? '');
  await Promise.all([signIn.page.waitForNavigation(), signIn.page.click('#wp-submit')]);
  const cookies = await signIn.page.context().cookies();
  await signIn.close();

  const { page, mark, close } = await phone();
  await page.context().addCookies(cookies);
  await page.goto(`${wordpress}/wp-admin/edit.php`);
  const visible = await firstShownAt(page, 'wordpressList');
  const longTasks = await page.evaluate(
    (until) => window.__longTasks.filter((t) => t.start < until).reduce((sum, t) => sum + t.duration, 0),
    visible,
  );
  // As for ours: every long task until 3 s after the list showed (its scripts load with the page).
  await page.waitForTimeout(Math.max(0, visible + 3000 - (await page.evaluate(() => performance.now()))));
  const longTasksInAll = await page.evaluate(() => window.__longTasks.reduce((sum, t) => sum + t.duration, 0));
  const list = mark();
  const href = await page.getAttribute('#the-list tr a.row-title', 'href');
  const started = Date.now();
  await page.goto(href);
  await readyAt(page, 'wordpressEditor');
  const editor = Date.now() - started;
  const edited = mark();
  await close();
  const unwatched = await unwatchedLongTasks(`${wordpress}/wp-admin/edit.php`, { cookies });
  return {
    'WordPress Posts: visible (ms)': visible,
    'WordPress Posts: JS (KB)': kb(list.bytes),
    'WordPress Posts: requests': list.requests,
    'WordPress Posts: long tasks (ms)': Math.round(longTasks),
    'WordPress Posts: long tasks until 3 s after (ms)': Math.round(longTasksInAll),
    'WordPress Posts, unwatched: long tasks in 5 s (ms)': unwatched,
    'WordPress editor: visible (ms)': editor,
    'WordPress editor: added JS (KB)': kb(edited.bytes - list.bytes),
  };
}

const sites = { ours: await startSite('dashboard-phone') };
if (before) sites.before = await startSite('dashboard-phone-before', before);
const results = Object.fromEntries(Object.keys(sites).map((name) => [name, []]));
try {
  for (let run = 0; run < runs; run++) {
    // Alternating, so that each build sees the same load.
    for (const [name, site] of Object.entries(sites))
      results[name].push({ ...(await measureSignIn(site)), ...(await measureDashboard(site)) });
    if (wordpress) (results.wordpress ??= []).push(await measureWordPress());
    console.log(`run ${run + 1} of ${runs} done`);
  }
} finally {
  await browser.close();
  for (const site of Object.values(sites)) await site.stop();
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (value) => (Number.isInteger(value) ? value : Math.round(value * 10) / 10);
const figure = (values) =>
  values.length ? `${round(median(values))} (${round(Math.min(...values))}–${round(Math.max(...values))})` : '–';
console.log(
  `\nDashboard on a phone (${lang}): 390×844, CPU ${slowdown}×${latency ? `, ${latency} ms latency` : ''}, cold cache, ${runs} runs: median (min–max)`,
);
const columns = Object.keys(results);
console.log(['figure'.padEnd(44), ...columns.map((c) => c.padEnd(26))].join(' '));
const keys = [...new Set(columns.flatMap((c) => Object.keys(results[c][0] ?? {})))];
for (const key of keys)
  console.log(
    [key.padEnd(44), ...columns.map((c) => figure(results[c].map((r) => r[key]).filter((v) => v !== undefined)).padEnd(26))].join(
      ' ',
    ),
  );
