import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * Zod's compilers, given to every Fastify instance when it is created. Every route validates and
 * serializes with Zod (app.ts also sets them, type-checked, with setValidatorCompiler), but a Fastify
 * created without compilers loads its defaults, Ajv and fast-json-stringify, which no route uses:
 * a share of every start. Fastify types these factories for Ajv's schemas, hence the casts.
 */
export const zodSchemaController: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildValidator: (() => validatorCompiler) as unknown as Factories['buildValidator'],
    buildSerializer: (() => serializerCompiler) as unknown as Factories['buildSerializer'],
  },
};
