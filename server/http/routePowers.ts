// Who may call each org-app route (issue 27, §6): ONE declarative table, read by the auth hook (server/http/auth.ts)
// on every request. An entry names the §6 module powers (key groupName-parentId-moduleId: a menu screen's entry,
// pcMenu-<group>-<screen>, or a power node) any one of which lets a member in, and/or the party the route serves
// (its guard: a named predicate of server/modules/*/access.ts, run by the hook after the powers). The §6 bypass roles
// (code 999, admin_, manage_admin_, useradmin: domain/powerKey.ts hasModulePower) pass the powers, never a party.
// Reads that are part of another screen's job are listed under `readers`, each with why; a read nobody's job
// needs is refused. A route registered without an entry stops the server at startup (registerAuth's onRoute).
// docs/who-may-do-what.md is generated from this table (scripts/whoMayDoWhat.ts; a unit test keeps it equal).
import { powerKey } from '../../domain/powerKey.ts';
import { POWER } from '../modules/permissions/powers.ts';
import { BASE_POWER } from '../modules/permissions/basePowers.ts';
import { MEMBER_POWER } from '../modules/members/powers.ts';
import { SUPPORT_CONTACTS_PATH } from '../../domain/supportContacts.ts';
import { BASE_SCREENS } from '../seed/screens.ts';

export interface RouteRule {
  /** what the route does, in a few words (the generated page's first column) */
  what: string;
  /** §6 module powers, any one of which lets a member call the route (the bypass roles pass) */
  powers?: readonly string[];
  /** powers of screens whose job reads the route too: power → why */
  readers?: Readonly<Record<string, string>>;
  /** the party the route serves: the named predicate its guard (config.guard) checks */
  party?: string;
  /** every member holding a role may call it: why */
  everyMember?: string;
  /** a member without the powers may still ask for this part: why, and whether the request asks only that */
  open?: { why: string; when: (request: { query: unknown }) => boolean };
}

const BASE = new Set(BASE_SCREENS.map((s) => s.key));
/** The §6 key of a menu screen's entry (pcMenu, under the group of §2 registry that lists it). */
export const screen = (key: string) => powerKey({ groupName: 'pcMenu', parentId: BASE.has(key) ? 'baseModule' : 'mealModule', moduleId: key });
const screens = (...keys: string[]) => keys.map(screen);

/** The roles screen and power: who reads every role holder (phone numbers included) and user records. */
export const ROLE_HOLDERS_IN_FULL: readonly string[] = [screen('rolesManage'), BASE_POWER.roleManage];

// parties: the predicates the routes' guards run (named so the docs and the org-kind work of issue 27 find them)
const P = {
  platform: 'the platform (request.platform: code 999 in the platform org; orgInit/access requireSystemProvider, http/guards platformOnly)',
  supplier: 'the supplier side (mall/access requireSupplier: domain/mallCatalogue writesGoods)',
  catalogueEditor: 'a catalogue editor (mall/access requireCatalogueEditor: domain/mallCatalogue editsCatalogue)',
  school: "the school (orders/access partyOnly('school'): domain/order orderPartyOf)",
  supplierOrder: "the supplier (orders/access partyOnly('supplier'): domain/order orderPartyOf)",
  scaleSchool: 'a school (scales/routes requireSchool)',
  recipeWriter: 'a recipe writer (recipes/access requireRecipeWriter: domain/recipeAccess writesRecipes)',
  settingsWriter: 'a recipe-settings writer (recipeSettings/routes requireSettingsWriter)',
  routeEditor: 'a route editor (mall/routeRoutes requireRouteEditor)',
  supplierManager: 'a supplier-list manager (mall/catalogueRoutes requireSupplierManager)',
  skuLogReader: 'the supplier side or a bureau (mall/catalogueRoutes requireSkuLogReader)',
  priceLogReader: 'the supplier side or a bureau (mall/priceRoutes requirePriceLogReader)',
  priceChangerOrApprover: 'the supplier (priceAdd) or an approver (priceApprove) by isCheckPrice (mall/priceRoutes requirePriceChangerOrApprover)',
  surveyor: 'a surveyor (mall/surveyRoutes requireSurveyor)',
  surveyReader: 'a survey reader (mall/surveyRoutes requireSurveyReader)',
  marginSetter: 'a bureau or the platform (mall/supermarketRoutes requireMarginSetter)',
  unitImporter: 'the platform or a bureau, for its own area (orgInit/unitImportRoutes requireUnitImporter)',
  planBuyer: "the org's admin (admin_, manage_admin_) or the platform (servicePlan/routes requirePlanBuyer)",
  groupWriter: 'a writer of the group code sent (roles requireGroupWrite)',
  recipeCycle: 'the author org of the cycle (recipeCycles/routes guard)',
  recipeSharing: 'a recipe writer of the sharing org (recipeSharing/routes guard)',
  mallOrg: 'an org that sells to members: fruit org, school or trial (storefront/access requireMallOrg: domain/mall/mallOrg runsMall)',
  fruit: 'a fruit org (fruitMall/routes requireFruit: domain/orgKind partyOf, org kind fruit)',
  fruitOrPlatform: 'a fruit org its own, or the platform (fruitMall/routes requireFruitOrPlatform)',
  deviceViewer: 'a school, a bureau, an installer company or the platform (devices/access requireDeviceViewer: domain/videoDevice deviceReachOf)',
  deviceManager: 'a school (or the platform) (devices/access requireDeviceManager: domain/videoDevice mayManageDevices)',
  companyManager: 'the platform or a bureau (devices/access requireCompanyManager)',
} as const;

const S = {
  orders: screens('orderList', 'orderLogList', 'mallOrderReturnManage', 'mallLogisticsManage', 'mallDeliveryManage'),
  contacts: [screen('contacts'), BASE_POWER.contactsManage, BASE_POWER.contactsQuery],
  recipes: screens('mallRecipeCycleManage', 'mallStandardRecipeCycleManage', 'mallRecipeShare', 'mallRecipeReport', 'mallRecipeNutritionAnalysis',
    'mallRecipePurchaseplan', 'mallRecipeMonthPurchaseplan', 'menuManage', 'packageManage', 'packageSetting', 'nutrientCalculator', 'analysisCalculator'),
  recipeSettings: screens('mallRecipeSpec', 'mallRecipeCustomPeopleManage', 'mallRecipeCycleLableManage', 'mallRecipeCycleLabelSet', 'mallRecipeCategory'),
  goods: screens('productManage', 'productCategory', 'productSpec', 'productPrice', 'productApproval', 'productPriceApproval', 'standardProductManage', 'productImageManage'),
  roles: ROLE_HOLDERS_IN_FULL,
  rolePermissions: [screen('rolesPermissionManage'), BASE_POWER.rolePermissionManage],
  config: [screen('systemConfigManage'), POWER.configEdit],
  prices: [...screens('productPrice', 'productPriceApproval', 'productPriceExportList', 'foodPurchase'), POWER.priceAdd, POWER.priceApprove],
};

