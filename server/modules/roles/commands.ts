// Commands on roles, role groups, role relations and the roles members hold (domain/aggregates/role.ts), each
// decided and appended at the version loaded, inside the caller's transaction. A role group folds its stream. A
// role, the org's relations and a member's roles are read from their projection rows under the stream's lock:
// deleting a permission or a role group changes roles without an event on the role's stream, deleting a role
// removes its relations, and a member stream carries the users module's events too.
import type { FastifyRequest } from 'fastify';
import type { EventMeta, Tx } from '../../store/eventStore.ts';
import { decideAndAppend, loadLocked, type Loaded } from '../../store/command.ts';
import {
  memberRoleDecider, roleDecider, roleGroupDecider, roleRelationDecider, type Caller, type MemberRoleCommand, type RoleCommand,
  type RoleGroupCommand, type RoleRelationCommand, type RoleState,
} from '../../../domain/aggregates/role.ts';
import { streams } from '../users/streams.ts';

export const relationsStream = (orgId: string) => `roleRelations-${orgId}`;

/** The caller as the role rules need him. */
export const callerOf = (request: FastifyRequest): Caller => ({ roles: request.roles, platform: request.platform });

async function loadRole(tx: Tx, orgId: string, roleId: string): Promise<Loaded<RoleState>> {
  const loaded = await loadLocked(tx, orgId, streams.role(roleId), async (): Promise<RoleState> => {
    const r = await tx.selectFrom('roles').selectAll().where('org_id', '=', orgId).where('role_id', '=', roleId).executeTakeFirst();
    if (!r) return roleDecider.initialState();
    const links = await tx.selectFrom('role_permissions').select(['permission_id', 'extra_info']).where('org_id', '=', orgId).where('role_id', '=', roleId).execute();
    return {
      status: 'live',
      role: {
        name: r.name, code: r.code, cnName: r.cn_name, roleGroupId: r.role_group_id, manageRoleNames: r.manage_role_names, enable: r.enable, sort: r.sort,
        config: (r.config ?? {}) as Record<string, unknown>,
      },
      permissions: Object.fromEntries(links.map((l) => [l.permission_id, (l.extra_info ?? {}) as Record<string, unknown>])),
    };
  });
  // no row, but a stream: the role was deleted
  return loaded.state.status === 'none' && loaded.version > 0 ? { ...loaded, state: { ...loaded.state, status: 'deleted' } } : loaded;
}

/** The commands of one request's org, with its meta. */
export function roleCommands(tx: Tx, orgId: string, meta: EventMeta) {
  return {
    role: (roleId: string, command: RoleCommand, expectedVersion?: number) => decideAndAppend(tx, {
      orgId, streamId: streams.role(roleId), streamType: 'role', decider: roleDecider, command, meta, expectedVersion, load: () => loadRole(tx, orgId, roleId),
    }),
    group: (roleGroupId: string, command: RoleGroupCommand, expectedVersion?: number) => decideAndAppend(tx, {
      orgId, streamId: streams.roleGroup(roleGroupId), streamType: 'roleGroup', decider: roleGroupDecider, command, meta, expectedVersion,
    }),
    relations: (command: RoleRelationCommand) => decideAndAppend(tx, {
      orgId, streamId: relationsStream(orgId), streamType: 'roleRelations', decider: roleRelationDecider, command, meta,
      load: () => loadLocked(tx, orgId, relationsStream(orgId), async () => ({
        relations: (await tx.selectFrom('role_relations').selectAll().where('org_id', '=', orgId).orderBy('relation_path').execute()).map((r) => ({
          relationId: r.relation_id, parentRoleId: r.parent_role_id, childRoleId: r.child_role_id, relationPath: r.relation_path, depth: r.depth,
        })),
      })),
    }),
    memberRoles: (userId: string, command: MemberRoleCommand) => decideAndAppend(tx, {
      orgId, streamId: streams.member(orgId, userId), streamType: 'member', decider: memberRoleDecider, command, meta,
      load: () => loadLocked(tx, orgId, streams.member(orgId, userId), async () => ({
        roles: new Set((await tx.selectFrom('user_roles').select('role_id').where('org_id', '=', orgId).where('user_id', '=', userId).execute()).map((r) => r.role_id)),
      })),
    }),
  };
}

/** The users of `userIds` who belong to the org. */
export async function membersOf(tx: Tx, orgId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await tx.selectFrom('org_app_users').select('user_id').where('org_id', '=', orgId).where('user_id', 'in', userIds).execute();
  return new Set(rows.map((r) => r.user_id));
}
