// What a server test file pays before its first test: createTestContext (database, migrations,
// runtime, app) and its close, from a copy of the migrated template (what every test context does)
// against an empty database migrated in place (`emptyDatabase: true`, what every context did before
// the templates), alternating in the same minutes. Also PostgreSQL's cost of a commit with the
// test databases' synchronous_commit=off against the server's default (on).
// Run: [DATABASE_URL=postgres://…] NODE_ENV=test node --import tsx bench/tests/context.ts [--runs 5]
// (with DATABASE_URL: TEST_DB=postgres for the PostgreSQL contexts).
import pg from 'pg';
import { createScratchDatabase, createTestContext } from '../../apps/server/test/build-test-app';

const runsIndex = process.argv.indexOf('--runs');
const RUNS = runsIndex >= 0 ? Number(process.argv[runsIndex + 1]) : 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const show = (label: string, values: number[], unit = 'ms') =>
  console.log(`${label}: median ${median(values).toFixed(1)} ${unit} (range ${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}, ${values.length} runs)`);

const times = { template: [] as number[], empty: [] as number[] };
for (let run = 0; run < RUNS; run++) {
  for (const mode of ['empty', 'template'] as const) {
    const started = performance.now();
    const t = await createTestContext({ emptyDatabase: mode === 'empty' });
    await t.close();
    times[mode].push(performance.now() - started);
  }
}
const db = process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite';
show(`${db} test context from the template, create + close`, times.template);
show(`${db} test context migrated in place, create + close`, times.empty);

if (process.env.TEST_DB === 'postgres') {
  const scratch = await createScratchDatabase(undefined, 'fd_bench', { migrated: true });
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    await client.query('create table commit_probe (n integer)');
    const perCommit = { on: [] as number[], off: [] as number[] };
    for (let run = 0; run < RUNS; run++) {
      for (const mode of ['on', 'off'] as const) {
        await client.query(`set synchronous_commit = ${mode}`);
        const started = performance.now();
        for (let i = 0; i < 200; i++) await client.query('insert into commit_probe values ($1)', [i]);
        perCommit[mode].push((performance.now() - started) / 200);
      }
    }
    show('PostgreSQL commit, synchronous_commit=on', perCommit.on);
    show('PostgreSQL commit, synchronous_commit=off', perCommit.off);
  } finally {
    await client.end();
    await scratch.drop();
  }
}