/** Org config paths the shell of every member reads (§2 title, notice banner, theme, texts; services/config.ts OrgConfigPath). */
export const SHELL_CONFIG_PATHS: ReadonlySet<string> = new Set(['titleName', 'systemNotify', 'ysdadminTheme', 'locales', 'systemName', 'icon', SUPPORT_CONTACTS_PATH]);
const asksShellPathsOnly = (path: unknown) => {
  const paths = typeof path === 'string' ? path.split(',').map((p) => p.trim()).filter(Boolean) : [];
  return paths.length > 0 && paths.every((p) => SHELL_CONFIG_PATHS.has(p));
};

const shell = (what: string, why: string): RouteRule => ({ what, everyMember: why });
const platform = (what: string): RouteRule => ({ what, party: P.platform });

/** §6 suppliers are recipe roles (code 2): they read the schools' published cycles to prepare the goods (filtered in the route). */
const SUPPLIER_READS_CYCLES = { [screen('productManage')]: "§6 a supplier (a recipe role) reads the published cycles of the schools it serves to prepare the goods" };

/** The recipe screens read goods, prices and the ingredient library to cost and analyse a menu. */
const RECIPE_READERS = Object.fromEntries(S.recipes.map((k) => [k, 'a dietitian costs and analyses menus with the goods, prices and ingredients']));

