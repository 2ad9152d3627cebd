import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** What PGlite reads from its package at every start: PostgreSQL's WebAssembly and the file bundle it unpacks (share/postgresql). */
export interface PgliteArtifacts {
  pgliteWasmModule: Promise<WebAssembly.Module>;
  /** A Blob as far as PGlite uses one: it only calls arrayBuffer(). */
  fsBundle: Blob;
}

/**
 * Reads PGlite's WebAssembly and starts compiling it, and reads its file bundle, before PGlite is created.
 * Left to PGlite, both are read and the module compiled only once PGlite's start runs, which is after
 * the server's modules have loaded (main.ts: ~0.1 s of this thread, during which the database's directory
 * lock waits for the event loop); begun here, the reads and V8's compilation (on its own threads) overlap
 * that loading. The bytes are read synchronously (9 MB from the page cache, a few ms) so that the
 * compilation starts at once. The tier-up flags (wasm-tiering.ts) must be set before: V8 reads them
 * when it compiles the module.
 */
// The server's TypeScript libraries declare WebAssembly's types (through PGlite's) but not the global object.
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }).WebAssembly;

export function loadPgliteArtifacts(): PgliteArtifacts {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const pgliteWasmModule = wasm.compile(readFileSync(path.join(dist, 'pglite.wasm')));
  const bundle = readFile(path.join(dist, 'pglite.data')).then((data) =>
    data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data.buffer : data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength),
  );
  // Awaited by openDatabase unless its start fails earlier (a locked directory): no unhandled rejection then.
  pgliteWasmModule.catch(() => {});
  bundle.catch(() => {});
  return { pgliteWasmModule, fsBundle: { arrayBuffer: () => bundle } as Blob };
}
