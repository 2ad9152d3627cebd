/**
 * How the server writes its log. On a terminal (`LOG_FORMAT=auto`, the default) a person reads it:
 * short readable lines, requests only at debug level, and a start-up banner. Anywhere else (a
 * pipe, a container, `LOG_FORMAT=json`) it stays one JSON object per line for log collectors.
 */

export type LogFormat = 'json' | 'pretty';

export function resolveLogFormat(setting: 'auto' | LogFormat, isTerminal: boolean): LogFormat {
  if (setting !== 'auto') return setting;
  return isTerminal ? 'pretty' : 'json';
}

/** The level of the one line each request writes: noise on a terminal, a record in JSON logs. */
export function requestLogLevel(format: LogFormat): 'debug' | 'info' {
  return format === 'pretty' ? 'debug' : 'info';
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const COLOURS: Record<number, string> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '35' };
const OMITTED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err']);

function formatValue(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

/** One pino JSON line as `12:00:01 INFO  message key=value`, with an error's stack below it. */
export function formatLogLine(line: string, colour = false): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const level = typeof record.level === 'number' ? record.level : 30;
  const time = new Date(typeof record.time === 'number' ? record.time : Date.now()).toTimeString().slice(0, 8);
  const name = (LEVELS[level] ?? String(level)).padEnd(5);
  const label = colour ? `\u001b[${COLOURS[level] ?? '0'}m${name}\u001b[0m` : name;
  const extras = Object.entries(record)
    .filter(([key, value]) => !OMITTED.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${formatValue(value)}`);
  const err = record.err as { stack?: string; message?: string } | undefined;
  const stack = err ? `\n    ${(err.stack ?? err.message ?? '').split('\n').join('\n    ')}` : '';
  return `${time} ${label} ${String(record.msg ?? '')}${extras.length > 0 ? ` ${extras.join(' ')}` : ''}${stack}\n`;
}

/** A pino destination that writes readable lines to `out` (the terminal). */
export function createPrettyStream(out: { write(chunk: string): unknown; isTTY?: boolean }) {
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line.trim() !== '') out.write(formatLogLine(line, Boolean(out.isTTY)));
    },
  };
}

export interface BannerInput {
  address: string;
  publicUrl: string;
  database: string;
  demoAccounts: ReadonlyArray<{ email: string; password: string; role: string }> | null;
  outboxUrl: string | null;
  /** The newest stored version of each sanctions list, by its human name; empty on a fresh install. */
  sanctionsLists: ReadonlyArray<{ name: string; entries: number }>;
}

/** What a person starting FuelDesk on a terminal needs first, in a few lines. */
export function buildStartupBanner(input: BannerInput): string {
  const lines = [
    '',
    '  FuelDesk is running',
    '',
    `  Open        ${input.publicUrl}${input.address !== input.publicUrl ? `   (listening on ${input.address})` : ''}`,
    `  Database    ${input.database}`,
  ];
  if (input.demoAccounts && input.demoAccounts.length > 0) {
    lines.push('  Demo accounts (demo only):');
    for (const account of input.demoAccounts) lines.push(`              ${account.email.padEnd(24)} ${account.password.padEnd(20)} ${account.role}`);
  }
  if (input.sanctionsLists.length === 0) {
    lines.push(
      '  Sanctions   no list loaded: screening says "not screened" until an admin loads the lists',
      '              (Admin page, "Load list files"; or, with the server stopped: npm run fueldesk -- sanctions import FILES…)',
    );
  } else {
    const loaded = input.sanctionsLists.map((list) => `${list.name} (${list.entries.toLocaleString('en-US')})`).join(', ');
    lines.push(`  Sanctions   ${loaded}; an admin loads newer files on the Admin page`);
  }
  if (input.outboxUrl) lines.push(`  Dev outbox  ${input.outboxUrl}   (mail is kept here, not sent; only from this machine)`);
  lines.push('  Stop        Ctrl+C', '  Logs        readable lines; requests only with LOG_LEVEL=debug; LOG_FORMAT=json for JSON', '');
  return `${lines.join('\n')}\n`;
}

/** Where the database lives, without any password a URL may carry. */
export function describeDatabase(kind: string, databaseUrl: string | undefined, dataDir: string | undefined): string {
  if (databaseUrl) {
    try {
      const url = new URL(databaseUrl);
      url.password = '';
      return `PostgreSQL ${url.host}${url.pathname}`;
    } catch {
      return 'PostgreSQL';
    }
  }
  return `${kind === 'pglite' ? 'embedded (PGlite)' : kind}${dataDir ? ` in ${dataDir}` : ''}`;
}