export const ROUTE_POWERS: Readonly<Record<string, RouteRule>> = {
  // ---- issue 34, the fruit mall: the platform's fruit orgs; a fruit org's goods, orders and picking list
  'GET /v1/fruit/orgs': { what: 'the fruit orgs and the schools each serves', powers: screens('recipeOrgManage', 'recipeOrgStatistics'), party: P.platform },
  'POST /v1/fruit/orgs': { what: 'create a fruit org serving schools', powers: screens('recipeOrgManage'), party: P.platform },
  'PUT /v1/fruit/orgs/:orgId/schools': { what: 'the schools a fruit org serves', powers: screens('recipeOrgManage'), party: P.platform },
  'GET /v1/fruit/schools': { what: 'the schools a fruit org may serve', powers: screens('recipeOrgManage'), party: P.platform },
  'GET /v1/fruit/statistics': { what: "a fruit org's statistics by day, school and class", powers: screens('recipeOrgStatistics', 'xgOrgOrderManage'), party: P.fruitOrPlatform },
  'GET /v1/fruit/skus': { what: "the fruit org's goods", powers: screens('xgOrgSkuManage'), party: P.fruit, readers: { [screen('xgOrgOrderManage')]: 'the order screen names the goods it filters by' } },
  'POST /v1/fruit/skus': { what: 'a new fruit SKU', powers: screens('xgOrgSkuManage'), party: P.fruit },
  'PUT /v1/fruit/skus/:skuId': { what: 'change a fruit SKU', powers: screens('xgOrgSkuManage'), party: P.fruit },
  'GET /v1/fruit/orders': { what: "the fruit org's orders", powers: screens('xgOrgOrderManage'), party: P.fruit },
  'PUT /v1/fruit/orders/:orderId': { what: 'record a payment, cancel, deliver or refund a day of an order', powers: screens('xgOrgOrderManage'), party: P.fruit },
  'GET /v1/fruit/picking': { what: "the day's picking list", powers: screens('xgOrgOrderManage'), party: P.fruit },
  'POST /v1/fruit/picking/deliver': { what: "mark a school's (or class's) day delivered", powers: screens('xgOrgOrderManage'), party: P.fruit },

  // ---- the shell every member (with a role) needs, whatever his screens
  'GET /v1/config/theme': shell("the org's theme", 'the shell paints every screen with it'),
  'GET /v1/config/locales': shell("the org's text overrides", 'the shell shows the org its own name and welcome'),
  'GET /v2/users/checkorg': shell("the org's expiration", 'the shell warns before the org ends'),
  'GET /v1/serviceplan': { what: "the org's service plan and its orders", powers: screens('payToBuy') },
  'POST /v1/serviceplan/order': { what: 'order a renewal or upgrade of the plan', powers: screens('payToBuy'), party: P.planBuyer },
  'POST /v1/serviceplan/order/:id/cancel': { what: 'cancel a pending plan order', powers: screens('payToBuy'), party: P.planBuyer },
  'POST /v1/serviceplan/order/:id/confirm': platform('confirm a bank transfer for a plan order'),
  'GET /v1/serviceplan/orders': platform("every org's plan orders"),
  'GET /v2/users/orgapp/user': shell('a membership in the org-app', 'his own standing; another member only with the user power (checked in the route)'),
  'PUT /v2/users/orgapp/user': shell("his membership's extra info", 'his own settings; another member only with the user power (checked in the route)'),
  'GET /v2/roles/user/role': shell('his roles', 'his own; another member only with the role power (checked in the route)'),
  'GET /v2/roles/user/permission': shell('his roles and powers', 'the console hides what he may not do'),
  'GET /v2/permission/user/menu': shell('his menu', 'the shell draws it'),
  'GET /v2/permission/user/power': shell('his powers', 'the console hides what he may not do'),
  'GET /v1/users/activation': shell('his activation', 'the shell reports the org-app it opens'),
  'POST /v1/users/activation': shell('record his activation', 'the shell reports the org-app it opens'),
  'POST /v1/log/operationlog': shell('log his own operations', 'every screen records what its user did'),
  'POST /v1/live/ticket': shell('a live-update ticket', 'every screen refreshes on the events of the modules its user holds'),
  'GET /v1/notices': shell('notices addressed to him', 'the notice list of the shell'),
  'GET /v1/notices/:id': shell('a notice addressed to him', 'the notice list of the shell'),
  'PUT /v1/notices/:id/read': shell('mark a notice read', 'the notice list of the shell'),
  'GET /v1/category/polardb': shell('categories by group', 'categories name goods, dishes, menus and devices on every screen listing them'),
  'GET /v2/category': shell('categories by group', 'categories name goods, dishes, menus and devices on every screen listing them'),
  'GET /v4/mall/unit': shell('units of measure', 'every quantity on goods, dishes and orders carries one'),
  'GET /v2/users/org/userlimit': shell("the org's user limit", 'the contacts and user screens show it; a number, no person'),

  // ---- org config
  'GET /v1/config/org': {
    what: 'org config by path (every stored path when none is given)', powers: S.config,
    open: {
      why: `every member reads the shell's paths alone (${[...SHELL_CONFIG_PATHS].join(', ')}): the title, notice banner, theme and texts the org-app context carries too (§2)`,
      when: (r) => asksShellPathsOnly((r.query as { path?: unknown })?.path),
    },
  },
  'PUT /v1/config/org': { what: 'set one org config path', powers: [POWER.configEdit] },
  'PUT /v2/config/org': { what: 'set several org config paths', powers: [POWER.configEdit] },
  'PUT /v1/config/settings': { what: 'save a settings form', powers: [POWER.configEdit] },
  'PUT /v1/config/theme': { what: "set the org's theme", powers: [POWER.configEdit] },
  'PUT /v1/config/locales': { what: "set the org's text overrides", powers: [POWER.configEdit] },
  'GET /v1/config/foodlabel': { what: 'the food label field configuration', powers: [...S.config, screen('mallRecipeCycleLabelSet')], readers: { [screen('mallRecipeCycleManage')]: 'a dietitian prints the food labels of a menu' } },
  'PUT /v1/config/foodlabel': { what: 'set the food label fields', powers: [POWER.configEdit] },
  'DELETE /v1/config/foodlabel': { what: 'reset the food label fields', powers: [POWER.configEdit] },
  'POST /v1/notices': { what: 'send a notice', powers: [POWER.configEdit] },
  'PUT /v1/notices/:id': { what: 'change a notice', powers: [POWER.configEdit] },
  'DELETE /v1/notices/:id': { what: 'delete a notice', powers: [POWER.configEdit] },
  'POST /v1/datetime/holidays': { what: 'add holidays', party: P.platform },
  'PUT /v1/datetime/holidays': { what: 'change holidays', party: P.platform },
  'DELETE /v1/datetime/holidays': { what: 'delete holidays', party: P.platform },

  // ---- the platform's screens (apps, orgs, templates, partners, forms)
  'GET /v1/config/app/org': shell('the orgs of the current app (id and name)', 'the org chooser of the shell names them'),
  'POST /v2/config/app': platform('create an app'),
  'PUT /v2/config/app/:appId': platform('change an app'),
  'GET /v2/config/app/all': platform('every app'),
  'GET /v2/config/newestorgid': platform('a fresh org id'),
  'PUT /v2/config/org/productPermission': platform("set an org's product permission"),
  'GET /v2/config/orgapp': platform('every org-app'),
  'PUT /v2/config/orgapp/:id': platform('change an org-app'),
  'PUT /v2/config/orgapp/org/:orgId': platform('change an org'),
  'POST /v1/productagent': platform('add a partner'),
  'PUT /v1/productagent/:agentId': platform('change a partner'),
  'GET /v1/productagent/child': platform("a partner's child orgs"),
  'GET /v1/form/table/item': shell("the org's rows of the platform's custom tables (allow lists)", 'the recipe-cycle and user-limit checks of every screen read them'),
  'POST /v1/form/table/:tableId/item': platform('add a custom-table row'),
  'PUT /v1/form/table/:tableId/item/:itemId': platform('change a custom-table row'),
  'DELETE /v1/form/table/:tableId/item': platform('delete custom-table rows'),
  ...Object.fromEntries(['config', 'contacts', 'contactspermission', 'create', 'menu', 'org', 'role', 'rolegroup'].map((s) => [`POST /v3/orgappinit/${s}`, platform(`org initialisation: ${s}`)])),
  'GET /v3/orgappinit/template': platform('init templates'),
  'GET /v3/orgappinit/import/template': { what: 'init templates a unit import may use', powers: screens('uploadUnit'), party: P.unitImporter },
  'GET /v3/orgappinit/import/area': { what: 'where the caller imports units', powers: screens('uploadUnit'), party: P.unitImporter },
  'POST /v3/orgappinit/import': { what: 'create schools from sheet rows (each as one org creation)', powers: screens('uploadUnit'), party: P.unitImporter },
  'POST /v3/orgappinit/template': platform('create an init template'),
  'PUT /v3/orgappinit/template': platform('change an init template'),

  // ---- logs
  'GET /v1/log/apilog': { what: 'the API log', powers: [screen('apiLog'), BASE_POWER.logView] },
  'GET /v1/log/operationlog': { what: 'the operation log', powers: [screen('apiLog'), BASE_POWER.logView] },

  // ---- members
  ...Object.fromEntries([
    ['GET', ''], ['POST', ''], ['PUT', ''], ['DELETE', ''], ['PUT', '/movegroup'],
    ['GET', '/config'], ['POST', '/config'], ['PUT', '/config'], ['GET', '/group'], ['POST', '/group'], ['PUT', '/group'], ['DELETE', '/group'],
  ].map(([m, p]) => [`${m} /v1/productmembers${p}`, { what: `members${p.replace('/', ': ')}`, powers: [MEMBER_POWER.memberManage] } satisfies RouteRule])),

  // ---- users, roles, permissions
  'POST /v2/users': { what: 'create a user', powers: [POWER.userManage] },
  'POST /v2/users/bulk': { what: 'create many users', powers: [POWER.userManage] },
  'PUT /v2/users/:username': { what: 'change a user', powers: [POWER.userManage] },
  'DELETE /v2/users/:id': { what: 'remove a user', powers: [POWER.userManage] },
  'GET /v2/users/:id': { what: 'a user of the org with roles', powers: [POWER.userManage, BASE_POWER.contactsManage, ...S.roles] },
  'GET /v2/users/account/:id': { what: 'a user of the org by id or phone', powers: [POWER.userManage, BASE_POWER.contactsManage, ...S.roles] },
  'GET /v2/roles/role': {
    what: 'the roles of the org the caller may see', everyMember: '§6 role visibility: each member sees the roles his groups and #roleManage roles name (filtered in the route); no person, no phone',
  },
  'GET /v2/roles/group': {
    what: 'the role groups the caller may see (§6 purchaser and salesman groups)', everyMember: '§6 every role sees the groups naming it (filtered in the route): suppliers, bureaus, dietitians and salesmen their purchaser groups',
  },
  'GET /v2/roles/role/relation': { what: 'role relations the caller may see', everyMember: '§6 role visibility, as the roles (filtered in the route)' },
  'GET /v2/roles/role/relation/child': { what: 'child roles of roles the caller may see', everyMember: '§6 role visibility, as the roles (filtered in the route)' },
  'GET /v2/roles/role/user': {
    what: 'who holds which role (with phone numbers)', powers: S.roles,
    // without the roles screen the route answers the org's salesmen only (roles/routes: ROLE_HOLDERS_IN_FULL)
    readers: { [screen('mallPurchaserRolesList')]: "a supplier picks its salesmen for a salesman group: the org's salesmen only, nobody else's phone" },
  },
  'POST /v2/roles/:userId': { what: 'grant a role', powers: [BASE_POWER.roleManage] },
  'DELETE /v2/roles/:userId': { what: 'take a role back', powers: [BASE_POWER.roleManage] },
  'POST /v2/roles/role': { what: 'create a role', powers: [BASE_POWER.roleManage] },
  'PUT /v2/roles/role/:id': { what: 'change a role', powers: [BASE_POWER.roleManage] },
  'DELETE /v2/roles/role/:id': { what: 'delete a role', powers: [BASE_POWER.roleManage] },
  'DELETE /v2/roles/role/:id/user': { what: "remove a role's holders", powers: [BASE_POWER.roleManage] },
  'POST /v2/roles/role/:name/manage': { what: 'set the roles a role manages', powers: [BASE_POWER.roleManage] },
  'POST /v2/roles/role/relation': { what: 'relate roles', powers: [BASE_POWER.roleManage] },
  'DELETE /v2/roles/role/relation/:id': { what: 'unrelate roles', powers: [BASE_POWER.roleManage] },
  'POST /v1/issuetracker/sync/role/:roleId': { what: "sync a role's holders to the issue tracker", powers: [BASE_POWER.roleManage] },
  'POST /v2/roles/group': { what: 'create a role group', party: P.groupWriter },
  'PUT /v2/roles/group/:id': { what: 'change a role group', party: P.groupWriter },
  'DELETE /v2/roles/group/:id': { what: 'delete a role group', party: P.groupWriter },
  'GET /v2/roles/group/:id/salesmen': { what: "a salesman group's salesmen", party: P.groupWriter },
  'PUT /v2/roles/group/:id/salesmen': { what: "set a salesman group's salesmen", party: P.groupWriter },
  'GET /v2/roles/role/permission': { what: "a role's permissions", powers: [BASE_POWER.rolePermissionManage] },
  'POST /v2/roles/role/permission': { what: 'grant permissions to a role', powers: [BASE_POWER.rolePermissionManage] },
  'DELETE /v2/roles/role/permission': { what: 'take permissions from a role', powers: [BASE_POWER.rolePermissionManage] },
  'PUT /v2/roles/role/permission/batch': { what: "set a role's permission links", powers: [BASE_POWER.rolePermissionManage] },
  'GET /v2/permission': { what: 'the permission tree', powers: [BASE_POWER.rolePermissionManage] },
  'POST /v2/permission': { what: 'add a permission', powers: [BASE_POWER.rolePermissionManage] },
  'PUT /v2/permission/:id': { what: 'change a permission', powers: [BASE_POWER.rolePermissionManage] },
  'DELETE /v2/permission': { what: 'delete a permission', powers: [BASE_POWER.rolePermissionManage] },

  // ---- contacts (§6: the persons of the departments the caller's range power shows, in the route)
  'GET /v3/contacts/department': { what: 'departments in range', powers: S.contacts, readers: { [screen('rolesPermissionManage')]: 'a contacts range power names departments' } },
  'GET /v3/contacts/department/path': { what: "a department's path", powers: S.contacts },
  'GET /v3/contacts/department/suborg': { what: "a sub-org's departments", powers: S.contacts },
  'GET /v3/contacts/department/permision': { what: "a department's create permission", powers: S.contacts },
  'GET /v3/contacts/department/person': { what: 'persons of a department in range', powers: S.contacts },
  'GET /v3/contacts/person': { what: 'persons in range', powers: S.contacts, readers: { [screen('rolesManage')]: 'the role screen finds the person to grant a role to' } },
  'GET /v3/contacts/person/department': { what: "a person's departments in range", powers: S.contacts },
  ...Object.fromEntries([
    'POST /v3/contacts/department', 'PUT /v3/contacts/department/:id', 'DELETE /v3/contacts/department/:id', 'POST /v3/contacts/department/bulk',
    'POST /v3/contacts/person', 'PUT /v3/contacts/person/:id', 'DELETE /v3/contacts/person', 'POST /v3/contacts/person/bulk', 'PUT /v3/contacts/person/bulk',
    'POST /v3/contacts/person/department', 'PUT /v3/contacts/person/department', 'DELETE /v3/contacts/person/department',
  ].map((r) => [r, { what: `contacts: ${r.split(' ')[0]!.toLowerCase()} ${r.split('/').slice(3).join('/')}`, powers: [BASE_POWER.contactsManage] } satisfies RouteRule])),

  // ---- goods catalogue (suppliers write; buyers, bureaus and dietitians read what their screens show)
  'GET /v4/mall/product': { what: 'goods', powers: [...S.goods, ...S.prices], readers: RECIPE_READERS },
  'GET /v4/mall/product/count': { what: 'goods counts', powers: [...S.goods, ...S.prices, screen('mallHome')] },
  'GET /v4/mall/sku': { what: 'SKUs', powers: [...S.goods, ...S.prices], readers: RECIPE_READERS },
  'GET /v4/mall/sku/ingredients': { what: "SKUs' ingredients", powers: S.goods, readers: RECIPE_READERS },
  'GET /v4/mall/spec': { what: 'specs', powers: S.goods, readers: RECIPE_READERS },
  'GET /v4/mall/standard/product': { what: 'the cloud goods library', powers: S.goods },
  'GET /v4/mall/sku/log': { what: 'the SKU log', powers: [screen('productSkuLog')], party: P.skuLogReader },
  ...Object.fromEntries([
    'POST /v4/mall/product', 'PUT /v4/mall/product/:id', 'DELETE /v4/mall/product/:id', 'PUT /v4/mall/product/batchupdate/approvalstatus',
    'PUT /v4/mall/product/package/uppershelf', 'POST /v4/mall/product/rawripe', 'POST /v4/mall/sku', 'PUT /v4/mall/sku', 'DELETE /v4/mall/sku',
    'PUT /v4/mall/sku/ingredients', 'POST /v4/mall/bulk/productsku', 'PUT /v4/mall/bulk/productsku', 'POST /v4/mall/import/product',
    'POST /v4/mall/import/product/session', 'POST /v4/mall/import/product/session/:id', 'POST /v4/mall/import/product/session/:id/commit',
    'POST /v4/mall/import/productimage', 'POST /v4/mall/standard/product/copy', 'POST /v4/mall/recipe/initproduct', 'PUT /v5/mall/sku/relationlock/skustatus',
  ].map((r) => [r, { what: `goods: ${r}`, party: P.supplier } satisfies RouteRule])),
  'DELETE /v4/mall/import/product/session/:id': { what: "drop one's own goods import session", everyMember: 'a session is its starter\'s own (checked in the route); dropping it changes nothing else' },
  'POST /v4/mall/standard/product/publish': { what: 'publish to the cloud goods library', party: P.platform },
  ...Object.fromEntries(['DELETE /v1/category/polardb', 'POST /v1/category/polardb', 'PUT /v1/category/polardb', 'POST /v2/category', 'PUT /v2/category',
    'DELETE /v2/category/:id', 'PUT /v2/category/:id', 'POST /v4/mall/spec', 'PUT /v4/mall/spec/:id'].map((r) => [r, { what: `categories and specs: ${r}`, party: P.catalogueEditor } satisfies RouteRule])),

  // ---- prices
  'GET /v5/mall/sku/price': { what: 'prices', powers: S.prices, readers: RECIPE_READERS },
  'GET /v5/mall/sku/price/latest-price': { what: 'latest prices', powers: S.prices, readers: RECIPE_READERS },
  'GET /v5/mall/sku/price/searchprice': { what: 'price search', powers: S.prices, readers: RECIPE_READERS },
  'GET /v5/mall/sku/price/log': { what: 'the price log', powers: [screen('productSkuLog')], party: P.priceLogReader },
  'POST /v5/mall/sku/price': { what: 'add prices', powers: [POWER.priceAdd], party: P.supplier },
  'DELETE /v5/mall/sku/price': { what: 'delete a price', powers: [POWER.priceAdd], party: P.supplier },
  'PUT /v5/mall/sku/price': { what: 'change or decide prices', powers: [POWER.priceAdd, POWER.priceApprove], party: P.priceChangerOrApprover },
  'POST /v5/mall/sku/importprice': { what: 'import prices', powers: [POWER.priceAdd], party: P.supplier },
  'POST /v5/mall/sku/importprice/session': { what: 'start a price import', powers: [POWER.priceAdd], party: P.supplier },
  'POST /v5/mall/sku/importprice/session/:id': { what: 'add to a price import', powers: [POWER.priceAdd], party: P.supplier },
  'POST /v5/mall/sku/importprice/session/:id/commit': { what: 'commit a price import', powers: [POWER.priceAdd], party: P.supplier },
  'DELETE /v5/mall/sku/importprice/session/:id': { what: "drop one's own price import session", everyMember: "a session is its starter's own (checked in the route); dropping it changes nothing else" },
  'GET /v5/mall/price/survey': { what: 'price surveys', powers: screens('priceSurveyVoucher', 'educationPriceSurveyVoucher', 'productPrice', 'productPriceApproval', 'supermarketManage'), party: P.surveyReader },
  'POST /v5/mall/price/survey': { what: 'record a price survey (a supermarket shelf price too)', powers: screens('priceSurveyVoucher', 'educationPriceSurveyVoucher', 'productPrice', 'supermarketManage'), party: P.surveyor },
  'DELETE /v5/mall/price/survey/:id': { what: 'delete a price survey', powers: screens('priceSurveyVoucher', 'educationPriceSurveyVoucher', 'productPrice', 'supermarketManage'), party: P.surveyor },
  'GET /v5/mall/price/supermarket/reference': { what: 'supermarket reference prices of SKUs', powers: [...S.prices, screen('supermarketManage')] },
  'GET /v5/mall/supermarket/margin': { what: "the org's margin above the supermarket reference", powers: screens('supermarketManage', 'productPriceApproval') },
  'PUT /v5/mall/supermarket/margin': { what: "set the org's margin above the supermarket reference", powers: screens('supermarketManage'), party: P.marginSetter },
  'GET /v5/mall/price/survey/avg': { what: 'market average prices', powers: S.prices },

  // ---- suppliers, purchaser groups, routes
  'GET /v4/mall/supplier': {
    what: "the org's suppliers (or a supplier's buyers)", powers: screens('mallSupplierManage', 'mallSupplierPermissionManage', 'supplierApprovalManage'),
    readers: { [screen('orderList')]: 'the order list filters and places by supplier', [screen('foodPurchase')]: 'a school buys from its suppliers' },
  },
  'POST /v4/mall/supplier': { what: 'link a supplier', party: P.supplierManager },
  'PUT /v4/mall/supplier/:objectId': { what: 'change a supplier link', party: P.supplierManager },
  'GET /v4/mall/supplier/candidates': { what: 'supplier orgs the caller may link, by name (its district or sandbox)', powers: [screen('mallSupplierManage')] },
  'GET /v4/mall/rolegroup/config': { what: "purchaser groups' price settings", powers: screens('mallPurchaserRolesManage', 'mallSupplierPermissionManage', 'mallPurchaserRolesList', 'productPrice', 'productPriceApproval') },
  'PUT /v4/mall/rolegroup/config/:roleGroupId': {
    // the bureau's price approval screen too: it sets the approval rules of the groups of its area
    what: "set a purchaser group's price settings (the route checks whose group it is)",
    powers: [...screens('mallPurchaserRolesManage', 'mallSupplierPermissionManage', 'productPriceApproval'), POWER.priceApprove],
  },
  'GET /v4/mall/route': { what: 'delivery routes', powers: screens('routeManage', 'mallLogisticsManage', 'mallDeliveryManage') },
  'GET /v4/mall/route/search': { what: 'delivery routes by name', powers: screens('routeManage', 'mallLogisticsManage', 'mallDeliveryManage') },
  'POST /v4/mall/route': { what: 'add a delivery route', powers: [screen('routeManage')], party: P.routeEditor },
  'PUT /v4/mall/route/:objectId': { what: 'change a delivery route', powers: [screen('routeManage')], party: P.routeEditor },
  'DELETE /v4/mall/route/:id': { what: 'delete a delivery route', powers: [screen('routeManage')], party: P.routeEditor },
  'GET /v4/mall/route/schools': { what: "schools a route may stop at, by name (those buying from the caller's org)", powers: [screen('routeManage')] },

  // ---- orders, returns, deliveries, scales
  'GET /v4/mall/order': { what: 'orders the caller sees', powers: S.orders },
  'GET /v4/mall/order/search': { what: 'orders by keyword', powers: S.orders },
  'GET /v4/mall/order/:id': { what: 'an order', powers: S.orders },
  'POST /v4/mall/order': { what: 'place an order', powers: screens('orderList', 'foodPurchase'), party: P.school },
  'PUT /v4/mall/order/:id': { what: 'act on an order (confirm, dispatch, deliver, receive …)', powers: screens('orderList', 'mallDeliveryManage', 'mallLogisticsManage') },
  'PUT /v4/mall/orders': { what: 'act on many orders', powers: screens('orderList') },
  'GET /v4/mall/order/log': { what: 'the order log', powers: [screen('orderLogList')] },
  'GET /v4/mall/order/spec': { what: 'order settings', powers: [screen('mallOrderSpec')] },
  'PUT /v4/mall/order/spec': { what: 'change order settings', powers: [screen('mallOrderSpec')] },
  'GET /v4/mall/order/report': { what: 'order figures', powers: [POWER.orderReport] },
  'GET /v4/mall/order/return': { what: 'returns', powers: [screen('mallOrderReturnManage')] },
  'POST /v4/mall/order/return': { what: 'ask for a return', powers: [screen('mallOrderReturnManage')], party: P.school },
  'PUT /v4/mall/order/return/:returnId': { what: 'act on a return', powers: [screen('mallOrderReturnManage')] },
  'DELETE /v4/mall/order/return/:id': { what: 'withdraw a return', powers: [screen('mallOrderReturnManage')] },
  // issue 35: the deprecated shipping notes, read-only: the shipped orders the caller sees that no delivery carried
  'GET /v4/mall/shippinglist': { what: 'legacy shipping notes (read-only)', powers: screens('shippingList') },
  'GET /v4/mall/logistics': { what: 'deliveries', powers: screens('mallLogisticsManage', 'mallDeliveryManage') },
  'GET /v4/mall/logistics/search': { what: 'deliveries by keyword', powers: screens('mallLogisticsManage', 'mallDeliveryManage') },
  'GET /v4/mall/logistics/:id': { what: 'a delivery', powers: screens('mallLogisticsManage', 'mallDeliveryManage') },
  'POST /v4/mall/logistics': { what: 'plan a delivery', powers: screens('mallLogisticsManage', 'mallDeliveryManage'), party: P.supplierOrder },
  'PUT /v4/mall/logistics': { what: 'change a delivery', powers: screens('mallLogisticsManage', 'mallDeliveryManage'), party: P.supplierOrder },
  'DELETE /v4/mall/logistics': { what: 'cancel a delivery', powers: screens('mallLogisticsManage', 'mallDeliveryManage'), party: P.supplierOrder },
  'PUT /v4/mall/logistics/order/:orderId': { what: 'mark a stop of a delivery', powers: screens('mallLogisticsManage', 'mallDeliveryManage') },
  'GET /v4/mall/logistics/carreport': { what: "the vehicles' report", powers: [screen('carReport')] },
  'GET /v4/mall/electronicweight': {
    what: "the school's scales", powers: [screen('mallElectronicWeightManage')], party: P.scaleSchool,
    readers: { [screen('orderList')]: 'receiving an order weighs it on a scale of the school' },
  },
  'POST /v4/mall/electronicweight': { what: 'register a scale', powers: [POWER.scaleManage], party: P.scaleSchool },
  'PUT /v4/mall/electronicweight/:id': { what: 'change a scale', powers: [POWER.scaleManage], party: P.scaleSchool },
  'DELETE /v4/mall/electronicweight/:id': { what: 'remove a scale', powers: [POWER.scaleManage], party: P.scaleSchool },
  'GET /v4/mall/recipe/purchaseplan': { what: "a cycle's purchase plan", powers: screens('mallRecipePurchaseplan', 'mallRecipeCycleManage'), party: P.school },
  'GET /v4/mall/recipe/monthpurchaseplan': { what: 'the month purchase plan', powers: screens('mallRecipeMonthPurchaseplan', 'mallRecipeCycleManage'), party: P.school },

  // ---- issue 34: the members' storefront, as its operators keep it
  ...Object.fromEntries(([
    ['/v4/mall/cms/content', 'mallCMS', 'banners, notices and articles'],
    ['/v4/mall/recommend', 'recommendManage', 'recommendations'],
    ['/v4/mall/campaign', 'activityManage', 'campaigns'],
  ] as const).flatMap(([base, key, what]) => [
    [`GET ${base}`, {
      what, powers: [screen(key)], party: P.mallOrg,
      ...(key !== 'activityManage' && { readers: { [screen('mallHome')]: 'the storefront editor places and previews them' } }),
    }],
    [`POST ${base}`, { what: `add ${what}`, powers: [screen(key)], party: P.mallOrg }],
    [`PUT ${base}/:id`, { what: `change ${what}`, powers: [screen(key)], party: P.mallOrg }],
    [`DELETE ${base}/:id`, { what: `remove ${what}`, powers: [screen(key)], party: P.mallOrg }],
  ] satisfies [string, RouteRule][])),
  'GET /v4/mall/cms/template': { what: 'the storefront template', powers: screens('mallTemplateManage', 'mallHome'), party: P.mallOrg },
  'PUT /v4/mall/cms/template': { what: 'pick and fill the storefront template', powers: screens('mallTemplateManage', 'mallHome'), party: P.mallOrg },
  'GET /v4/mall/cms/preview': { what: 'the storefront as members will see it', powers: screens('mallHome', 'mallCMS', 'mallTemplateManage'), party: P.mallOrg },
  'GET /v4/mall/groupon': { what: 'group buys', powers: [screen('grouponManage')], party: P.mallOrg, readers: { [screen('mallHome')]: 'the storefront editor sees the group buys it shows' } },
  'GET /v4/mall/groupon/:id': { what: 'a group buy and who joined', powers: [screen('grouponManage')], party: P.mallOrg },
  'POST /v4/mall/groupon': { what: 'start a group buy', powers: [screen('grouponManage')], party: P.mallOrg },
  'PUT /v4/mall/groupon/:id': { what: 'change a group buy nobody joined', powers: [screen('grouponManage')], party: P.mallOrg },
  'POST /v4/mall/groupon/:id/cancel': { what: 'cancel a group buy', powers: [screen('grouponManage')], party: P.mallOrg },
  'POST /v4/mall/groupon/settle': { what: 'settle group buys past their deadline', powers: [screen('grouponManage')], party: P.mallOrg },
  // ---- issue 34: activities an org runs for its members (activityList)
  'GET /v1/activities': { what: "the org's activities", powers: screens('activityList'), party: P.mallOrg },
  'GET /v1/activities/audience': { what: 'the schools an activity may be for', powers: screens('activityList'), party: P.mallOrg },
  'POST /v1/activities': { what: 'a new activity (draft)', powers: screens('activityList'), party: P.mallOrg },
  'PUT /v1/activities/:id': { what: 'change an activity', powers: screens('activityList'), party: P.mallOrg },
  'POST /v1/activities/:id/state': { what: 'publish, close or cancel an activity', powers: screens('activityList'), party: P.mallOrg },
  'GET /v1/activities/:id/signups': { what: "an activity's sign-ups (names, phones, attendance)", powers: screens('activityList'), party: P.mallOrg },
  'PUT /v1/activities/:id/signups/:memberId': { what: 'mark attendance', powers: screens('activityList'), party: P.mallOrg },
  // ---- bright kitchens (issue 33): cameras, health, installer companies, inspections, AI alerts
  'GET /v1/device': {
    what: 'cameras the caller reaches, with health', powers: [screen('videoDevice')], party: P.deviceViewer,
    readers: { [screen('errorDevice')]: 'reporting a fault picks the camera' },
  },
  'POST /v1/device': { what: 'register a camera', powers: [screen('videoDevice')], party: P.deviceManager },
  'PUT /v1/device/:id': { what: 'change a camera', powers: [screen('videoDevice')], party: P.deviceManager },
  'DELETE /v1/device/:id': { what: 'remove a camera', powers: [screen('videoDevice')], party: P.deviceManager },
  'POST /v1/device/:id/secret': { what: "a new signing secret for a camera's edge box", powers: [screen('videoDevice')], party: P.deviceManager },
  'POST /v1/device/:id/check': { what: 'check a camera now', powers: [screen('videoDevice')], party: P.deviceManager },
  'GET /v1/device/orgs': { what: '§7 video device orgs: the orgs with cameras and their health', powers: [screen('videoDevice')], party: P.deviceViewer },
  'GET /v1/device/settings': { what: "the school's offline threshold", powers: [screen('videoDevice')], party: P.deviceViewer },
  'PUT /v1/device/settings': { what: 'set the offline threshold', powers: [screen('videoDevice')], party: P.deviceManager },
  'GET /v1/device/company': {
    what: 'installer companies the caller reaches', powers: [screen('companyManage')], party: P.deviceViewer,
    readers: { [screen('videoDevice')]: 'a camera names its installer company', [screen('errorDevice')]: 'a ticket is assigned to a company' },
  },
  'GET /v1/device/company/candidates': { what: 'installer-company orgs the caller may register, by name (its district)', powers: [screen('companyManage')], party: P.companyManager },
  'GET /v1/device/company/schools': { what: 'schools a company the caller registers may serve, by name (its district)', powers: [screen('companyManage')], party: P.companyManager },
  'POST /v1/device/company': { what: 'register an installer company', powers: [screen('companyManage')], party: P.companyManager },
  'PUT /v1/device/company/:id': { what: 'change an installer company', powers: [screen('companyManage')], party: P.companyManager },
  'GET /v1/device/inspection': { what: 'inspection tickets the caller reaches', powers: [screen('errorDevice')], party: P.deviceViewer },
  'POST /v1/device/inspection': { what: 'report a camera fault', powers: [screen('errorDevice')], party: P.deviceManager },
  'PUT /v1/device/inspection/:id': { what: 'assign, fix, verify or reopen a ticket (domain/inspection INSPECTION_ACTORS)', powers: [screen('errorDevice')], party: P.deviceViewer },
  'GET /v1/device/inspection/:id/photo': { what: "a ticket's repair photo", powers: [screen('errorDevice')], party: P.deviceViewer },
  'GET /v1/device/alerts': { what: 'AI alerts of the kitchens the caller reaches', powers: [screen('videoDevice')], party: P.deviceViewer },
  'GET /v1/device/alerts/daily': { what: 'AI alerts per day, type and school', powers: [screen('videoDevice')], party: P.deviceViewer },
  'GET /v1/device/alerts/:id/snapshot': { what: "an alert's snapshot", powers: [screen('videoDevice')], party: P.deviceViewer },
  'PUT /v1/device/alerts/:id': { what: 'handle an alert or make it a ticket', powers: [screen('videoDevice')], party: P.deviceViewer },

  // ---- recipes, dishes, ingredients, nutrition
  'GET /v4/mall/food/ingredients': { what: 'the ingredient library', powers: [...S.recipes, ...S.recipeSettings, ...screens('mallFoodIngredientsManage', 'localFoodIngredientsManage')], readers: { [screen('productManage')]: 'a supplier links SKUs to ingredients' } },
  'GET /v4/mall/food/ingredients/product': { what: "ingredients' goods", powers: [...S.recipes, ...screens('mallFoodIngredientsManage', 'localFoodIngredientsManage')], readers: { [screen('productManage')]: 'a supplier links SKUs to ingredients' } },
  ...Object.fromEntries(['POST /v4/mall/food/ingredients', 'PUT /v4/mall/food/ingredients/:foodId', 'DELETE /v4/mall/food/ingredients/:id', 'POST /v4/mall/food/ingredients/import',
    'POST /v4/mall/menu', 'PUT /v4/mall/menu/:id', 'DELETE /v4/mall/menu/:id', 'POST /v4/mall/menu/package', 'PUT /v4/mall/menu/package/:id', 'DELETE /v4/mall/menu/package/:id',
  ].map((r) => [r, { what: `dishes and ingredients: ${r}`, party: P.recipeWriter } satisfies RouteRule])),
  'GET /v4/mall/menu': { what: 'dishes', powers: S.recipes },
  'GET /v4/mall/menu/package': { what: 'packages', powers: S.recipes },
  'GET /v4/mall/recipe/cycle': { what: 'recipe cycles', powers: S.recipes, readers: SUPPLIER_READS_CYCLES },
  'GET /v4/mall/recipe/cycle/:id': { what: 'a recipe cycle', powers: S.recipes, readers: SUPPLIER_READS_CYCLES },
  'GET /v4/mall/recipe/cycle/:id/log': { what: "a recipe cycle's log", powers: S.recipes },
  'GET /v5/mall/recipe/cycle/:id/analysis': { what: "a recipe cycle's nutrition analysis", powers: S.recipes },
  'GET /v5/mall/recipe/cycle/allocate/settings': { what: 'smart allocation settings', powers: S.recipes },
  'POST /v4/mall/recipe/cycle': { what: 'create a recipe cycle', powers: S.recipes, party: P.recipeCycle },
  'POST /v4/mall/recipe/cycle/:id/clone': { what: 'clone a recipe cycle', powers: S.recipes, party: P.recipeCycle },
  ...Object.fromEntries(['PUT /v4/mall/recipe/cycle/:id', 'DELETE /v4/mall/recipe/cycle/:id', 'PUT /v4/mall/recipe/cycle/:id/cell', 'POST /v4/mall/recipe/cycle/:id/copy',
    'POST /v4/mall/recipe/cycle/:id/submit', 'POST /v4/mall/recipe/cycle/:id/withdraw', 'POST /v4/mall/recipe/cycle/:id/approve', 'POST /v4/mall/recipe/cycle/:id/reject',
    'POST /v4/mall/recipe/cycle/:id/publish', 'POST /v5/mall/recipe/cycle/:id/allocate', 'POST /v5/mall/recipe/cycle/:id/allocate/accept',
  ].map((r) => [r, { what: `recipe cycle: ${r.split('/').pop()}`, powers: S.recipes } satisfies RouteRule])),
  'GET /v4/mall/recipe/standard/cycle': { what: 'cloud recipes', powers: S.recipes },
  'GET /v4/mall/recipe/standard/cycle/:id': { what: 'a cloud recipe', powers: S.recipes },
  'POST /v4/mall/recipe/standard/cycle/:id/copy': { what: 'copy a cloud recipe', powers: S.recipes, party: P.recipeSharing },
  'POST /v4/mall/recipe/standard/cycle/publish': { what: 'publish a cloud recipe', party: P.platform },
  'GET /v4/mall/recipe/share': { what: 'recipe shares', powers: S.recipes },
  'GET /v4/mall/recipe/share/:id/cycle': { what: "a share's cycle", powers: S.recipes },
  'PUT /v4/mall/recipe/share': { what: 'recipe share settings', powers: S.recipes },
  'POST /v4/mall/recipe/share': { what: 'share a recipe', powers: S.recipes, party: P.recipeSharing },
  'PUT /v4/mall/recipe/share/:id': { what: 'change a share', powers: S.recipes, party: P.recipeSharing },
  'DELETE /v4/mall/recipe/share/:id': { what: 'stop a share', powers: S.recipes, party: P.recipeSharing },
  'POST /v4/mall/recipe/share/:id/copy': { what: 'copy a shared recipe', powers: S.recipes, party: P.recipeSharing },
  'GET /v4/mall/recipe/exceltpl': { what: 'recipe export templates', powers: S.recipes },
  'PUT /v4/mall/recipe/exceltpl': { what: 'choose a recipe export template', powers: S.recipes },
  'POST /v4/mall/recipe/exceltpl': { what: 'add a recipe export template', powers: S.recipes, party: P.recipeSharing },
  'PUT /v4/mall/recipe/exceltpl/:id': { what: 'change a recipe export template', powers: S.recipes, party: P.recipeSharing },
  'DELETE /v4/mall/recipe/exceltpl': { what: 'delete a recipe export template', powers: S.recipes, party: P.recipeSharing },
  'POST /v5/mall/nutrition/calculate': { what: 'nutrition of foods (computed, nothing stored)', powers: [...S.recipes, ...S.recipeSettings], readers: { [screen('productManage')]: "a supplier shows a product's nutrition" } },
  'POST /v5/mall/nutrition/analysis': { what: 'nutrition analysis (computed, nothing stored)', powers: [...S.recipes, ...S.recipeSettings] },
  'GET /v5/mall/recipe/label/dish': { what: "a dish's food label", powers: [...S.recipes, ...S.recipeSettings] },
  'GET /v5/mall/recipe/people/energy': { what: "people groups' energy needs", powers: [...S.recipes, ...S.recipeSettings] },
  'GET /v4/mall/recipe/people/config': {
    what: 'people groups', powers: [...S.recipes, ...S.recipeSettings],
    readers: { [screen('recipeSport')]: "an exercise prescription sets a custom people group's energy target (issue 35)" },
  },
  'GET /v4/mall/recipelabel': { what: 'recipe labels', powers: [...S.recipes, ...S.recipeSettings] },
  // issue 28: the editor names who approves; only those who may change the org config set it (not the dietitian it governs)
  'GET /v5/mall/recipe/approvers': { what: 'who approves weekly recipes (roles and names)', powers: [...S.recipes, ...S.recipeSettings] },
  'PUT /v5/mall/recipe/approvers': { what: 'set who approves weekly recipes', powers: [POWER.configEdit] },
  'GET /v4/mall/recipelabel/config': { what: 'recipe label settings', powers: [...S.recipes, ...S.recipeSettings] },
  ...Object.fromEntries(['DELETE /v4/mall/recipe/people/config', 'POST /v5/mall/recipe/people/config', 'PUT /v5/mall/recipe/people/config', 'POST /v5/mall/recipe/people/config/custom',
    'PUT /v5/mall/recipe/people/config/custom/:peopleId', 'PUT /v5/mall/recipe/people/config/custom/defaultEnable', 'POST /v4/mall/recipelabel', 'PUT /v4/mall/recipelabel',
    'PUT /v4/mall/recipelabel/:id', 'POST /v4/mall/recipelabel/config', 'PUT /v4/mall/recipelabel/config', 'PUT /v5/mall/recipe/people/sport',
  ].map((r) => [r, { what: `recipe settings: ${r}`, party: P.settingsWriter } satisfies RouteRule])),
  // ---- issue 35: short links of the org (its own only), made on the screen and by the screens that print or share pages
  'GET /v1/shortlinks': { what: "the org's short links", powers: screens('dwzManage') },
  'POST /v1/shortlinks': { what: 'make a short link', powers: screens('dwzManage') },
  'POST /v1/shortlinks/ensure': {
    what: 'short links of pages to print or share', powers: screens('dwzManage'),
    readers: { [screen('mallRecipeCycleLabelSet')]: "a food label's QR code opens the trace page through a short link" },
  },
  'PUT /v1/shortlinks/:code/expiry': { what: 'expire a short link', powers: screens('dwzManage') },
  'GET /v1/shortlinks/:code/visits': { what: "a short link's visits by day", powers: screens('dwzManage') },
  // ---- issue 35: release notes: the platform publishes, every member reads those addressed to his org's kind
  'GET /v1/productupdates': shell('release notes addressed to his org', "the shell's \"new\" badge and the updates screen"),
  'PUT /v1/productupdates/:id/read': shell('mark a release note read', "the shell's \"new\" badge and the updates screen"),
  'POST /v1/productupdates': platform('publish a release note'),
  'PUT /v1/productupdates/:id': platform('change a release note'),
  'DELETE /v1/productupdates/:id': platform('withdraw a release note'),
};

