// Stream ids of the foundation's aggregates. A stream is the unit of optimistic concurrency: commands
// append with the version they read, so two edits of one thing conflict and edits of different things do not.
// Global things (users, apps, agents, holidays) live under org 'system'; everything else under its org.

export const SYSTEM_ORG = 'system';

export const streams = {
  agent: (agentId: string) => `agent-${agentId}`,
  org: (orgId: string) => `org-${orgId}`,
  app: (appId: string) => `app-${appId}`,
  orgApp: (id: string) => `orgApp-${id}`,
  /** the user's own record (global): created, updated, password, deleted */
  user: (userId: string) => `user-${userId}`,
  /** one user's membership in one org: joined/left org-apps, roles granted/revoked there */
  member: (orgId: string, userId: string) => `member-${orgId}-${userId}`,
  roleGroup: (roleGroupId: string) => `roleGroup-${roleGroupId}`,
  /** a role and its permission links */
  role: (roleId: string) => `role-${roleId}`,
  permission: (permissionId: string) => `permission-${permissionId}`,
  /** one config path of one org-app */
  config: (orgId: string, appId: string, path: string) => `config-${orgId}-${appId}-${path}`,
  holidays: (year: number | string) => `holidays-${year}`,
} as const;
