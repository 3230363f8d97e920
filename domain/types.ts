// Entity types of §3 as the HTTP API carries them (camelCase, §7 names). Shared by console and server.

/** §7 envelope: status_code 200 is the only success. */
export interface Envelope<T> {
  status_code: number;
  status_text: string;
  data: T;
}
export interface ListResult<T> {
  rows: T[];
  count: number;
}

export interface User {
  userId: string;
  username: string; // the phone number
  name: string;
  personName?: string;
  email: string;
  mobilePhoneNumber: string;
  isDev: boolean;
  enable: boolean;
  expiration: string | null;
  isRegister: boolean;
  isNotRouterHome: boolean;
}

/** What /v1/passport/login returns: the user plus a fresh access token. */
export interface LoginResult extends User {
  accesstoken: string;
  /** absolute expiry of the token, ISO time */
  expiresAt: string;
  /** the password and SMS sign-in answer with the user's org-apps (as GET /v2/users/org/app lists them) */
  orgApps?: OrgApp[];
}

export type OrgType = 'project' | 'product' | 'trialVersion' | 'preActivation' | 'formal';

export interface OrgAppConfig {
  isExperienceOrg?: boolean;
  appEdition?: { roleGroupId?: string; [k: string]: unknown };
  mallRecipeCycleEntrance?: boolean;
  isOnlyXGApp?: boolean;
}

export interface OrgApp {
  id: string;
  appId: string; // cp + year + 3-digit sequence
  orgId: string;
  orgName: string;
  appName: string;
  /** empty until fetched with /v1/token/orgappkey/encrypt */
  key: string;
  agentId: string | null;
  disabled: boolean;
  orgType: OrgType;
  orgConfig: OrgAppConfig;
}

export interface Role {
  roleId: string;
  name: string;
  code: string;
  cnName: string;
  roleGroupId: string | null;
  manageRoleNames: string[];
  orgId: string;
  enable: boolean;
  sort: number;
  config: { priceApprovalEnable?: boolean; [k: string]: unknown };
  /** the version read: sent back with an edit, refused (409) when someone changed it meanwhile (docs/versions.md) */
  version?: number;
}

export interface RoleGroup {
  roleGroupId: string;
  groupName: string;
  code: string;
  sort: number;
  manageRoleNames: string[];
  /** the version read: sent back with an edit, refused (409) when someone changed it meanwhile (docs/versions.md) */
  version?: number;
}

export interface OnlineRule {
  enable: boolean;
  msg?: string;
  title?: string;
  /** 'time' → datetime holds [from, to] clock times "HH:mm"; 'date' → [from, to] dates "YYYY-MM-DD" */
  type?: 'time' | 'date';
  datetime?: [string, string];
  /** 2: also blocked on non-working days */
  model?: number;
}

export interface MenuExtraInfo {
  path?: string;
  name?: string;
  component?: string;
  url?: string;
  login?: boolean;
  meta?: { icon?: string; title?: string; isStandardHome?: boolean; url?: string; [k: string]: unknown };
  badgeConfig?: { enable: boolean; url: string };
  online?: OnlineRule;
}

export interface MenuEntry {
  id: string;
  moduleId: string;
  parentId: string; // '-1' is top level
  moduleName: string;
  groupName: 'pcMenu' | 'quickEntry' | string;
  sort: number;
  enable: boolean;
  extraInfo: MenuExtraInfo;
}

export interface Permission {
  permissionId: string;
  moduleId: string;
  parentId: string;
  groupName: string;
  power: string;
  powerName: string;
  enable: boolean;
  extraInfo: { departmentId?: string; [k: string]: unknown };
}

/** §7 GET /v2/permission/user/power: the module power keys the user holds in the org-app. */
export interface UserPowers {
  powers: string[];
}

/** The user's roles in the current org-app (GET /v2/roles/user/permission). */
export interface UserRoleInfo {
  roles: Pick<Role, 'roleId' | 'name' | 'code' | 'roleGroupId'>[];
}

export interface SystemNotify {
  enable: boolean;
  content: string;
  style?: { color?: string; background?: string; [k: string]: string | undefined };
}

export interface ThemeConfig {
  ysdadminTheme: { brandColor: string; mode: 'light' | 'dark' };
}

export interface Holiday {
  date: string; // YYYY-MM-DD
  /** 0 = working day (a make-up day), 1 = holiday */
  type: number;
}

export interface QrCodeStatus {
  id?: string;
  status?: 'waiting' | 'scanned' | 'confirmed' | 'expired';
  expiresAt?: string;
  login?: LoginResult;
}
