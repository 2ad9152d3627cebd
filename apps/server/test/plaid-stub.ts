import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import { sharedDataDir } from './market-data';

/**
 * A local HTTP stand-in for the Plaid endpoints the adapter calls. Every request body is checked
 * against the request schema of Plaid's published OpenAPI (read from ../shared/data, never copied),
 * and every answer — the spec's own example for the endpoint, with the test's overrides — against
 * the response schema. A mismatch answers 599 and is recorded in `problems`.
 */
interface OpenApiOperation {
  requestBody: { content: { 'application/json': { schema: { $ref: string } } } };
  responses: Record<string, { content?: { 'application/json'?: { schema: { $ref: string }; examples?: Record<string, { value: unknown }> } } }>;
}
interface OpenApiSpec {
  paths: Record<string, { post?: OpenApiOperation }>;
  components: { schemas: Record<string, unknown> };
}

let cachedSpec: { spec: OpenApiSpec; ajv: Ajv } | null = null;

function loadSpec() {
  if (cachedSpec) return cachedSpec;
  const spec = parse(readFileSync(path.join(sharedDataDir, 'plaid-openapi', '2020-09-14.yml'), 'utf8')) as OpenApiSpec;
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  // One schema per component, so that a validator compiles only what it reaches, not all 2,000+.
  for (const [name, schema] of Object.entries(spec.components.schemas)) ajv.addSchema(toJsonSchema(schema) as object, schemaId(name));
  cachedSpec = { spec, ajv };
  return cachedSpec;
}

const schemaId = (name: string) => `plaid-${name}`;
const refPrefix = '#/components/schemas/';

/** OpenAPI 3.0 → what Ajv reads: component refs become ids, and `nullable` without `type` becomes anyOf null. */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith(refPrefix)) result.$ref = schemaId(value.slice(refPrefix.length));
    else if (key === 'example' || key === 'examples' || key.startsWith('x-')) continue;
    else result[key] = toJsonSchema(value);
  }
  // OpenAPI 3.0 writes exclusive bounds as booleans next to minimum/maximum (draft 4).
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof result[flag] !== 'boolean') continue;
    if (result[flag] === true && typeof result[bound] === 'number') {
      result[flag] = result[bound];
      delete result[bound];
    } else delete result[flag];
  }
  if (result.nullable === true && result.type === undefined) {
    delete result.nullable;
    return { anyOf: [result, { type: 'null' }] };
  }
  return result;
}

const validators = new Map<string, ValidateFunction>();
function validatorFor(ref: string): ValidateFunction {
  let validate = validators.get(ref);
  if (!validate) {
    validate = loadSpec().ajv.compile({ $ref: schemaId(ref.slice(refPrefix.length)) });
    validators.set(ref, validate);
  }
  return validate;
}

export interface PlaidCall {
  path: string;
  body: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

export type PlaidOverride = (example: any, body: Record<string, any>) => unknown;

export interface PlaidStub {
  url: string;
  calls: PlaidCall[];
  problems: string[];
  /** Replaces or adjusts the spec's example answer of a path. */
  override(path: string, change: PlaidOverride): void;
  close(): Promise<void>;
}

/** The `example-1` answer the spec gives for a path. */
export function specExample(pathName: string): any {
  const operation = loadSpec().spec.paths[pathName]?.post;
  const value = operation?.responses['200']?.content?.['application/json']?.examples?.['example-1']?.value;
  if (value === undefined) throw new Error(`no example for ${pathName}`);
  return structuredClone(value);
}

export async function startPlaidStub(): Promise<PlaidStub> {
  const { spec } = loadSpec();
  const calls: PlaidCall[] = [];
  const problems: string[] = [];
  const overrides = new Map<string, PlaidOverride>();
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      try {
        answer();
      } catch (error) {
        problems.push(`stub failure: ${String(error)}`);
        response.writeHead(599, { 'content-type': 'application/json' });
        response.end('{}');
      }
    });
    const answer = () => {
      const pathName = (request.url ?? '').split('?')[0]!;
      const operation = spec.paths[pathName]?.post;
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (!operation) {
        problems.push(`unknown path ${pathName}`);
        return send(404, { error_type: 'INVALID_REQUEST', error_code: 'NOT_FOUND', error_message: 'unknown path' });
      }
      let body: Record<string, any>;
      try {
        body = JSON.parse(raw) as Record<string, any>;
      } catch {
        problems.push(`${pathName}: body is not JSON`);
        return send(400, { error_type: 'INVALID_REQUEST', error_code: 'INVALID_BODY', error_message: 'not JSON' });
      }
      calls.push({ path: pathName, body, headers: request.headers });
      const validateRequest = validatorFor(operation.requestBody.content['application/json'].schema.$ref);
      if (!validateRequest(body)) {
        problems.push(`${pathName} request: ${JSON.stringify(validateRequest.errors)}`);
        return send(599, { error: 'request does not match the spec' });
      }
      const content = operation.responses['200']!.content!['application/json']!;
      const override = overrides.get(pathName);
      const answer = override ? override(specExample(pathName), body) : specExample(pathName);
      if (answer && typeof answer === 'object' && 'error_code' in answer) return send(400, answer);
      const validateResponse = validatorFor(content.schema.$ref);
      if (!validateResponse(answer)) {
        problems.push(`${pathName} response: ${JSON.stringify(validateResponse.errors).slice(0, 2000)}`);
        return send(599, { error: 'stub answer does not match the spec' });
      }
      send(200, answer);
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    problems,
    override(pathName, change) {
      overrides.set(pathName, change);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
