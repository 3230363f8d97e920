// Query keys and hooks of the contacts screen. Keys start with the live-update roots ('departments',
// 'contacts') so a live event of the org refreshes them (src/app/liveUpdates.ts).
import { useCallback, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { fetchAllPersons, fetchDepartments, type Person, type PersonQuery } from '../../../../services/contacts.ts';
import { fetchOrgUserLimit, fetchUser } from '../../../../services/users.ts';

export const departmentsKey = (orgId: string | undefined) => ['departments', orgId, 'tree'] as const;
export const userLimitKey = (orgId: string | undefined) => ['contacts', orgId, 'userLimit'] as const;
export const userKey = (orgId: string | undefined, userId: string) => ['contacts', orgId, 'user', userId] as const;
export const personsKey = (orgId: string | undefined, q: PersonQuery) => ['contacts', orgId, 'persons', q.departmentId ?? null, q.search ?? ''] as const;

export function useDepartments() {
  const orgApp = useCurrentOrgApp();
  return useQuery({ queryKey: departmentsKey(orgApp?.orgId), queryFn: () => fetchDepartments(), enabled: Boolean(orgApp?.key) });
}

/**
 * Every person matching `q` (§9 pages of 5000, three in parallel after a full first page). The rows of
 * pages already arrived show while the others load.
 */
export function usePersons(q: PersonQuery) {
  const orgApp = useCurrentOrgApp();
  const key = personsKey(orgApp?.orgId, q);
  const keyText = JSON.stringify(key);
  const [partial, setPartial] = useState<{ key: string; rows: Person[] }>({ key: '', rows: [] });
  const pages = useRef(new Map<string, Map<number, Person[]>>());
  const onPage = useCallback((k: string) => (rows: Person[], skip: number) => {
    const m = pages.current.get(k) ?? new Map<number, Person[]>();
    pages.current.set(k, m);
    m.set(skip, rows);
    const ordered = [...m.entries()].sort((a, b) => a[0] - b[0]).flatMap(([, r]) => r);
    setPartial({ key: k, rows: ordered });
  }, []);
  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      pages.current.delete(keyText);
      const rows = await fetchAllPersons(q, onPage(keyText));
      pages.current.delete(keyText);
      return rows;
    },
    enabled: Boolean(orgApp?.key),
  });
  const rows = query.data ?? (partial.key === keyText ? partial.rows : undefined);
  return { ...query, rows };
}

/** A mutation that refreshes the contacts views when it succeeds. */
export function useContactsMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['departments'] }),
        client.invalidateQueries({ queryKey: ['contacts'] }),
      ]);
    },
  });
}

/** §7 the org's user limit (used / limit); refreshed with the contacts views. */
export function useOrgUserLimit(enabled: boolean) {
  const orgApp = useCurrentOrgApp();
  return useQuery({ queryKey: userLimitKey(orgApp?.orgId), queryFn: () => fetchOrgUserLimit(), enabled: enabled && Boolean(orgApp?.key) });
}

/** A person's user account, read once per dialog (a refresh must not overwrite the form being edited). */
export function useUserAccount(userId: string) {
  const orgApp = useCurrentOrgApp();
  return useQuery({ queryKey: userKey(orgApp?.orgId, userId), queryFn: () => fetchUser(userId), staleTime: Infinity, gcTime: 0, enabled: Boolean(orgApp?.key) });
}
