// Tenancy and powers on every request (ARCHITECTURE.md "HTTP contract"):
// token → user; `key` header → an org-app the user belongs to; the route's power.
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { hashToken } from './tokens.ts';
import { preparedMarker } from '../store/database.ts';
import { forbidden, unauthorized } from './errors.ts';
import { hasModulePower, powerKey } from '../../domain/powerKey.ts';
import { ROLE_CODE } from '../../domain/constants.ts';
import { orgKindOf, type OrgKind } from '../../domain/orgKind.ts';
import { membershipActive, USER_ACCESS_TEXT } from '../../domain/userAccess.ts';
import { rolelessMayCall } from '../../domain/rolelessAccess.ts';
import { powersOfRule, ruleOf, ruleProblems } from './routePowers.ts';
import { INITIAL_PASSWORD_TEXT, mayCallBeforePasswordChange } from '../../domain/initialPassword.ts';
import { authenticateMember } from './memberAuth.ts';

/**
 * 'public': anyone; 'user': a valid token; 'orgApp': a valid token and a `key` of an org-app the user belongs to;
 * 'member': a storefront member's token (`membertoken`, server/http/memberAuth.ts), never a staff token (issue 34).
 */
export type AuthLevel = 'public' | 'user' | 'orgApp' | 'member';

export interface AuthUser {
  userId: string;
  username: string;
  name: string;
  token: string;
  /** the initial password stands (issue 27): only the password change answers until he chose his own */
  mustChangePassword: boolean;
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
    /**
     * The party check of a route whose entry in server/http/routePowers.ts names a party (e.g. requireSupplier):
     * run by the auth hook after the entry's powers, before the body is parsed or validated, so a caller without the
     * standing gets 403 whatever he sent and learns nothing about what his input would have done (issue 12).
     * The §6 module powers a route needs are the table's, never a route's own config (issue 27).
     */
    guard?: (request: FastifyRequest) => void | Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    orgApp: AuthOrgApp | null;
    roles: AuthRole[];
    /**
     * The caller is the platform: an enabled code-999 role in the platform org (org kind 'platform'), whatever
     * org the request acts in. Only the platform holds rights across orgs; admin_ roles act inside their own org.
     */
    platform: boolean;
    /**
     * What the org of the request's org-app is (domain/orgKind.ts): with the roles, it decides the caller's party
     * across orgs (server/http/parties.ts). 'school' (the least reach) when there is no org-app.
     */
    orgKind: OrgKind;
    /**
     * The §6 power keys the caller holds in the request's org-app through his enabled roles (what powersOf answers),
     * read by the caller query itself: holdsPower asks no second query. Empty without an org-app.
     */
    powers: readonly string[];
    /**
     * Whether any pcMenu entry the caller holds in the org-app has an enabled §4 online rule: without one the online
     * restriction (server/http/onlineRestriction.ts) has nothing to check and asks nothing. Read with the caller.
     */
    onlineRules: boolean;
  }
}

interface CallerRow {
  user_id: string; username: string; name: string; enable: boolean; password_change_required: boolean; expiration: Date | null; expires_at: Date; revoked_at: Date | null;
  org_id: string | null; app_id: string | null; key: string | null; app_name: string | null; org_name: string | null; org_kind: string | null;
  disabled: boolean | null; member: boolean; member_enable: boolean | null; member_expiration: Date | null; roles: { roleId: string; name: string; code: string; roleGroupId: string | null }[];
  platform: boolean;
  /**
   * [groupName, parentId, moduleId, a pcMenu entry with an enabled online rule] of every enabled permission of his
   * enabled roles in the org-app (repeats possible)
   */
  powers: [string, string, string, boolean][];
}

/**
 * Token → user, `key` → org-app membership and the user's enabled roles there, in one round trip: this runs
 * on every API request, so it is one indexed query instead of three.
 */
interface Caller {
  user: AuthUser | null; orgApp: AuthOrgApp | null; roles: AuthRole[]; platform: boolean; orgKind: OrgKind;
  powers?: string[]; onlineRules?: boolean;
  /** a member whose org disabled or expired the membership (issue 16: per org, not per account) */
  inactive?: boolean;
}

/** The platform org's kind: a code-999 role there is the only right across orgs (issue 16, issue 27) */
const PLATFORM_KIND: OrgKind = 'platform';
/** the kind a request without an org-app counts as: the least reach */
const NO_ORG_KIND: OrgKind = 'school';

