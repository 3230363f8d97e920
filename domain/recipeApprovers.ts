// Who approves an org's weekly recipes (issue 28 point 6; issue 9 approval lifecycle). The school says it in its
// recipe settings: nobody (a submitted cycle is published at once, recorded as published without approval), the
// members holding one of the roles it names, or the members it names. Stored in the org config: the on/off switch
// stays recipeConfig.recipeApprovalEnable (the system settings screen shows it too), the approvers are the path
// `recipeApprovers`. An org that never saved approvers keeps the rule of issue 9: its admins and the roles
// recipeConfig.recipeApprovalRoleNames names. The server decides from this rule and the caller's granted roles,
// never from anything the client sends; the screens show the same rule's people.
import { isRecipeEditor, type RecipeViewer } from './recipeCycle.ts';

/** The org config path holding the approvers (beside recipeConfig.recipeApprovalEnable). */
export const RECIPE_APPROVERS_PATH = 'recipeApprovers';

export const RECIPE_APPROVER_MODES = ['none', 'roles', 'members'] as const;
export type RecipeApproverMode = (typeof RECIPE_APPROVER_MODES)[number];

/** What the school saves. */
export interface RecipeApproverSetting {
  mode: RecipeApproverMode;
  /** mode 'roles': roles of this org whose holders approve */
  roleIds: string[];
  /** mode 'members': members of this org who approve */
  userIds: string[];
}

/** The rule in force: the saved setting, or issue 9's rule ('admins') when the org never saved one. */
export type RecipeApproverRule =
  | { mode: 'none' }
  | { mode: 'roles'; roleIds: readonly string[] }
  | { mode: 'members'; userIds: readonly string[] }
  | { mode: 'admins'; roleNames: readonly string[] };

/** Roles or members one setting names at most: a school has a handful of reviewers. */
export const APPROVER_LIMITS = { max: 50 } as const;

export const APPROVER_TEXT = {
  badMode: '参数错误：审核方式只能是 none、roles 或 members',
  noRoles: '请至少选择一个审核角色',
  noMembers: '请至少选择一位审核人',
  tooMany: `参数错误：审核角色或审核人最多 ${APPROVER_LIMITS.max} 个`,
  unknownRole: '审核角色不是本机构的角色',
  unknownMember: '审核人不是本机构的成员',
  notApprover: '您不是本机构设置的食谱审核人，不能审核此周食谱；审核人见食谱编辑页',
  ownSubmission: '不能审核自己提交的周食谱，请由其他审核人审核',
} as const;

const ids = (v: unknown): string[] | null =>
  Array.isArray(v) && v.every((x) => typeof x === 'string' && x.length > 0 && x.length <= 128) ? [...new Set(v as string[])] : null;

/** The refusal of a setting's shape (which roles and members exist is the server's to check), or null. */
export function approverSettingRefusal(value: unknown): string | null {
  const v = (value ?? {}) as Partial<Record<keyof RecipeApproverSetting, unknown>>;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return APPROVER_TEXT.badMode;
  if (!(RECIPE_APPROVER_MODES as readonly unknown[]).includes(v.mode)) return APPROVER_TEXT.badMode;
  const roleIds = ids(v.roleIds ?? []);
  const userIds = ids(v.userIds ?? []);
  if (!roleIds || !userIds) return APPROVER_TEXT.badMode;
  if (roleIds.length > APPROVER_LIMITS.max || userIds.length > APPROVER_LIMITS.max) return APPROVER_TEXT.tooMany;
  if (v.mode === 'roles' && roleIds.length === 0) return APPROVER_TEXT.noRoles;
  if (v.mode === 'members' && userIds.length === 0) return APPROVER_TEXT.noMembers;
  return null;
}

/** A valid setting as stored: only the ids its mode uses. */
export function normalizedSetting(value: RecipeApproverSetting): RecipeApproverSetting {
  return {
    mode: value.mode,
    roleIds: value.mode === 'roles' ? [...new Set(value.roleIds)] : [],
    userIds: value.mode === 'members' ? [...new Set(value.userIds)] : [],
  };
}

/** The config value of the roles issue 9's rule names (unknown shapes: none). */
export function approverRoleNamesOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.length > 0) : [];
}

/**
 * The rule in force from the org config: approval off → nobody approves; on with saved approvers → those; on with
 * none saved → the org's admins and the roles recipeConfig.recipeApprovalRoleNames names (issue 9).
 */
export function approverRuleOf(recipeConfig: Record<string, unknown>, saved: unknown): RecipeApproverRule {
  if (recipeConfig.recipeApprovalEnable !== true) return { mode: 'none' };
  if (approverSettingRefusal(saved) === null) {
    const s = saved as RecipeApproverSetting;
    if (s.mode === 'roles') return { mode: 'roles', roleIds: ids(s.roleIds) ?? [] };
    if (s.mode === 'members') return { mode: 'members', userIds: ids(s.userIds) ?? [] };
  }
  return { mode: 'admins', roleNames: approverRoleNamesOf(recipeConfig.recipeApprovalRoleNames) };
}

/** Whether a submitted cycle waits for an approver (else submitting publishes it). */
export const approvalRequired = (rule: RecipeApproverRule) => rule.mode !== 'none';

/** The caller as the approval rule reads him: his granted roles in the org (ids and names), his id, admin or not. */
export type ApproverCaller = RecipeViewer & { roleIds: readonly string[]; roleNames: readonly string[] };

/**
 * Whether the caller approves the org's cycles under the rule. Without approval nothing waits for anyone: a cycle
 * submitted before the school switched approval off may be approved by those who may publish it anyway (editors).
 */
export function mayApprove(v: ApproverCaller, rule: RecipeApproverRule): boolean {
  switch (rule.mode) {
    case 'none': return isRecipeEditor(v);
    case 'roles': return rule.roleIds.some((id) => v.roleIds.includes(id));
    case 'members': return rule.userIds.includes(v.userId);
    case 'admins': return v.admin || rule.roleNames.some((n) => v.roleNames.includes(n));
  }
}

/**
 * Four eyes: where the school names approvers, the one who submitted a cycle does not approve it, even when he is
 * an approver himself. Without approval nobody checks anyway, so nothing is refused there.
 */
export const ownApprovalAllowed = (rule: RecipeApproverRule) => rule.mode === 'none';
