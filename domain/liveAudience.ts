// Issue 27 (finding 6): who hears what on the live feed (ARCHITECTURE.md live updates). A notice says
// {orgId, type, streamId}: that something of a kind changed, and which record. It is as much a read as the list it
// refreshes, so it goes only to those who may read that: inside the org, a member whose powers cover the §6 module
// (the §2 screen) the event belongs to; across orgs, only the orgs that may read the record (priceNoticeAudience).
import { ROLE_CODE } from './constants.ts';
import { isSystemProvider, type RoleLike } from './roles.ts';
import { inAreaOf, type OrgFacts } from './orgKind.ts';

export const LIVE_LIMITS = {
  /** open streams (and unused tickets) one session may hold: a console tab or three, not 5,000 */
  streamsPerSession: 3,
  /** how often the server checks that each open stream's session and standing still hold (closed within 5 s) */
  standingRecheckMs: 1_500,
} as const;

/** The feed's own message (LIVE_RESYNC): every listener hears it, it names no record. */
const SHELL = 'shell' as const;

/**
 * Event type prefixes (PascalCase `<Aggregate><Verb>`, the longest matching prefix wins) → the §2 screens whose
 * data the event changes: a member hears it when he holds a menu entry or power of one of them. An event type that
 * matches none (or maps to []) is heard by the §6 bypass roles only. tests/unit/domain/liveAudience.test.ts checks
 * every event type of domain/aggregates has an entry and every screen named is a registry screen.
 */
export const EVENT_MODULES: ReadonlyArray<readonly [prefix: string, modules: readonly string[]]> = [
  // base: people, roles, powers, menus, config
  ['UserActivated', ['apiLog']],
  ['UserSignedIn', ['apiLog']],
  ['UserSignedOut', ['apiLog']],
  ['UserPasswordChanged', ['apiLog']],
  ['UserRole', ['rolesManage', 'rolesPermissionManage', 'contacts']],
  ['User', ['contacts', 'rolesManage']],
  ['MemberAccess', ['contacts', 'rolesManage']],
  ['ContactUsers', ['contacts']],
  ['Person', ['contacts']],
  ['Department', ['contacts']],
  ['RolePermission', ['rolesPermissionManage']],
  ['RoleRelation', ['rolesManage']],
  ['RoleGroup', ['rolesManage', 'mallPurchaserRolesManage', 'mallPurchaserRolesList', 'mallSupplierPermissionManage']],
  ['Role', ['rolesManage', 'rolesPermissionManage']],
  ['Permission', ['rolesPermissionManage']],
  ['OrgConfig', ['systemConfigManage']],
  ['OrgSettings', ['orgAppManage', 'sxpsOrgAppManage']],
  ['OrgRenamed', ['orgAppManage', 'sxpsOrgAppManage']],
  ['OrgApp', ['orgAppManage', 'sxpsOrgAppManage', 'appManage']],
  ['Org', ['orgAppManage', 'sxpsOrgAppManage']],
  ['App', ['appsManage', 'appManage']],
  ['InitTemplate', ['orgAppTemplateManage']],
  ['Agent', ['agentsInfoManage']],
  ['Holiday', ['systemConfigManage']],
  ['Notice', ['noticeList']],
  // issue 35: short links; release notes (written in the platform org, read state in the reader's)
  ['ShortLink', ['dwzManage']],
  ['ProductUpdate', ['productUpdate']],
  // issue 33: bright kitchens: cameras and their health, installer companies, inspection tickets, AI alerts
  ['VideoDevice', ['videoDevice']],
  ['DeviceAlert', ['videoDevice', 'errorDevice']],
  ['Inspection', ['errorDevice']],
  ['InstallerCompany', ['companyManage', 'videoDevice']],
  // issue 34: the fruit mall's orders and the schools a fruit org serves; the storefront's content and group buys
  ['FruitOrder', ['xgOrgOrderManage', 'recipeOrgStatistics']],
  ['FruitSchoolsSet', ['recipeOrgManage']],
  ['Groupon', ['grouponManage']],
  // issue 34: the activities an org runs for its members, their sign-ups and attendance
  ['Activity', ['activityList']],
  ['MallRecord', ['mallCMS', 'mallTemplateManage', 'mallHome', 'recommendManage', 'activityManage', 'activityList']],
  ['OperationLogged', ['apiLog']],
  ['Member', ['membersManage', 'productMemberConfig']],
  ['Form', ['productTestReport', 'mallRecipeCustomPeopleManage']],
  // meal: catalogue and prices
  ['Category', ['productCategory', 'menuCategory', 'mallRecipeCategory', 'mallRecipeSpec', 'packageSetting', 'mallSupplierManage', 'productPriceApproval']],
  ['Spec', ['productSpec', 'mallRecipeSpec', 'productManage']],
  ['SkuPrice', ['productPrice', 'productPriceApproval', 'productSkuLog', 'productPriceExportList']],
  ['SkuIngredients', ['productManage', 'mallFoodIngredientsManage']],
  ['Sku', ['productManage', 'productPrice', 'productSkuLog', 'standardProductManage']],
  ['Product', ['productManage', 'productApproval', 'productImageManage', 'standardProductManage', 'productPrice']],
  ['PriceSurvey', ['priceSurveyVoucher', 'educationPriceSurveyVoucher', 'supermarketManage']],
  ['ServiceOrder', ['payToBuy']],
  ['MallSupplier', ['mallSupplierManage', 'mallSupplierPermissionManage']],
  ['MallRoute', ['routeManage']],
  // meal: orders and what follows them
  ['OrderSettings', ['mallOrderSpec']],
  ['Order', ['orderList', 'orderLogList', 'foodPurchase', 'mallOrderReturnManage', 'mallDeliveryManage', 'mallOrderBusinessData', 'mallOrderProductSales', 'mallOrderSummaryStatistics', 'mallOrderProductReports', 'orderPurchaseReportJinjiang', 'shippingList']],
  ['Return', ['mallOrderReturnManage', 'orderList']],
  ['Logistics', ['mallLogisticsManage', 'mallDeliveryManage', 'carReport', 'orderList', 'shippingList']],
  ['Scale', ['mallElectronicWeightManage']],
  // meal: recipes, dishes, nutrition
  ['RecipeCycle', ['mallRecipeCycleManage', 'mallStandardRecipeCycleManage', 'mallRecipePurchaseplan', 'mallRecipeMonthPurchaseplan', 'mallRecipeReport', 'mallRecipeNutritionAnalysis']],
  ['RecipeShare', ['mallRecipeShare']],
  ['RecipeExcelTemplate', ['mallRecipeReport', 'mallTemplateManage']],
  ['RecipeLabel', ['mallRecipeCycleLableManage', 'mallRecipeCycleLabelSet']],
  ['RecipePeople', ['mallRecipeCustomPeopleManage', 'mallRecipeCycleManage']],
  ['DishPackage', ['packageManage', 'packageSetting']],
  ['Dish', ['menuManage', 'packageManage', 'mallRecipeCycleManage']],
  ['FoodIngredient', ['mallFoodIngredientsManage', 'localFoodIngredientsManage', 'menuManage', 'nutrientCalculator']],
];