/** The caller query alone (bench/menuLoad.ts runs the same SQL through bare `pg` as the baseline). */
export const callerQuery = (token: string, key: string | undefined) => callerQueryByHash(hashToken(token), key ?? null);

const callerQueryByHash = (tokenHash: string, key: string | null) => sql<CallerRow>`${sql.raw(preparedMarker('caller'))}
    SELECT u.user_id, u.username, u.name, u.enable, u.password_change_required, u.expiration, t.expires_at, t.revoked_at,
           oa.org_id, oa.app_id, oa.key, oa.app_name, o.name AS org_name, o.kind AS org_kind, oa.disabled, (m.user_id IS NOT NULL) AS member,
           m.enable AS member_enable, m.expiration AS member_expiration,
           COALESCE((SELECT json_agg(json_build_object('roleId', r.role_id, 'name', r.name, 'code', r.code, 'roleGroupId', r.role_group_id))
                     FROM user_roles ur JOIN roles r ON r.role_id = ur.role_id
                     WHERE m.user_id IS NOT NULL AND ur.user_id = u.user_id AND ur.org_id = oa.org_id AND r.enable), '[]') AS roles,
           -- the powers (powersOf's join, as rows for domain powerKey) and whether a held pcMenu entry has an online
           -- rule: both ran as queries of their own on nearly every request (issue 32)
           -- each with whether it is a pcMenu entry with an enabled online rule, the rule's enable as JavaScript reads it
           -- (absent, false, null, 0 and "" are off): one pass over the join, not a second EXISTS over it
           COALESCE((SELECT json_agg(json_build_array(p.group_name, p.parent_id, p.module_id,
                                     COALESCE(p.group_name = 'pcMenu' AND (p.extra_info -> 'online' -> 'enable') NOT IN ('false'::jsonb, 'null'::jsonb, '0'::jsonb, '""'::jsonb), false)))
                     FROM user_roles ur JOIN roles r ON r.role_id = ur.role_id AND r.enable
                     JOIN role_permissions rp ON rp.role_id = ur.role_id AND rp.org_id = ur.org_id
                     JOIN permissions p ON p.org_id = rp.org_id AND p.permission_id = rp.permission_id
                     WHERE m.user_id IS NOT NULL AND ur.user_id = u.user_id AND ur.org_id = oa.org_id
                       AND p.app_id = oa.app_id AND p.enable), '[]') AS powers,
           EXISTS (SELECT 1 FROM user_roles pur JOIN roles pr ON pr.role_id = pur.role_id AND pr.org_id = pur.org_id
                   JOIN orgs po ON po.org_id = pur.org_id
                   WHERE pur.user_id = u.user_id AND pr.enable AND pr.code = ${ROLE_CODE.systemProvider}
                     AND po.kind = ${PLATFORM_KIND}) AS platform
    FROM access_tokens t
    JOIN users u ON u.user_id = t.user_id
    LEFT JOIN org_apps oa ON oa.key = ${key}
    LEFT JOIN orgs o ON o.org_id = oa.org_id
    LEFT JOIN org_app_users m ON m.org_id = oa.org_id AND m.app_id = oa.app_id AND m.user_id = u.user_id
    WHERE t.token_hash = ${tokenHash}`;

// The caller query compiled once with placeholders, then run with each request's token hash and key: building and
// compiling it with Kysely on every request is per-request overhead the endpoints' goal (issue 12) counts.
const KEY_PLACEHOLDER = '\u0000key';
const HASH_PLACEHOLDER = '\u0000tokenHash';
let callerTemplate: CompiledQuery | null = null;

function callerStatement(db: Kysely<Database>, token: string, key: string | undefined): CompiledQuery<CallerRow> {
  callerTemplate ??= callerQueryByHash(HASH_PLACEHOLDER, KEY_PLACEHOLDER).compile(db);
  const tokenHash = hashToken(token);
  return CompiledQuery.raw(callerTemplate.sql, callerTemplate.parameters.map((p) => (p === KEY_PLACEHOLDER ? (key ?? null) : p === HASH_PLACEHOLDER ? tokenHash : p))) as CompiledQuery<CallerRow>;
}