/** The table's entry for a route (`METHOD` upper case, Fastify url), if any. */
export const ruleOf = (method: string, url: string): RouteRule | undefined => ROUTE_POWERS[`${method.toUpperCase()} ${url}`];

/** Every power that lets a member call the route: its own and its readers'. */
export const powersOfRule = (rule: RouteRule): string[] => [...(rule.powers ?? []), ...Object.keys(rule.readers ?? {})];

/** What is wrong with an entry (empty when nothing): it names exactly one kind of standing, and a reason for reads by others. */
export function ruleProblems(rule: RouteRule): string[] {
  const out: string[] = [];
  const kinds = [rule.everyMember !== undefined, !!(rule.powers?.length || rule.readers), !!rule.party].filter(Boolean).length;
  if (!kinds) out.push('names no power, party or reason every member may call it');
  if (rule.everyMember !== undefined && (rule.powers || rule.party || rule.readers)) out.push('everyMember excludes powers and party');
  if (rule.everyMember !== undefined && !rule.everyMember.trim()) out.push('everyMember needs a reason');
  for (const [k, why] of Object.entries(rule.readers ?? {})) if (!why.trim()) out.push(`reader ${k} needs a reason`);
  if (rule.open && !rule.powers?.length) out.push('open narrows a power: it needs powers');
  return out;
}
