import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { execForm, parseDockerfile, stageCopies, stageEnv } from '../../../scripts/check-deploy.mjs';
import { ConfigError, configSchema, loadConfig } from '../src/config';
import { migrationsFolder } from '../src/db/client';
import { defaultWebDist } from '../src/plugins/static-web';

// The deployment files (Dockerfile, compose.yaml, deploy/) cannot be run here (no Docker daemon):
// these checks hold them to the code they deploy. scripts/check-deploy.mjs runs the image's steps.
const root = path.resolve(__dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { disable?: boolean; test?: string[] };
  ports?: string[];
  volumes?: string[];
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
const services = compose.services;
const fueldeskServices = Object.entries(services).filter(([, service]) => service.environment?.PROCESS_ROLE);
const roleOf = (role: string) => fueldeskServices.filter(([, service]) => service.environment!.PROCESS_ROLE === role).map(([name]) => name);

/** Compose's interpolation: ${NAME}, ${NAME:-default}, ${NAME:?error} (refused when unset or empty). */
function interpolate(value: string, variables: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_match, name: string, operator?: string, operand?: string) => {
    const set = variables[name];
    if (set) return set;
    if (operator === '?') throw new Error(`compose refuses to start: ${operand}`);
    return operator === '-' ? operand! : '';
  });
}

/** KEY=value lines of an env file (comments and blank lines skipped). */
function readEnvFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .map((line) => line.match(/^([A-Z_][A-Z0-9_]*)=(.*)$/))
      .filter((match): match is RegExpMatchArray => match !== null)
      .map((match) => [match[1]!, match[2]!.trim()]),
  );
}

const productionValues = {
  PUBLIC_URL: 'https://fueldesk.example.com',
  POSTGRES_PASSWORD: randomBytes(12).toString('hex'),
  JWT_SECRET: randomBytes(48).toString('hex'),
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  SMTP_URL: 'smtp://user:secret@smtp.example.com:587',
};

function environmentOf(service: ComposeService, variables: Record<string, string>) {
  return Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(String(value), variables)]));
}

