// §3 product members: member group (default 'ordinary member', sort 1) and member config (memberLevel list,
// default LV1); §5/§8 moving members without ids or groupId: 参数异常.
import { DEFAULT_MEMBER_GROUP, DEFAULT_MEMBER_LEVEL } from './constants.ts';

export interface MemberLevel {
  id: string;
  name: string;
  sort: number;
}

export interface MemberConfig {
  memberLevel: MemberLevel[];
}

export interface MemberGroup {
  groupId: string;
  name: string;
  sort: number;
  isDefault: boolean;
  /** the version read: sent back with an edit, refused (409) when someone changed it meanwhile (docs/versions.md) */
  version?: number;
}

export interface ProductMember {
  userId: string;
  name: string;
  phoneNumber: string;
  groupId: string;
  groupName?: string;
  config: { level?: string; [k: string]: unknown };
  createdAt?: string;
  /** the version read: sent back with an edit, refused (409) when someone changed it meanwhile (docs/versions.md) */
  version?: number;
}

/** §8 member ids or groupId missing */
export const MEMBER_PARAM_ERROR = '参数异常';

/** §3 the default member group: named 'ordinary member', sort 1 */
export const defaultMemberGroup = (): { name: string; sort: number } => ({ ...DEFAULT_MEMBER_GROUP });

/** §3/§9 the member config before anyone set it: one level, LV1 */
export function defaultMemberConfig(): MemberConfig {
  return { memberLevel: [{ id: DEFAULT_MEMBER_LEVEL, name: DEFAULT_MEMBER_LEVEL, sort: 1 }] };
}

/** The console shows the default group by its Chinese name. */
export const isDefaultGroupName = (name: string): boolean => name === DEFAULT_MEMBER_GROUP.name;

/** §5 moving members: ids and groupId both required; returns the §8 text when missing, else null. */
export function moveGroupProblem(input: { ids?: unknown; groupId?: unknown }): string | null {
  const ids = Array.isArray(input.ids) ? input.ids.filter((x) => typeof x === 'string' && x.trim() !== '') : [];
  if (ids.length === 0) return MEMBER_PARAM_ERROR;
  if (typeof input.groupId !== 'string' || input.groupId.trim() === '') return MEMBER_PARAM_ERROR;
  return null;
}

/** A member-level list is usable when non-empty, ids and names non-blank and ids unique; else the problem. */
export function memberLevelProblem(levels: MemberLevel[]): string | null {
  if (levels.length === 0) return '会员等级不能为空';
  const ids = new Set<string>();
  for (const l of levels) {
    if (!l.id.trim() || !l.name.trim()) return '会员等级的编号和名称不能为空';
    if (ids.has(l.id)) return `会员等级编号重复：${l.id}`;
    ids.add(l.id);
  }
  return null;
}

/** Levels in display order: by sort, then id. */
export const sortLevels = (levels: MemberLevel[]): MemberLevel[] =>
  [...levels].sort((a, b) => a.sort - b.sort || a.id.localeCompare(b.id));

/** The level a new member gets: the first level of the config, LV1 by default. */
export function defaultLevelOf(config: MemberConfig | null | undefined): string {
  return sortLevels(config?.memberLevel ?? [])[0]?.id ?? DEFAULT_MEMBER_LEVEL;
}

/** Groups in display order: by sort, then name. */
export const sortGroups = <G extends { sort: number; name: string }>(groups: G[]): G[] =>
  [...groups].sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name));
