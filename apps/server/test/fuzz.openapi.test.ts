import { writeFileSync } from 'node:fs';
import { errorCodes } from '@fueldesk/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStartupSeeds } from '../src/db/seed';
import { produceDueReport } from '../src/modules/due-diligence/due-diligence.pipeline';
import { testDb } from './build-test-app';
import { useTestContext } from './test-context';
import { createDueBody, validDueForm } from './due-diligence';
import { createSignedInUser, signIn, type UserOverrides } from './factories';
import { loadTinySanctionsList } from './screening';

/**
 * Property-based fuzz test over every operation of the OpenAPI document and every role (issue 16).
 * fast-check generates path parameters, query strings, bodies (from the request schema, mutated, or
 * plain garbage), content types and headers; every answer must be below 500, and every 4xx must carry
 * the house error body {code, detail}.
 *
 *   FUZZ_SEED=<n>       the base seed (printed at the end; default fixed so that a failure reproduces)
 *   FUZZ_RUNS=<n>       requests per operation and role (default 64 on PGlite, 24 on PostgreSQL)
 *   FUZZ_ONLY=<text>    only the operations whose "METHOD /path" contains the text
 *   FUZZ_REPORT=<file>  where the summary goes as JSON (default /tmp/fueldesk-fuzz-<db>.json)
 *   FUZZ_RACE_RUNS=<n>  same write sent 2-4 times at once, per write operation and role (default 6 on PGlite, 4 on PostgreSQL)
 *   FUZZ_DEBUG=1        prints every request and the start of its answer
 *   FUZZ_SHRINK=1       on a failure, let fast-check shrink it to the smallest failing request
 */

const DEFAULT_SEED = 1_604_2026;
const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const runsPerPair = Number(process.env.FUZZ_RUNS ?? (testDb === 'postgres' ? 24 : 64));
const only = process.env.FUZZ_ONLY ?? '';
const debug = process.env.FUZZ_DEBUG === '1';
const raceRuns = Number(process.env.FUZZ_RACE_RUNS ?? (testDb === 'postgres' ? 4 : 6));
const reportFile = process.env.FUZZ_REPORT ?? `/tmp/fueldesk-fuzz-${testDb}.json`;

// ---------------------------------------------------------------------------------------------
// JSON Schema (OpenAPI 3.0 flavour, as @fastify/swagger writes it from the Zod schemas) → arbitrary

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  nullable?: boolean;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

const nastyStrings = [
  '',
  ' ',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '\u202e\u0000\u0001',
  '\ud800',
  '\uffff\ufffe',
  'ﬀ𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🚀 ñandú Ω',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e999',
  '99999999999999999999999999',
  '-9223372036854775809',
  '0x1F',
  '2024-02-30',
  '0000-00-00',
  '9999-12-31',
  '275760-09-13',
  '1970-01-01T00:00:00Z',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '%E0%A4%A',
  '%',
  '\\',
  'a'.repeat(10_000),
];

/** A value of the wrong kind, or an edge case of the right one. */
const garbageArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...nastyStrings),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 5e-324, 0.1),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
  fc.constant({ __proto__: { admin: true } }),
  fc.constant({ constructor: { prototype: { polluted: true } } }),
);

function clampInt(value: number | undefined, fallback: number) {
  return value === undefined || !Number.isFinite(value) ? fallback : Math.max(Number.MIN_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, value));
}

/** Values seen in answers, by the field or parameter name they can fill (ids of news, reports, dashboards, product codes…). */
const pools = new Map<string, string[]>();
/** The roles' own user and session ids: never offered to admin routes that would end them. */
const protectedIds = new Set<string>();
const poolOf = (name: string) => (pools.get(name) ?? []).filter((value) => !protectedIds.has(value));
const isoDay = fc.date({ noInvalidDate: true, min: new Date('2015-01-01'), max: new Date('2027-12-31') }).map((d) => d.toISOString().slice(0, 10));
const webUrl = fc.oneof(fc.webUrl(), fc.constantFrom('https://example.com/a', 'http://127.0.0.1:1/x', 'javascript:alert(1)', 'ftp://x', 'https://ex ample.com'));

/** Plausible values by field name, so that requests get past validation to the code behind it. */
function hintArb(name: string): fc.Arbitrary<string> | null {
  const pooled = poolOf(name.replace(/\[\]$/, '') === 'product_codes' || name === 'codes' ? 'code' : name);
  const fromPool = pooled.length > 0 ? fc.constantFrom(...pooled) : null;
  switch (name) {
    case 'email':
    case 'to':
      return fc.oneof(
        { weight: 1, arbitrary: fc.emailAddress() },
        { weight: 6, arbitrary: fc.tuple(fc.nat(1_000_000), fc.constantFrom('example.com', 'gmail.com', 'mailinator.com', 'blueharborfuels.com', 'xn--80ak6aa92e.com')).map(([n, domain]) => `fuzz-${n}@${domain}`) },
        { weight: 1, arbitrary: fc.constantFrom('admin@fueldesk.local', 'a@b', 'UPPER@EXAMPLE.COM', 'ñandú@example.com') },
      );
    case 'password':
    case 'current_password':
    case 'password_confirmation':
      return fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom('Fuzz-Passw0rd-2026', 'ñandú-Ω-Passw0rd-2026', `Aa1-${'x'.repeat(120)}`, 'pass_good') },
        { weight: 1, arbitrary: fc.constantFrom('short', 'password', '') },
        { weight: 1, arbitrary: fc.string({ minLength: 8, maxLength: 72 }) },
      );
    case 'phone':
      return fc.constantFrom('+1 212 555 0100', '+34 600 000 000', '+52 55 1234 5678', '12345', '+999999999999999');
    case 'website':
    case 'linkedin':
    case 'twitter':
    case 'source_url':
    case 'image_url':
      return webUrl;
    case 'date':
    case 'from':
    case 'to_date':
      return isoDay;
    case 'codes':
      return fc.array(fc.constantFrom(...(pooled.length > 0 ? pooled : ['WTI'])), { minLength: 1, maxLength: 4 }).map((codes) => codes.join(','));
    case 'product_codes[]':
      return fromPool;
    case 'username':
      return fc.constantFrom('user_good', 'user_good', 'user_bad', 'x');
    case 'institution_id':
      return fc.constantFrom('ins_109508', 'ins_3', 'ins_nope');
    case 'q':
    case 'name1':
    case 'name2':
    case 'name':
      return fc.oneof(fc.constantFrom('KARVELIS FUEL TRADING', 'Peltomaa Ivor', 'Nordic Zephyra', 'Brent', 'José Ñúñez', 'Грузия Нефть', '北京石油', 'a'), fc.string({ minLength: 1, maxLength: 40 }));
    default:
      return fromPool;
  }
}

