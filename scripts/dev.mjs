// npm run dev: the API on :3001 (restarting on change) and Vite's dev server on :5173 with hot reload.
import { spawn } from 'node:child_process';
import { bin, root } from './lib.mjs';

const env = {
  ...process.env,
  PORT: process.env.API_PORT ?? '3001',
  APP_URL: 'http://localhost:5173',
};
const children = [
  spawn(bin('tsx'), ['watch', 'src/server/main.ts'], { stdio: 'inherit', cwd: root, env }),
  spawn(bin('vite'), [], { stdio: 'inherit', cwd: root }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
