// npm run admin -- set-password NAME: builds the server if needed, then runs its admin command.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
if (!fs.existsSync(path.join(root, 'server/dist/admin.js'))) {
  const built = spawnSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
process.argv = [process.argv[0], path.join(root, 'server/dist/admin.js'), ...process.argv.slice(2)];
await import(path.join(root, 'server/dist/admin.js'));