function stringArb(schema: JsonSchema, name = ''): fc.Arbitrary<string> {
  const hint = name ? hintArb(name) : null;
  if (hint) return fc.oneof({ weight: 4, arbitrary: hint }, { weight: 1, arbitrary: plainStringArb(schema) });
  return plainStringArb(schema);
}

/**
 * Plain strings by their schema's limits, built once: fast-check arbitraries are immutable (a value
 * depends only on the random stream), so one serves every request alike. Building one per operation
 * and role was ~12 s of a run's profile: fc.stringMatching's arbitraries test fast-check's built-in
 * edge-case strings against every character class when they are built (issue 36).
 */
const plainStringArbs = new Map<string, fc.Arbitrary<string>>();

function plainStringArb(schema: JsonSchema): fc.Arbitrary<string> {
  const key = JSON.stringify([schema.format, schema.pattern, schema.minLength, schema.maxLength]);
  let arb = plainStringArbs.get(key);
  if (!arb) {
    arb = buildPlainStringArb(schema);
    plainStringArbs.set(key, arb);
  }
  return arb;
}

function buildPlainStringArb(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 60, 400));
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true, min: new Date('1900-01-01'), max: new Date('2200-01-01') }).map((d) => d.toISOString());
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern, 'u'), { size: 'small' });
    } catch {
      // A pattern fast-check cannot read: plain strings below.
    }
  }
  const units = ['grapheme', 'grapheme-ascii', 'binary'] as const;
  return fc.oneof(
    ...units.map((unit) => fc.string({ unit, minLength, maxLength })),
    // Exactly the limits, where off-by-one errors live.
    fc.constantFrom('x'.repeat(minLength), 'x'.repeat(maxLength), 'é'.repeat(maxLength), 'x'.repeat(maxLength + 1)),
  );
}

function numberArb(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  const min = schema.minimum ?? (exclusiveMin !== undefined ? exclusiveMin + (integer ? 1 : Number.EPSILON) : undefined);
  const max = schema.maximum ?? (exclusiveMax !== undefined ? exclusiveMax - (integer ? 1 : Number.EPSILON) : undefined);
  if (integer) {
    const lo = clampInt(min, -1_000_000);
    const hi = clampInt(max, 1_000_000);
    const bounds = [lo, hi].filter((value) => Number.isSafeInteger(value));
    return fc.oneof(fc.integer({ min: Math.ceil(Math.min(lo, hi)), max: Math.floor(Math.max(lo, hi)) }), fc.constantFrom(...bounds, ...bounds.map((b) => b + 1), ...bounds.map((b) => b - 1)));
  }
  return fc.double({ min: min ?? -1e9, max: max ?? 1e9, noNaN: true, noDefaultInfinity: true });
}

/**
 * Values of the schema. With `chaos` > 0, each node is replaced by garbage with that probability
 * (in 1/1000), so most values are almost valid and reach the code behind the validation.
 */
export function schemaArb(schema: JsonSchema | undefined, chaos = 0, depth = 0, name = ''): fc.Arbitrary<unknown> {
  const valid = strictSchemaArb(schema ?? {}, chaos, depth, name);
  if (chaos <= 0) return valid;
  return fc.oneof({ weight: 1000 - chaos, arbitrary: valid }, { weight: chaos, arbitrary: garbageArb });
}

function strictSchemaArb(schema: JsonSchema, chaos: number, depth: number, name: string): fc.Arbitrary<unknown> {
  const inner = (s: JsonSchema | undefined, childName = '') => schemaArb(s, chaos, depth + 1, childName);
  let arb: fc.Arbitrary<unknown>;
  if (schema.const !== undefined) arb = fc.constant(schema.const);
  else if (schema.enum && schema.enum.length > 0) arb = fc.constantFrom(...schema.enum);
  else if (schema.oneOf?.length) arb = fc.oneof(...schema.oneOf.map((option) => inner(option, name)));
  else if (schema.anyOf?.length) arb = fc.oneof(...schema.anyOf.map((option) => inner(option, name)));
  else if (schema.allOf?.length) arb = inner(Object.assign({}, ...schema.allOf) as JsonSchema, name);
  else {
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type ?? (schema.properties ? 'object' : undefined);
    switch (type) {
      case 'string':
        arb = stringArb(schema, name);
        break;
      case 'integer':
        arb = numberArb(schema, true);
        break;
      case 'number':
        arb = numberArb(schema, false);
        break;
      case 'boolean':
        arb = fc.boolean();
        break;
      case 'null':
        arb = fc.constant(null);
        break;
      case 'array':
        arb = depth > 6 ? fc.constant([]) : fc.array(inner(schema.items, `${name}[]`), { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 5, 8)) });
        break;
      case 'object': {
        const properties = schema.properties ?? {};
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, value] of Object.entries(properties)) model[key] = inner(value, key);
        const required = (schema.required ?? []).filter((key) => key in model);
        arb = depth > 6 ? fc.constant({}) : fc.record(model, { requiredKeys: required });
        if ('password' in model && 'password_confirmation' in model) {
          // Mostly a confirmation that matches, as a person would type it.
          arb = fc.tuple(arb, fc.nat(9)).map(([value, roll]) => {
            const copy = { ...(value as Record<string, unknown>) };
            if (roll < 7 && 'password_confirmation' in copy) copy.password_confirmation = copy.password;
            return copy;
          });
        }
        if (chaos > 0 && Object.keys(model).length > 0) {
          // Sometimes an unknown key rides along, or a required one is missing.
          arb = fc.tuple(arb, fc.option(fc.tuple(fc.constantFrom('id', 'role', 'is_superadmin', 'user_id', '__proto__', 'x'), garbageArb), { freq: 8 }), fc.option(fc.constantFrom(...Object.keys(model)), { freq: 8 })).map(
            ([value, extra, drop]) => {
              const copy = { ...(value as Record<string, unknown>) };
              if (extra) copy[extra[0]] = extra[1];
              if (drop) delete copy[drop];
              return copy;
            },
          );
        }
        break;
      }
      default:
        arb = fc.jsonValue({ maxDepth: 2 });
    }
  }
  return schema.nullable ? fc.option(arb, { nil: null, freq: 6 }) : arb;
}

