// §6 members of a salesman group (M6): a salesman is in the group when he holds a code-6 role of the group.
// The supplier (code 2), a system provider or a holder of the role power reads and sets them; the group must be
// a visible M6 group of the request's org. Setting the members grants or revokes the group's salesman role on
// each member's stream in one command, creating that role when the group has none yet.
import { grantFactsOf } from './grantFacts.ts';
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import type { Tx } from '../../store/eventStore.ts';
import { requestCommand, runDecisions } from '../../store/command.ts';
import { envelopeSchema, ok } from '../../http/envelope.ts';
import { badRequest, notFound, unprocessable } from '../../http/errors.ts';
import { PAGE, ROLE_CODE } from '../../../domain/constants.ts';
import { planSalesmanGroupMembers, SALESMAN_GROUP_CODE, SALESMAN_GROUP_TEXT, type SalesmanStanding } from '../../../domain/salesmanGroups.ts';
import type { RoleCreated } from '../../../domain/aggregates/role.ts';
import { ownGroup, requireGroupWrite } from './manageRoutes.ts';
import { callerOf, roleCommands } from './commands.ts';

const tags = ['roles'];
const idStr = { type: 'string', minLength: 1, maxLength: 128 } as const;
const person = {
  type: 'object', additionalProperties: false, required: ['userId', 'username', 'name'],
  properties: { userId: { type: 'string' }, username: { type: 'string' }, name: { type: 'string' } },
} as const;
const membersSchema = envelopeSchema({
  type: 'object', required: ['members', 'candidates'],
  properties: { members: { type: 'array', items: person }, candidates: { type: 'array', items: person } },
});

interface Person { userId: string; username: string; name: string }
interface Holding { user: Person; roleId: string; inGroup: boolean }

/** The group's code-6 roles and every salesman role held by members of the org (enabled roles: what sign-in gives). */
async function salesmenOf(db: Kysely<Database> | Tx, orgId: string, roleGroupId: string) {
  const rows = await db.selectFrom('user_roles as ur').innerJoin('roles as r', 'r.role_id', 'ur.role_id').innerJoin('users as u', 'u.user_id', 'ur.user_id')
    .select(['u.user_id', 'u.username', 'u.name', 'r.role_id', 'r.role_group_id'])
    .where('ur.org_id', '=', orgId).where('r.org_id', '=', orgId).where('r.code', '=', ROLE_CODE.salesman).where('r.enable', '=', true)
    .where((eb) => eb.exists(eb.selectFrom('org_app_users as m').select('m.user_id').whereRef('m.user_id', '=', 'ur.user_id').where('m.org_id', '=', orgId)))
    .orderBy('u.username').execute();
  const holdings: Holding[] = rows.map((r) => ({ user: { userId: r.user_id, username: r.username, name: r.name }, roleId: r.role_id, inGroup: r.role_group_id === roleGroupId }));
  const people = new Map<string, Person>(holdings.map((h) => [h.user.userId, h.user]));
  const members = [...new Set(holdings.filter((h) => h.inGroup).map((h) => h.user.userId))];
  return {
    holdings,
    members,
    out: {
      members: members.map((id) => people.get(id)!),
      candidates: [...people.values()].filter((p) => !members.includes(p.userId)),
    },
  };
}

/** A visible M6 group of the request's org, to a caller who may keep salesman groups. */
async function salesmanGroup(db: Kysely<Database> | Tx, request: FastifyRequest, id: string) {
  const g = await ownGroup(db, request, id);
  if (g.code !== SALESMAN_GROUP_CODE) throw notFound(SALESMAN_GROUP_TEXT.notSalesmanGroup);
  return g;
}

