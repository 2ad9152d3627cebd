import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { findNewsFeedsProblems } from './integrations/news/feed-config';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const commaList = z
  .string()
  .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean));

/** A publisher URL, or `off` for a list not downloaded (it can still be loaded from a file). */
const urlOrOff = z.union([z.literal('off'), z.url()]);

/** One schema over process.env. Every variable has a default that serves the embedded mode. */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^(postgres(ql)?:\/\/|memory:\/\/)/, 'must be a postgres:// URL or memory://')
      .optional(),
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    CORS_ORIGINS: commaList.default([]),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // auto: readable lines and a start-up banner on a terminal, JSON lines otherwise (lib/log-output.ts).
    LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
    PROCESS_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    // A worker that dies mid-job leaves it active: after this long a report's job counts as abandoned
    // and is run again (longer than a report takes: its narrative alone may wait 30 s).
    DUE_REPORT_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(120),
    // The same for a watchlist re-screen (pg-boss's default lease, 15 minutes: a re-screen of every
    // watched name takes far less), and the wait before a failed or abandoned one is run again
    // (doubled at each retry, with jitter).
    WATCHLIST_RESCREEN_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    WATCHLIST_RESCREEN_RETRY_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
    // Tests only (refused otherwise): every re-screen batch keeps its transaction open this long after
    // writing and before committing, so that a test can kill -9 a worker in the middle of one.
    WATCHLIST_TEST_BATCH_HOLD_MS: z.coerce.number().int().min(0).max(9_000).default(0),
    // Due-diligence reports one worker process produces at once; unset: two per CPU core, 2 to 8.
    REPORT_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    // How often worker processes look for abandoned jobs (pg-boss maintenance; its default is 120 s).
    JOB_MAINTENANCE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
    BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
    UPLOAD_LIMIT_BYTES: z.coerce.number().int().positive().default(20 * 1_048_576),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
    // Seconds a rotated refresh token still answers with its successor (two tabs refreshing at once).
    REFRESH_REUSE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
    // A database that refuses or hangs answers 503 within these bounds instead of holding requests.
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(3_000),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    DB_IDLE_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    DB_POOL_MAX: z.coerce.number().int().positive().default(10),
    // Shed load with 503 when the event loop lags this long (0 = off).
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1_000),
    // Open event streams one process accepts per session and per user (429 past them).
    SSE_MAX_STREAMS_PER_SESSION: z.coerce.number().int().positive().default(5),
    SSE_MAX_STREAMS_PER_USER: z.coerce.number().int().positive().default(10),
    AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
    // API keys (issue 32): requests a minute per key, screening names a day per key (batch), and how
    // often an instance writes its keys' usage counts and last-used times.
    API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
    API_KEY_SCREENING_NAMES_PER_DAY: z.coerce.number().int().positive().default(10_000),
    API_KEY_USAGE_FLUSH_MS: z.coerce.number().int().positive().max(60_000).default(1_000),
    WEB_DIST_DIR: z.string().optional(),
    // false, a number of proxy hops (true = 1), or addresses/CIDRs of the proxies (comma-separated).
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value): boolean | number | string => {
        const trimmed = value.trim().toLowerCase();
        if (trimmed === 'false' || trimmed === '0' || trimmed === 'no') return false;
        if (trimmed === 'true' || trimmed === 'yes') return 1;
        if (/^\d+$/.test(trimmed)) return Number(trimmed);
        return value.trim();
      }),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
    MAIL_FROM: z.string().default('FuelDesk <no-reply@fueldesk.local>'),
    MAIL_TRANSPORT: z.enum(['smtp', 'outbox']).optional(),
    SUPPORT_INBOX: z.string().email().default('support@fueldesk.local'),
    SALES_INBOX: z.string().email().default('sales@fueldesk.local'),
    DEMO_DATA: booleanFromEnv.optional(),
    EIA_API_KEY: z.string().optional(),
    EIA_API_BASE_URL: z.url().default('https://api.eia.gov/v2'),
    EIA_SYNC_CRON: z.string().min(9).default('30 6 * * *'),
    NEWS_FEEDS: z
      .string()
      .optional()
      .superRefine((value, context) => {
        for (const problem of findNewsFeedsProblems(value)) context.addIssue({ code: 'custom', message: problem });
      }),
    NEWS_ALLOW_PRIVATE_FEEDS: booleanFromEnv.default(false),
    NEWS_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
    NEWS_MAX_FEED_BYTES: z.coerce.number().int().positive().default(5 * 1_048_576),
    /** Webhooks may use plain HTTP to private addresses and HTTPS to any (tests, on-premises receivers). */
    WEBHOOK_ALLOW_PRIVATE: booleanFromEnv.default(false),
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** Sanctions list files or folders (comma-separated), imported at start when newer than the stored lists. */
    SANCTIONS_PATHS: commaList.default([]),
    /** Folder of the OFAC SDN legacy CSV files (sdn.csv, add.csv, alt.csv, sdn_comments.csv). */
    SANCTIONS_SDN_URL: z.url().default('https://www.treasury.gov/ofac/downloads/'),
    /** Folder of the OFAC consolidated non-SDN CSV files (cons_prim.csv, cons_add.csv, cons_alt.csv, cons_comments.csv). */
    SANCTIONS_CONSOLIDATED_URL: z.url().default('https://www.treasury.gov/ofac/downloads/consolidated/'),
    /** The UN Security Council consolidated list (XML). */
    SANCTIONS_UN_URL: z.url().default('https://scsanctions.un.org/resources/xml/en/consolidated.xml'),
    /** The EU Financial Sanctions Files, XML export (the FSF public token is part of the URL); `off` skips the list. */
    SANCTIONS_EU_URL: urlOrOff.default('https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw'),
    /** UK HM Treasury (OFSI) consolidated list, CSV (the xlsx twin works too); `off` skips the list. */
    SANCTIONS_UK_URL: urlOrOff.default('https://ofsistorage.blob.core.windows.net/publishlive/2022format/ConList.csv'),
    /** Canada's SEMA consolidated autonomous sanctions list (XML); `off` skips the list. */
    SANCTIONS_CA_URL: urlOrOff.default(
      'https://www.international.gc.ca/world-monde/assets/office_docs/international_relations-relations_internationales/sanctions/sema-lmes.xml',
    ),
    /** Australia's DFAT consolidated list (xlsx); `off` skips the list. */
    SANCTIONS_AU_URL: urlOrOff.default('https://www.dfat.gov.au/sites/default/files/regulation8_consolidated.xlsx'),
    /** A list published longer ago than this many days (or undated) is stale (DECISIONS.md). */
    SCREENING_STALE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    /** When the daily download runs; `off` schedules none (`fueldesk sanctions update` still works). */
    SANCTIONS_UPDATE_CRON: z.string().min(3).default('15 5 * * *'),
    SANCTIONS_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
    SANCTIONS_MAX_FILE_BYTES: z.coerce.number().int().positive().default(100 * 1_048_576),
    /** Score from which a name counts as a match; the engine's measured default when unset. */
    SCREENING_THRESHOLD: z.coerce.number().min(0).max(1).optional(),
    LLM_BASE_URL: z.url().optional(),
    LLM_API_KEY: z.string().optional(),
    LLM_MODEL: z.string().optional(),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    /** 32 bytes, base64 or hex: encrypts bank access tokens at rest (AES-256-GCM). */
    DATA_ENCRYPTION_KEY: z
      .string()
      .refine((value) => decodeEncryptionKey(value) !== null, 'must be 32 bytes, as 64 hex digits or base64')
      .optional(),
    PLAID_CLIENT_ID: z.string().optional(),
    PLAID_SECRET: z.string().optional(),
    PLAID_ENV: z.enum(['sandbox', 'development', 'production']).default('sandbox'),
    /** The Identity Verification template created in the Plaid dashboard. */
    PLAID_IDV_TEMPLATE_ID: z.string().optional(),
    /** Overrides the Plaid host (tests point it at a local stub). */
    PLAID_BASE_URL: z.url().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production' && !env.DATA_ENCRYPTION_KEY) {
      ctx.addIssue({ code: 'custom', path: ['DATA_ENCRYPTION_KEY'], message: 'is required in production' });
    }
    if (env.NODE_ENV !== 'test' && env.WATCHLIST_TEST_BATCH_HOLD_MS > 0) {
      ctx.addIssue({ code: 'custom', path: ['WATCHLIST_TEST_BATCH_HOLD_MS'], message: 'is for tests only (NODE_ENV=test)' });
    }
    if (Boolean(env.PLAID_CLIENT_ID) !== Boolean(env.PLAID_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['PLAID_SECRET'], message: 'PLAID_CLIENT_ID and PLAID_SECRET go together' });
    }
  });