// ---------------------------------------------------------------------------------------------
// The OpenAPI document → operations

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/news/{id} */
  path: string;
  key: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  bodySchema: JsonSchema | undefined;
  bodyTypes: string[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema?: JsonSchema }> } }>>;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const bodyTypes = Object.keys(content);
      operations.push({
        method: method.toUpperCase(),
        path,
        key: `${method.toUpperCase()} ${path}`,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        bodySchema: bodyTypes.length > 0 ? content[bodyTypes[0]!]!.schema : undefined,
        bodyTypes,
      });
    }
  }
  return operations;
}

/**
 * Operations that can end or change the caller's own session or credentials. They run last, and
 * the role's session is checked (and signed in again when gone) before each of their requests.
 */
const SESSION_CHANGING = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/password/set',
  'PUT /api/auth/profile',
  'POST /api/auth/email/change/cancel',
  'POST /api/admin/sessions/{id}/revoke',
  'PATCH /api/admin/users/{id}',
  'POST /api/auth/refresh',
]);

function runOrder(operation: Operation): number {
  if (SESSION_CHANGING.has(operation.key)) return 4;
  if (operation.method === 'DELETE') return 3;
  if (operation.method !== 'GET') return 2;
  return operation.pathParams.length > 0 ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------
// Requests

type RoleName = 'anonymous' | 'cliente' | 'starter' | 'pro' | 'admin' | 'superadmin';
const roleUsers: Record<Exclude<RoleName, 'anonymous'>, UserOverrides> = {
  cliente: { role: 'cliente', planCode: 'starter' },
  starter: { role: 'user', planCode: 'starter' },
  pro: { role: 'user', planCode: 'pro' },
  admin: { role: 'admin', planCode: 'enterprise' },
  superadmin: { role: 'user', planCode: 'premium_enterprise', isSuperadmin: true },
};
const roleNames: RoleName[] = ['anonymous', 'cliente', 'starter', 'pro', 'admin', 'superadmin'];

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
}

const contentTypes = [
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'text/plain',
  'text/csv',
  'application/csv',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  '*/*',
  ';;;',
  'application/json; boundary="',
];

/** Bodies that are not a JSON rendering of a value. */
const rawBodyArb: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.constantFrom('', '{', '[', '{"a":', 'null', 'true', '"x"', '1e999', '{"__proto__":{"admin":true}}', '\u0000', '{}garbage', '[]]', ' '.repeat(1000)),
  fc.string({ maxLength: 200, unit: 'binary' }),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  // Deep nesting, objects and arrays, past the input guard's limit.
  fc.integer({ min: 60, max: 20_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.integer({ min: 60, max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  // Huge strings and many keys.
  fc.integer({ min: 1, max: 6 }).map((size) => JSON.stringify({ email: 'x'.repeat(10 ** size), name: 'y'.repeat(10 ** size) })),
  fc.constant(JSON.stringify(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i])))),
);

const productCodes = ['WTI', 'BRENT', 'GASOLINE_NYH', 'ULSD_NYH', 'PROPANE_MB'];
const badCell = fc.oneof(fc.constantFrom(...nastyStrings.slice(0, -1)), fc.string({ maxLength: 12 }));
const csvDateArb = (day: Date) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant(day.toISOString().slice(0, 10)) },
    { weight: 1, arbitrary: fc.constantFrom('2024-02-30', '0001-01-01', '9999-12-31', '99999-01-01', '01/02/2024', 'Jan 02, 2024', '', '2024-13-01', '1900-01-01', '275760-09-13', '2024-1-2') },
    { weight: 1, arbitrary: badCell },
  );
const csvValueArb = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 1, max: 200_000_000 }).map((cents) => (cents / 1_000_000).toString()) },
  { weight: 1, arbitrary: fc.constantFrom('.', '', '1e308', '-1', '0', '-0', '999999999999.99999999', '9999999999999', '0.000000001', '1,234.5', 'NaN', 'Infinity', '72.19.1', '  1 ', '0x10', '1e2') },
  { weight: 1, arbitrary: badCell },
);
const csvCodeArb = fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...productCodes) }, { weight: 1, arbitrary: fc.constantFrom('wti', 'RWTC', 'DCOILWTICO', 'NOPE', '') }, { weight: 1, arbitrary: badCell });
const csvCell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
/** CSV files shaped like the ones the price importer reads (EIA, FRED, generic), mostly daily rows with bad ones among them. */
const importerCsvArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      { weight: 10, arbitrary: fc.constantFrom('Date,Price', 'DATE,VALUE', 'observation_date,DCOILWTICO', 'observation_date,RBRTE', 'product_code,date,value', 'date,value,product_code,forward_period', 'code,publication_date,price', 'product_code,date,value,forward_period') },
      { weight: 1, arbitrary: fc.constantFrom('observation_date,NOPE', 'a,b,c', '', 'Date,Price,Extra', 'product_code,product_code,date,value') },
    ),
    fc.date({ noInvalidDate: true, min: new Date('1986-01-02'), max: new Date('2030-01-01') }),
    fc.array(fc.tuple(fc.integer({ min: 1, max: 4 }), csvCodeArb, fc.nat(), csvValueArb, fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('M1', 'Q3-2025', '2025-06', 'x'.repeat(30)) }, { weight: 1, arbitrary: badCell })), { maxLength: 40 }),
    fc.constantFrom('\n', '\r\n', '\r'),
    fc.boolean(),
    fc.nat(),
  )
  .chain(([header, first, rows, newline, bom, dateSeed]) => {
    let day = first.getTime();
    const days = rows.map(([gap]) => {
      day += gap * 86_400_000;
      return new Date(day);
    });
    return fc.tuple(...days.map((date) => csvDateArb(date))).map((dates) => {
      const columns = header.split(',');
      const lines = rows.map(([, code, , value, forward], index) => {
        const date = dates[index]!;
        const byName: Record<string, string> = { product_code: code, code, date, publication_date: date, value, price: value, forward_period: forward };
        const cells = columns.map((name, column) => byName[name.toLowerCase()] ?? [date, value, code][column] ?? '');
        // Now and then a row with a cell too few or too many.
        const ragged = (dateSeed + index) % 29 === 0 ? cells.slice(0, -1) : (dateSeed + index) % 31 === 0 ? [...cells, 'extra'] : cells;
        return ragged.map(csvCell).join(',');
      });
      return (bom ? '\ufeff' : '') + [header, ...lines].join(newline);
    });
  });