const BY_LENGTH = [...EVENT_MODULES].sort((a, b) => b[0].length - a[0].length);

/** The screens an event type belongs to ([] = none: the bypass roles only); 'shell' for the feed's own message. */
export function eventModules(type: string): readonly string[] | typeof SHELL {
  if (type.startsWith('$')) return SHELL;
  return BY_LENGTH.find(([prefix]) => type.startsWith(prefix))?.[1] ?? [];
}

/** What a listener may hear: the §6 bypass, or the screens his roles' permissions name (moduleId and parentId). */
export interface LiveListenerStanding {
  bypass: boolean;
  modules: ReadonlySet<string>;
}

/** §6: 999, admin, manage admin and user admin pass every module check (domain/powerKey.ts hasModulePower). */
export const bypassesModules = (roles: readonly RoleLike[], platform: boolean): boolean =>
  platform || isSystemProvider(roles) || roles.some((r) => r.code === ROLE_CODE.userAdmin);

export function mayHear(type: string, listener: LiveListenerStanding): boolean {
  const modules = eventModules(type);
  if (modules === SHELL || listener.bypass) return true;
  return modules.some((m) => listener.modules.has(m));
}

/** An org that might hear a supplier's price notices, as the server finds it. */
export interface PriceAudienceCandidate {
  orgId: string;
  area: string;
  /**
   * the org's kind for prices: 'bureau' decides prices of its area, 'sandbox' is a trial or experience org (it
   * practises on its own data and never hears a real org's), 'platform' may read every price, 'other' the rest
   */
  kind: 'bureau' | 'sandbox' | 'platform' | 'other';
  /** it buys from the supplier (an enabled supplier link): it reads the supplier's effective prices */
  buys: boolean;
  /** it is in a price-approval group the supplier's role groups name */
  approves: boolean;
}

/**
 * The orgs besides the supplier's own that hear its price notices (SkuPriceCreated/Changed/Decided/Deleted): the
 * orgs that may read its prices (server/modules/mall/access.ts readableSupplierOrgs): the bureaus of its area and
 * the approval groups that decide them, the orgs buying from it, the platform. Never a sandbox, never an org that
 * merely shares the area.
 */
export function priceNoticeAudience(supplier: { orgId: string; area: string }, candidates: readonly PriceAudienceCandidate[]): string[] {
  return candidates.filter((o) => o.orgId !== supplier.orgId && o.kind !== 'sandbox' && (
    o.kind === 'platform' || o.buys || o.approves || (o.kind === 'bureau' && !!supplier.area && o.area === supplier.area)
  )).map((o) => o.orgId);
}

/**
 * Issue 33: the orgs besides a school's own whose consoles hear its bright-kitchen notices (AI alerts and inspection
 * tickets: DeviceAlert…, Inspection…): those that read them (domain/videoDevice.ts deviceReachOf): the bureaus whose
 * area holds the school (inAreaOf, the bureau's reach) and the platform. Never a bureau of another area, never
 * another school; a sandbox's records stay in the sandbox (inAreaOf keeps real bureaus out of it).
 */
export function deviceNoticeAudience(school: OrgFacts, candidates: readonly OrgFacts[]): string[] {
  return candidates.filter((o) => o.orgId !== school.orgId && (
    o.kind === 'platform' || (o.kind === 'bureau' && inAreaOf(o, school))
  )).map((o) => o.orgId);
}
