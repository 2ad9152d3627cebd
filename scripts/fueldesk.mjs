#!/usr/bin/env node
// `npm run fueldesk -- <command>`: the CLI, compiled like the server (rebuilt when its sources changed).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildServer, serverBuildIsStale, serverDist } from './build-server.mjs';

if (serverBuildIsStale()) await buildServer();
const root = path.resolve(serverDist, '../../..');
// The same embedded database as `npm start` (./data), and file paths meant from where the user typed them.
const cli = spawn(process.execPath, ['--enable-source-maps', path.join(serverDist, 'cli.js'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data'), INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => cli.kill(signal));
cli.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
