import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** What PGlite reads from its package at every start: PostgreSQL's WebAssembly and the file bundle it unpacks (share/postgresql). */
export interface PgliteArtifacts {
  pgliteWasmModule: Promise<WebAssembly.Module>;
  /** A Blob as far as PGlite uses one: it only calls arrayBuffer(). */
  fsBundle: Blob;
  /** The file the bundle was read from (releaseFsBundle reads its files from it again). */
  fsBundlePath: string;
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
  const fsBundlePath = path.join(dist, 'pglite.data');
  const bundle = readFile(fsBundlePath).then((data) =>
    data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data.buffer : data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength),
  );
  // Awaited by openDatabase unless its start fails earlier (a locked directory): no unhandled rejection then.
  pgliteWasmModule.catch(() => {});
  bundle.catch(() => {});
  return { pgliteWasmModule, fsBundle: { arrayBuffer: () => bundle } as Blob, fsBundlePath };
}

/** What releaseFsBundle needs of a node of Emscripten's file system (MEMFS). */
interface FsNode {
  mode: number;
  contents?: unknown;
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;

/**
 * Lets go of PGlite's file bundle once PGlite has started: 6.2 MB (share/postgresql, its extensions'
 * libraries, ICU's data for ICU collations, ...) that stayed in the server's memory for its whole life.
 * Emscripten's file system (MEMFS) holds each bundled file as a view of one copy of the whole bundle,
 * so no file could be freed alone. Each such file now reads its bytes from pglite.data when first
 * read (a later CREATE EXTENSION, a text-search dictionary, a time zone), and keeps them; the copy is
 * detached (transferred away), which frees it. PostgreSQL reads few of these files after its start.
 * `read` is the buffer openDatabase read the bundle into, detached too (PGlite's start may keep it).
 * Returns how many files were left to read later, or 0 when nothing was released (no such copy, or
 * its bytes are not pglite.data's).
 */
export function releaseFsBundle(fs: { root: unknown }, bundlePath: string, read?: ArrayBuffer): number {
  const size = statSync(bundlePath, { throwIfNoEntry: false })?.size;
  if (!size) return 0;
  let bundle: ArrayBufferLike | undefined;
  const views: { node: FsNode; offset: number; length: number }[] = [];
  const visit = (node: FsNode) => {
    const contents = node.contents;
    if ((node.mode & S_IFMT) === S_IFREG) {
      if (contents instanceof Uint8Array && contents.buffer.byteLength === size && (bundle ??= contents.buffer) === contents.buffer) {
        views.push({ node, offset: contents.byteOffset, length: contents.length });
      }
    } else if (contents && typeof contents === 'object' && !ArrayBuffer.isView(contents)) {
      // A directory's entries (a mount point's own entries; the mounted data directory's nodes have none).
      for (const child of Object.values(contents as Record<string, FsNode>)) visit(child);
    }
  };
  visit(fs.root as FsNode);
  if (!bundle || views.length === 0) return 0;
  const readRange = (offset: number, length: number) => {
    const bytes = new Uint8Array(length);
    const fd = openSync(bundlePath, 'r');
    try {
      readSync(fd, bytes, 0, length, offset);
    } finally {
      closeSync(fd);
    }
    return bytes;
  };
  // The same bytes as the file on disk (its first and last 64 KiB), or it is left alone.
  const head = Math.min(size, 65_536);
  const same = (offset: number) => Buffer.from(bundle!, offset, head).equals(readRange(offset, head));
  if (!same(0) || !same(size - head)) return 0;
  try {
    // Detaching the buffer empties every view of it: each file reads its bytes back when asked, below.
    structuredClone(bundle, { transfer: [bundle as ArrayBuffer] });
  } catch {
    return 0;
  }
  for (const { node, offset, length } of views) {
    const settle = (value: unknown) => Object.defineProperty(node, 'contents', { value, writable: true, enumerable: true, configurable: true });
    Object.defineProperty(node, 'contents', {
      enumerable: true,
      configurable: true,
      get() {
        const bytes = readRange(offset, length);
        settle(bytes);
        return bytes;
      },
      // MEMFS replaces a file's contents when it is written or truncated.
      set: settle,
    });
  }
  if (read && read !== bundle && read.byteLength > 0) {
    try {
      structuredClone(read, { transfer: [read] });
    } catch {
      // Not detachable: it is freed when PGlite lets go of it.
    }
  }
  return views.length;
}
