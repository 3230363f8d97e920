// Schema validation per part of the request (issue 27): a JSON body is typed by its sender, so it is never coerced
// ("5", true or null where a number is due is a 400, not a 5); the querystring, path parameters and headers arrive
// as text by the nature of a URL, so there a schema's number, integer or boolean reads the text ("?page=2" is 2),
// and a single value where the schema wants a list is that list.
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type BuildValidator = NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']>;
/** What Fastify hands the compiler it built, per route and part (the published type names only the schema). */
interface RouteSchema { schema: unknown; method: string; url: string; httpPart?: string }
type Compile = (route: RouteSchema) => unknown;

/** Options every part shares: defaults filled in, unknown properties refused by the schemas, first error only (DoS). */
export const AJV_OPTIONS = { removeAdditional: false, allErrors: false, allowUnionTypes: true } as const;

const pool = AjvCompiler();

/**
 * Compiled validators of this process, per compiler of the pool (one Ajv per external schemas and options, which the
 * pool already shares between the apps a process builds), by the schema's text. Ajv remembers what it compiled by
 * the schema object, and each build of the app makes its schemas anew, so without this every build compiled every
 * route's schemas again: about a second of CPU per test file, which starts a server of its own (issue 32). A
 * compiled validator depends on nothing but its schema and options, and keeps no state between calls.
 */
const compiledBy = new WeakMap<Compile, Map<string, unknown>>();
function once(compile: Compile): Compile {
  let compiled = compiledBy.get(compile);
  if (!compiled) compiledBy.set(compile, (compiled = new Map()));
  const known = compiled;
  return (route) => {
    const key = JSON.stringify(route.schema);
    if (!known.has(key)) known.set(key, compile(route));
    return known.get(key);
  };
}

type PoolOptions = { customOptions?: Record<string, unknown>; plugins?: unknown[]; onCreate?: unknown };

export const buildValidator: BuildValidator = ((externalSchemas: Parameters<typeof pool>[0], options?: PoolOptions) => {
  const custom = { ...options?.customOptions, ...AJV_OPTIONS };
  const build = (coerceTypes: false | 'array') =>
    once(pool(externalSchemas, { ...options, customOptions: { ...custom, coerceTypes } } as Parameters<typeof pool>[1]) as unknown as Compile);
  const strict = build(false);
  const textual = build('array');
  return ((route: RouteSchema) => (route.httpPart === 'body' ? strict : textual)(route)) as unknown as ReturnType<typeof pool>;
}) as BuildValidator;