const importFileNameArb = fc.constantFrom('RWTC.csv', 'RWTCd.csv', 'EER_EPMRU_PF4_Y35NY_DPGd.csv', 'DCOILBRENTEU.csv', 'RBRTEd.csv', 'DCOILWTICO.csv', 'wti-daily.csv', 'brent-weekly.csv', 'upload.csv', 'x'.repeat(200), '../../etc/passwd', 'ñ.csv', '.csv');

const pathValueArb = (parameter: Parameter, pool: string[]): fc.Arbitrary<{ value: string; raw: boolean }> =>
  fc.oneof(
    { weight: pool.length > 0 ? 6 : 0, arbitrary: fc.constantFrom(...(pool.length > 0 ? pool : ['x'])).map((value) => ({ value, raw: false })) },
    { weight: 3, arbitrary: schemaArb(parameter.schema, 0, 0, parameter.name).map((value) => ({ value: String(value), raw: false })) },
    { weight: 2, arbitrary: fc.uuid().map((value) => ({ value, raw: false })) },
    { weight: 2, arbitrary: fc.constantFrom(...nastyStrings.filter(Boolean)).map((value) => ({ value, raw: false })) },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 80, unit: 'grapheme' }).map((value) => ({ value, raw: false })) },
    { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((value) => ({ value: String(value), raw: false })) },
    // Sent as is: path traversal and broken percent-encodings reach the router.
    { weight: 2, arbitrary: fc.constantFrom('..', '../..', '%E0%A4%A', '%', '%zz', '%00', '%2e%2e%2f', '%C0%AF', '%FF%FE', 'a%20b', '%u0041').map((value) => ({ value, raw: true })) },
  );

const queryValueArb = (parameter: Parameter) =>
  fc.oneof({ weight: 6, arbitrary: schemaArb(parameter.schema, 60, 0, parameter.name) }, { weight: 1, arbitrary: garbageArb }).map((value) =>
    typeof value === 'string' ? value : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value),
  );

const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate cannot be encoded: send it percent-escaped by hand.
    return escape(value);
  }
};

function queryStringArb(operation: Operation): fc.Arbitrary<string> {
  const known = fc.tuple(
    ...operation.queryParams.map((parameter) =>
      fc.option(
        fc.oneof({ weight: 5, arbitrary: queryValueArb(parameter).map((value) => [value]) }, { weight: 1, arbitrary: fc.array(queryValueArb(parameter), { minLength: 2, maxLength: 3 }) }),
        { freq: parameter.required ? 12 : 3 },
      ),
    ),
  );
  const extra = fc.array(fc.tuple(fc.oneof(fc.constantFrom('a[b]', '__proto__', 'constructor[prototype]', 'token', 'limit', 'page'), fc.string({ maxLength: 10 })), fc.oneof(fc.constantFrom(...nastyStrings), fc.string({ maxLength: 20 }))), { maxLength: 2 });
  const rawTail = fc.option(fc.constantFrom('&', '&&==&', '%', '%zz=1', 'a=%E0%A4%A', '=x', `q=${'z'.repeat(5000)}`, '#frag'), { freq: 10 });
  return fc.tuple(known, extra, rawTail).map(([values, extras, tail]) => {
    const parts: string[] = [];
    operation.queryParams.forEach((parameter, index) => {
      for (const value of values[index] ?? []) parts.push(`${encode(parameter.name)}=${encode(value)}`);
    });
    for (const [name, value] of extras) parts.push(`${encode(name)}=${encode(value)}`);
    if (tail) parts.push(tail);
    return parts.length > 0 ? `?${parts.join('&')}` : '';
  });
}

function bodyArb(operation: Operation): fc.Arbitrary<{ payload: string | Buffer | undefined; contentType: string | undefined }> {
  const isImport = operation.key === 'POST /api/admin/prices/import';
  const hasBody = operation.bodyTypes.length > 0;
  const json = (value: unknown) => {
    const text = JSON.stringify(value);
    return text === undefined ? 'null' : text;
  };
  const contentTypeArb = fc.oneof({ weight: 12, arbitrary: fc.constant(isImport ? 'text/csv' : 'application/json') }, { weight: 3, arbitrary: fc.constantFrom(...contentTypes) });
  const choices: Array<fc.WeightedArbitrary<{ payload: string | Buffer | undefined; contentType: string | undefined }>> = [
    { weight: hasBody ? 1 : 6, arbitrary: fc.constant({ payload: undefined, contentType: undefined }) },
    { weight: hasBody && !isImport ? 8 : 0, arbitrary: schemaArb(operation.bodySchema).map((value) => ({ payload: json(value), contentType: 'application/json' })) },
    { weight: hasBody && !isImport ? 8 : 1, arbitrary: fc.tuple(schemaArb(operation.bodySchema, 80), contentTypeArb).map(([value, contentType]) => ({ payload: json(value), contentType })) },
    { weight: 2, arbitrary: fc.tuple(fc.jsonValue(), contentTypeArb).map(([value, contentType]) => ({ payload: json(value), contentType })) },
    { weight: 2, arbitrary: fc.tuple(rawBodyArb, contentTypeArb).map(([payload, contentType]) => ({ payload, contentType })) },
  ];
  if (isImport) choices.push({ weight: 16, arbitrary: fc.tuple(importerCsvArb, fc.constantFrom('text/csv', 'text/csv', 'text/plain', 'application/csv', 'text/csv; charset=utf-8')).map(([payload, contentType]) => ({ payload, contentType })) });
  return fc.oneof(...choices);
}

