#!/usr/bin/env node
// Writes .br and .gz beside every compressible file of the web build, once, at build time,
// so the server sends compressed assets without spending CPU per request.
// The files are compressed through zlib's asynchronous calls, which run on libuv's thread pool
// (four threads): brotli at quality 11 was ~2.1 s of a fresh clone's first `npm start` one file
// after the other on the main thread, while the start's other core sat idle (README's Benchmarks).
//
// `node scripts/precompress.mjs DIR [--background]`. `npm start` runs it with --background beside the
// server's first start on a fresh build (scripts/start.mjs): on one thread of libuv's pool, so that the
// server's start keeps the other core. (At the lowest CPU priority instead, on the shared machine under
// load, the server's first start took up to 3 times as long: a starved process holding the file
// system's journal or a folder's lock makes every writer wait, the server's PGlite among them.) The server picks a compressed file when one is there and sends the plain
// file otherwise (@fastify/static's preCompressed, static-web.ts), so each .br and .gz is written under a
// dotted name the server never serves and renamed into place whole.
import { readdirSync, statSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;

function listCompressible(current, found = []) {
  for (const name of readdirSync(current)) {
    const file = path.join(current, name);
    if (statSync(file).isDirectory()) listCompressible(file, found);
    else if (compressible.test(name) && statSync(file).size > 1024) found.push(file);
  }
  return found;
}

/** Written beside the final name and renamed: a request meanwhile finds the whole file or none. */
async function writeWhole(file, data) {
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.partial`);
  await writeFile(partial, data);
  await rename(partial, file);
}

async function compress(file) {
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    gzipAsync(data, { level: 9 }),
  ]);
  await Promise.all([writeWhole(`${file}.br`, br), writeWhole(`${file}.gz`, gz)]);
}

/** Compresses the build in `dir`, then writes its completion stamp; resolves with the number of files. */
export async function precompress(dir) {
  const files = listCompressible(dir);
  // Largest first, so that the pool does not end waiting on one big file started last.
  files.sort((a, b) => statSync(b).size - statSync(a).size);
  await Promise.all(files.map(compress));
  // The last step of the web build: `npm start` takes this stamp as the sign of a complete build.
  await writeFile(path.join(dir, '.build-complete'), `${new Date().toISOString()}\n`);
  return files.length;
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  // Before the first asynchronous call: libuv starts its pool then, with this many threads.
  if (process.argv.includes('--background')) process.env.UV_THREADPOOL_SIZE = '1';
  const dir = path.resolve(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'dist');
  const count = await precompress(dir);
  console.log(`precompressed ${count} files in ${path.relative(process.cwd(), dir) || '.'}`);
}
