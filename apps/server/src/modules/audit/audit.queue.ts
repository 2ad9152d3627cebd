import type { AppContext } from '../../context';
import { appendAuditEntries, useAsynchronousCommit, type NewAuditEntry } from './audit.repository';

/**
 * The write-behind queue of one process for the entries of actions that change nothing else (a
 * screening search or batch): the answer is sent without waiting for the entry, which is appended
 * right after, with whatever other entries queued meanwhile, in one statement (one head lock, one
 * transaction with an asynchronous commit). Chain order is the order of appending, as for any entry.
 *
 * What this costs: an entry queued when the process dies before its flush (a crash, a kill -9, within
 * the few milliseconds the queue holds it) is lost; a clean stop flushes it (runtime.close). Actions
 * that change state (decisions, approvals, imports, admin changes) never come here: their entry is
 * written by recordAudit in their own transaction, and exists exactly when they do.
 * The process's own readers of the log (list, export, verify) wait for the queue first, so a user
 * sees their search in My activity at once.
 */
interface AuditQueue {
  pending: NewAuditEntry[];
  /** The flush under way (null: none, nothing scheduled). */
  flushing: Promise<void> | null;
  retryTimer: NodeJS.Timeout | null;
}

/** Entries appended per statement at most (the recursive chain step joins each to the one before). */
const FLUSH_BATCH = 200;
/** After a failed append the entries stay queued and are tried again. */
const RETRY_MS = 1_000;

const queues = new WeakMap<AppContext['database'], AuditQueue>();

function queueOf(ctx: AppContext): AuditQueue {
  let queue = queues.get(ctx.database);
  if (!queue) {
    queue = { pending: [], flushing: null, retryTimer: null };
    queues.set(ctx.database, queue);
  }
  return queue;
}

async function drain(ctx: AppContext, queue: AuditQueue): Promise<void> {
  while (queue.pending.length > 0) {
    const batch = queue.pending.splice(0, FLUSH_BATCH);
    try {
      await ctx.db.transaction(async (tx) => {
        await useAsynchronousCommit(tx);
        await appendAuditEntries(tx, batch);
      });
    } catch (error) {
      // Nothing of the batch was appended (one statement): it goes back to the front, in order.
      queue.pending.unshift(...batch);
      throw error;
    }
  }
}

function startFlush(ctx: AppContext, queue: AuditQueue): Promise<void> {
  if (queue.flushing) return queue.flushing;
  if (queue.retryTimer) {
    clearTimeout(queue.retryTimer);
    queue.retryTimer = null;
  }
  const flushing = drain(ctx, queue).finally(() => {
    queue.flushing = null;
  });
  queue.flushing = flushing;
  flushing.catch((error) => {
    // The entry's screened name is personal data: the log says how many, never what.
    ctx.log.error({ err: error, queued: queue.pending.length }, 'audit write-behind failed; retrying');
    if (!queue.retryTimer) {
      queue.retryTimer = setTimeout(() => {
        queue.retryTimer = null;
        if (queue.pending.length > 0 && !queue.flushing) void startFlush(ctx, queue).catch(() => undefined);
      }, RETRY_MS);
      queue.retryTimer.unref();
    }
  });
  return flushing;
}

/** Queues an entry; it is appended once the current tick's work (the answer) is done. */
export function enqueueAuditEntry(ctx: AppContext, entry: NewAuditEntry): void {
  const queue = queueOf(ctx);
  queue.pending.push(entry);
  if (queue.pending.length === 1 && !queue.flushing) {
    setImmediate(() => {
      if (!queue.flushing && queue.pending.length > 0) void startFlush(ctx, queue).catch(() => undefined);
    });
  }
}

/**
 * Resolves once every entry queued so far is appended (and rejects when the append fails): the
 * readers of the log call it first, and the runtime's close before it closes the database.
 */
export async function flushAuditQueue(ctx: AppContext): Promise<void> {
  const queue = queues.get(ctx.database);
  if (!queue) return;
  while (queue.flushing || queue.pending.length > 0) {
    await startFlush(ctx, queue);
  }
}