/** The role's headers plus sometimes a broken Authorization or odd Accept-Language. */
function headersArb(authorization: string | undefined): fc.Arbitrary<Record<string, string>> {
  const brokenAuth = fc.constantFrom('Bearer', 'Bearer ', 'Bearer x.y.z', 'Basic dXNlcjpwYXNz', 'bearer ' + 'a'.repeat(5000), 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', `${authorization ?? 'Bearer x'} extra`);
  return fc
    .record(
      {
        auth: fc.oneof({ weight: 12, arbitrary: fc.constant(authorization) }, { weight: 1, arbitrary: brokenAuth }),
        language: fc.option(fc.constantFrom('es', 'en', 'es-MX,es;q=0.9', 'xx', '*', 'es;q=abc', ';;;'), { freq: 3 }),
      },
      { requiredKeys: ['auth', 'language'] },
    )
    .map(({ auth, language }) => {
      const headers: Record<string, string> = {};
      if (auth) headers.authorization = auth;
      if (language) headers['accept-language'] = language;
      return headers;
    });
}

/** The due-diligence form is `extra: unknown` in the document: a valid form with some fields replaced. */
const dueFormOverridesArb = fc.dictionary(
  fc.constantFrom(...Object.keys(validDueForm())),
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ maxLength: 80, unit: 'grapheme' }) },
    { weight: 2, arbitrary: fc.constantFrom('KARVELIS FUEL TRADING LLC', 'PELTOMAA, Ivor Vasilyevich', 'José Ñúñez', '北京石油', '021000021', '000000000', '12-3456789', 'dana@mailinator.com', '+34 600 000 000', '99999999999999999999', '') },
    { weight: 1, arbitrary: garbageArb },
  ),
  { maxKeys: 4 },
);

/** A query string of the operation's own parameters, each valid by its schema. */
function cleanQueryArb(operation: Operation): fc.Arbitrary<string> {
  return fc
    .tuple(...operation.queryParams.map((parameter) => fc.option(schemaArb(parameter.schema, 0, 0, parameter.name), { freq: parameter.required ? 1_000 : 2 })))
    .map((values) => {
      const parts = operation.queryParams.flatMap((parameter, index) => {
        const value = values[index];
        return value === null || value === undefined ? [] : [`${encode(parameter.name)}=${encode(String(value))}`];
      });
      return parts.length > 0 ? `?${parts.join('&')}` : '';
    });
}

function buildRequest(operation: Operation, values: Array<{ value: string; raw: boolean }>, queryString: string, body: { payload: string | Buffer | undefined; contentType: string | undefined }, headers: Record<string, string>, remoteAddress: string): FuzzRequest {
  let url = operation.path;
  operation.pathParams.forEach((parameter, index) => {
    const { value, raw } = values[index]!;
    url = url.replace(`{${parameter.name}}`, raw ? value : encode(value));
  });
  const request: FuzzRequest = { method: operation.method, url: url + queryString, headers: { ...headers }, remoteAddress };
  if (body.payload !== undefined) {
    request.payload = body.payload;
    if (body.contentType) request.headers['content-type'] = body.contentType;
  }
  return request;
}

/**
 * Two kinds of request: clean ones (every part valid by the schema, plausible values, the role's
 * own Authorization) that reach the services and the database, and hostile ones (mutations,
 * garbage, broken encodings, odd content types, broken tokens) that probe the edges.
 */
function requestArb(operation: Operation, authorization: string | undefined, mode: 'mixed' | 'clean' = 'mixed'): fc.Arbitrary<FuzzRequest> {
  const isImport = operation.key === 'POST /api/admin/prices/import';
  const pathValues = fc.tuple(...operation.pathParams.map((parameter) => pathValueArb(parameter, poolOf(parameter.name))));
  const cleanPathValues = fc.tuple(
    ...operation.pathParams.map((parameter) => {
      const pool = poolOf(parameter.name);
      return (pool.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: schemaArb(parameter.schema, 0, 0, parameter.name).map(String) }) : schemaArb(parameter.schema, 0, 0, parameter.name).map(String)).map((value) => ({ value, raw: false }));
    }),
  );
  const importQuery = fc.tuple(importFileNameArb, fc.option(fc.constantFrom('true', 'false', '1', '0'))).map(([name, strict]) => `?filename=${encode(name)}${strict ? `&strict=${strict}` : ''}`);
  const hostileQuery = isImport ? fc.oneof({ weight: 1, arbitrary: queryStringArb(operation) }, { weight: 4, arbitrary: importQuery }) : queryStringArb(operation);
  const cleanBody =
    operation.key === 'POST /api/due/create'
      ? dueFormOverridesArb.map((overrides) => ({ payload: JSON.stringify(createDueBody(validDueForm(overrides))), contentType: 'application/json' }))
      : operation.bodyTypes.length === 0
      ? fc.constant({ payload: undefined, contentType: undefined })
      : isImport
        ? importerCsvArb.map((payload) => ({ payload, contentType: 'text/csv' }))
        : schemaArb(operation.bodySchema).map((value) => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' }));
  const ownHeaders: Record<string, string> = authorization ? { authorization } : {};
  const clean = fc
    .tuple(cleanPathValues, isImport ? importQuery : cleanQueryArb(operation), cleanBody, fc.option(fc.constantFrom('es', 'en'), { freq: 2 }), fc.ipV4())
    .map(([values, queryString, body, language, remoteAddress]) => buildRequest(operation, values, queryString, body, language ? { ...ownHeaders, 'accept-language': language } : ownHeaders, remoteAddress));
  const hostile = fc
    .tuple(pathValues, hostileQuery, bodyArb(operation), headersArb(authorization), fc.ipV4())
    .map(([values, queryString, body, headers, remoteAddress]) => buildRequest(operation, values, queryString, body, headers, remoteAddress));
  return mode === 'clean' ? clean : fc.oneof({ weight: 2, arbitrary: clean }, { weight: 3, arbitrary: hostile });
}

// ---------------------------------------------------------------------------------------------
// The run

