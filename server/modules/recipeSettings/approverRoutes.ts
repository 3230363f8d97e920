// Who approves the org's weekly recipes (issue 28 point 6), part of its recipe settings. Read by every member of a
// recipe screen (the editor names the approvers before and after 提交审核); set by those who may change the org
// config (the entry of PUT in server/http/routePowers.ts: the configEdit power, or an admin role), never by the
// dietitian whose cycles it governs. Stored in the org config as events (recipeConfig.recipeApprovalEnable, the
// switch the system settings also show, and the path `recipeApprovers`), both in one transaction.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import { route, type OrgAppRequest } from '../../http/route.ts';
import { holdsAnyPower } from '../../http/auth.ts';
import { powersOfRule, ruleOf } from '../../http/routePowers.ts';
import { runDecisions } from '../../store/command.ts';
import { readConfig, writeConfig } from '../config/orgConfig.ts';
import * as api from '../../../contracts/recipeApprovers.ts';
import {
  APPROVER_TEXT, RECIPE_APPROVERS_PATH, approverRuleOf, approverSettingRefusal, normalizedSetting, type RecipeApproverRule, type RecipeApproverSetting,
} from '../../../domain/recipeApprovers.ts';
import { isSystemProvider } from '../../../domain/roles.ts';

const member = { auth: 'orgApp' } as const;
/** members listed to choose from, at most: a school's staff with a role */
const CHOICES_MAX = 500;

interface Holder { userId: string; name: string; roleId: string; roleName: string; code: string; roleLabel: string }

/**
 * The enabled roles of the org and their holders whose membership of the org-app is active (a school's staff with a
 * role: bounded, as the choices are).
 */
async function holdersOf(db: Kysely<Database>, orgId: string, appId: string, now: Date): Promise<Holder[]> {
  const q = db.selectFrom('user_roles as ur')
    .innerJoin('roles as r', (j) => j.onRef('r.role_id', '=', 'ur.role_id').onRef('r.org_id', '=', 'ur.org_id'))
    .innerJoin('org_app_users as m', (j) => j.onRef('m.user_id', '=', 'ur.user_id').onRef('m.org_id', '=', 'ur.org_id'))
    .innerJoin('users as u', 'u.user_id', 'ur.user_id')
    .select(['u.user_id', 'u.name as user_name', 'u.username', 'r.role_id', 'r.name as role_name', 'r.cn_name', 'r.code'])
    .where('ur.org_id', '=', orgId).where('m.app_id', '=', appId).where('r.enable', '=', true).where('m.enable', '=', true).where('u.enable', '=', true)
    .where((eb) => eb.or([eb('m.expiration', 'is', null), eb('m.expiration', '>', now)]));
  const rows = await q.orderBy('u.name').orderBy('u.user_id').limit(CHOICES_MAX * 4).execute();
  return rows.map((r) => ({
    userId: r.user_id, name: r.user_name || r.username, roleId: r.role_id, roleName: r.role_name, code: r.code, roleLabel: r.cn_name || r.role_name,
  }));
}

const uniqueBy = <T>(rows: readonly T[], key: (r: T) => string) => [...new Map(rows.map((r) => [key(r), r])).values()];

