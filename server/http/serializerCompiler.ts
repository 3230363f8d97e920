// Response serializers (fast-json-stringify, Fastify's own default), compiled once per process for each schema
// (issue 32). Each build of the app makes its route schemas anew, and Fastify compiled every response schema again
// for each: about a second of CPU per server a process starts, and the tests start one per file, dozens in each
// vitest worker. A serializer depends on nothing but its schema, the shared schemas and the options, which make
// its key, and keeps no state between calls.
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type BuildSerializer = NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer']>;

const compile = SerializerSelector();
const compiled = new Map<string, unknown>();

export const buildSerializer: BuildSerializer = ((externalSchemas: unknown, options: unknown) => {
  const factory = compile(externalSchemas as Parameters<typeof compile>[0], options as Parameters<typeof compile>[1]);
  const shared = JSON.stringify([externalSchemas, options]);
  return (route: { schema: unknown }) => {
    const key = `${shared}${JSON.stringify(route.schema)}`;
    if (!compiled.has(key)) compiled.set(key, factory(route as Parameters<typeof factory>[0]));
    return compiled.get(key);
  };
}) as BuildSerializer;
