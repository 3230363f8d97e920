import type { QueryClient } from '@tanstack/react-query';
import { subscribeLiveEvents, type LiveEvent, type LiveSubscription } from '../../services/live.ts';

/**
 * Which react-query key roots an event type touches (ARCHITECTURE.md live updates). Event types are
 * PascalCase `<Aggregate><Verb>`; the longest matching prefix wins. Screens key their queries with these
 * roots first (e.g. ['roles', orgId, …]), so one invalidation refreshes every view of the group.
 */
const INVALIDATIONS: [prefix: string, roots: string[]][] = [
  ['UserRole', ['roles', 'powers', 'menu', 'users', 'contacts']],
  ['RolePermission', ['roles', 'permissions', 'powers', 'menu']],
  ['RoleGroup', ['roleGroups', 'roles']],
  ['Role', ['roles', 'powers', 'menu']],
  ['Permission', ['permissions', 'powers', 'menu']],
  ['Menu', ['menu']],
  ['UserOrgApp', ['users', 'orgApps']],
  ['User', ['users', 'contacts']],
  ['Person', ['contacts', 'users']],
  ['Department', ['departments', 'contacts']],
  ['Contact', ['contacts', 'departments']],
  ['OrgConfig', ['config']],
  ['AppConfig', ['config', 'apps']],
  ['OrgApp', ['orgApps']],
  ['Org', ['orgApps', 'orgs']],
  ['App', ['apps', 'orgApps']],
  ['Holiday', ['holidays']],
  // issue 33, bright kitchens
  ['VideoDevice', ['devices', 'inspections']],
  ['Inspection', ['inspections', 'devices', 'installerCompanies']],
  ['DeviceAlert', ['deviceAlerts', 'inspections']],
  ['InstallerCompany', ['installerCompanies', 'devices']],
  // org-app init templates (services/orgInit.ts initTemplateKeys); the first-word fallback would say 'inits'
  ['InitTemplate', ['initTemplates']],
  ['Category', ['categories']],
  ['Spec', ['specs']],
  // price events (SkuPriceCreated/Changed/Decided/Deleted) refresh price lists, queues and logs, not the SKU lists
  ['SkuPrice', ['prices']],
  ['Sku', ['skus', 'prices']],
  ['Price', ['prices']],
  ['Product', ['products']],
  ['Order', ['orders']],
  // a stop's arrival may deliver its order: the order lists refresh too
  ['Logistics', ['logistics', 'orders']],
  // a cycle's cells, its dishes and the org's ingredient values all feed the nutrition analysis (services/nutrition.ts)
  ['Recipe', ['recipes', 'nutrition']],
  // an org's ingredient values feed its dishes' nutrients
  ['FoodIngredient', ['foodIngredients', 'dishes', 'nutrition']],
  ['DishPackage', ['dishPackages']],
  ['Dish', ['dishes', 'dishPackages', 'nutrition']],
  ['MemberAccess', ['users', 'contacts', 'orgApps']],
  ['Member', ['members']],
  ['Supplier', ['suppliers']],
  ['MallSupplier', ['suppliers']],
  ['Route', ['routes']],
  ['MallRoute', ['routes']],
  ['Logistics', ['logistics']],
  ['Form', ['forms']],
  // issue 34, activityList: an activity and its sign-ups (services/activities.ts activityKeys)
  ['Activity', ['activities']],
];

/** Every event is also an operation-log entry (§2 logs are views of events). */
const ALWAYS = ['logs'];

export function queryRootsFor(type: string): string[] {
  const match = INVALIDATIONS.filter(([prefix]) => type.startsWith(prefix)).sort((a, b) => b[0].length - a[0].length)[0];
  if (match) return [...match[1], ...ALWAYS];
  // unknown aggregate: its first word, lower-cased and pluralised ('VideoDeviceAdded' → 'videos')
  const first = /^[A-Z][a-z0-9]*/.exec(type)?.[0];
  return first ? [`${first.toLowerCase()}s`, ...ALWAYS] : ALWAYS;
}

/**
 * Opens the live feed of the current org-app; invalidations are coalesced over 50 ms. After a gap in the feed
 * (the server's resync message, or this side's stream opening again after a drop) every query is refetched.
 */
export function startLiveUpdates(queryClient: QueryClient, auth: { accesstoken: string; key: string }): LiveSubscription {
  const pending = new Set<string>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    for (const root of pending) void queryClient.invalidateQueries({ queryKey: [root] });
    pending.clear();
  };
  return subscribeLiveEvents(
    (event: LiveEvent) => {
      for (const root of queryRootsFor(event.type)) pending.add(root);
      if (!scheduled) {
        scheduled = true;
        setTimeout(flush, 50);
      }
    },
    {
      ...auth,
      onResync: () => {
        pending.clear();
        void queryClient.invalidateQueries();
      },
    },
  );
}
