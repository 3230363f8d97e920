// §4 online restriction on the server: the API calls of a module (domain/moduleApis) are refused with a 403
// in the window its menu entry is blocked, by the same rule the console applies (domain checkOnline) and the
// server's clock. Admins, manage admins and code 999 pass (§6). Checked on every request, for the request's
// own org-app: only the route → screens table (the same for every org) is kept between requests.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { OnlineRule } from '../../domain/types.ts';
import { nowParts } from '../../domain/onlineRestriction.ts';
import { bypassesOnlineRestriction } from '../../domain/roles.ts';
import { checkModuleCall, defaultRefusalText, modulesOfRoute, type OwningEntry } from '../../domain/moduleApis.ts';
import { forbidden } from './errors.ts';

interface OwningRow {
  module_name: string;
  online: OnlineRule | null;
}

/**
 * The caller's pcMenu entries in the org-app whose screen (component, else moduleId: domain screenOfEntry)
 * is one of `screens`, held through his enabled roles, with their online rules. One query on the
 * (org_id, app_id, group_name) index; only routes that belong to a module ask it.
 */
async function heldEntries(db: Kysely<Database>, orgId: string, appId: string, roleIds: readonly string[], screens: readonly string[]) {
  const { rows } = await sql<OwningRow>`
    SELECT p.module_name, p.extra_info -> 'online' AS online
    FROM permissions p
    WHERE p.org_id = ${orgId} AND p.app_id = ${appId} AND p.group_name = 'pcMenu' AND p.enable
      AND COALESCE(NULLIF(p.extra_info ->> 'component', ''), p.module_id) = ANY(${[...screens]}::text[])
      AND EXISTS (SELECT 1 FROM role_permissions rp
                  WHERE rp.org_id = p.org_id AND rp.permission_id = p.permission_id AND rp.role_id = ANY(${[...roleIds]}::text[]))`.execute(db);
  return rows.map((r): OwningEntry => ({ moduleName: r.module_name, rule: r.online ?? undefined, held: true }));
}

export function registerOnlineRestriction(app: FastifyInstance, db: Kysely<Database>, clock: () => Date): void {
  // the static table, resolved once per route: no org's data is in it
  const ownersOfRoute = new Map<string, string[]>();
  // onRequest, after auth's hook (registered before this one): the caller's org-app and roles are known
  app.addHook('onRequest', async (request) => {
    const orgApp = request.orgApp;
    const url = request.routeOptions.url;
    if (!orgApp || !request.user || !url || bypassesOnlineRestriction(request.roles)) return;
    const routeKey = `${request.method} ${url}`;
    let screens = ownersOfRoute.get(routeKey);
    if (!screens) {
      screens = modulesOfRoute(request.method, url);
      ownersOfRoute.set(routeKey, screens);
    }
    // no held pcMenu entry of the org-app has an enabled rule (read with the caller): nothing can block this call
    if (!screens.length || !request.roles.length || !request.onlineRules) return;
    const entries = await heldEntries(db, orgApp.orgId, orgApp.appId, request.roles.map((r) => r.roleId), screens);
    if (!entries.some((e) => e.rule?.enable)) return;
    const now = nowParts(clock());
    const holidays = entries.some((e) => e.rule?.enable && e.rule.model === 2)
      ? await db.selectFrom('holidays').select(['date', 'type']).where('date', '=', now.date).execute()
      : [];
    const result = checkModuleCall(entries, now, holidays, request.roles);
    if (result.blocked) throw forbidden(result.msg || defaultRefusalText(result.moduleName ?? ''));
  });
}
