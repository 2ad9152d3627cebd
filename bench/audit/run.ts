// The audit trail's costs (issue 30), on embedded PGlite (a fresh data directory) or, when
// DATABASE_URL is set, on a scratch PostgreSQL database:
// 1. what the decisions lookup and the audit entry add to a screening search, in process with the OFAC SDN (2021) list of
//    ../shared/data loaded: p50/p99 of GET /api/screening/search's work (screenNames + presenting)
//    without a caller (no decisions, no audit entry) and with one, alternating: a caller with no
//    decision on the name (the cached set of decided names skips the lookup), and one with a decision
//    on it (the lookup runs). The entry is queued and written after the answer (audit.queue.ts): the
//    queue is drained between runs, untimed, so that no run pays another's write; that write is timed
//    on its own (one entry, and eight queued together), beside the synchronous append of an action
//    that changes data. Goal: ≤ 1 ms added.
// 2. GET /api/audit/verify's work over --entries entries (default 1,000,000), written in bulk with a
//    valid chain first. Goal: ≤ 10 s.
// Run: node --import tsx bench/audit/run.ts [--searches 400] [--entries 1000000] [--verify-only] [--data-dir DIR]
// --verify-only skips 1; --data-dir (PGlite) uses and keeps DIR, so that a second run finds its
// entries already written and only verifies (the bulk append of a million takes minutes).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/config';
import { flushAuditQueue } from '../../apps/server/src/modules/audit/audit.queue';
import { queueReadAudit, recordAudit, userActor, verifyAuditChain } from '../../apps/server/src/modules/audit/audit.service';
import { createDecision } from '../../apps/server/src/modules/decisions/decisions.service';
import { searchScreening } from '../../apps/server/src/modules/screening/screening.presenters';
import { importSanctionsPaths } from '../../apps/server/src/modules/screening/screening-import.service';
import { createRuntime } from '../../apps/server/src/runtime';
import { createScratchDatabase } from '../../apps/server/test/build-test-app';
import { createUser } from '../../apps/server/test/factories';
import { sanctionsDataDir } from '../../apps/server/test/screening';
import { sql } from 'drizzle-orm';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > -1 ? Number(process.argv[index + 1]) : fallback;
};
const searches = arg('searches', 400);
const entries = arg('entries', 1_000_000);
const verifyOnly = process.argv.includes('--verify-only');
const keptDir = process.argv.includes('--data-dir') ? process.argv[process.argv.indexOf('--data-dir') + 1] : undefined;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const fmt = (value: number) => `${value.toFixed(2)} ms`;

