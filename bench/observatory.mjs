// Grades the site's HTTP headers with the MDN HTTP Observatory scanner, offline.
// The built server runs behind a local HTTPS front (test CA made here) on port 443, with
// port 80 redirecting to it, because the scanner only scans a bare host on the standard ports.
// Needs root (ports 80/443), openssl, and the npm registry once (the scanner is installed
// into bench/.cache with --ignore-scripts; its downloaded lists are replaced by empty stubs).
// Run: npm run build && npm run bench -- observatory   (not a CI gate)
// The front listens on every interface of ports 80/443 ('localhost' may resolve to ::1).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './lib/free-port.mjs';

const root = path.resolve(import.meta.dirname, '..');
const cacheDir = path.join(import.meta.dirname, '.cache/observatory');
const scanner = path.join(cacheDir, 'node_modules/@mdn/mdn-http-observatory');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-observatory-'));

function installScanner() {
  if (fs.existsSync(path.join(scanner, 'src/scan.js'))) return;
  fs.mkdirSync(cacheDir, { recursive: true });
  fs.writeFileSync(path.join(cacheDir, 'package.json'), '{"private":true}');
  const result = spawnSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '@mdn/mdn-http-observatory@1.4.8'], {
    cwd: cacheDir,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('could not install the scanner');
  // Its install step would download the HSTS preload list and the TLD list; offline, empty ones do.
  fs.writeFileSync(path.join(scanner, 'conf/hsts-preload.json'), '{}');
  fs.writeFileSync(path.join(scanner, 'conf/tld-list.json'), '[]');
}

function makeCertificates() {
  const run = (...args) => execFileSync('openssl', args, { cwd: work, stdio: 'ignore' });
  run(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Blitz test CA',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
  );
  run('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', 'site.key', '-out', 'site.csr');
  fs.writeFileSync(path.join(work, 'ext.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\n');
  run(
    'x509',
    '-req',
    '-in',
    'site.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    'ext.cnf',
    '-out',
    'site.pem',
  );
}

async function startApp() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'server/dist/server.js')], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return { port, child };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** TLS termination in front of the app, as a reverse proxy in production would do it. */
function startFront(appPort) {
  const secure = https.createServer(
    { key: fs.readFileSync(path.join(work, 'site.key')), cert: fs.readFileSync(path.join(work, 'site.pem')) },
    (req, res) => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: appPort,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, 'x-forwarded-proto': 'https', 'x-forwarded-for': req.socket.remoteAddress },
        },
        (answer) => {
          res.writeHead(answer.statusCode, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    },
  );
  const plain = http.createServer((req, res) => {
    res.writeHead(301, { location: `https://${req.headers.host?.split(':')[0] ?? 'localhost'}${req.url}` }).end();
  });
  secure.listen(443);
  plain.listen(80);
  return [secure, plain];
}

if (!fs.existsSync(path.join(root, 'server/dist/server.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}
installScanner();
makeCertificates();
const app = await startApp();
const fronts = startFront(app.port);
try {
  // Asynchronous on purpose: the front servers live in this process and must keep answering.
  const scanProcess = spawn(process.execPath, [path.join(scanner, 'src/scan.js'), 'localhost'], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(work, 'ca.pem') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  scanProcess.stdout.on('data', (d) => (stdout += d));
  await new Promise((r) => scanProcess.on('exit', r));
  const result = JSON.parse(stdout);
  if (result.error) throw new Error(result.error);
  console.log(
    `MDN HTTP Observatory: grade ${result.scan.grade}, score ${result.scan.score}, tests passed ${result.scan.testsPassed}/${result.scan.testsQuantity}`,
  );
  for (const [name, test] of Object.entries(result.tests)) {
    console.log(`  ${test.pass ? 'pass' : 'FAIL'}  ${name.padEnd(32)} ${String(test.scoreModifier).padStart(4)}  ${test.result}`);
  }
} finally {
  fronts.forEach((server) => server.close());
  app.child.kill('SIGTERM');
  fs.rmSync(work, { recursive: true, force: true });
}
