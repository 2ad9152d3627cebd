import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { verifyAuditChain } from './audit.service';

/**
 * PostgreSQL only: two processes append to one chain at once and it stays one (the head row lock),
 * and the application's role cannot update or delete entries (the trigger).
 */
const serverDir = path.resolve(__dirname, '../../..');
const t = useTestContext();

function runWriter(url: string, entries: number, label: string): Promise<number | null> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/audit-writer.ts', url, String(entries), label], { cwd: serverDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      if (code !== 0) console.error(output.slice(-2000));
      resolve(code);
    }),
  );
}

describe('the audit chain on PostgreSQL', () => {
  it('two processes writing at once keep one unbroken chain', async () => {
    const url = t.config.DATABASE_URL!;
    const perProcess = 150;
    expect(await Promise.all([runWriter(url, perProcess, 'one'), runWriter(url, perProcess, 'two')])).toEqual([0, 0]);
    expect(await verifyAuditChain(t.ctx)).toEqual({ ok: true, entries: 2 * perProcess, first_bad_id: null });
    const rows = (await t.ctx.db.execute(sql`select actor_email, count(*)::int as n from audit_log group by actor_email order by actor_email`)) as unknown as { rows: { actor_email: string; n: number }[] };
    expect(rows.rows).toEqual([
      { actor_email: 'one@example.com', n: perProcess },
      { actor_email: 'two@example.com', n: perProcess },
    ]);
  }, 120_000);

  it('the application cannot update, delete or truncate an entry', async () => {
    await expect(t.ctx.db.execute(sql`update audit_log set subject = 'x' where id = 1`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from audit_log where id = 1`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await verifyAuditChain(t.ctx)).ok).toBe(true);
  });
});
