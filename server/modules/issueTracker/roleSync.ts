// §4 issue-tracker role sync: a role of the org becomes a tracker group of the same name, created only when
// not found; the group's users are made to match the role's users (added and removed).
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { IssueTrackerClient, RdConfig } from './IssueTrackerClient.ts';

export interface RoleSyncResult {
  roleId: string;
  groupId: string;
  groupName: string;
  created: boolean;
  added: string[];
  removed: string[];
}

/** The org-app's `rd` config when it names a tracker url, else null. */
export async function rdConfigOf(db: Kysely<Database>, orgId: string, appId: string): Promise<RdConfig | null> {
  const row = await db.selectFrom('org_config').select('value').where('org_id', '=', orgId).where('app_id', '=', appId).where('path', '=', 'rd').executeTakeFirst();
  const v = (row?.value ?? null) as Partial<RdConfig> | null;
  if (!v || typeof v.url !== 'string' || !/^https?:\/\//.test(v.url)) return null;
  return { url: v.url, ...(typeof v.customApiUrl === 'string' && v.customApiUrl && { customApiUrl: v.customApiUrl }) };
}

export async function roleWithUsers(db: Kysely<Database>, orgId: string, roleId: string) {
  const role = await db.selectFrom('roles').select(['role_id', 'name']).where('org_id', '=', orgId).where('role_id', '=', roleId).executeTakeFirst();
  if (!role) return null;
  const users = await db.selectFrom('user_roles as ur').innerJoin('users as u', 'u.user_id', 'ur.user_id')
    .select(['u.username', 'u.name']).where('ur.org_id', '=', orgId).where('ur.role_id', '=', roleId).orderBy('u.username').execute();
  return { roleId: role.role_id, name: role.name, users: users.map((u) => ({ username: u.username, name: u.name })) };
}

/** Brings the tracker group of the role in line with the role's users. */
export async function syncRole(client: IssueTrackerClient, role: { roleId: string; name: string; users: { username: string; name: string }[] }): Promise<RoleSyncResult> {
  let group = await client.findGroup(role.name);
  const created = !group;
  if (!group) group = await client.createGroup(role.name);
  const current = await client.groupUsers(group.id);
  const have = new Set(current.map((u) => u.username));
  const want = new Set(role.users.map((u) => u.username));
  const toAdd = role.users.filter((u) => !have.has(u.username));
  const toRemove = current.filter((u) => !want.has(u.username)).map((u) => u.username);
  if (toAdd.length) {
    await client.ensureUsers(toAdd);
    await client.addGroupUsers(group.id, toAdd.map((u) => u.username));
  }
  if (toRemove.length) await client.removeGroupUsers(group.id, toRemove);
  return { roleId: role.roleId, groupId: group.id, groupName: group.name, created, added: toAdd.map((u) => u.username), removed: toRemove };
}
