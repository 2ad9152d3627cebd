import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configSchema, loadConfig } from './config';

describe('config', () => {
  it('has defaults that serve the embedded mode', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fd-config-'));
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.PORT).toBe(3000);
    expect(config.embedded).toBe(true);
    expect(config.MAIL_TRANSPORT).toBe('outbox');
    expect(config.JWT_SECRET.length).toBeGreaterThanOrEqual(64);
    // The generated secret is kept under DATA_DIR so that tokens survive a restart.
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(config.JWT_SECRET);
    expect(loadConfig({ DATA_DIR: dir }).JWT_SECRET).toBe(config.JWT_SECRET);
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', PUBLIC_URL: 'not a url' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'PUBLIC_URL']) expect(message).toContain(name);
      expect((error as ConfigError).problems).toHaveLength(4);
    }
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y' })).toThrow(/JWT_SECRET/);
    expect(
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y', JWT_SECRET: 'x'.repeat(40), DATA_ENCRYPTION_KEY: 'ab'.repeat(32) }).embedded,
    ).toBe(false);
  });

  it('refuses to start in production without DATA_ENCRYPTION_KEY, and decodes hex or base64 keys', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y', JWT_SECRET: 'x'.repeat(40) })).toThrow(/DATA_ENCRYPTION_KEY: is required/);
    expect(() => loadConfig({ DATABASE_URL: 'memory://', DATA_ENCRYPTION_KEY: 'too-short' })).toThrow(/DATA_ENCRYPTION_KEY: must be 32 bytes/);
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ DATABASE_URL: 'memory://', DATA_ENCRYPTION_KEY: key.toString('hex') }).DATA_ENCRYPTION_KEY.equals(key)).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'memory://', DATA_ENCRYPTION_KEY: key.toString('base64') }).DATA_ENCRYPTION_KEY.equals(key)).toBe(true);
  });

  it('keeps a generated encryption key under DATA_DIR in embedded mode', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fd-key-'));
    const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }).DATA_ENCRYPTION_KEY;
    expect(first).toHaveLength(32);
    expect(readFileSync(path.join(dir, 'data-encryption-key'), 'utf8').trim()).toBe(first.toString('base64'));
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }).DATA_ENCRYPTION_KEY.equals(first)).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('uses SMTP when an SMTP_URL is given and parses CORS origins', () => {
    const config = loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', CORS_ORIGINS: 'https://a.example, https://b.example', DATABASE_URL: 'memory://' });
    expect(config.MAIL_TRANSPORT).toBe('smtp');
    expect(config.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
  });

  it('reads the sanctions settings and refuses a threshold outside 0..1', () => {
    const config = loadConfig({ DATABASE_URL: 'memory://', SANCTIONS_PATHS: '/data/sdn, /data/un.xml', SCREENING_THRESHOLD: '0.85' });
    expect(config.SANCTIONS_PATHS).toEqual(['/data/sdn', '/data/un.xml']);
    expect(config.SCREENING_THRESHOLD).toBe(0.85);
    expect(config.SANCTIONS_SDN_URL).toBe('https://www.treasury.gov/ofac/downloads/');
    expect(loadConfig({ DATABASE_URL: 'memory://' }).SCREENING_THRESHOLD).toBeUndefined();
    expect(() => loadConfig({ DATABASE_URL: 'memory://', SCREENING_THRESHOLD: '1.5' })).toThrow(/SCREENING_THRESHOLD/);
  });

  it('takes the watchlist re-screen hold for tests only', () => {
    expect(loadConfig({ DATABASE_URL: 'memory://', NODE_ENV: 'test', WATCHLIST_TEST_BATCH_HOLD_MS: '2000' }).WATCHLIST_TEST_BATCH_HOLD_MS).toBe(2000);
    expect(() => loadConfig({ DATABASE_URL: 'memory://', NODE_ENV: 'development', WATCHLIST_TEST_BATCH_HOLD_MS: '2000' })).toThrow(/WATCHLIST_TEST_BATCH_HOLD_MS/);
    expect(loadConfig({ DATABASE_URL: 'memory://', NODE_ENV: 'development' }).WATCHLIST_TEST_BATCH_HOLD_MS).toBe(0);
  });

  it('documents exactly the schema\'s variables in .env.example', () => {
    const example = readFileSync(path.resolve(__dirname, '../../../.env.example'), 'utf8');
    const documented = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]).sort();
    const schemaKeys = Object.keys(configSchema.shape).sort();
    expect(documented).toEqual(schemaKeys);
  });
});
