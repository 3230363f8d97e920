// Query keys and hooks of the roles screens; keys start with the live-update roots ('roles', 'roleGroups').
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { fetchRoleGroups, fetchRoleRelations, fetchRoles, fetchRoleUsers } from '../../../../services/roles.ts';

export function useRoles() {
  const orgApp = useCurrentOrgApp();
  return useQuery({ queryKey: ['roles', orgApp?.orgId, 'list'], queryFn: () => fetchRoles(), enabled: Boolean(orgApp?.key) });
}

export function useRoleGroups() {
  const orgApp = useCurrentOrgApp();
  return useQuery({ queryKey: ['roleGroups', orgApp?.orgId, 'list'], queryFn: fetchRoleGroups, enabled: Boolean(orgApp?.key) });
}

export function useRoleRelations() {
  const orgApp = useCurrentOrgApp();
  return useQuery({ queryKey: ['roles', orgApp?.orgId, 'relations'], queryFn: fetchRoleRelations, enabled: Boolean(orgApp?.key) });
}

export function useRoleUsers(roleId: string | null) {
  const orgApp = useCurrentOrgApp();
  return useQuery({
    queryKey: ['roles', orgApp?.orgId, 'users', roleId],
    queryFn: () => fetchRoleUsers({ roleId: roleId! }),
    enabled: Boolean(orgApp?.key && roleId),
  });
}

/** A mutation that refreshes every roles view (and the user's own powers and menu) when it succeeds. */
export function useRolesMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all(['roles', 'roleGroups', 'powers', 'menu'].map((root) => client.invalidateQueries({ queryKey: [root] })));
    },
  });
}
