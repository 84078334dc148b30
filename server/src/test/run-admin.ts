import { spawn } from 'node:child_process';
import path from 'node:path';

const entry = path.join(import.meta.dirname, '../cli/admin.ts');

/** `npm run admin -- ARGS` from the source, in a process of its own with `env` (and `input` on its stdin): its exit code and output. */
export function runAdminCommand(
  args: string[],
  env: Record<string, string>,
  input = '',
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.end(input);
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}