interface Failure {
  operation: string;
  role: RoleName;
  status: number;
  problem: string;
  request: { method: string; url: string; headers: Record<string, string>; payload?: string };
  body: string;
}

// The session check's few seconds of memory as in production (AUTH_CACHE_TTL_MS, default 2 s; the
// test contexts turn it off for tests that change rows behind the services' back, which this one does
// not: every session and user change here goes through the API, which forgets what it changes). At 0,
// the check's database read was 13,343 of the run's ~23,000 queries; a paired run of 16 requests per
// pair answered every operation with the same statuses either way, for a third less CPU (issue 36).
// A minute: the whole file then reads each session a few times, so the read still runs throughout.
const t = useTestContext({ env: { AUTH_CACHE_TTL_MS: '60000' } });
let operations: Operation[] = [];
const sessions = new Map<RoleName, { userId: string; sessionId: string; authorization: string | undefined }>();
const failures: Failure[] = [];
const reSignIns: string[] = [];
const stats = { requests: 0, serverErrors: 0, byStatus: {} as Record<number, number>, perOperation: {} as Record<string, Record<number, number>>, msPerOperation: {} as Record<string, number> };
let started = Date.now();
let setupSeconds = 0;
const allowedCodes = new Set<string>(errorCodes);

async function signInRole(role: RoleName) {
  if (role === 'anonymous') {
    sessions.set(role, { userId: '', sessionId: '', authorization: undefined });
    return;
  }
  const { user, session, headers } = await createSignedInUser(t.ctx, roleUsers[role]);
  protectedIds.add(user.id);
  protectedIds.add(session.id);
  sessions.set(role, { userId: user.id, sessionId: session.id, authorization: headers.authorization });
}

/** Signs the role in again when an operation ended its session (or its account). */
async function ensureSession(role: RoleName, operation: string) {
  const current = sessions.get(role)!;
  if (!current.authorization) return;
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: current.authorization } });
  if (me.statusCode === 200) return;
  reSignIns.push(`${role} after ${operation} (${me.statusCode} ${me.json<{ code?: string }>().code})`);
  const account = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: current.authorization } });
  if (account.statusCode === 401 && me.json<{ code?: string }>().code === 'SESSION_REVOKED') {
    // The account is fine, only the session ended: a new one for the same user.
    const row = { id: current.userId, role: (roleUsers[role as Exclude<RoleName, 'anonymous'>].role ?? 'user'), isSuperadmin: roleUsers[role as Exclude<RoleName, 'anonymous'>].isSuperadmin ?? false };
    const fresh = await signIn(t.ctx, row);
    protectedIds.add(fresh.session.id);
    sessions.set(role, { userId: current.userId, sessionId: fresh.session.id, authorization: fresh.headers.authorization });
    return;
  }
  await signInRole(role);
}

/** Answer fields worth offering to later requests (never tokens that open an event stream or a session). */
const HARVESTED = new Set(['id', 'slug', 'entity_id', 'file', 'code', 'public_token', 'user_id', 'version']);

function harvest(value: unknown) {
  const stack: Array<{ key: string; value: unknown }> = [{ key: '', value }];
  let seen = 0;
  while (stack.length > 0 && seen < 2_000) {
    seen += 1;
    const { key, value: current } = stack.pop()!;
    if (typeof current === 'string') {
      const names = key === 'id' || key.endsWith('_id') ? ['id', key] : [key];
      for (const name of names) {
        if (!HARVESTED.has(name) || protectedIds.has(current) || current.length > 200) continue;
        const pool = pools.get(name) ?? [];
        if (!pool.includes(current)) {
          pool.push(current);
          if (pool.length > 40) pool.shift();
          pools.set(name, pool);
        }
      }
    } else if (current && typeof current === 'object') {
      for (const [childKey, child] of Object.entries(current)) stack.push({ key: Array.isArray(current) ? key : childKey, value: child });
    }
  }
}

function record(operation: string, role: RoleName, request: FuzzRequest, status: number, problem: string, body: string) {
  const payload = request.payload === undefined ? undefined : Buffer.isBuffer(request.payload) ? `base64:${request.payload.toString('base64')}` : request.payload;
  failures.push({
    operation,
    role,
    status,
    problem,
    request: { method: request.method, url: request.url.slice(0, 500), headers: request.headers, ...(payload !== undefined ? { payload: payload.slice(0, 2_000) } : {}) },
    body: body.slice(0, 500),
  });
}

/** Sends one request and checks the answer; false when it broke a rule. */
async function send(operation: string, role: RoleName, request: FuzzRequest): Promise<boolean> {
  const response = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
    remoteAddress: request.remoteAddress,
  });
  stats.requests += 1;
  if (debug) console.log(role, request.method, request.url.slice(0, 120), request.headers['content-type'] ?? '', String(request.payload ?? '').slice(0, 120).replace(/\n/g, '⏎'), '→', response.statusCode, response.body.slice(0, 200));
  stats.byStatus[response.statusCode] = (stats.byStatus[response.statusCode] ?? 0) + 1;
  const perStatus = (stats.perOperation[operation] ??= {});
  perStatus[response.statusCode] = (perStatus[response.statusCode] ?? 0) + 1;
  if (response.statusCode >= 500) {
    stats.serverErrors += 1;
    record(operation, role, request, response.statusCode, 'server error', response.body);
    return false;
  }
  const contentType = String(response.headers['content-type'] ?? '');
  if (response.statusCode >= 400) {
    const body = contentType.includes('json') ? parseJson(response.body) : null;
    if (!body || typeof body.code !== 'string' || !allowedCodes.has(body.code) || typeof body.detail !== 'string' || body.detail.length === 0) {
      record(operation, role, request, response.statusCode, 'not the house error body {code, detail}', `${contentType} ${response.body}`);
      return false;
    }
    return true;
  }
  if (contentType.includes('json')) {
    const body = parseJson(response.body);
    if (body === null) {
      record(operation, role, request, response.statusCode, 'JSON content type, unreadable body', response.body);
      return false;
    }
    harvest(body);
  }
  return true;
}

function parseJson(text: string): { code?: unknown; detail?: unknown } | null {
  try {
    return JSON.parse(text) as { code?: unknown; detail?: unknown };
  } catch {
    return null;
  }
}

