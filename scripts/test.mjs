// npm test: every check the project has — types first (cheap, and they catch what tests miss),
// then ESLint, which holds the walls between folders (decision 024; formatting is `npm run
// lint`'s business), unit and API tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set),
// then a fresh build, then the browser tests against it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedStep;

function run(name, command, args, cwd = root) {
  if (failedStep) return;
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) failedStep = name;
}

function count(reportFile) {
  if (!fs.existsSync(reportFile)) return;
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

const unitReport = path.join(reports, 'unit.json');
const e2eReport = path.join(reports, 'e2e.json');
console.log(
  process.env.TEST_DATABASE_URL
    ? 'API tests run on SQLite and PostgreSQL'
    : 'API tests run on SQLite (set TEST_DATABASE_URL for PostgreSQL too)',
);
run('typecheck', 'npm', ['run', 'typecheck']);
run('lint', 'npx', ['eslint', '.']);
run('unit and API tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`]);
run('build', 'npm', ['run', 'build']);
run(
  'browser tests',
  'npx',
  ['vitest', 'run', '--config', 'vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${e2eReport}`],
  path.join(root, 'e2e'),
);
count(unitReport);
count(e2eReport);
fs.rmSync(reports, { recursive: true, force: true });

if (failedStep) console.log(`\nFailed at: ${failedStep}`);
// The one closing line CI reads.
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStep || totals.failed > 0 || totals.passed === 0 ? 1 : 0);
