#!/usr/bin/env node
// Writes .br and .gz beside every compressible file of the web build, once, at build time,
// so the server sends compressed assets without spending CPU per request.
// The files are compressed through zlib's asynchronous calls, which run on libuv's thread pool
// (four threads): brotli at quality 11 was ~2.1 s of a fresh clone's first `npm start` one file
// after the other on the main thread, while the start's other core sat idle (README's Benchmarks).
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const dir = path.resolve(process.argv[2] ?? 'dist');
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;

function listCompressible(current, found = []) {
  for (const name of readdirSync(current)) {
    const file = path.join(current, name);
    if (statSync(file).isDirectory()) listCompressible(file, found);
    else if (compressible.test(name) && statSync(file).size > 1024) found.push(file);
  }
  return found;
}

async function compress(file) {
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    gzipAsync(data, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

const files = listCompressible(dir);
// Largest first, so that the pool does not end waiting on one big file started last.
files.sort((a, b) => statSync(b).size - statSync(a).size);
await Promise.all(files.map(compress));
// The last step of the web build: `npm start` takes this stamp as the sign of a complete build.
await writeFile(path.join(dir, '.build-complete'), `${new Date().toISOString()}\n`);
console.log(`precompressed ${files.length} files in ${path.relative(process.cwd(), dir) || '.'}`);