/** A stable seed per operation and role, so FUZZ_ONLY replays exactly what the full run sent. */
function seedFor(key: string) {
  let hash = seed | 0;
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash;
}

/** Stands for the role's live Authorization header in generated requests (sessions may be renewed mid-run). */
const ROLE_AUTH = '\u0000role';
const shrink = process.env.FUZZ_SHRINK === '1';

async function fuzzOperation(operation: Operation) {
  const sessionChanging = SESSION_CHANGING.has(operation.key);
  const operationStarted = Date.now();
  for (const role of roleNames) {
    await fc
      .assert(
        fc.asyncProperty(requestArb(operation, role === 'anonymous' ? undefined : ROLE_AUTH), async (generated) => {
          if (sessionChanging) await ensureSession(role, operation.key);
          const request = { ...generated, headers: { ...generated.headers } };
          const authorization = request.headers.authorization;
          if (authorization?.includes(ROLE_AUTH)) {
            const live = sessions.get(role)!.authorization!;
            request.headers.authorization = authorization.replace(ROLE_AUTH, live);
          }
          return send(operation.key, role, request);
        }),
        // Without shrinking a failure costs one request; FUZZ_SHRINK=1 looks for the smallest failing one.
        { seed: seedFor(`${operation.key} ${role}`), numRuns: runsPerPair, endOnFailure: !shrink },
      )
      .catch((error: unknown) => {
        // Recorded in `failures` with the request; the other roles and operations still run.
        if (shrink) console.log(String(error));
      });
    await ensureSession(role, operation.key);
  }
  stats.msPerOperation[operation.key] = Date.now() - operationStarted;
}

beforeAll(async () => {
  // As in every production process: routes that enqueue jobs need the queue (no workers run here).
  await t.ctx.jobs.start();
  // The demo data (accounts, releases, prices, news) and a small sanctions list: the routes have rows to find.
  await runStartupSeeds(t.ctx, true);
  await loadTinySanctionsList(t.ctx);
  for (const role of roleNames) await signInRole(role);
  const document = t.app.swagger() as unknown as OpenApiDocument;
  operations = operationsOf(document)
    .filter((operation) => operation.key.includes(only))
    .sort((a, b) => runOrder(a) - runOrder(b));
  setupSeconds = Math.round((Date.now() - started) / 1000);
  started = Date.now();
}, 300_000);

afterAll(async () => {
  const seconds = Math.round((Date.now() - started) / 1000);
  const summary = {
    db: testDb,
    seed,
    runsPerPair,
    only: only || null,
    operations: operations.length,
    roles: roleNames,
    requests: stats.requests,
    serverErrors: stats.serverErrors,
    failures: failures.length,
    seconds,
    setupSeconds,
    byStatus: stats.byStatus,
    slowestOperations: Object.entries(stats.msPerOperation).sort((a, b) => b[1] - a[1]).slice(0, 10),
    reSignIns,
    statusesByOperation: stats.perOperation,
    firstFailures: failures.slice(0, 50),
  };
  writeFileSync(reportFile, JSON.stringify(summary, null, 2));
  console.log(
    `fuzz (${testDb}): ${stats.requests} requests, ${stats.serverErrors} answered 5xx, ${failures.length} broke a rule, ` +
      `${operations.length} operations × ${roleNames.length} roles, seed ${seed} (FUZZ_SEED), ${runsPerPair} runs per pair (FUZZ_RUNS), ${seconds} s (+${setupSeconds} s setup); report ${reportFile}`,
  );
});

