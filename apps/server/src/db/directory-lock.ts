import { createHash } from 'node:crypto';
import { mkdirSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';

/** Who holds an embedded database directory, as the holder itself tells a process that asks. */
export interface LockHolder {
  pid: number;
  started_at: string;
  command: string;
  host: string;
}

export class DatabaseLockedError extends Error {
  constructor(
    public readonly dir: string,
    public readonly holder: LockHolder | null,
  ) {
    const who = holder
      ? `pid ${holder.pid}, started ${holder.started_at}, command "${holder.command}"${holder.host ? ` on ${holder.host}` : ''}`
      : 'a process that holds the lock but did not say who it is';
    super(`The embedded database in ${dir} is already used by another FuelDesk process (${who}). Stop that process first, or point DATA_DIR at another folder.`);
    this.name = 'DatabaseLockedError';
  }
}

/** Unix socket paths are limited to ~104 bytes; a longer data directory gets its socket in the temp folder, named by its path. */
const MAX_SOCKET_PATH = 100;
/** How long a holder has to say who it is (its event loop may be busy in PGlite for a moment). */
const PROBE_TIMEOUT_MS = 3_000;
/** A takeover of a stale socket left half-way by a crash is cleared after this long. */
const STALE_TAKEOVER_MS = 10_000;

export function lockSocketPath(dir: string): string {
  const hash = createHash('sha256').update(path.resolve(dir)).digest('hex').slice(0, 24);
  if (process.platform === 'win32') return `\\\\?\\pipe\\fueldesk-${hash}`;
  const inside = path.join(dir, 'fueldesk.lock.sock');
  return Buffer.byteLength(inside) <= MAX_SOCKET_PATH ? inside : path.join(tmpdir(), `fueldesk-${hash}.sock`);
}

function listen(socketPath: string, holder: LockHolder): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => {
      socket.on('error', () => {});
      socket.end(`${JSON.stringify(holder)}\n`);
    });
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      server.on('error', () => {});
      // The lock never keeps the process alive.
      server.unref();
      resolve(server);
    });
  });
}

/** Asks the socket's holder who it is: its answer, null when it answers nothing, 'stale' when nobody listens. */
function probe(socketPath: string): Promise<LockHolder | null | 'stale'> {
  return new Promise((resolve) => {
    let text = '';
    let connected = false;
    const socket = connect(socketPath);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, PROBE_TIMEOUT_MS);
    socket.setEncoding('utf8');
    socket.on('connect', () => (connected = true));
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(text) as LockHolder);
      } catch {
        resolve(null);
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(!connected && (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') ? 'stale' : null);
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * PGlite has no locking of its own: two processes on one directory would corrupt it. The lock is a
 * Unix domain socket (a named pipe on Windows) this process listens on: the operating system closes
 * it when the process ends, however it ends (kill -9 included), so a dead holder never blocks a start
 * and a reused pid means nothing. A second process that finds the socket asks it who holds it; a
 * socket file nobody listens on is a dead holder's and is taken over. Returns the release.
 */
export async function acquireDirectoryLock(dir: string): Promise<() => void> {
  mkdirSync(dir, { recursive: true });
  const socketPath = lockSocketPath(dir);
  const holder: LockHolder = {
    pid: process.pid,
    started_at: new Date(Date.now() - Math.round(process.uptime() * 1000)).toISOString(),
    command: process.argv.map((part) => path.basename(part) === part ? part : path.relative(process.cwd(), part) || part).join(' ').slice(0, 200),
    host: hostname(),
  };
  const takeover = `${socketPath}.takeover`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      const server = await listen(socketPath, holder);
      // For a person looking at the folder: who holds it (the socket is the lock; this file is not read).
      writeFileSync(path.join(dir, 'fueldesk.lock'), `${JSON.stringify(holder)}\n`);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        server.close();
        if (process.platform !== 'win32') rmSync(socketPath, { force: true });
        rmSync(path.join(dir, 'fueldesk.lock'), { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
    const answer = await probe(socketPath);
    if (answer !== 'stale') throw new DatabaseLockedError(dir, answer);
    // A dead holder's socket file: one process at a time removes it (mkdir is atomic), then all retry.
    try {
      mkdirSync(takeover);
    } catch {
      try {
        if (Date.now() - statSync(takeover).mtimeMs > STALE_TAKEOVER_MS) rmdirSync(takeover);
      } catch {
        // Gone meanwhile: retry.
      }
      await sleep(50);
      continue;
    }
    try {
      if ((await probe(socketPath)) === 'stale') rmSync(socketPath, { force: true });
    } finally {
      rmdirSync(takeover);
    }
  }
  throw new DatabaseLockedError(dir, null);
}
