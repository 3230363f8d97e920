// Registers a route from its contract (contracts/): the contract's schemas validate the request, describe the
// response for the OpenAPI document and type the handler. The handler's request carries the caller its auth
// level guarantees (`user`, `orgApp` not null), so no handler writes `request.orgApp!`.
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BodyOf, DataOf, Endpoint, ParamsOf, QueryOf } from '../../contracts/endpoint.ts';
import type { Envelope } from '../../domain/types.ts';
import type { AuthLevel, AuthOrgApp, AuthUser } from './auth.ts';
import type { AuthMember } from './memberAuth.ts';
import { envelopeSchema } from './envelope.ts';

/** A route's config with its auth level spelled out: the handler's types depend on it. */
export type RouteConfig = FastifyContextConfig & { auth: AuthLevel };

/** What the auth level guarantees about the caller once the request reaches the handler. */
type Caller<C extends RouteConfig> = C['auth'] extends 'orgApp'
  ? { user: AuthUser; orgApp: AuthOrgApp }
  : C['auth'] extends 'user' ? { user: AuthUser }
    : C['auth'] extends 'member' ? { member: AuthMember } : object;

/** A request that reached a handler of an 'orgApp' route: for the helpers such handlers call. */
export type OrgAppRequest = FastifyRequest & { user: AuthUser; orgApp: AuthOrgApp };
/** A request that reached a handler of a 'user' route. */
export type UserRequest = FastifyRequest & { user: AuthUser };
/** A request that reached a handler of a 'member' route (issue 34). */
export type MemberRequest = FastifyRequest & { member: AuthMember };

export type ContractRequest<E extends Endpoint, C extends RouteConfig = { auth: 'orgApp' }> =
  FastifyRequest<{ Params: ParamsOf<E>; Querystring: QueryOf<E>; Body: BodyOf<E> }> & Caller<C>;

export type ContractHandler<E extends Endpoint, C extends RouteConfig> =
  (request: ContractRequest<E, C>, reply: FastifyReply) => Promise<Envelope<DataOf<E>>>;

/** `/v1/notices/{id}` → `/v1/notices/:id` */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export function route<E extends Endpoint, const C extends RouteConfig>(
  app: FastifyInstance, contract: E, config: C, handler: ContractHandler<E, C>,
): void {
  const { method, path, summary, tags, params, querystring, body, response } = contract;
  app.route({
    method,
    url: fastifyPath(path),
    config,
    schema: {
      summary, tags: [...tags],
      ...(params ? { params } : {}), ...(querystring ? { querystring } : {}), ...(body ? { body } : {}),
      response: { 200: envelopeSchema(response) },
    },
    // the auth hook has checked what Caller<C> promises before any handler runs
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
