// Goods catalogue rules shared by the server and the console (§3 category group names, role group config;
// §9 units, supplier types, price classes, default spec sort).
import { partyOf, roleFitsOrgKind, type Party, type PartyCaller } from './orgKind.ts';
import { DEFAULT_SPEC_SORT, PRICE_CLASSES, ROLE_CODE, SUPPLIER_TYPES, UNITS } from './constants.ts';
import { isSystemProvider } from './roles.ts';

/** §3 category group names; mallProduct is the goods category tree (productCategory screen) */
export const CATEGORY_GROUP_NAMES = [
  'menuCategory', 'menuPeople', 'menuTag', 'packageTag', 'mealPreparation', 'mallSupplierOrg', 'videoDeviceType', 'diseasePeople',
  'diseaseTaboo', 'nrvFieldsConfig', 'mallRecipeScore', 'mallRecipeAnalysisExParams', 'sportPAL', 'EnergyDemandFormula', 'mallProduct',
  'mallPriceApprovalGroups', 'mallPriceSupermarket', 'mallFoodClassGBStudent', 'mallFoodProtein',
] as const;
export type CategoryGroupName = (typeof CATEGORY_GROUP_NAMES)[number];

export const isUnit = (u: string): u is (typeof UNITS)[number] => (UNITS as readonly string[]).includes(u);
export const isSupplierType = (t: string): t is keyof typeof SUPPLIER_TYPES => Object.hasOwn(SUPPLIER_TYPES, t);
export const isPriceClass = (c: string): c is keyof typeof PRICE_CLASSES => Object.hasOwn(PRICE_CLASSES, c);

/** §9 default spec sort */
export const specSortOf = (sort: number | null | undefined) => (typeof sort === 'number' && Number.isFinite(sort) ? sort : DEFAULT_SPEC_SORT);

/** §3 role group config of a purchaser role group (M1) */
export interface RoleGroupPriceConfig {
  priceApprovalEnable: boolean;
  priceModifyLimitEnable: boolean;
  /** §4/§5 cycle rule: 5d, 2w, 1m, 0d …; empty = no cycle */
  priceApprovalTimeRule: string;
  /** id of a category of group mallPriceApprovalGroups whose extraInfo.orgIds may approve; null = the bureau of the area */
  priceApprovalGroup: string | null;
}

export function priceConfigOf(config: unknown): RoleGroupPriceConfig {
  const c = (config ?? {}) as Partial<RoleGroupPriceConfig>;
  return {
    priceApprovalEnable: c.priceApprovalEnable === true,
    priceModifyLimitEnable: c.priceModifyLimitEnable === true,
    priceApprovalTimeRule: typeof c.priceApprovalTimeRule === 'string' ? c.priceApprovalTimeRule : '',
    priceApprovalGroup: typeof c.priceApprovalGroup === 'string' && c.priceApprovalGroup ? c.priceApprovalGroup : null,
  };
}

/**
 * §6 goods and prices are written by the supplier side (supplier 2, salesman 6 of an org that sells: its kind with
 * the role, issue 27) of the org that owns them, or by the platform; everyone else reads. One rule for the server's
 * refusal and the screens' buttons.
 */
export function writesGoods(caller: PartyCaller): boolean {
  const party = partyOf(caller);
  return party === 'platform' || party === 'supplier' || party === 'salesman';
}

/** Parties that write catalogue entries (categories, specs, products, SKUs) besides system providers and dietitians. */
const CATALOGUE_EDITOR_PARTIES: readonly Party[] = ['platform', 'supplier', 'salesman', 'bureau'];

/**
 * Catalogue writes (categories, specs/settings): suppliers, salesmen, bureaus (by their org's kind and role),
 * dietitians of an org that has them, admins and providers; a school purchaser reads. One rule for the server's
 * refusal and the category screens' buttons (issue 9).
 */
export function editsCatalogue(caller: PartyCaller): boolean {
  if (isSystemProvider(caller.roles) || CATALOGUE_EDITOR_PARTIES.includes(partyOf(caller))) return true;
  return caller.roles.some((r) => r.code === ROLE_CODE.dietitian && roleFitsOrgKind(r, caller.orgKind));
}
