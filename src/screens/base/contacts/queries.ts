// Hooks of the contacts screen over the queryOptions of services/contacts.ts and services/users.ts (their keys
// start with the live-update roots 'departments' and 'contacts', so a live event of the org refreshes them).
import { useCallback, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { contactKeys, departmentKeys, departmentsQuery, personsQuery, type Person, type PersonQuery } from '../../../../services/contacts.ts';
import { orgUserLimitQuery, userQuery } from '../../../../services/users.ts';

export function useDepartments() {
  const orgApp = useCurrentOrgApp();
  return useQuery({ ...departmentsQuery(orgApp?.orgId), enabled: Boolean(orgApp?.key) });
}

/**
 * Every person matching `q` (§9 pages of 5000, three in parallel after a full first page). The rows of
 * pages already arrived show while the others load.
 */
export function usePersons(q: PersonQuery) {
  const orgApp = useCurrentOrgApp();
  const keyText = JSON.stringify(contactKeys.persons(orgApp?.orgId, q));
  const [partial, setPartial] = useState<{ key: string; rows: Person[] }>({ key: '', rows: [] });
  const pages = useRef(new Map<string, Map<number, Person[]>>());
  const onPage = useCallback((k: string) => (rows: Person[], skip: number) => {
    // the first page is always read alone first: a new read starts afresh
    const m = skip === 0 ? new Map<number, Person[]>() : pages.current.get(k) ?? new Map<number, Person[]>();
    pages.current.set(k, m);
    m.set(skip, rows);
    const ordered = [...m.entries()].sort((a, b) => a[0] - b[0]).flatMap(([, r]) => r);
    setPartial({ key: k, rows: ordered });
  }, []);
  const query = useQuery({ ...personsQuery(orgApp?.orgId, q, onPage(keyText)), enabled: Boolean(orgApp?.key) });
  const rows = query.data ?? (partial.key === keyText ? partial.rows : undefined);
  return { ...query, rows };
}

/** A mutation that refreshes the contacts views (departments, persons, accounts, user limit) when it succeeds. */
export function useContactsMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: departmentKeys.all }),
        client.invalidateQueries({ queryKey: contactKeys.all }),
      ]);
    },
  });
}

/** §7 the org's user limit (used / limit); refreshed with the contacts views. */
export function useOrgUserLimit(enabled: boolean) {
  const orgApp = useCurrentOrgApp();
  return useQuery({ ...orgUserLimitQuery(orgApp?.orgId), enabled: enabled && Boolean(orgApp?.key) });
}

/** A person's user account, read once per dialog (a refresh must not overwrite the form being edited). */
export function useUserAccount(userId: string) {
  const orgApp = useCurrentOrgApp();
  return useQuery({ ...userQuery(orgApp?.orgId, userId), enabled: Boolean(orgApp?.key) });
}