describe('fuzz: every OpenAPI operation × every role', () => {
  it('covers the document', () => {
    expect(operations.length).toBeGreaterThan(only ? 0 : 60);
    // Issue 30's routes: decisions, the audit trail, report re-runs.
    if (!only) {
      expect(operations.map((operation) => operation.key)).toEqual(
        expect.arrayContaining([
          'POST /api/screening/decisions',
          'GET /api/screening/decisions',
          'GET /api/screening/decisions/{id}',
          'POST /api/screening/decisions/{id}/approve',
          'GET /api/audit',
          'GET /api/audit/mine',
          'GET /api/audit/export',
          'GET /api/audit/verify',
          'POST /api/due/report/{id}/rerun',
        ]),
      );
    }
  });

  it('answers below 500, with the house error body on every 4xx', async () => {
    for (const operation of operations) await fuzzOperation(operation);
    expect(failures.slice(0, 20)).toEqual([]);
    expect(stats.serverErrors).toBe(0);
    if (!only && runsPerPair >= 64) expect(stats.requests).toBeGreaterThan(23_334);
  }, 900_000);

  it('answers the same write sent several times at once below 500 (races on unique rows, counters, limits)', async () => {
    const before = failures.length;
    const writes = operations.filter((operation) => operation.method !== 'GET' && !SESSION_CHANGING.has(operation.key));
    for (const operation of writes) {
      for (const role of ['pro', 'admin', 'anonymous'] as const) {
        await fc
          .assert(
            fc.asyncProperty(requestArb(operation, role === 'anonymous' ? undefined : ROLE_AUTH, 'clean'), fc.integer({ min: 2, max: 4 }), async (generated, copies) => {
              const live = sessions.get(role)!.authorization;
              const request = { ...generated, headers: { ...generated.headers } };
              if (request.headers.authorization && live) request.headers.authorization = request.headers.authorization.replace(ROLE_AUTH, live);
              const results = await Promise.all(Array.from({ length: copies }, () => send(`${operation.key} (at once)`, role, request)));
              return results.every(Boolean);
            }),
            { seed: seedFor(`${operation.key} ${role} at once`), numRuns: raceRuns, endOnFailure: !shrink },
          )
          .catch((error: unknown) => {
            if (shrink) console.log(String(error));
          });
        await ensureSession(role, `${operation.key} (at once)`);
      }
    }
    expect(failures.slice(before)).toEqual([]);
  }, 300_000);

  // The report job never runs in this process (no workers), so the reports the fuzz creates stay
  // pending; this property makes them, runs the job, and reads them as JSON and as PDF.
  it('produces and renders due-diligence reports of any form text', async () => {
    if (only && !'GET /api/due/report/{id}/pdf'.includes(only)) return;
    const before = failures.length;
    const text = fc.oneof(
      { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 200, unit: 'grapheme' }) },
      { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 200, unit: 'binary' }) },
      { weight: 1, arbitrary: fc.constantFrom('北京石油天然气集团', '🚀🛢️⛽ Fuel 🇲🇽', '\u202eSLEUF\u202c', 'שמן דלק בע״מ', 'نفط الخليج', 'Ω≈ç√∫˜µ≤≥÷', '\t\r\n\u000b\u000c', 'KARVELIS FUEL TRADING LLC', 'x'.repeat(200), '<b>bold</b>&amp;') },
    );
    const textFields = ['business_name', 'contact_name', 'legal_business_name', 'owner_name', 'bank_name', 'authorized_signer', 'street', 'city', 'state_zip', 'country', 'ust_facility_number'];
    const formArb = fc.record({ overrides: fc.dictionary(fc.constantFrom(...textFields), text, { minKeys: 1, maxKeys: 6 }), language: fc.constantFrom('en', 'es') });
    let owner = await createSignedInUser(t.ctx, { role: 'user', planCode: 'premium_enterprise' });
    let made = 0;
    await fc
      .assert(
        fc.asyncProperty(formArb, async ({ overrides, language }) => {
          // A plan allows ten reports a month: a new account every ten.
          if (made > 0 && made % 10 === 0) owner = await createSignedInUser(t.ctx, { role: 'user', planCode: 'premium_enterprise' });
          const headers = { ...owner.headers, 'accept-language': language };
          const create: FuzzRequest = { method: 'POST', url: '/api/due/create', headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(createDueBody(validDueForm(overrides))), remoteAddress: '10.9.9.11' };
          const created = await t.app.inject({ method: 'POST', url: create.url, headers: create.headers, payload: create.payload!, remoteAddress: create.remoteAddress });
          stats.requests += 1;
          stats.byStatus[created.statusCode] = (stats.byStatus[created.statusCode] ?? 0) + 1;
          if (created.statusCode >= 500) {
            stats.serverErrors += 1;
            record('POST /api/due/create', 'pro', create, created.statusCode, 'server error', created.body);
            return false;
          }
          if (created.statusCode !== 200 && created.statusCode !== 201 && created.statusCode !== 202) return true;
          made += 1;
          const id = created.json<{ id?: string }>().id;
          if (!id) return true;
          try {
            await produceDueReport(t.ctx, id, { writer: null });
          } catch (error) {
            record('due diligence report job', 'pro', create, 0, `the job threw: ${String(error)}`, '');
            return false;
          }
          const json = await send('GET /api/due/report/{id}', 'pro', { method: 'GET', url: `/api/due/report/${id}`, headers, remoteAddress: '10.9.9.11' });
          const pdfRequest: FuzzRequest = { method: 'GET', url: `/api/due/report/${id}/pdf`, headers, remoteAddress: '10.9.9.11' };
          const pdf = await t.app.inject({ method: 'GET', url: pdfRequest.url, headers, remoteAddress: pdfRequest.remoteAddress });
          stats.requests += 1;
          stats.byStatus[pdf.statusCode] = (stats.byStatus[pdf.statusCode] ?? 0) + 1;
          if (pdf.statusCode !== 200 || !String(pdf.headers['content-type']).startsWith('application/pdf') || !pdf.rawPayload.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
            if (pdf.statusCode >= 500) stats.serverErrors += 1;
            record('GET /api/due/report/{id}/pdf', 'pro', pdfRequest, pdf.statusCode, 'a produced report is not a PDF', pdf.body.slice(0, 300));
            return false;
          }
          return json;
        }),
        { seed: seedFor('due-diligence reports'), numRuns: testDb === 'postgres' ? 10 : 40, endOnFailure: !shrink },
      )
      .catch((error: unknown) => {
        if (shrink) console.log(String(error));
      });
    expect(failures.slice(before)).toEqual([]);
  }, 300_000);

  it('answers unreadable URLs with the house error body', async () => {
    const urls = [
      '/api/news/%E0%A4%A',
      '/api/news/%',
      '/api/news/%zz',
      '/api/news/slug/%C0%AF',
      '/api/news/%00',
      '/api/news?category=%E0%A4%A',
      '/api/news?%=1',
      '/api/%E0%A4%A',
      '/api/due/report/%E0%A4%A/pdf',
      '/api/screening/entities/%FF%FE',
      '/api/legal/%2e%2e%2f%2e%2e%2fpackage.json',
      '/api/../../etc/passwd',
      `/api/news/${'a'.repeat(20_000)}`,
      `/api/prices?${'a=1&'.repeat(5_000)}`,
      '/%E0%A4%A',
    ];
    const before = failures.length;
    for (const url of urls) {
      for (const role of ['anonymous', 'pro'] as const) {
        const authorization = sessions.get(role)!.authorization;
        const request: FuzzRequest = { method: 'GET', url, headers: authorization ? { authorization } : {}, remoteAddress: '10.9.9.9' };
        await send(`GET ${url.slice(0, 60)}`, role, request);
      }
    }
    expect(failures.slice(before)).toEqual([]);
  });

  it('answers methods the document does not list with the house error body', async () => {
    const before = failures.length;
    const documented = new Set(operations.map((operation) => operation.key));
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE', 'SEARCH'];
    for (const path of new Set(operations.map((operation) => operation.path))) {
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      for (const method of methods.filter((candidate) => !documented.has(`${candidate} ${path}`))) {
        for (const role of ['anonymous', 'admin'] as const) {
          const authorization = sessions.get(role)!.authorization;
          const request: FuzzRequest = { method, url, headers: authorization ? { authorization } : {}, remoteAddress: '10.9.9.10' };
          // HEAD answers carry no body by definition; their status still has to be below 500.
          if (method === 'HEAD') {
            const response = await t.app.inject({ method: 'HEAD', url, headers: request.headers, remoteAddress: request.remoteAddress });
            stats.requests += 1;
            if (response.statusCode >= 500) record(`HEAD ${path}`, role, request, response.statusCode, 'server error', response.body);
            continue;
          }
          await send(`${method} ${path}`, role, request);
        }
      }
    }
    expect(failures.slice(before)).toEqual([]);
  });
});