describe('compose.yaml', () => {
  it('runs PostgreSQL, Redis, two API processes, one worker and a proxy', () => {
    expect(roleOf('api')).toHaveLength(2);
    expect(roleOf('worker')).toHaveLength(1);
    expect(services.postgres?.image).toMatch(/^postgres:/);
    expect(services.redis?.image).toMatch(/^redis:/);
    expect(services.proxy?.image).toMatch(/^nginx:/);
    for (const [, service] of fueldeskServices) expect(service.build).toBe('.');
  });

  it('gives every FuelDesk process a configuration the server accepts in production', () => {
    for (const [name, service] of fueldeskServices) {
      const config = loadConfig(environmentOf(service, productionValues));
      expect(config.NODE_ENV, name).toBe('production');
      expect(config.embedded, name).toBe(false);
      expect(config.MAIL_TRANSPORT, name).toBe('smtp');
      expect(config.TRUST_PROXY, name).toBe(1);
      expect(config.HOST, name).toBe('0.0.0.0');
    }
  });

  it('points DATABASE_URL and REDIS_URL at its own PostgreSQL and Redis, started and healthy first', () => {
    const postgres = environmentOf(services.postgres!, productionValues);
    for (const [name, service] of fueldeskServices) {
      const env = environmentOf(service, productionValues);
      const database = new URL(env.DATABASE_URL!);
      expect(database.hostname, name).toBe('postgres');
      expect(decodeURIComponent(database.username), name).toBe(postgres.POSTGRES_USER);
      expect(decodeURIComponent(database.password), name).toBe(postgres.POSTGRES_PASSWORD);
      expect(database.pathname, name).toBe(`/${postgres.POSTGRES_DB}`);
      expect(new URL(env.REDIS_URL!).hostname, name).toBe('redis');
      expect(service.depends_on, name).toEqual({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
    }
    expect(services.postgres!.healthcheck?.test?.join(' ')).toContain(`pg_isready -U ${postgres.POSTGRES_USER} -d ${postgres.POSTGRES_DB}`);
    expect(services.redis!.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);
  });

  it('keeps the image health check on the API processes and drops it on the worker, which listens on no port', () => {
    for (const name of roleOf('api')) expect(services[name]!.healthcheck, name).toBeUndefined();
    for (const name of roleOf('worker')) expect(services[name]!.healthcheck).toEqual({ disable: true });
    expect(services.proxy!.depends_on).toEqual(Object.fromEntries(roleOf('api').map((name) => [name, { condition: 'service_healthy' }])));
  });

  it('refuses the example env file until its placeholders are replaced', () => {
    const example = readEnvFile(read('deploy/env.example'));
    const api = services[roleOf('api')[0]!]!;
    // POSTGRES_PASSWORD is empty: compose itself stops.
    expect(() => environmentOf(api, example)).toThrow(/POSTGRES_PASSWORD/);
    // With a password, the server stops on the placeholder secrets and names them.
    let problems: string[] = [];
    try {
      loadConfig(environmentOf(api, { ...example, POSTGRES_PASSWORD: 'x' }));
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(['JWT_SECRET', 'DATA_ENCRYPTION_KEY']);
  });
});

describe('deploy/nginx.conf', () => {
  const nginx = read('deploy/nginx.conf');
  const mount = services.proxy!.volumes!.find((volume) => volume.startsWith('./deploy/nginx.conf:'));

  it('is the file compose mounts, and balances exactly the API processes on their port', () => {
    expect(mount).toBe('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    const upstream = nginx.match(/upstream fueldesk_api \{([^}]*)\}/)![1]!;
    const servers = [...upstream.matchAll(/^\s*server\s+([\w.-]+):(\d+)/gm)].map((match) => `${match[1]}:${match[2]}`);
    expect(servers).toEqual(roleOf('api').map((name) => `${name}:${services[name]!.environment!.PORT}`));
  });

  it('passes event streams unbuffered and lets the largest upload through', () => {
    const events = nginx.match(/location \/api\/events \{([^}]*)\}/)![1]!;
    expect(events).toMatch(/proxy_buffering off;/);
    expect(events).toMatch(/proxy_pass http:\/\/fueldesk_api;/);
    const limit = Number(nginx.match(/client_max_body_size (\d+)m;/)![1]) * 1_048_576;
    expect(limit).toBeGreaterThan(configSchema.shape.UPLOAD_LIMIT_BYTES.parse(undefined));
    expect(services.proxy!.ports).toEqual(['${HTTP_PORT:-8080}:80']);
    expect(nginx).toMatch(/listen 80;/);
  });
});

describe('Dockerfile', () => {
  const { stages } = parseDockerfile(read('Dockerfile'));
  const runtime = stages.at(-1)!;
  const instruction = (keyword: string) => runtime.instructions.filter((i) => i.keyword === keyword).map((i) => i.value);

  it('builds in one stage and runs the compiled server as an unprivileged user in a slim one', () => {
    expect(stages.map((stage) => stage.name)).toEqual(['build', 'deps', 'runtime']);
    expect(stages[0]!.instructions.some((i) => i.keyword === 'RUN' && i.value === 'npm run build')).toBe(true);
    expect(stages[1]!.instructions.find((i) => i.keyword === 'RUN')!.value).toMatch(/^npm ci --omit=dev --workspace=@fueldesk\/server /);
    expect(runtime.image).toMatch(/^node:20(\.\d+)*-(bookworm-slim|slim|alpine)/);
    expect(instruction('USER')).toEqual(['node']);
    expect(execForm(instruction('CMD')[0]!)).toEqual(['node', '--max-semi-space-size=2', 'apps/server/dist/main.js']);
  });

  it('sets a production environment the server accepts once the secrets are given', () => {
    const env = stageEnv(runtime);
    expect(env.NODE_ENV).toBe('production');
    expect(instruction('EXPOSE')).toEqual([env.PORT]);
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(loadConfig({ ...env, JWT_SECRET: productionValues.JWT_SECRET, DATA_ENCRYPTION_KEY: productionValues.DATA_ENCRYPTION_KEY, DATA_DIR: '/nonexistent' }).HOST).toBe('0.0.0.0');
    expect(instruction('HEALTHCHECK')[0]).toContain("/api/health'");
  });

  it('copies every folder the bundle reads at run time to the place the code looks for it', () => {
    const destinations = stageCopies(runtime).map((copy) => path.posix.normalize(copy.dest));
    for (const folder of [migrationsFolder, defaultWebDist, path.join(root, 'apps/server/node_modules'), path.join(root, 'node_modules')]) {
      expect(destinations).toContain(path.relative(root, folder));
    }
  });
});

describe('README production section', () => {
  const readme = read('README.md');
  const section = readme.slice(readme.indexOf('\n## Production'), readme.indexOf('\n## ', readme.indexOf('\n## Production') + 1));

  it('has a row for every environment variable of the configuration, and only for those', () => {
    const rows = [...section.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((match) => match[1]);
    expect(rows.sort()).toEqual(Object.keys(configSchema.shape).sort());
  });

  it('tells the commands for backups and starting', () => {
    expect(section).toContain('docker compose up');
    expect(section).toContain('pg_dump');
    expect(section).toContain('pg_restore');
  });
});
