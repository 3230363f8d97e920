// Tenancy and powers on every request (ARCHITECTURE.md "HTTP contract"):
// token → user; `key` header → an org-app the user belongs to; the route's power.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { hashToken } from './tokens.ts';
import { forbidden, unauthorized } from './errors.ts';
import { hasModulePower } from '../../domain/powerKey.ts';
import { isSystemProvider } from '../../domain/roles.ts';

/** 'public': anyone; 'user': a valid token; 'orgApp': a valid token and a `key` of an org-app the user belongs to. */
export type AuthLevel = 'public' | 'user' | 'orgApp';

export interface AuthUser {
  userId: string;
  username: string;
  name: string;
  token: string;
}

export interface AuthOrgApp {
  orgId: string;
  appId: string;
  key: string;
  orgName: string;
  appName: string;
}

export interface AuthRole {
  roleId: string;
  name: string;
  code: string;
  roleGroupId: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
    /** §6 power key `groupName-parentId-moduleId` the route needs (checked with the admin bypass) */
    power?: string;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    orgApp: AuthOrgApp | null;
    roles: AuthRole[];
  }
}

async function userFromToken(db: Kysely<Database>, token: string, now: Date): Promise<AuthUser | null> {
  const row = await db.selectFrom('access_tokens as t').innerJoin('users as u', 'u.user_id', 't.user_id')
    .select(['u.user_id', 'u.username', 'u.name', 'u.enable', 'u.expiration', 't.expires_at', 't.revoked_at'])
    .where('t.token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row || row.revoked_at || row.expires_at <= now || !row.enable) return null;
  if (row.expiration && row.expiration <= now) return null;
  return { userId: row.user_id, username: row.username, name: row.name, token };
}

export async function rolesOf(db: Kysely<Database>, userId: string, orgId: string): Promise<AuthRole[]> {
  const rows = await db.selectFrom('user_roles as ur').innerJoin('roles as r', 'r.role_id', 'ur.role_id')
    .select(['r.role_id', 'r.name', 'r.code', 'r.role_group_id'])
    .where('ur.user_id', '=', userId).where('ur.org_id', '=', orgId).where('r.enable', '=', true).execute();
  return rows.map((r) => ({ roleId: r.role_id, name: r.name, code: r.code, roleGroupId: r.role_group_id }));
}

/** Power keys (§6) the user holds in the org-app through the permissions linked to their roles. */
export async function powersOf(db: Kysely<Database>, userId: string, orgId: string, appId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_roles as ur')
    .innerJoin('role_permissions as rp', (j) => j.onRef('rp.role_id', '=', 'ur.role_id').onRef('rp.org_id', '=', 'ur.org_id'))
    .innerJoin('permissions as p', 'p.permission_id', 'rp.permission_id')
    .select(['p.group_name', 'p.parent_id', 'p.module_id'])
    .where('ur.user_id', '=', userId).where('ur.org_id', '=', orgId).where('p.app_id', '=', appId).where('p.enable', '=', true)
    .distinct().execute();
  return rows.map((r) => `${r.group_name}-${r.parent_id === '-1' ? '' : r.parent_id}-${r.module_id}`);
}

/** The `key` header names an org-app; the user must belong to it (org ids from the client are never trusted alone). */
async function orgAppFromKey(db: Kysely<Database>, userId: string, key: string): Promise<AuthOrgApp | null> {
  const row = await db.selectFrom('org_apps as oa')
    .innerJoin('org_app_users as m', (j) => j.onRef('m.org_id', '=', 'oa.org_id').onRef('m.app_id', '=', 'oa.app_id'))
    .innerJoin('orgs as o', 'o.org_id', 'oa.org_id')
    .select(['oa.org_id', 'oa.app_id', 'oa.key', 'oa.app_name', 'o.name as org_name', 'oa.disabled'])
    .where('oa.key', '=', key).where('m.user_id', '=', userId).executeTakeFirst();
  if (!row || row.disabled) return null;
  return { orgId: row.org_id, appId: row.app_id, key: row.key, orgName: row.org_name, appName: row.app_name };
}

export function registerAuth(app: FastifyInstance, db: Kysely<Database>, clock: () => Date): void {
  app.decorateRequest('user', null);
  app.decorateRequest('orgApp', null);
  app.decorateRequest('roles', null as unknown as AuthRole[]);
  // onRequest, before the body is parsed or validated: who you are is settled before what you sent.
  app.addHook('onRequest', async (request) => {
    request.roles = [];
    const config = request.routeOptions.config;
    // API routes default to the strictest level; the console's files and /docs are public.
    const level = config.auth ?? (/^\/v\d\//.test(request.routeOptions.url ?? '') ? 'orgApp' : 'public');
    const token = headerOrQuery(request, 'accesstoken');
    if (token) request.user = await userFromToken(db, token, clock());
    if (level === 'public') return;
    if (!request.user) throw unauthorized(token ? '登录已过期，请重新登录' : '未登录，请先登录');
    if (level === 'user') return;
    const key = headerOrQuery(request, 'key');
    if (!key) throw forbidden('缺少机构应用 key');
    const orgApp = await orgAppFromKey(db, request.user.userId, key);
    if (!orgApp) throw forbidden('您不是该机构的成员');
    request.orgApp = orgApp;
    const roles = await rolesOf(db, request.user.userId, orgApp.orgId);
    request.roles = roles;
    if (config.power) {
      const powers = await powersOf(db, request.user.userId, orgApp.orgId, orgApp.appId);
      if (!hasModulePower(config.power, roles, powers)) throw forbidden('没有该操作的权限');
    }
  });
}

/** EventSource cannot send headers, so the live-update stream passes token and key as query parameters. */
function headerOrQuery(request: FastifyRequest, name: string): string | undefined {
  const h = request.headers[name];
  if (typeof h === 'string' && h) return h;
  const q = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof q === 'string' && q ? q : undefined;
}

/** For routes taking an orgId: it must be the org of the request's org-app, unless the caller is a system provider. */
export function requireSameOrg(request: FastifyRequest, orgId: string | undefined): void {
  if (!orgId || !request.orgApp || orgId === request.orgApp.orgId) return;
  if (isSystemProvider(request.roles)) return;
  throw forbidden('无权访问其他机构的数据');
}
