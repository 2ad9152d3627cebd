import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/test-context';
import { buildApp } from '../app';
import { buildStartupBanner, createPrettyStream, describeDatabase, formatLogLine, resolveLogFormat } from './log-output';

describe('log format', () => {
  it('is readable on a terminal and JSON anywhere else, unless chosen', () => {
    expect(resolveLogFormat('auto', true)).toBe('pretty');
    expect(resolveLogFormat('auto', false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });

  it('turns a pino line into time, level, message and fields, with the stack of an error', () => {
    const time = new Date(2026, 10, 24, 9, 5, 7).getTime();
    expect(formatLogLine(JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', msg: 'demo prices', inserted: 27665 }))).toBe(
      '09:05:07 INFO  demo prices inserted=27665\n',
    );
    const failed = formatLogLine(JSON.stringify({ level: 50, time, msg: 'job failed', err: { message: 'boom', stack: 'Error: boom\n  at x' } }));
    expect(failed).toBe('09:05:07 ERROR job failed\n    Error: boom\n      at x\n');
    expect(formatLogLine('not json')).toBe('not json\n');
  });

  it('prints a banner with the address, database, demo accounts, outbox and how to stop', () => {
    const banner = buildStartupBanner({
      address: 'http://127.0.0.1:3000',
      publicUrl: 'http://localhost:3000',
      database: describeDatabase('pglite', undefined, './data'),
      demoAccounts: [{ email: 'pro@fueldesk.demo', password: 'Demo-Pro-2026', role: 'user' }],
      outboxUrl: 'http://localhost:3000/api/dev/outbox',
      sanctionsLists: [],
    });
    for (const text of ['http://localhost:3000', 'embedded (PGlite) in ./data', 'pro@fueldesk.demo', 'Demo-Pro-2026', '/api/dev/outbox', 'only from this machine', 'Ctrl+C']) {
      expect(banner).toContain(text);
    }
    expect(banner.split('\n').length).toBeLessThan(18);
    expect(describeDatabase('postgres', 'postgres://app:secret@db.example:5432/fueldesk', undefined)).toBe('PostgreSQL db.example:5432/fueldesk');
  });

  it('says which sanctions lists are loaded, and on a fresh install how an admin loads them', () => {
    const base = { address: 'http://127.0.0.1:3000', publicUrl: 'http://127.0.0.1:3000', database: 'embedded (PGlite)', demoAccounts: null, outboxUrl: null };
    const fresh = buildStartupBanner({ ...base, sanctionsLists: [] });
    expect(fresh).toMatch(/Sanctions +no list loaded/);
    expect(fresh).toContain('Load list files');
    expect(fresh).toContain('npm run fueldesk -- sanctions import');
    const loaded = buildStartupBanner({ ...base, sanctionsLists: [{ name: 'OFAC SDN', entries: 17_914 }, { name: 'UN Security Council', entries: 1003 }] });
    expect(loaded).toContain('Sanctions   OFAC SDN (17,914), UN Security Council (1,003)');
    expect(loaded).not.toContain('no list loaded');
  });
});

describe('request logging', () => {
  const t = useTestContext({ env: { LOG_FORMAT: 'pretty' } });

  async function linesFor(level: 'info' | 'debug'): Promise<string[]> {
    const lines: string[] = [];
    const logger = pino({ level }, createPrettyStream({ write: (chunk: string) => lines.push(chunk) }));
    const app = await buildApp(t.ctx, { loggerInstance: logger });
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.close();
    return lines;
  }

  it('on a terminal writes requests only at debug level, one readable line each', async () => {
    expect((await linesFor('info')).filter((line) => line.includes('request'))).toEqual([]);
    const debug = (await linesFor('debug')).filter((line) => line.includes('request'));
    expect(debug).toHaveLength(1);
    expect(debug[0]).toMatch(/DEBUG request completed method=GET url=\/api\/health statusCode=200 ms=\d+/);
  });
});
