// §4 online restriction on the server: which API routes each module (a menu entry's screen, §2 registry key)
// calls, so that the calls of a blocked module are refused in the same window its screen is.
import type { Holiday, OnlineRule } from './types.ts';
import { checkOnline, type NowParts, type OnlineCheck } from './onlineRestriction.ts';
import type { RoleLike } from './roles.ts';

/**
 * Route patterns per screen: `'/path'` or `'METHOD|METHOD /path'`, with the paths as the server declares them
 * (`:id` parameters). A path ending in `/*` covers itself and every route below it. Reads that the whole
 * console needs (menu, powers, org config, holidays, the clock, sign-in) belong to no module, and a read that
 * several screens share is listed under each of them or left out, so blocking one screen does not break another.
 */
export const MODULE_APIS: Readonly<Record<string, readonly string[]>> = {
  // base group
  contacts: ['/v3/contacts/*'],
  systemConfigManage: ['POST|PUT|DELETE /v1/datetime/holidays', 'POST|PUT|DELETE /v1/config/foodlabel', 'PUT /v1/config/theme', 'PUT /v1/config/locales'],
  rolesManage: ['POST|PUT|DELETE /v2/roles/*', 'GET /v3/contacts/person'],
  rolesPermissionManage: ['/v2/roles/role/permission/*', '/v2/roles/user/permission', '/v2/permission', '/v2/permission/:id', 'GET /v3/contacts/department'],
  appsManage: ['POST|PUT|DELETE /v2/config/app/*'],
  appManage: ['POST|PUT|DELETE /v2/config/orgapp/*', '/v3/orgappinit/create'],
  orgAppManage: ['POST|PUT|DELETE /v2/config/orgapp/*', '/v3/orgappinit/create'],
  sxpsOrgAppManage: ['POST|PUT|DELETE /v2/config/orgapp/*', '/v3/orgappinit/create'],
  orgAppTemplateManage: ['/v3/orgappinit/template', '/v3/orgappinit/create'],
  apiLog: ['/v1/log/apilog'],
  operationLog: ['/v1/log/operationlog'],
  noticeList: ['/v1/notices/*'],
  membersManage: ['/v1/productmembers/*'],
  productMemberConfig: ['/v1/productmembers/config', '/v1/productmembers/group'],
  agentsInfoManage: ['POST|PUT|DELETE /v1/productagent/*'],
  // meal group
  productPrice: ['/v5/mall/sku/price/*', '/v5/mall/sku/importprice/*'],
  productPriceApproval: ['/v5/mall/sku/price/*'],
  productSkuLog: ['/v4/mall/sku/log', '/v5/mall/sku/price/log'],
  priceSurveyVoucher: ['/v5/mall/price/survey/*'],
  educationPriceSurveyVoucher: ['/v5/mall/price/survey/*'],
  productManage: ['/v4/mall/import/product/*', '/v4/mall/bulk/productsku', '/v4/mall/product/package/uppershelf'],
  productApproval: ['/v4/mall/product/batchupdate/approvalstatus'],
  productImageManage: ['/v4/mall/import/productimage'],
  standardProductManage: ['/v4/mall/standard/product/*'],
  routeManage: ['/v4/mall/route/*'],
  productSpec: ['POST|PUT|DELETE /v4/mall/spec/*'],
  productCategory: ['POST|PUT|DELETE /v2/category/*'],
  mallSupplierManage: ['POST|PUT|DELETE /v4/mall/supplier/*'],
  mallPurchaserRolesManage: ['POST|PUT|DELETE /v4/mall/rolegroup/config/*'],
  mallSupplierPermissionManage: ['POST|PUT|DELETE /v4/mall/rolegroup/config/*'],
  mallPurchaserRolesList: ['/v2/roles/group/:id/salesmen'],
};

interface Pattern {
  screen: string;
  methods: readonly string[] | null;
  path: string;
  below: boolean;
}

const PATTERNS: readonly Pattern[] = Object.entries(MODULE_APIS).flatMap(([screen, list]) =>
  list.map((p): Pattern => {
    const [first, second] = p.split(' ');
    const methods = second === undefined ? null : first.split('|');
    const raw = second ?? first;
    const below = raw.endsWith('/*');
    return { screen, methods, path: below ? raw.slice(0, -2) : raw, below };
  }),
);

function matches(p: Pattern, method: string, url: string): boolean {
  if (p.methods && !p.methods.includes(method)) return false;
  return url === p.path || (p.below && url.startsWith(`${p.path}/`));
}

/** The screens whose calls include this route (method and the route's declared url, e.g. '/v3/contacts/person/:id'). */
export function modulesOfRoute(method: string, url: string): string[] {
  const m = method.toUpperCase();
  const bare = url.length > 1 ? url.replace(/\/+$/, '') : url;
  return [...new Set(PATTERNS.filter((p) => matches(p, m, bare)).map((p) => p.screen))];
}

/** A menu entry of the org-app owning the route, as the server's check needs it. */
export interface OwningEntry {
  moduleName: string;
  rule?: OnlineRule;
  /** whether the caller holds the entry through one of his roles */
  held: boolean;
}

/** The text of a refused call when the rule has no message of its own. */
export const defaultRefusalText = (moduleName: string) =>
  `${moduleName ? `「${moduleName}」` : '该模块'}当前不在开放时间内，请在开放时间内使用`;

/**
 * §4 / §6 a module's call, checked on the server with the same rule as its screen (checkOnline): refused when
 * the caller holds an entry owning the route and every entry of his owning it is blocked now. A route several
 * screens call stays open while one of them is; entries the caller does not hold do not decide his calls
 * (his powers do); admins, manage admins and code 999 pass (checkOnline).
 */
export function checkModuleCall(
  entries: readonly OwningEntry[],
  now: NowParts,
  holidays: readonly Holiday[],
  roles: readonly RoleLike[],
): OnlineCheck & { moduleName?: string } {
  const held = entries.filter((e) => e.held);
  if (!held.length) return { blocked: false };
  let first: (OnlineCheck & { blocked: true; moduleName: string }) | null = null;
  for (const e of held) {
    const result = checkOnline(e.rule, now, holidays, roles);
    if (!result.blocked) return { blocked: false };
    first ??= { ...result, moduleName: e.moduleName };
  }
  return first!;
}
