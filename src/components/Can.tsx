import type { ReactNode } from 'react';
import { permissionDirective, powerKey } from '../../domain/powerKey.ts';
import { usePowers } from '../app/hooks.ts';

/** A power key (§6 groupName-parentId-moduleId) or the entry it is made from. */
export type PermissionRef = string | { groupName: string; parentId: string; moduleId: string } | undefined;

const keyOf = (ref: PermissionRef): string | undefined => (typeof ref === 'object' ? powerKey(ref) : ref);

export type PermissionState = 'loading' | 'error' | 'allowed' | 'denied';

/**
 * §6 the permission directive as a hook: 'allowed' when the element should stay. Without modifier an element
 * stays when the user holds the power (empty key, 999, admin, manage admin and useradmin always do); with
 * `noaccess` it stays only when the user does not.
 */
export function usePermissionState(permission: PermissionRef, modifier?: 'noaccess'): PermissionState {
  const { powers, roles, isLoading, isError } = usePowers();
  if (isLoading) return 'loading';
  if (isError) return 'error';
  return permissionDirective(keyOf(permission), roles, powers, modifier) === 'keep' ? 'allowed' : 'denied';
}

/** §6 `v-permission` as a boolean: render the element only when this is true (false while loading). */
export function usePermission(permission: PermissionRef, modifier?: 'noaccess'): boolean {
  return usePermissionState(permission, modifier) === 'allowed';
}

export interface CanProps {
  /** the power key, or the menu/permission entry it comes from */
  permission: PermissionRef;
  /** 'noaccess': show the children only to users without the power */
  modifier?: 'noaccess';
  /** shown while the user's powers load (default nothing) */
  loading?: ReactNode;
  /** shown instead of the children when not allowed (default nothing: the element is removed) */
  denied?: ReactNode;
  /** shown when the powers could not be read (default: the denied slot) */
  error?: ReactNode;
  children: ReactNode;
}

/** Permission check as a component, with loading, denied and error slots. */
export function Can({ permission, modifier, loading = null, denied = null, error, children }: CanProps) {
  const state = usePermissionState(permission, modifier);
  if (state === 'loading') return <>{loading}</>;
  if (state === 'error') return <>{error === undefined ? denied : error}</>;
  return <>{state === 'allowed' ? children : denied}</>;
}

export default Can;