async function resolveCaller(db: Kysely<Database>, token: string, key: string | undefined, now: Date): Promise<Caller> {
  const { rows } = await db.executeQuery(callerStatement(db, token, key));
  const row = rows[0];
  const live = row && !row.revoked_at && row.expires_at > now && row.enable && !(row.expiration && row.expiration <= now);
  if (!live) return { user: null, orgApp: null, roles: [], platform: false, orgKind: NO_ORG_KIND };
  const user = { userId: row.user_id, username: row.username, name: row.name, token, mustChangePassword: row.password_change_required };
  const platform = row.platform;
  if (!row.member || row.disabled || !row.org_id || !row.app_id || !row.key) return { user, orgApp: null, roles: [], platform, orgKind: NO_ORG_KIND };
  if (!membershipActive({ enable: !!row.member_enable, expiration: row.member_expiration }, now)) return { user, orgApp: null, roles: [], platform, orgKind: NO_ORG_KIND, inactive: true };
  return {
    user,
    orgApp: { orgId: row.org_id, appId: row.app_id, key: row.key, orgName: row.org_name ?? '', appName: row.app_name ?? '' },
    roles: row.roles,
    platform,
    orgKind: orgKindOf({ kind: row.org_kind }),
    powers: [...new Set(row.powers.map(([groupName, parentId, moduleId]) => powerKey({ groupName, parentId, moduleId })))],
    onlineRules: row.powers.some((p) => p[3]),
  };
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
    // a disabled role grants nothing, as it opens no menu entry and is not among the request's roles
    .innerJoin('roles as r', (j) => j.onRef('r.role_id', '=', 'ur.role_id').on('r.enable', '=', true))
    .innerJoin('role_permissions as rp', (j) => j.onRef('rp.role_id', '=', 'ur.role_id').onRef('rp.org_id', '=', 'ur.org_id'))
    // a permission is keyed by its org (migration 110): the role's org's row, never another org's of the same id
    .innerJoin('permissions as p', (j) => j.onRef('p.org_id', '=', 'rp.org_id').onRef('p.permission_id', '=', 'rp.permission_id'))
    .select(['p.group_name', 'p.parent_id', 'p.module_id'])
    .where('ur.user_id', '=', userId).where('ur.org_id', '=', orgId).where('p.app_id', '=', appId).where('p.enable', '=', true)
    .distinct().execute();
  return rows.map((r) => powerKey({ groupName: r.group_name, parentId: r.parent_id, moduleId: r.module_id }));
}

/**
 * Whether the caller holds a module power in its current org-app (§6): admins pass on their roles alone
 * (hasModulePower's bypass) without the powers lookup; others need the key among their roles' powers.
 */
export async function holdsPower(db: Kysely<Database>, request: FastifyRequest, key: string): Promise<boolean> {
  return holdsAnyPower(db, request, [key]);
}

/** Whether the caller holds one of the module powers (§6, with the bypass of hasModulePower). */
export async function holdsAnyPower(db: Kysely<Database>, request: FastifyRequest, keys: readonly string[]): Promise<boolean> {
  if (!keys.length || hasModulePower(keys[0], request.roles, [])) return true;
  // the auth hook read the caller's powers with the caller (same snapshot as his roles); a request it did not
  // resolve to an org-app holds none
  return keys.some((k) => request.powers.includes(k));
}

/** An org-app route with its entry of server/http/routePowers.ts: METHOD and Fastify url. */
export interface DeclaredRequirement { method: string; url: string; powers: readonly string[]; guarded: boolean; everyMember: boolean }
const declared = new WeakMap<FastifyInstance, DeclaredRequirement[]>();
/** The org-app routes of an app with the standing their table entry asks (tests walk them). */
export const declaredRequirements = (app: FastifyInstance): readonly DeclaredRequirement[] => declared.get(app) ?? [];