export default async function recipeApproverRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  const changeRule = ruleOf('PUT', '/v5/mall/recipe/approvers');
  const mayChange = (request: OrgAppRequest) => holdsAnyPower(db, request, changeRule ? powersOfRule(changeRule) : []);

  async function ruleIn(orgId: string, appId: string): Promise<{ rule: RecipeApproverRule; saved: boolean }> {
    const config = await readConfig(db, orgId, appId, ['recipeConfig', RECIPE_APPROVERS_PATH]);
    const saved = config[RECIPE_APPROVERS_PATH];
    const rule = approverRuleOf((config.recipeConfig ?? {}) as Record<string, unknown>, saved);
    return { rule, saved: approverSettingRefusal(saved) === null };
  }

  async function view(request: OrgAppRequest): Promise<api.RecipeApprovers> {
    const { orgId, appId } = request.orgApp;
    const now = clock();
    const { rule, saved } = await ruleIn(orgId, appId);
    const canChange = await mayChange(request);
    const all = rule.mode === 'none' && !canChange ? [] : await holdersOf(db, orgId, appId, now);
    let roles: api.RecipeApproverRole[] = [];
    let approvers: api.RecipeApproverPerson[] = [];
    if (rule.mode === 'roles') {
      const named = await db.selectFrom('roles').select(['role_id', 'name', 'cn_name']).where('org_id', '=', orgId).where('enable', '=', true)
        .where('role_id', 'in', rule.roleIds.length ? [...rule.roleIds] : ['']).execute();
      roles = named.map((r) => ({ roleId: r.role_id, name: r.cn_name || r.name }));
      approvers = all.filter((h) => rule.roleIds.includes(h.roleId));
    } else if (rule.mode === 'members') {
      approvers = all.filter((h) => rule.userIds.includes(h.userId));
    } else if (rule.mode === 'admins') {
      const admins = all.filter((h) => isSystemProvider([{ code: h.code, name: h.roleName }]) || rule.roleNames.includes(h.roleName));
      roles = uniqueBy(admins.map((h) => ({ roleId: h.roleId, name: h.roleLabel })), (r) => r.roleId);
      approvers = admins;
    }
    const person = (h: { userId: string; name: string }) => ({ userId: h.userId, name: h.name });
    return {
      mode: rule.mode, saved,
      roleIds: rule.mode === 'roles' ? [...rule.roleIds] : [], userIds: rule.mode === 'members' ? [...rule.userIds] : [],
      roles, approvers: uniqueBy(approvers.map(person), (p) => p.userId), canChange,
      ...(canChange && {
        choices: {
          roles: uniqueBy(all.map((h) => ({ roleId: h.roleId, name: h.roleLabel })), (r) => r.roleId)
            .concat(await rolesWithoutHolders(orgId, all.map((h) => h.roleId))),
          members: uniqueBy(all.map(person), (p) => p.userId).slice(0, CHOICES_MAX),
        },
      }),
    };
  }

  /** The org's enabled roles nobody holds yet: a school may name a role before giving it to someone. */
  async function rolesWithoutHolders(orgId: string, held: readonly string[]): Promise<api.RecipeApproverRole[]> {
    let q = db.selectFrom('roles').select(['role_id', 'name', 'cn_name']).where('org_id', '=', orgId).where('enable', '=', true);
    if (held.length) q = q.where('role_id', 'not in', [...new Set(held)]);
    return (await q.orderBy('name').limit(CHOICES_MAX).execute()).map((r) => ({ roleId: r.role_id, name: r.cn_name || r.name }));
  }

  route(app, api.getRecipeApprovers, member, async (request) => ok(await view(request)));

  route(app, api.setRecipeApprovers, member, async (request) => {
    const { orgId, appId } = request.orgApp;
    const body = { mode: request.body.mode, roleIds: request.body.roleIds ?? [], userIds: request.body.userIds ?? [] };
    const refusal = approverSettingRefusal(body);
    if (refusal) throw badRequest(refusal);
    const setting: RecipeApproverSetting = normalizedSetting(body);
    await runDecisions(db, async (tx) => {
      // the roles and members named are this org's: an id of another org, a disabled role or a former member is refused
      if (setting.roleIds.length) {
        const found = await tx.selectFrom('roles').select('role_id').where('org_id', '=', orgId).where('enable', '=', true).where('role_id', 'in', setting.roleIds).execute();
        if (found.length !== setting.roleIds.length) throw badRequest(APPROVER_TEXT.unknownRole);
      }
      if (setting.userIds.length) {
        const found = await tx.selectFrom('org_app_users').select('user_id').where('org_id', '=', orgId).where('app_id', '=', appId).where('enable', '=', true)
          .where('user_id', 'in', setting.userIds).execute();
        if (found.length !== setting.userIds.length) throw badRequest(APPROVER_TEXT.unknownMember);
      }
      await writeConfig(tx, request, clock(), { orgId, appId }, 'recipeConfig.recipeApprovalEnable', setting.mode !== 'none');
      if (setting.mode !== 'none') await writeConfig(tx, request, clock(), { orgId, appId }, RECIPE_APPROVERS_PATH, setting);
    });
    return ok(await view(request));
  });
}
