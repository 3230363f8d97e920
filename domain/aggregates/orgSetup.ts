// §7 creating an org from an init template (server/modules/orgInit/steps.ts): each step provisions the streams
// of the new org (config, org and app, menu, role groups, roles, contacts, memberships) with only what they
// lack, so a step called again writes nothing. The things a stream already holds are read by the handler from
// the rows under the stream's lock and passed as keys; the rule of what counts as "already there" is here.
import type { Decider, DomainEvent } from '../decider.ts';
import type { AppCreated, OrgAppCreated } from './app.ts';
import type { OrgCreated } from './org.ts';
import type { OrgConfigSet } from './orgConfig.ts';
import type { PermissionCreated } from './permission.ts';
import type { RoleCreated, RoleGroupCreated, RolePermissionGranted, UserRoleGranted } from './role.ts';
import type { ContactUser, DepartmentData, PersonData, PersonLink } from './contacts.ts';

export interface OrgAppJoined { orgId: string; appId: string; userId: string; extraInfo: Record<string, unknown> }

export type SetupEvent =
  | DomainEvent<'OrgConfigSet', OrgConfigSet>
  | DomainEvent<'AppCreated', AppCreated>
  | DomainEvent<'OrgCreated', OrgCreated>
  | DomainEvent<'OrgAppCreated', OrgAppCreated>
  | DomainEvent<'PermissionCreated', PermissionCreated>
  | DomainEvent<'RoleGroupCreated', RoleGroupCreated>
  | DomainEvent<'RoleCreated', RoleCreated>
  | DomainEvent<'RolePermissionGranted', RolePermissionGranted>
  | DomainEvent<'UserJoinedOrgApp', OrgAppJoined>
  | DomainEvent<'UserRoleGranted', UserRoleGranted>
  | DomainEvent<'UserCreated', ContactUser>
  | DomainEvent<'DepartmentsCreated', { departments: DepartmentData[] }>
  | DomainEvent<'PersonsAdded', { persons: PersonData[]; links: PersonLink[] }>;

/** What a stream holds, by the keys below. */
export interface SetupState { present: ReadonlySet<string> }

export type SetupCommand = { type: 'Provision'; events: SetupEvent[] };

/** The key of what a one-thing event provisions; a grant with extraInfo is another thing than one without. */
export const setupKeys = {
  config: (appId: string, path: string) => `config:${appId}:${path}`,
  app: (appId: string) => `app:${appId}`,
  org: (orgId: string) => `org:${orgId}`,
  orgApp: (orgId: string, appId: string) => `orgApp:${orgId}/${appId}`,
  menu: (groupName: string, moduleId: string) => `menu:${groupName}/${moduleId}`,
  roleGroup: (code: string) => `roleGroup:${code}`,
  role: (name: string) => `role:${name}`,
  grant: (roleId: string, permissionId: string, extraInfo?: Record<string, unknown>) => `grant:${roleId}/${permissionId}${extraInfo ? `#${JSON.stringify(extraInfo)}` : ''}`,
  member: (orgId: string, appId: string, userId: string) => `member:${orgId}/${appId}/${userId}`,
  userRole: (userId: string, roleId: string) => `userRole:${userId}/${roleId}`,
  user: (username: string) => `user:${username}`,
  department: (name: string) => `department:${name}`,
  person: (userId: string) => `person:${userId}`,
};

function keyOf(e: SetupEvent): string | null {
  switch (e.type) {
    case 'OrgConfigSet': return setupKeys.config(e.data.appId, e.data.path);
    case 'AppCreated': return setupKeys.app(e.data.appId);
    case 'OrgCreated': return setupKeys.org(e.data.orgId);
    case 'OrgAppCreated': return setupKeys.orgApp(e.data.orgId, e.data.appId);
    case 'PermissionCreated': return setupKeys.menu(e.data.groupName, e.data.moduleId);
    case 'RoleGroupCreated': return setupKeys.roleGroup(e.data.code);
    case 'RoleCreated': return setupKeys.role(e.data.name);
    case 'RolePermissionGranted': return setupKeys.grant(e.data.roleId, e.data.permissionId, e.data.extraInfo);
    case 'UserJoinedOrgApp': return setupKeys.member(e.data.orgId, e.data.appId, e.data.userId);
    case 'UserRoleGranted': return setupKeys.userRole(e.data.userId, e.data.roleId);
    case 'UserCreated': return setupKeys.user(e.data.username);
    default: return null;
  }
}

/** The keys an event provisions (every row of a list event). */
function keysOf(e: SetupEvent): string[] {
  if (e.type === 'DepartmentsCreated') return e.data.departments.map((d) => setupKeys.department(d.departmentName));
  if (e.type === 'PersonsAdded') return e.data.persons.map((p) => setupKeys.person(p.userId));
  return [keyOf(e)!];
}

export const orgSetupDecider: Decider<SetupCommand, SetupState, SetupEvent> = {
  initialState: () => ({ present: new Set() }),

  decide(command, state) {
    const present = new Set(state.present);
    const out: SetupEvent[] = [];
    for (const e of command.events) {
      if (e.type === 'DepartmentsCreated') {
        const departments = e.data.departments.filter((d) => !present.has(setupKeys.department(d.departmentName)));
        departments.forEach((d) => present.add(setupKeys.department(d.departmentName)));
        if (departments.length) out.push({ type: 'DepartmentsCreated', data: { departments } });
      } else if (e.type === 'PersonsAdded') {
        const persons = e.data.persons.filter((p) => !present.has(setupKeys.person(p.userId)));
        const ids = new Set(persons.map((p) => p.userId));
        persons.forEach((p) => present.add(setupKeys.person(p.userId)));
        if (persons.length) out.push({ type: 'PersonsAdded', data: { persons, links: e.data.links.filter((l) => ids.has(l.userId)) } });
      } else {
        const key = keyOf(e)!;
        if (present.has(key)) continue;
        present.add(key);
        out.push(e);
      }
    }
    return out;
  },

  evolve(state, event) {
    return { present: new Set([...state.present, ...keysOf(event)]) };
  },
};
