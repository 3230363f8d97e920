// §7 external issue tracker role sync. Explicitly: POST /v1/issuetracker/sync/role/{roleId}. As a command hook:
// after a role command commits (RoleCreated, RoleUpdated, UserRoleGranted, UserRoleRevoked), the touched roles
// are synced in the background when the org-app has an `rd` config; failures there are logged only (§8).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, ok } from '../../http/envelope.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { RetryError } from '../../../domain/retry.ts';
import { HttpIssueTrackerClient, IssueTrackerCallError, type IssueTrackerClient, type RdConfig } from './IssueTrackerClient.ts';
import { outboundFetch } from '../../http/outboundFetch.ts';
import { outboundUrlRefusal } from '../../../domain/ipAddress.ts';
import { rdConfigOf, roleWithUsers, syncRole } from './roleSync.ts';

const tags = ['issueTracker'];
const SYNCED_EVENTS = ['RoleCreated', 'RoleUpdated', 'UserRoleGranted', 'UserRoleRevoked'];

export const ISSUE_TRACKER_TEXT = {
  notConfigured: '未配置问题跟踪系统（机构配置 rd.url）',
  badAddress: '问题跟踪系统地址不可用',
  roleMissing: (id: string) => `角色不存在：${id}`,
} as const;

export default async function issueTrackerRoutes(app: FastifyInstance, { db, settings }: ModuleContext) {
  // the org's tracker is called at public addresses only, or those the operator allowed (OUTBOUND_ALLOW)
  const allowed = settings.outboundAllow ?? [];
  const issueTrackerClientFor = (config: RdConfig): IssueTrackerClient => new HttpIssueTrackerClient(config, { fetch: outboundFetch(allowed) });

  app.post<{ Params: { roleId: string } }>('/v1/issuetracker/sync/role/:roleId', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: "Sync a role to the org's issue tracker (rd config): the group of the role's name (created only if not found) gets exactly the role's users",
      params: { type: 'object', required: ['roleId'], properties: { roleId: { type: 'string', minLength: 1, maxLength: 128 } } },
      response: {
        200: envelopeSchema({
          type: 'object',
          properties: {
            roleId: { type: 'string' }, groupId: { type: 'string' }, groupName: { type: 'string' }, created: { type: 'boolean' },
            added: { type: 'array', items: { type: 'string' } }, removed: { type: 'array', items: { type: 'string' } },
          },
        }),
      },
    },
  }, async (request) => {
    const { orgId, appId } = request.orgApp!;
    const role = await roleWithUsers(db, orgId, request.params.roleId);
    if (!role) throw notFound(ISSUE_TRACKER_TEXT.roleMissing(request.params.roleId));
    const config = await rdConfigOf(db, orgId, appId);
    if (!config) throw badRequest(ISSUE_TRACKER_TEXT.notConfigured);
    const refusal = outboundUrlRefusal(config.url, allowed) ?? (config.customApiUrl ? outboundUrlRefusal(config.customApiUrl, allowed) : null);
    if (refusal) throw badRequest(`${ISSUE_TRACKER_TEXT.badAddress}：${refusal}`);
    try {
      return ok(await syncRole(issueTrackerClientFor(config), role));
    } catch (e) {
      if (e instanceof RetryError && e.errors.every((x) => x instanceof IssueTrackerCallError && x.refused)) {
        throw badRequest(`${ISSUE_TRACKER_TEXT.badAddress}：${e.message}`);
      }
      // §8: after 5 tries the failures joined (HTTP statuses), else the generic request error; the tracker failed, not us
      if (e instanceof RetryError) throw new HttpError(502, e.message);
      throw e;
    }
  });

  // the command hook: roles touched by a successful role command of this request
  app.addHook('onResponse', async (request: FastifyRequest, reply) => {
    if (request.method === 'GET' || reply.statusCode !== 200 || !request.orgApp) return;
    if (!(request.routeOptions.url ?? '').startsWith('/v2/roles/')) return;
    const { orgId, appId } = request.orgApp;
    const rows = await db.selectFrom('events').select(sql<string>`data->>'roleId'`.as('role_id'))
      .where('org_id', '=', orgId).where('type', 'in', SYNCED_EVENTS).where(sql<string>`meta->>'requestId'`, '=', request.id).distinct().execute();
    const roleIds = rows.map((r) => r.role_id).filter(Boolean);
    if (!roleIds.length) return;
    const config = await rdConfigOf(db, orgId, appId);
    if (!config) return;
    const client = issueTrackerClientFor(config);
    void (async () => {
      for (const roleId of roleIds) {
        const role = await roleWithUsers(db, orgId, roleId);
        if (role) await syncRole(client, role);
      }
    })().catch((e: Error) => request.log.warn({ err: e }, `issue tracker role sync failed: ${e.message}`));
  });
}
