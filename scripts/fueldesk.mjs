#!/usr/bin/env node
// `npm run fueldesk -- <command>`: the CLI, compiled like the server (rebuilt when its sources changed),
// run in this process (a second Node process slowed every command).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, serverBuildIsStale, serverDist } from './build-server.mjs';

if (serverBuildIsStale()) await buildServer();
const root = path.resolve(serverDist, '../../..');
// The same embedded database as `npm start` (./data), and file paths meant from where the user typed them.
process.env.DATA_DIR ??= path.join(root, 'data');
process.env.INIT_CWD ??= process.cwd();
process.chdir(root);
// cli.js reads its arguments from process.argv.slice(2), which are this script's.
await import(pathToFileURL(path.join(serverDist, 'cli.js')).href);