export type Env = z.infer<typeof configSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET' | 'MAIL_TRANSPORT' | 'DATA_ENCRYPTION_KEY'> {
  JWT_SECRET: string;
  /** The decoded 32-byte key; never logged, never sent. */
  DATA_ENCRYPTION_KEY: Buffer;
  MAIL_TRANSPORT: 'smtp' | 'outbox';
  /** True when no DATABASE_URL points at a PostgreSQL server. */
  embedded: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; throws a ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (e.g. `DATABASE_URL=` to force the embedded database).
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  const env = result.data;
  const embedded = !env.DATABASE_URL || env.DATABASE_URL.startsWith('memory://');
  return {
    ...env,
    embedded,
    MAIL_TRANSPORT: env.MAIL_TRANSPORT ?? (env.SMTP_URL ? 'smtp' : 'outbox'),
    JWT_SECRET: env.JWT_SECRET ?? readOrCreateSecret(env),
    DATA_ENCRYPTION_KEY: env.DATA_ENCRYPTION_KEY
      ? decodeEncryptionKey(env.DATA_ENCRYPTION_KEY)!
      : decodeEncryptionKey(readOrCreateSecret(env, 'data-encryption-key', () => randomBytes(32).toString('base64')))!,
  };
}

/** A 32-byte key written as 64 hex digits or as base64; null when it is neither. */
export function decodeEncryptionKey(value: string): Buffer | null {
  const trimmed = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return key.length === 32 ? key : null;
  }
  return null;
}

/** Embedded mode keeps a generated secret under DATA_DIR so tokens survive a restart. */
function readOrCreateSecret(env: Env, name = 'jwt-secret', generate = () => randomBytes(48).toString('hex')): string {
  if (env.NODE_ENV === 'test' || env.DATABASE_URL?.startsWith('memory://')) {
    return randomBytes(32).toString('hex');
  }
  const file = path.resolve(env.DATA_DIR, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = generate();
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
