import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverRoot = path.resolve(__dirname, '../..');

describe('the rate limiter', () => {
  it('never loads rate-limiter-flexible for the memory store (counted synchronously in this process), and counts there', () => {
    // A fresh process: the test runner may have loaded the library already.
    const script = `
      import { createRequire } from 'node:module';
      const { createLibraryRateLimiter } = await import(${JSON.stringify(pathToFileURL(path.join(__dirname, 'rate-limiter.ts')).href)});
      const libraryLoaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => /[\\\\/]node_modules[\\\\/]rate-limiter-flexible[\\\\/]/.test(file));
      const limiter = createLibraryRateLimiter();
      const before = libraryLoaded();
      const first = await limiter.hit('key', 1, 60_000);
      const second = await limiter.hit('key', 1, 60_000);
      console.log(JSON.stringify({ before, after: libraryLoaded(), allowed: [first.allowed, second.allowed] }));
      await limiter.close();
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: serverRoot, encoding: 'utf8', timeout: 60_000 });
    expect(child.status, child.stderr).toBe(0);
    expect(JSON.parse(child.stdout.trim().split('\n').at(-1)!)).toEqual({ before: false, after: false, allowed: [true, false] });
  });
});
