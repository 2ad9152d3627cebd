// A throwaway PostgreSQL database on the server of `base` (a postgres:// URL): created empty, or as a
// copy of `template` (CREATE DATABASE … TEMPLATE: a copy, no migration run), and dropped with
// every connection to it by drop(). Plain JavaScript so that both the server tests (through
// apps/server/test/build-test-app.ts) and scripts/check-deploy.mjs, which runs without tsx, use it.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

// `asynchronousCommit`: the database's sessions default to synchronous_commit=off, a commit no
// longer waiting for its WAL to reach the disk (what is lost is lost only if the server crashes).
export async function createScratchDatabase(base, prefix = 'fd_test', { template, asynchronousCommit = false } = {}) {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
    if (asynchronousCommit) await admin.query(`alter database ${name} set synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
