// Hooks of the roles screens over the queryOptions of services/roles.ts (keys under the live-update roots
// 'roles' and 'roleGroups').
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { menuKeys, powerKeys } from '../../../../services/permissions.ts';
import { roleGroupKeys, roleGroupsQuery, roleKeys, roleRelationsQuery, rolesQuery, roleUsersQuery } from '../../../../services/roles.ts';

export function useRoles() {
  const orgApp = useCurrentOrgApp();
  return useQuery({ ...rolesQuery(orgApp?.orgId), enabled: Boolean(orgApp?.key) });
}

export function useRoleGroups() {
  const orgApp = useCurrentOrgApp();
  return useQuery({ ...roleGroupsQuery(orgApp?.orgId), enabled: Boolean(orgApp?.key) });
}

export function useRoleRelations() {
  const orgApp = useCurrentOrgApp();
  return useQuery({ ...roleRelationsQuery(orgApp?.orgId), enabled: Boolean(orgApp?.key) });
}

export function useRoleUsers(roleId: string | null) {
  const orgApp = useCurrentOrgApp();
  return useQuery({ ...roleUsersQuery(orgApp?.orgId, roleId), enabled: Boolean(orgApp?.key && roleId) });
}

/** A mutation that refreshes every roles view (and the user's own powers and menu) when it succeeds. */
export function useRolesMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([roleKeys.all, roleGroupKeys.all, powerKeys.all, menuKeys.all].map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}
