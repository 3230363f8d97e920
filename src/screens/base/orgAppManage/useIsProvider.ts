import { ROLE_CODE } from '../../../../domain/constants.ts';
import { usePowers } from '../../../app/hooks.ts';

/** Creating orgs, templates, apps and partners is for system providers (role code 999); the server refuses others. */
export function useIsProvider(): boolean {
  const { roles } = usePowers();
  return roles.some((r) => r.code === ROLE_CODE.systemProvider);
}