const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'fd_bench_audit') : null;
const dataDir = keptDir ? path.resolve(keptDir) : mkdtempSync(path.join(tmpdir(), 'fd-bench-audit-'));
const config = loadConfig({ ...process.env, DATABASE_URL: scratch?.url ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', SANCTIONS_PATHS: '', DB_STATEMENT_TIMEOUT_MS: '600000' });
const runtime = await createRuntime({ config, runWorkers: false });
const { ctx } = runtime;
const db = scratch ? 'PostgreSQL' : 'PGlite';
try {
  const user = await createUser(ctx, { role: 'user' });
  if (!verifyOnly) {
    await importSanctionsPaths(ctx, [sanctionsDataDir.sdn]);
    const callerOf = (user: Awaited<ReturnType<typeof createUser>>) => ({ user: { id: user.id, sessionId: '', role: 'user' as const, isSuperadmin: false, email: user.email }, actor: userActor(user, '10.0.0.1') });
    const caller = callerOf(user);
    const names = ['Karvelis Fuel Trading', 'Banco Nacional de Cuba', 'Ivan Petrov', 'Blue Harbor Fuels', 'Mohammed Al Rashid', 'Acme Oil Ltd', 'Elvis Angus Logan Morey', 'Maria Garcia Lopez'];
    // A second caller has a decision on the first match of every name: the lookup runs for each search.
    const decider = callerOf(await createUser(ctx, { role: 'user' }));
    for (const q of names) {
      const { matches } = await searchScreening(ctx, { q, limit: 10 }, 'en');
      if (matches[0]) await createDecision(ctx, decider.user, decider.actor, { subject_name: q, entity_id: matches[0].entity_id, decision: 'needs_review', note: 'bench' }, 'en');
    }
    // Warm-up: the index is built on the first search, PGlite compiles the queries it runs.
    for (const q of names) {
      await searchScreening(ctx, { q, limit: 10 }, 'en');
      await searchScreening(ctx, { q, limit: 10 }, 'en', caller);
      await searchScreening(ctx, { q, limit: 10 }, 'en', decider);
      await flushAuditQueue(ctx);
    }
    const series = { without: [] as number[], caller: [] as number[], decider: [] as number[], flushOne: [] as number[], flushEight: [] as number[], writeSync: [] as number[] };
    const who = { without: undefined, caller, decider } as const;
    for (let run = 0; run < searches; run += 1) {
      const q = names[run % names.length]!;
      // Rotating, so that a busy moment of the machine falls on every side alike.
      const sides = (['without', 'caller', 'decider'] as const).map((_, i, all) => all[(i + run) % all.length]!);
      for (const side of sides) {
        const started = performance.now();
        await searchScreening(ctx, { q, limit: 10 }, 'en', who[side]);
        series[side].push(performance.now() - started);
        // The entry's write, after the answer: drained here so that the next run does not wait for it.
        const flushStarted = performance.now();
        await flushAuditQueue(ctx);
        if (side === 'caller') series.flushOne.push(performance.now() - flushStarted);
      }
      const details = { version_ids: [1], threshold: 0.78, matches: 1, cleared: 0 };
      for (let i = 0; i < 8; i += 1) queueReadAudit(ctx, { actor: caller.actor, action: 'screening.search', subject: q, details });
      let started = performance.now();
      await flushAuditQueue(ctx);
      series.flushEight.push((performance.now() - started) / 8);
      started = performance.now();
      await ctx.db.transaction((tx) => recordAudit(tx, { actor: caller.actor, action: 'screening.search', subject: q, details }));
      series.writeSync.push(performance.now() - started);
    }
    const line = (values: number[]) => `p50 ${fmt(quantile(values, 0.5))}  p99 ${fmt(quantile(values, 0.99))}`;
    const added = (values: number[]) => `p50 ${fmt(quantile(values, 0.5) - quantile(series.without, 0.5))}  p99 ${fmt(quantile(values, 0.99) - quantile(series.without, 0.99))}`;
    console.log(`${db}: screening search, ${searches} runs each (OFAC SDN 2021 loaded)`);
    console.log(`  without a caller:                      ${line(series.without)}`);
    console.log(`  caller, no decision on the name:       ${line(series.caller)}   added ${added(series.caller)}  (goal ≤ 1 ms)`);
    console.log(`  caller with a decision on the name:    ${line(series.decider)}   added ${added(series.decider)}`);
    console.log(`  the entry's write after the answer:    ${line(series.flushOne)} (one queued), ${line(series.flushEight)} per entry (eight queued)`);
    console.log(`  synchronous append (a writing action): ${line(series.writeSync)}`);
  }

  // A valid chain of `entries` entries after those above, appended in the database in bulk (a
  // loop of the same one-statement append the app runs, without a round trip per entry).
  const existing = Number(((await ctx.db.execute(sql`select last_id from audit_head where id = 1`)) as unknown as { rows: { last_id: string }[] }).rows[0]!.last_id);
  const toWrite = Math.max(0, entries - existing);
  const writeStarted = performance.now();
  const BATCH = 20_000;
  for (let written = 0; written < toWrite; written += BATCH) {
    const n = Math.min(BATCH, toWrite - written);
    await ctx.db.execute(
      sql.raw(`do $$
        declare v_id bigint; v_hash text; next_hash text; i integer;
          details jsonb;
        begin
          select h.last_id, h.last_hash into v_id, v_hash from audit_head h where h.id = 1 for update;
          for i in 1..${n} loop
            details := jsonb_build_object('version_ids', jsonb_build_array(1), 'threshold', 0.78, 'matches', i % 3, 'cleared', 0);
            next_hash := audit_entry_hash(v_hash, v_id + 1, now(), '${user.id}'::uuid, '${user.email}', 'screening.search', 'Name ' || i, details, '10.0.0.1');
            insert into audit_log (id, at, actor_id, actor_email, action, subject, details, ip, prev_hash, hash)
            values (v_id + 1, now(), '${user.id}', '${user.email}', 'screening.search', 'Name ' || i, details, '10.0.0.1', v_hash, next_hash);
            v_id := v_id + 1;
            v_hash := next_hash;
          end loop;
          update audit_head set last_id = v_id, last_hash = v_hash where id = 1;
        end $$`),
    );
  }
  console.log(`${db}: ${entries.toLocaleString('en')} entries in the log (${toWrite.toLocaleString('en')} appended in bulk in ${((performance.now() - writeStarted) / 1000).toFixed(1)} s)`);
  for (let run = 0; run < 2; run += 1) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = await verifyAuditChain(ctx);
    const used = process.cpuUsage(cpu);
    // The CPU of this process's threads (the worker's too): a figure less bent by a busy machine than the time.
    console.log(`  /audit/verify: ${JSON.stringify(result)} in ${((performance.now() - started) / 1000).toFixed(2)} s (goal ≤ 10 s), CPU ${((used.user + used.system) / 1e6).toFixed(2)} s`);
  }
} finally {
  await runtime.close();
  await scratch?.drop();
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
}
