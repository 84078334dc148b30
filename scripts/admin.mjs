// npm run admin -- COMMAND: builds the server if it is missing or older than its sources, then
// runs its admin command. What the build says goes to stderr: stdout is the command's answer.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { staleReason } from './lib/build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reason = staleReason(root, 'server');
if (reason) {
  process.stderr.write(`Building the server: ${reason}.\n`);
  const built = spawnSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: ['inherit', 2, 2] });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
process.argv = [process.argv[0], path.join(root, 'server/dist/admin.js'), ...process.argv.slice(2)];
await import(path.join(root, 'server/dist/admin.js'));