/** A route's auth level: its config's, or for an API route (`/vN/`) the strictest. */
export const levelOf = (config: FastifyContextConfig | undefined, url: string): AuthLevel => config?.auth ?? (/^\/v\d\//.test(url) ? 'orgApp' : 'public');

export function registerAuth(app: FastifyInstance, db: Kysely<Database>, clock: () => Date): void {
  const requirements: DeclaredRequirement[] = [];
  declared.set(app, requirements);
  // every org-app route has its entry in the table, or the server does not start (issue 27)
  app.addHook('onRoute', (options) => {
    const config = options.config as (FastifyContextConfig & { power?: unknown }) | undefined;
    if (levelOf(config, options.url) !== 'orgApp') return;
    for (const m of [options.method].flat()) {
      const method = String(m).toUpperCase() === 'HEAD' ? 'GET' : String(m).toUpperCase();
      const where = `${method} ${options.url}`;
      if (config?.power !== undefined) throw new Error(`${where}: config.power is gone, name the power in server/http/routePowers.ts`);
      const rule = ruleOf(method, options.url);
      if (!rule) throw new Error(`${where} has no entry in server/http/routePowers.ts: name the §6 power or the party it serves`);
      const problems = ruleProblems(rule);
      if (problems.length) throw new Error(`${where} in server/http/routePowers.ts: ${problems.join('; ')}`);
      if (!!rule.party !== !!config?.guard) throw new Error(`${where}: its table entry ${rule.party ? 'names a party but the route has no guard' : 'names no party but the route has a guard'}`);
      if (String(m).toUpperCase() !== 'HEAD') {
        requirements.push({ method, url: options.url, powers: powersOfRule(rule), guarded: !!config?.guard, everyMember: rule.everyMember !== undefined });
      }
    }
  });
  app.decorateRequest('user', null);
  app.decorateRequest('orgApp', null);
  app.decorateRequest('roles', null as unknown as AuthRole[]);
  app.decorateRequest('platform', false);
  app.decorateRequest('orgKind', NO_ORG_KIND);
  app.decorateRequest('powers', null as unknown as readonly string[]);
  app.decorateRequest('onlineRules', false);
  app.decorateRequest('member', null);
  // onRequest, before the body is parsed or validated: who you are is settled before what you sent.
  app.addHook('onRequest', async (request) => {
    request.roles = [];
    request.powers = [];
    const config = request.routeOptions.config;
    // API routes default to the strictest level; the console's files and /docs are public.
    const level = levelOf(config, request.routeOptions.url ?? '');
    // a storefront route knows members only: a staff token there is not even read (issue 34)
    if (level === 'member') {
      request.orgKind = NO_ORG_KIND;
      await authenticateMember(db, request, clock());
      return;
    }
    const token = header(request, 'accesstoken');
    const key = level === 'orgApp' ? header(request, 'key') : undefined;
    const caller = token ? await resolveCaller(db, token, key, clock()) : null;
    request.user = caller?.user ?? null;
    request.platform = caller?.platform ?? false;
    request.orgKind = caller?.orgKind ?? NO_ORG_KIND;
    if (level === 'public') return;
    if (!request.user) throw unauthorized(token ? '登录已过期，请重新登录' : '未登录，请先登录');
    // §9 issue 27: with the initial password he may only choose his own (or read his status, or sign out)
    if (request.user.mustChangePassword && !mayCallBeforePasswordChange(request.method, request.routeOptions.url ?? '')) {
      throw forbidden(INITIAL_PASSWORD_TEXT.mustChange);
    }
    if (level === 'user') return;
    if (!key) throw forbidden('缺少机构应用 key');
    if (caller?.inactive) throw forbidden(USER_ACCESS_TEXT.inactive);
    if (!caller?.orgApp) throw forbidden('您不是该机构的成员');
    request.orgApp = caller.orgApp;
    const roles = caller.roles;
    request.roles = roles;
    request.powers = caller.powers ?? [];
    request.onlineRules = caller.onlineRules ?? false;
    // a member nobody has given a role yet (a formal org's formuser sign-up) sees only the shell (issue 12)
    if (!roles.length && !request.platform && !rolelessMayCall(request.method, request.routeOptions.url ?? '')) throw forbidden('没有该操作的权限');
    // the route's entry (server/http/routePowers.ts): its party first (whose refusal says which party the route
    // serves), then one of its powers, unless the request asks only the open part
    await config.guard?.(request);
    const rule = ruleOf(request.method === 'HEAD' ? 'GET' : request.method, request.routeOptions.url ?? '')!;
    const powers = powersOfRule(rule);
    if (powers.length && !rule.open?.when(request) && !(await holdsAnyPower(db, request, powers))) throw forbidden('没有该操作的权限');
  });
}

/** Secrets travel in headers only: URLs end up in logs, histories and Referer headers (issue 16). */
function header(request: FastifyRequest, name: string): string | undefined {
  const h = request.headers[name];
  return typeof h === 'string' && h ? h : undefined;
}

/** For routes taking an orgId: it must be the org of the request's org-app, unless the caller is the platform. */
export function requireSameOrg(request: FastifyRequest, orgId: string | undefined): void {
  if (!orgId || !request.orgApp || orgId === request.orgApp.orgId) return;
  if (request.platform) return;
  throw forbidden('无权访问其他机构的数据');
}
