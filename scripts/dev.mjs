// npm run dev: the server (restarting on change, API on :3000) and Vite's dev server with hot
// reload (site on :5173, proxying /api and /media to the server). Pages are not prerendered here.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server.ts'], { cwd: path.join(root, 'server'), stdio: 'inherit' }),
  spawn('npx', ['vite'], { cwd: path.join(root, 'web'), stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
