// Who writes an org's recipe data (issue 9: the ingredient library's org entries, dishes, packages).
// §6 recipe roles are codes 1 (purchaser), 2 (supplier) and 5 (dietitian); the org admin (a role named admin_…)
// and the system provider (code 999, manage_admin_…) manage everything of their org. Everyone else who is a
// member reads (delivery, bureau, salesman, user admin). Membership itself is checked by the server before
// this rule runs: the rule decides inside the org the request acts in. One rule for the server's refusal and
// the screens' buttons.
import { ROLE_CODE } from './constants.ts';
import { isSystemProvider, type RoleLike } from './roles.ts';

/** §6 recipe roles */
export const RECIPE_ROLE_CODES: readonly string[] = [ROLE_CODE.purchaser, ROLE_CODE.supplier, ROLE_CODE.dietitian];

export function writesRecipes(caller: { platform?: boolean; roles: readonly RoleLike[] }): boolean {
  return caller.platform === true || isSystemProvider(caller.roles) || caller.roles.some((r) => RECIPE_ROLE_CODES.includes(r.code));
}

export const RECIPE_ACCESS_TEXT = { cannotWrite: '只有营养师、采购员、供应商或机构管理员可以维护食材、菜品和套餐' } as const;

/**
 * Recipe settings (issue 9: people groups, recipe labels, the mallRecipeSpec settings): the dietitian and the
 * org's admins and providers; purchasers and suppliers read them.
 */
export function writesRecipeSettings(caller: { platform?: boolean; roles: readonly RoleLike[] }): boolean {
  return caller.platform === true || isSystemProvider(caller.roles) || caller.roles.some((r) => r.code === ROLE_CODE.dietitian);
}
