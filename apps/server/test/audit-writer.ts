/**
 * A process of its own that appends audit entries to a PostgreSQL database (the audit chain test):
 *   node --import tsx test/audit-writer.ts <database url> <entries> <label>
 * Writes with four transactions in flight at a time, each holding the chain head until it commits:
 * mostly one entry each (recordAudit), every third time two in one statement (appendAuditEntries,
 * as the write-behind queue of searches does).
 */
import { openDatabase } from '../src/db/client';
import { appendAuditEntries } from '../src/modules/audit/audit.repository';
import { recordAudit } from '../src/modules/audit/audit.service';

const [url, countText, label] = process.argv.slice(2);
const count = Number(countText);
const database = await openDatabase({ databaseUrl: url!, dataDir: '/nonexistent', poolMax: 4 });
let next = 0;
async function worker() {
  while (next < count) {
    const n = (next += 1);
    if (n % 3 === 0 && n < count) {
      const m = (next += 1);
      const entry = (i: number) => ({ at: new Date(), actorId: null, actorEmail: `${label}@example.com`, action: 'screening.search', subject: `${label} ${i}`, details: { n: i, label }, ip: '127.0.0.1' });
      await database.db.transaction((tx) => appendAuditEntries(tx, [entry(n), entry(m)]));
      continue;
    }
    await database.db.transaction((tx) =>
      recordAudit(tx, { actor: { id: null, email: `${label}@example.com`, ip: '127.0.0.1' }, action: 'screening.search', subject: `${label} ${n}`, details: { n, label } }),
    );
  }
}
await Promise.all([worker(), worker(), worker(), worker()]);
await database.close();
