// One contract per endpoint: method, §7 path, request schemas and the envelope's `data` schema, declared once
// with TypeBox. The server registers the route from it (validation, OpenAPI, handler types: server/http/route.ts);
// services/ type their calls from it (services/http.ts `call`). Services import contracts as types only, so
// TypeBox never reaches the console's bundle (eslint checks it).
import type { Static, TSchema } from 'typebox';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface Endpoint {
  method: Method;
  /** §7 path with `{name}` path parameters, e.g. `/v1/notices/{id}` */
  path: string;
  summary: string;
  tags: readonly string[];
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  /** the `data` of a 200 envelope */
  response: TSchema;
}

/** Declares an endpoint, keeping its literal method and path for the types that read it. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type StaticOf<T, Else = undefined> = T extends TSchema ? Static<T> : Else;

/** Path parameters, query, body and response data of an endpoint, as TypeScript types. */
export type ParamsOf<E extends Endpoint> = StaticOf<E['params'], Record<string, never>>;
export type QueryOf<E extends Endpoint> = StaticOf<E['querystring']>;
export type BodyOf<E extends Endpoint> = StaticOf<E['body']>;
export type DataOf<E extends Endpoint> = Static<E['response']>;