export default async function salesmanGroupRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  const params = { type: 'object', required: ['id'], properties: { id: idStr } } as const;
  const salesmanGroupWrite = { auth: 'orgApp', guard: (request: FastifyRequest) => requireGroupWrite(db, request, [SALESMAN_GROUP_CODE]) } as const;

  app.get<{ Params: { id: string } }>('/v2/roles/group/:id/salesmen', {
    config: salesmanGroupWrite,
    schema: {
      tags, summary: 'Salesmen in a salesman group (M6) and the salesmen of the org who could join it', params,
      response: { 200: membersSchema },
    },
  }, async (request) => {
    const g = await salesmanGroup(db, request, request.params.id);
    return ok((await salesmenOf(db, request.orgApp!.orgId, g.role_group_id)).out);
  });

  app.put<{ Params: { id: string }; Body: { userIds: string[] } }>('/v2/roles/group/:id/salesmen', {
    config: salesmanGroupWrite,
    schema: {
      tags, summary: 'Set the salesmen of a salesman group (M6): each must be a salesman of the org; none may be left without a salesman role',
      params,
      body: {
        type: 'object', additionalProperties: false, required: ['userIds'],
        properties: { userIds: { type: 'array', maxItems: PAGE.userBatch, items: idStr } },
      },
      response: { 200: membersSchema },
    },
  }, async (request) => {
    const { orgId, meta } = requestCommand(request, clock());
    const id = request.params.id;
    await runDecisions(db, async (tx) => {
      const commands = roleCommands(tx, orgId, meta);
      const g = await salesmanGroup(tx, request, id);
      const { holdings, members } = await salesmenOf(tx, orgId, g.role_group_id);
      const standing = new Map<string, SalesmanStanding>();
      for (const h of holdings) {
        const s = standing.get(h.user.userId) ?? { name: h.user.name || h.user.username, salesmanRoles: 0, groupRoles: 0 };
        s.salesmanRoles += 1;
        if (h.inGroup) s.groupRoles! += 1;
        standing.set(h.user.userId, s);
      }
      // members of the org who are not salesmen, by name in the refusal
      const others = request.body.userIds.filter((u) => !standing.has(u));
      if (others.length) {
        const known = await tx.selectFrom('users as u').select(['u.user_id', 'u.name', 'u.username']).where('u.user_id', 'in', others)
          .where((eb) => eb.exists(eb.selectFrom('org_app_users as m').select('m.user_id').whereRef('m.user_id', '=', 'u.user_id').where('m.org_id', '=', orgId)))
          .execute();
        for (const u of known) standing.set(u.user_id, { name: u.name || u.username, salesmanRoles: 0 });
      }
      const plan = planSalesmanGroupMembers(members, request.body.userIds, standing);
      if (!plan.ok) throw plan.kind === 'notSalesmen' ? badRequest(plan.reason) : unprocessable(plan.reason);

      let groupRoleId = (await tx.selectFrom('roles').select('role_id').where('org_id', '=', orgId).where('role_group_id', '=', g.role_group_id)
          .where('code', '=', ROLE_CODE.salesman).where('enable', '=', true).orderBy('sort').orderBy('name').executeTakeFirst())?.role_id;
      if (plan.grant.length && !groupRoleId) {
        const taken = async (name: string) => !!await tx.selectFrom('roles').select('role_id').where('org_id', '=', orgId).where('name', '=', name).executeTakeFirst();
        const short = `salesman-${g.role_group_id.replace(/-/g, '').slice(0, 8)}`;
        const name = await taken(short) ? `salesman-${g.role_group_id}` : short;
        const role: RoleCreated = {
          roleId: crypto.randomUUID(), name, code: ROLE_CODE.salesman, cnName: g.group_name,
          roleGroupId: g.role_group_id, manageRoleNames: [], enable: true, sort: 0, config: {},
        };
        // the new role opens the same menu and powers as the org's salesman role with the most permissions, so a
        // salesman moved out of his first group keeps his screens
        const template = await tx.selectFrom('role_permissions as rp').innerJoin('roles as r', 'r.role_id', 'rp.role_id')
          .select(['rp.role_id', (eb) => eb.fn.countAll<string>().as('n')]).where('rp.org_id', '=', orgId).where('r.code', '=', ROLE_CODE.salesman)
          .where('r.enable', '=', true).groupBy('rp.role_id').orderBy('n', 'desc').orderBy('rp.role_id').executeTakeFirst();
        const grants = template
          ? await tx.selectFrom('role_permissions').select(['permission_id', 'extra_info']).where('org_id', '=', orgId).where('role_id', '=', template.role_id).execute()
          : [];
        await commands.role(role.roleId, {
          type: 'CreateRole', role, caller: callerOf(request), nameTaken: name !== short && await taken(name), groupExists: true,
          permissions: grants.map((p) => ({ permissionId: p.permission_id, extraInfo: (p.extra_info ?? {}) as Record<string, unknown> })),
        });
        groupRoleId = role.roleId;
      }
      // the plan took only salesmen of the org, so members all; the caller keeps salesman groups (requireGroupWrite)
      const mayManage = true;
      for (const userId of plan.grant) {
        await commands.memberRoles(userId, {
          type: 'GrantRole', userId, roleId: groupRoleId!, isMember: true, mayManage,
          grant: await grantFactsOf(tx, request, { roleId: groupRoleId!, code: ROLE_CODE.salesman }, userId),
        });
      }
      for (const userId of plan.revoke) {
        for (const h of holdings.filter((x) => x.inGroup && x.user.userId === userId)) {
          await commands.memberRoles(userId, { type: 'RevokeRole', userId, roleId: h.roleId, isMember: true, mayManage });
        }
      }
    });
    return ok((await salesmenOf(db, orgId, id)).out);
  });
}
