// Which menu entries a caller may open (issue 16, §6). The menu must not offer a screen whose calls the
// server refuses: an org admin holds every entry of his org-app's menu, but the screens that manage the
// product itself (apps, orgs, templates, partners) act across orgs and are the platform's, and the price
// records of suppliers and bureaus, like the carriers' vehicle report, are not a purchasing org's to read, admin or not.
import { ROLE_CODE } from './constants.ts';

/** Screens (registry keys) that only the platform (code 999 in the platform org) may use. */
export const PLATFORM_SCREENS: ReadonlySet<string> = new Set([
  'appsManage', 'appManage', 'orgAppManage', 'sxpsOrgAppManage', 'recipeOrgManage', 'orgAppTemplateManage', 'agentsInfoManage',
]);

const PRICE_RECORD_ROLES = [ROLE_CODE.supplier, ROLE_CODE.salesman, ROLE_CODE.bureau] as const;

/** Screens that need one of these role codes, an org admin included (the server reads them by role). */
export const ROLE_SCREENS: Readonly<Record<string, readonly string[]>> = {
  productSkuLog: PRICE_RECORD_ROLES,
  priceSurveyVoucher: PRICE_RECORD_ROLES,
  educationPriceSurveyVoucher: PRICE_RECORD_ROLES,
  // the vehicles' report counts every stop of a delivery, other schools' orders too: the carrier's (issue 11)
  carReport: [ROLE_CODE.supplier, ROLE_CODE.delivery],
};

/**
 * Screens of one kind of org (domain/orgKind.ts), the platform aside: a school admin holds every entry of the app's
 * menu, but a fruit org's goods, orders and figures (issue 34) and a bureau's supermarket prices and unit import
 * (issue 35) act on records only those orgs have, and the server refuses anyone else; exercise prescriptions
 * (recipeSport) are for a school's classes.
 */
export const KIND_SCREENS: Readonly<Record<string, readonly string[]>> = {
  xgOrgSkuManage: ['fruit'], xgOrgOrderManage: ['fruit'], recipeOrgStatistics: ['fruit'],
  supermarketManage: ['bureau'], uploadUnit: ['bureau'],
  // issue 35: an exercise prescription sets a school class's recipe people group (a trial org practises as a school)
  recipeSport: ['school', 'trial'],
};

/** The screen an entry opens: its component, or its module id for entries without one. */
export function screenOfEntry(entry: { moduleId: string; extraInfo?: { component?: unknown } | null }): string {
  const c = entry.extraInfo?.component;
  return typeof c === 'string' && c ? c : entry.moduleId;
}

/** Whether the caller may open a screen (registry key). */
export function mayOpenScreen(screen: string, caller: { platform: boolean; roles: readonly { code: string }[]; orgKind?: string }): boolean {
  if (caller.platform) return true;
  if (PLATFORM_SCREENS.has(screen)) return false;
  const kinds = KIND_SCREENS[screen];
  if (kinds && !(caller.orgKind && kinds.includes(caller.orgKind))) return false;
  const needs = ROLE_SCREENS[screen];
  return !needs || caller.roles.some((r) => needs.includes(r.code));
}

/** The entries of a menu the caller may open. */
export function entriesFor<E extends { moduleId: string; extraInfo?: { component?: unknown } | null }>(
  entries: readonly E[], caller: { platform: boolean; roles: readonly { code: string }[]; orgKind?: string },
): E[] {
  return entries.filter((e) => mayOpenScreen(screenOfEntry(e), caller) && mayOpenScreen(e.moduleId, caller));
}
