import { ROLE_CODE } from './constants.ts';
import { isSystemProvider, type RoleLike } from './roles.ts';

// §6 power key format: groupName-parentId-moduleId, parentId empty when -1
export function powerKey(entry: { groupName: string; parentId: string; moduleId: string }): string {
  const parent = entry.parentId === '-1' ? '' : entry.parentId;
  return `${entry.groupName}-${parent}-${entry.moduleId}`;
}

type Powers = readonly string[] | ReadonlySet<string>;

const holds = (powers: Powers, key: string) =>
  powers instanceof Set ? powers.has(key) : (powers as readonly string[]).includes(key);

// §6 the normal variant: empty key allowed, otherwise the key must be held; no admin bypass
export function hasModulePowerStrict(key: string | undefined, powers: Powers): boolean {
  return !key || holds(powers, key);
}

// §6 module power check: 999, admin, manage admin and useradmin are always allowed
export function hasModulePower(key: string | undefined, roles: readonly RoleLike[], powers: Powers): boolean {
  if (isSystemProvider(roles) || roles.some((r) => r.code === ROLE_CODE.userAdmin)) return true;
  return hasModulePowerStrict(key, powers);
}

// §6 permission directive: removes an element without the power; with noaccess removes it when present
export function permissionDirective(
  key: string | undefined,
  roles: readonly RoleLike[],
  powers: Powers,
  modifier?: 'noaccess',
): 'keep' | 'remove' {
  const allowed = hasModulePower(key, roles, powers);
  if (modifier === 'noaccess') return allowed ? 'remove' : 'keep';
  return allowed ? 'keep' : 'remove';
}
