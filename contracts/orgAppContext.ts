// Choosing an org-app in one round trip (issue 12): its key and everything the console loads before the first menu
// entry shows (§4: display name, org config, theme, locales, menu, quick entries, roles and powers). The §7 calls
// it bundles stay for the clients that use them and answer the same data (tests/api/orgAppContext.test.ts).
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { Id } from './common.ts';
import type { MenuExtraInfo, OrgAppConfig, OrgType } from '../domain/types.ts';
import { ORG_KINDS, type OrgKind } from '../domain/orgKind.ts';

const tags = ['orgApps'];
const AnyObject = Type.Record(Type.String(), Type.Unknown());

/** An org-app as GET /v2/users/org/app lists it, its key filled in. */
export const OrgAppRow = Type.Object({
  id: Type.String(), appId: Type.String(), orgId: Type.String(), orgName: Type.String(), appName: Type.String(), key: Type.String(),
  agentId: Type.Union([Type.String(), Type.Null()]), disabled: Type.Boolean(), orgType: Type.Unsafe<OrgType>(Type.String()),
  orgConfig: Type.Unsafe<OrgAppConfig>(AnyObject),
});

/** A menu entry as GET /v2/permission/user/menu answers it. */
export const MenuEntryRow = Type.Object({
  id: Type.String(), moduleId: Type.String(), parentId: Type.String(), moduleName: Type.String(), groupName: Type.String(),
  sort: Type.Integer(), enable: Type.Boolean(), extraInfo: Type.Unsafe<MenuExtraInfo>(AnyObject),
});

/** The caller's roles and powers as GET /v2/roles/user/permission answers them. */
export const UserPermissionData = Type.Object({
  roles: Type.Array(Type.Object({ roleId: Type.String(), name: Type.String(), code: Type.String(), roleGroupId: Type.Union([Type.String(), Type.Null()]) })),
  powers: Type.Array(Type.String()),
  isSystemProvider: Type.Boolean(), isAdmin: Type.Boolean(), isUserAdminOnly: Type.Boolean(), isPlatform: Type.Boolean(),
  /** what the current org is (domain/orgKind.ts): with the roles, the caller's party across orgs (issue 27) */
  orgKind: Type.Unsafe<OrgKind>({ type: 'string', enum: [...ORG_KINDS] }),
});

/** An org config path (§3), as GET /v1/config/org's `path` takes them. */
const ConfigPath = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z_$][A-Za-z0-9_$-]*(\\.[A-Za-z0-9_$-]+)*$' });

export const OrgAppContextRequest = Type.Object({
  orgId: Id,
  appId: Id,
  /** the org config paths to read, as /v1/config/org `path` (none: no config) */
  configPath: Type.Optional(Type.Array(ConfigPath, { maxItems: 50 })),
}, { additionalProperties: false });

export const OrgAppContext = Type.Object({
  /** = POST /v1/token/orgappkey/encrypt's key */
  key: Type.String(),
  /** = the org-app's row of GET /v2/users/org/app, key filled in */
  orgApp: OrgAppRow,
  /** = GET /v1/config/org?path=… */
  config: AnyObject,
  /** = GET /v1/config/theme */
  theme: Type.Object({ ysdadminTheme: Type.Object({ brandColor: Type.String(), mode: Type.Union([Type.Literal('light'), Type.Literal('dark')]) }) }),
  /** = GET /v1/config/locales */
  locales: AnyObject,
  /** = GET /v2/permission/user/menu?groupName=pcMenu (rows) */
  menu: Type.Array(MenuEntryRow),
  /** = GET /v2/permission/user/menu?groupName=quickEntry (rows) */
  quickEntries: Type.Array(MenuEntryRow),
  /** = GET /v2/roles/user/permission */
  permission: UserPermissionData,
});
export type OrgAppContext = Static<typeof OrgAppContext>;

export const loadOrgAppContext = endpoint({
  method: 'POST', path: '/v2/users/org/app/context', tags, body: OrgAppContextRequest, response: OrgAppContext,
  summary: "One of the signed-in user's org-apps, chosen: its key, config, theme, locales, menu, quick entries, roles and powers in one answer (403 unless a member)",
});
