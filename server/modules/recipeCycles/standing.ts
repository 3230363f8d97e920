// Who the caller is to the org's recipe cycles, read once per request: the viewer of domain/recipeCycle (admin,
// role codes and names, user) and the org's recipe config that the access rules read (approval and who approves,
// the user limit, semesters). Cycle, sharing, allocation and nutrition routes all decide access from this.
// Who approves is the org's rule (domain/recipeApprovers.ts, issue 28), read from the org config, matched against
// the roles the auth hook found granted to the caller in this org.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { OrgAppRequest } from '../../http/route.ts';
import { readConfig } from '../config/orgConfig.ts';
import { approvalRequired, approverRuleOf, RECIPE_APPROVERS_PATH, type ApproverCaller, type RecipeApproverRule } from '../../../domain/recipeApprovers.ts';
import { isSystemProvider } from '../../../domain/roles.ts';

export type RecipeCaller = ApproverCaller;

export interface RecipeStanding {
  viewer: RecipeCaller;
  /** a submitted cycle waits for an approver (else submitting publishes it) */
  approvalEnabled: boolean;
  /** who approves (domain/recipeApprovers approverRuleOf) */
  approvers: RecipeApproverRule;
  userLimitEnabled: boolean;
  semester: unknown;
  /** org config recipeConfig as stored (§3), for the settings a route reads beyond access */
  recipeConfig: Record<string, unknown>;
}

/** The caller as the recipe rules see it; a platform caller counts as an admin of the org. */
export function recipeViewerOf(request: OrgAppRequest): RecipeCaller {
  const roles = request.roles ?? [];
  return {
    admin: request.platform || isSystemProvider(roles), roleCodes: roles.map((r) => r.code), roleNames: roles.map((r) => r.name), roleIds: roles.map((r) => r.roleId),
    userId: request.user.userId,
  };
}

export async function recipeStanding(db: Kysely<Database>, request: OrgAppRequest): Promise<RecipeStanding> {
  const config = await readConfig(db, request.orgApp.orgId, request.orgApp.appId, ['recipeConfig', 'nutritiousmeals', RECIPE_APPROVERS_PATH]);
  const recipeConfig = (config.recipeConfig ?? {}) as Record<string, unknown>;
  const meals = (config.nutritiousmeals ?? {}) as Record<string, unknown>;
  const approvers = approverRuleOf(recipeConfig, config[RECIPE_APPROVERS_PATH]);
  return {
    viewer: recipeViewerOf(request),
    approvalEnabled: approvalRequired(approvers),
    approvers,
    userLimitEnabled: meals.mallRecipeUserLimiteEnable === true,
    semester: meals.semester,
    recipeConfig,
  };
}
