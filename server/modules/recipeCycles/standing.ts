// Who the caller is to the org's recipe cycles, read once per request: the viewer of domain/recipeCycle (admin,
// role codes and names, user) and the org's recipe config that the access rules read (approval and who approves,
// the user limit, semesters). Cycle, sharing, allocation and nutrition routes all decide access from this.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { OrgAppRequest } from '../../http/route.ts';
import { readConfig } from '../config/orgConfig.ts';
import { approverRoleNamesOf, type RecipeViewer } from '../../../domain/recipeCycle.ts';
import { isSystemProvider } from '../../../domain/roles.ts';

export type RecipeCaller = RecipeViewer & { roleNames: string[] };

export interface RecipeStanding {
  viewer: RecipeCaller;
  approvalEnabled: boolean;
  approverRoleNames: string[];
  userLimitEnabled: boolean;
  semester: unknown;
  /** org config recipeConfig as stored (§3), for the settings a route reads beyond access */
  recipeConfig: Record<string, unknown>;
}

/** The caller as the recipe rules see it; a platform caller counts as an admin of the org. */
export function recipeViewerOf(request: OrgAppRequest): RecipeCaller {
  const roles = request.roles ?? [];
  return { admin: request.platform || isSystemProvider(roles), roleCodes: roles.map((r) => r.code), roleNames: roles.map((r) => r.name), userId: request.user.userId };
}

export async function recipeStanding(db: Kysely<Database>, request: OrgAppRequest): Promise<RecipeStanding> {
  const config = await readConfig(db, request.orgApp.orgId, request.orgApp.appId, ['recipeConfig', 'nutritiousmeals']);
  const recipeConfig = (config.recipeConfig ?? {}) as Record<string, unknown>;
  const meals = (config.nutritiousmeals ?? {}) as Record<string, unknown>;
  return {
    viewer: recipeViewerOf(request),
    approvalEnabled: recipeConfig.recipeApprovalEnable === true,
    approverRoleNames: approverRoleNamesOf(recipeConfig.recipeApprovalRoleNames),
    userLimitEnabled: meals.mallRecipeUserLimiteEnable === true,
    semester: meals.semester,
    recipeConfig,
  };
}
