#!/usr/bin/env node
// `npm run dev`: the API on :3000 (restarts on change) and Vite on :5173 with /api proxied to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@fueldesk/web'], { cwd: root, stdio: 'inherit', env }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children) child.on('exit', (code) => { stop('SIGTERM'); process.exit(code ?? 0); });
