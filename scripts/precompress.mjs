#!/usr/bin/env node
// Writes .br and .gz beside every compressible file of the web build, once, at build time,
// so the server sends compressed assets without spending CPU per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'dist');
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;
let count = 0;
function walk(current) {
  for (const name of readdirSync(current)) {
    const file = path.join(current, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (compressible.test(name) && statSync(file).size > 1024) {
      const data = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      count += 1;
    }
  }
}
walk(dir);
// The last step of the web build: `npm start` takes this stamp as the sign of a complete build.
writeFileSync(path.join(dir, '.build-complete'), `${new Date().toISOString()}\n`);
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), dir) || '.'}`);
