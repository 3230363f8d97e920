// SPEC §7, call by call, as data (issue 15): what the documented HTTP API is, so a test can check each call
// against the server's OpenAPI document (served?) and the console's services (used?). The feature issues own
// their groups (recipes 9, nutrition 10, orders 11) and extend this list as they add calls; a call that is
// not served or not used carries the reason in `note`.
//
// One line per call: METHOD path | owner | fields (the §3/§7 request fields) | note
// A field written `a=b,c` is the §3 field a sent as b and c (a custom people group's ageRange "6-8" as its two ends).
// Path parameters are written {name}; `...` prefixes of the spec are expanded.

export type Owner = 'base' | 'recipes' | 'nutrition' | 'orders';

export interface SpecCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  owner: Owner;
  fields: string[];
  /** why the call is not served, or not used by the console; empty when both hold */
  note: string;
}

const TABLE = `
GET /v1/passport/captcha | base | height fontSize username |
GET /v1/passport/slidecaptcha | base | | not used: the console's captcha is the image one (a typed code), which works with a keyboard and a screen reader; the slide captcha (token and pointer trail) is for touch clients
POST /v1/passport/smscode | base | username phoneNumber appName type smsAppId |
POST /v2/passport/smscode | base | phoneNumber code appId smsAppId token trail |
POST /v1/passport/verifysmscode | base | phoneNumber code |
POST /v1/passport/login | base | username password type |
POST /v1/passport/formuser | base | appId orgId phoneNumber smscode |
POST /v1/passport/resetpwd | base | username phoneNumber smscode password type |
POST /v1/passport/qrcode | base | |
GET /v1/passport/qrcode/{id} | base | |
POST /v2/passport/logout | base | |
GET /v2/users/loginstatus | base | |
GET /v2/users/org/app | base | configPath |
POST /v1/token/orgappkey/encrypt | base | |
POST /v1/users/activation | base | os |
GET /v1/users/activation | base | | not used: the console only reports activity (POST, once a day per platform); the active days are read by usage statistics clients, which this console does not show
GET /v2/users/checkorg | base | |
GET /v2/users/account/{id} | base | | not used: the console reads a member through GET /v2/users/{id}, which answers the same account with his roles, the stream version to edit with and what the caller may change
GET /v2/users/{id} | base | |
DELETE /v2/users/{id} | base | | not used: the console takes people out of an org through contacts (DELETE /v3/contacts/person), which keeps their accounts for the other orgs they are in; removing a member's account from an org is for account-management clients
PUT /v2/users/{username} | base | name personName email mobilePhoneNumber password enable expiration isRegister isNotRouterHome |
POST /v2/users | base | username name personName email mobilePhoneNumber password enable expiration isRegister isNotRouterHome | not used: the console adds people through contacts (POST /v3/contacts/person), which makes the account and places the person in departments in one command; this creates bare accounts for clients without contacts (fields tested in tests/api/specCallsAdded.test.ts)
POST /v2/users/bulk | base | users | not used: the console imports people through contacts (POST /v3/contacts/person/bulk), which also places them in departments; this creates bare accounts in bulk for clients without contacts
POST /v2/users/register | base | username name personName mobilePhoneNumber password smscode | not used: the console signs new people up through the trial application (POST /v1/passport/formuser), which also joins them to the org-app they apply for; register is for clients whose users have no org yet (mobile sign-up)
GET /v2/users/org/userlimit | base | |
GET /v2/users/orgapp/user | base | userId | not used: a user's per-org-app info (extraInfo) holds mobile clients' settings; the console keeps its own preferences (language, theme, tabs) in the browser
PUT /v2/users/orgapp/user | base | userId extraInfo | not used: a user's per-org-app info (extraInfo) holds mobile clients' settings; the console keeps its own preferences (language, theme, tabs) in the browser
GET /v2/roles/role/user | base | roleName $count |
GET /v1/org/fjzzorg | base | | not used: a user who signed in from the external origin is sent back there when he opens the org chooser (§2 guard), so this console never shows that origin's org list; the external site does
GET /v2/roles/user/role/jsysupport | base | | not used: the console gates its support tools (statechart inspector) by the §6 role predicates it already reads with the user's powers (GET /v2/roles/user/permission); the flag serves clients without that call
GET /v2/roles/role | base | name orgId roleId code manageRoleName $limit $skip $orderby $count |
GET /v2/roles/group | base | code $limit $orderby manageRoleNames |
GET /v2/roles/role/relation | base | |
GET /v2/roles/role/relation/child | base | roleIds | not used: the roles screen reads the whole relation tree once (GET /v2/roles/role/relation) and walks children in the browser, instead of one call per level
GET /v2/roles/user/role | base | userId relationRole departmentRole groupRole | not used: the console reads the signed-in user's roles with his powers (GET /v2/roles/user/permission) and a member's roles with his record (GET /v2/users/{id}); this call serves clients that need related, department and group roles
POST /v2/roles/{userId} | base | roleName |
DELETE /v2/roles/{userId} | base | roleName | not used: the console takes users out of a role from the role's user list (DELETE /v2/roles/role/{id}/user, several at once); this per-user variant serves other clients
PUT /v2/roles/role/{roleId} | base | roleId userId |
POST /v2/roles/role/relation | base | roleRelation |
DELETE /v2/roles/role/relation/{id} | base | relationPath child |
DELETE /v2/roles/role/{id} | base | |
DELETE /v2/roles/role/{id}/user | base | all userId |
POST /v2/roles/group | base | groupName code sort manageRoleNames |
PUT /v2/roles/group/{id} | base | groupName code sort manageRoleNames |
DELETE /v2/roles/group/{id} | base | |
POST /v2/roles/role | base | name code roleGroupId manageRoleName=manageRoleNames orgId enable sort config cnName |
POST /v2/roles/role/{name}/manage | base | |
GET /v2/roles/user/permission | base | |
GET /v2/roles/role/permission | base | |
POST /v2/roles/role/permission | base | permissions roleId |
DELETE /v2/roles/role/permission | base | |
PUT /v2/roles/role/permission/batch | base | roleId permissionId extraInfo |
GET /v2/permission/user/power | base | | not used: the console receives the user's power keys with his roles (GET /v2/roles/user/permission, and in the org-app context), so a powers-only call is not needed
GET /v2/permission | base | |
POST /v2/permission | base | moduleId parentId groupName power powerName enable extraInfo | not used: an org's menus and powers come from its init template (orgAppTemplateManage) when it is created, and are linked to roles in rolesPermissionManage; single permission nodes are edited by the platform's back office, not this console
PUT /v2/permission/{id} | base | moduleId parentId groupName power powerName enable extraInfo | not used: an org's menus and powers come from its init template (orgAppTemplateManage) when it is created, and are linked to roles in rolesPermissionManage; single permission nodes are edited by the platform's back office, not this console
DELETE /v2/permission | base | permissionId | not used: an org's menus and powers come from its init template (orgAppTemplateManage) when it is created, and are linked to roles in rolesPermissionManage; single permission nodes are edited by the platform's back office, not this console
GET /v2/permission/user/menu | base | groupName orgId enable appId |
GET /v1/config/org | base | orgId appId path |
PUT /v1/config/org | base | path value |
PUT /v2/config/org | base | config orgId appId |
PUT /v2/config/org/productPermission | base | orgId appId productPermission | not used: the console gives an org its products as org-apps (orgAppManage) and its functions as menus (init templates); the stored permission (appIds, modules, expiration) is for the sales back office that sells editions
GET /v2/config/app | base | $select $limit appId |
POST /v2/config/app | base | |
PUT /v2/config/app/{appId} | base | |
GET /v1/config/theme | base | | not used: the console receives the theme with the org-app context (POST /v2/users/org/app/context, issue 12: one round trip from choosing an org-app to its menu), which answers what this call answers
PUT /v1/config/theme | base | ysdadminTheme |
GET /v1/config/locales | base | |
PUT /v1/config/locales | base | |
GET /v2/config/newestorgid | base | | not used: the console creates an org in one command (POST /v3/orgappinit/create, all or nothing, better for users than seven calls that can stop half-way); this fresh id serves clients running the seven step calls (tests/api/specCallsAdded.test.ts)
GET /v1/config/app/org | base | appId disabled $limit $skip |
GET /v1/datetime | base | | not used: the online-hours restriction is decided on the server (its clock) for every request, so the console needs no server time of its own
GET /v1/datetime/holidays | base | date |
GET /v3/orgappinit/template | base | $select $limit |
POST /v3/orgappinit/template | base | name disabled |
PUT /v3/orgappinit/template | base | id name disabled |
POST /v3/orgappinit/config | base | orgId orgName appId appName name | not used: ours kept beside it: the console creates an org in one command (POST /v3/orgappinit/create), all seven steps in one transaction, so a failure never leaves half an org; each step call works alone for other clients (tests/api/orgInit.test.ts, a fresh id from GET /v2/config/newestorgid)
POST /v3/orgappinit/org | base | orgId orgName appId appName name | not used: ours kept beside it: the console creates an org in one command (POST /v3/orgappinit/create), all seven steps in one transaction, so a failure never leaves half an org; each step call works alone for other clients (tests/api/orgInit.test.ts, tests/api/specCallsAdded.test.ts)
POST /v3/orgappinit/menu | base | orgId orgName appId appName name | not used: ours kept beside it: the console creates an org in one command (POST /v3/orgappinit/create), all seven steps in one transaction, so a failure never leaves half an org; each step call works alone for other clients (tests/api/orgInit.test.ts)
POST /v3/orgappinit/rolegroup | base | orgId orgName appId appName name | not used: ours kept beside it: the console creates an org in one command (POST /v3/orgappinit/create), all seven steps in one transaction, so a failure never leaves half an org; each step call works alone for other clients (tests/api/orgInit.test.ts)
POST /v3/orgappinit/role | base | orgId orgName appId appName name | not used: ours kept beside it: the console creates an org in one command (POST /v3/orgappinit/create), all seven steps in one transaction, so a failure never leaves half an org; each step call works alone for other clients (tests/api/orgInit.test.ts)
POST /v3/orgappinit/contacts | base | orgId orgName appId appName name | not used: ours kept beside it: the console creates an org in one command (POST /v3/orgappinit/create), all seven steps in one transaction, so a failure never leaves half an org; each step call works alone for other clients (tests/api/orgInit.test.ts)
POST /v3/orgappinit/contactspermission | base | orgId orgName appId appName name | not used: ours kept beside it: the console creates an org in one command (POST /v3/orgappinit/create), all seven steps in one transaction, so a failure never leaves half an org; each step call works alone for other clients (tests/api/orgInit.test.ts)
GET /v1/productagent | base | domain |
POST /v1/productagent | base | domain |
PUT /v1/productagent/{agentId} | base | domain |
GET /v1/productagent/child | base | |
GET /v1/productmembers | base | |
POST /v1/productmembers | base | userId groupId config |
PUT /v1/productmembers | base | userId groupId config |
DELETE /v1/productmembers | base | userId |
PUT /v1/productmembers/movegroup | base | |
GET /v1/productmembers/group | base | |
POST /v1/productmembers/group | base | |
PUT /v1/productmembers/group | base | |
DELETE /v1/productmembers/group | base | |
GET /v1/productmembers/config | base | |
POST /v1/productmembers/config | base | memberLevel | not used: the member settings screen saves with PUT /v1/productmembers/config, which keeps levels members still use; POST replaces the whole config, for clients that set it up once
PUT /v1/productmembers/config | base | memberLevel |
GET /v5/mall/recipe/people/energy | recipes | |
GET /v4/mall/recipe/people/config | recipes | enable isDelete ageRange extraInfo |
POST /v5/mall/recipe/people/config | recipes | |
PUT /v5/mall/recipe/people/config | recipes | |
POST /v5/mall/recipe/people/config/custom | recipes | name ageRange=minAge,maxAge foodIngredients |
PUT /v5/mall/recipe/people/config/custom/{peopleId} | recipes | name ageRange=minAge,maxAge foodIngredients |
PUT /v5/mall/recipe/people/config/custom/defaultEnable | recipes | peopleId defaultEnable |
DELETE /v4/mall/recipe/people/config | recipes | peopleId |
GET /v4/mall/recipelabel/config | recipes | |
PUT /v4/mall/recipelabel/config | recipes | |
POST /v4/mall/recipelabel/config | recipes | | not used: the console saves the config with PUT (one config per org; POST is the same call)
GET /v4/mall/recipelabel | recipes | |
POST /v4/mall/recipelabel | recipes | |
PUT /v4/mall/recipelabel | recipes | |
GET /v1/category/polardb | base | groupName appId orgId | not used: the console's category screens use /v2/category (the same categories, with batch create and batch sort); the polardb variants serve older clients
POST /v1/category/polardb | base | groupName name parentId sort enable | not used: the console's category screens use /v2/category (the same categories, with batch create and batch sort); the polardb variants serve older clients
PUT /v1/category/polardb | base | id name sort enable | not used: the console's category screens use /v2/category (the same categories, with batch create and batch sort); the polardb variants serve older clients
DELETE /v1/category/polardb | base | groupName appId orgId | not used: the console's category screens use /v2/category (the same categories, with batch create and batch sort); the polardb variants serve older clients
GET /v2/category | base | $orderby $limit orgId categoryId groupName |
POST /v2/category | base | groupName list |
PUT /v2/category/{id} | base | name parentId sort enable extraInfo |
PUT /v2/category | base | categorys |
DELETE /v2/category/{id} | base | isPhysicalDelete |
GET /v4/mall/spec | base | name orgId appId |
POST /v4/mall/spec | base | name options sort |
PUT /v4/mall/spec/{id} | base | options |
GET /v4/mall/logistics | orders | deliveryDate startDate endDate routeId status orderId $limit $skip |
POST /v4/mall/logistics | orders | deliveryDate routeId orderIds vehicle driverName driverPhone remark |
PUT /v4/mall/logistics | orders | id routeId orderIds vehicle driverName driverPhone remark version |
DELETE /v4/mall/logistics | orders | id |
GET /v4/mall/logistics/search | orders | keyword |
GET /v4/mall/logistics/{id} | orders | |
PUT /v4/mall/logistics/order/{orderId} | orders | action orderAction version |
GET /v4/mall/route | base | |
GET /v4/mall/route/search | base | |
POST /v4/mall/route | base | |
PUT /v4/mall/route/{objectId} | base | |
DELETE /v4/mall/route/{id} | base | |
GET /v4/mall/recipe/share | recipes | orgId |
POST /v4/mall/recipe/share | recipes | |
PUT /v4/mall/recipe/share/{id} | recipes | |
GET /v4/mall/recipe/exceltpl | recipes | |
POST /v4/mall/recipe/exceltpl | recipes | |
PUT /v4/mall/recipe/exceltpl/{id} | recipes | |
DELETE /v4/mall/recipe/exceltpl | recipes | id |
GET /v4/mall/sku | base | |
POST /v4/mall/sku | base | |
PUT /v4/mall/sku | base | |
DELETE /v4/mall/sku | base | |
GET /v4/mall/sku/ingredients | base | |
GET /v4/mall/sku/log | base | skuId productId $limit $skip |
GET /v4/mall/supplier | base | |
POST /v4/mall/supplier | base | |
PUT /v4/mall/supplier/{objectId} | base | |
GET /v4/mall/product | base | |
POST /v4/mall/product | base | |
PUT /v4/mall/product/{id} | base | |
DELETE /v4/mall/product/{id} | base | |
GET /v4/mall/product/count | base | | not used: the console's product lists carry their count ({rows, count}), so no screen needs the count alone; it serves clients that show a number only
PUT /v4/mall/product/batchupdate/approvalstatus | base | |
PUT /v4/mall/product/package/uppershelf | base | productIds isUppershelf |
POST /v4/mall/product/rawripe | base | productIds rawRipe |
POST /v4/mall/import/product | base | file products statusUpdatedPrductCIds | not used: ours kept beside it: the console imports through staged sessions (/v4/mall/import/product/session: batches with progress, one all-or-nothing commit, no request-size limit on a large sheet); the one-request call works for other clients (tests/api/mallImport.test.ts)
POST /v4/mall/import/productimage | base | products |
POST /v4/mall/recipe/initproduct | base | foodIds |
POST /v4/mall/bulk/productsku | base | |
PUT /v4/mall/bulk/productsku | base | |
GET /v5/mall/sku/price | base | |
GET /v5/mall/sku/price/log | base | |
GET /v5/mall/sku/price/searchprice | base | | not used: the price screens search with GET /v5/mall/sku/price's keyword, which pages and filters by status too; searchprice (the latest price per SKU and role group) serves clients that only look a price up
GET /v5/mall/sku/price/latest-price | base | $groupby |
POST /v5/mall/sku/price | base | skuPrice startDate |
PUT /v5/mall/sku/price | base | skuPrice isEduBureauOrg eduBureauOrgArea isCheckPrice |
DELETE /v5/mall/sku/price | base | skuPriceId | not used: in the console a price is replaced by a new one (the old one superseded, its history kept in the SKU log) rather than deleted; deletion serves clients that withdraw prices outright (as importprice delPriceIds does)
PUT /v5/mall/sku/relationlock/skustatus | base | skuIds enable |
POST /v5/mall/sku/importprice | base | skuPrice delPriceIds eduOrgId remark | not used: ours kept beside it: the console imports prices through staged sessions (/v5/mall/sku/importprice/session: batches of 60 with progress, one all-or-nothing commit); the one-request call works for other clients (tests/api/mallPrices.test.ts)
GET /v4/mall/food/ingredients | recipes | $limit foodId |
POST /v4/mall/food/ingredients | recipes | |
PUT /v4/mall/food/ingredients/{foodId} | recipes | |
DELETE /v4/mall/food/ingredients/{id} | recipes | |
GET /v4/mall/food/ingredients/product | recipes | $skip productId | not used: the console links foods from the SKU (GET/PUT /v4/mall/sku/ingredients in the product screen) and the purchase plan and smart allocation match foods to goods on the server; the list of every link, paged by $skip, serves clients that copy the links out
GET /v4/mall/food/product | recipes | $limit $orderby | not served yet: issue 9 builds it (pending)
POST /v4/mall/food/product | recipes | | not served yet: issue 9 builds it (pending)
PUT /v4/mall/food/product/{productId} | recipes | | not served yet: issue 9 builds it (pending)
DELETE /v4/mall/food/product/{id} | recipes | | not served yet: issue 9 builds it (pending)
GET /v4/mall/order | orders | status supplierId orgId startDate endDate $limit $skip |
GET /v4/mall/order/search | orders | keyword status |
PUT /v4/mall/orders | orders | orders |
PUT /v4/mall/order/{id} | orders | action reason lines version |
DELETE /v4/mall/order/{id} | orders | | not served: an order is never deleted, it is cancelled before dispatch (PUT /v4/mall/order/{id} action cancel) so its log stays
GET /v4/mall/order/return | orders | status orderId $limit $skip |
POST /v4/mall/order/return | orders | orderId reason items photos |
PUT /v4/mall/order/return/{returnId} | orders | action reason version |
DELETE /v4/mall/order/return/{id} | orders | |
GET /v3/contacts/department | base | |
GET /v3/contacts/department/path | base | | not used: the contacts screen holds the whole department tree it may see (GET /v3/contacts/department, §9 pages of 5000) and finds a path in it; the call serves clients that load the tree level by level
GET /v3/contacts/department/suborg | base | currentOrgId departmentId | not used: the contacts screen holds the whole department tree it may see and takes children from it; suborg serves clients that load the tree level by level
GET /v3/contacts/person/department | base | | not used: the contacts screen reads a person with his departments (GET /v3/contacts/person), so a second call per person is not needed
GET /v3/contacts/person | base | |
POST /v3/contacts/person | base | name phoneNumber showPhoneNumber gender unit status department |
PUT /v3/contacts/person/{id} | base | name phoneNumber showPhoneNumber gender unit status department |
DELETE /v3/contacts/person | base | userId |
GET /v3/contacts/department/person | base | | not used: the contacts screen lists a department's people with GET /v3/contacts/person?departmentId (§9 pages of 5000, with search); this one-department call (请指定查询的部门 enforced by the server) serves other clients
POST /v3/contacts/person/department | base | userId department | not used: the contacts screen moves people between departments with PUT /v3/contacts/person/department and sets a person's departments in his editor (PUT /v3/contacts/person/{id}); adding without removing serves other clients
PUT /v3/contacts/person/department | base | userId department |
DELETE /v3/contacts/person/department | base | userId departmentId | not used: the contacts screen moves people between departments with PUT /v3/contacts/person/department and sets a person's departments in his editor; removing alone serves other clients
POST /v3/contacts/department | base | parentId departmentName type roleConfig isHide isAllHide sort |
PUT /v3/contacts/department/{id} | base | parentId departmentName type roleConfig isHide isAllHide sort |
DELETE /v3/contacts/department/{id} | base | |
GET /v3/contacts/department/permision | base | departmentId | not used: the contacts screen decides the §6 createPermision rule from the department tree it holds (roleConfig) and the user's roles, and the server checks it on every create; the call serves clients without the tree
POST /v3/contacts/department/bulk | base | |
POST /v3/contacts/person/bulk | base | |
PUT /v3/contacts/person/bulk | base | |
GET /v1/form/table | recipes | | not served: only the item calls of the recipe user limit tables are built (issue 9); custom form design is not
GET /v1/form/table/item | recipes | tableId appId orgId $select $limit | not used: the recipe user limit tables are kept by the platform operator through the API (no console screen yet)
PUT /v1/form/table/{tableId}/item/{itemId} | recipes | formData | not used: the recipe user limit tables are kept by the platform operator through the API (no console screen yet)
DELETE /v1/form/table/{tableId}/item | recipes | itemId roleName orgId | not used: the recipe user limit tables are kept by the platform operator through the API (no console screen yet)
GET /v1/form/table/user/config | recipes | isPublish | not served: only the item calls of the recipe user limit tables are built (issue 9); custom form design is not
POST /v1/form/table/{tableId}/item | recipes | formData | not used: the recipe user limit tables are kept by the platform operator through the API (no console screen yet)
POST /v1/form/table | recipes | | not served: only the item calls of the recipe user limit tables are built (issue 9); custom form design is not
PUT /v1/form/table/{id} | recipes | | not served: only the item calls of the recipe user limit tables are built (issue 9); custom form design is not
GET /v1/form/table/field | recipes | | not served: only the item calls of the recipe user limit tables are built (issue 9); custom form design is not
POST /v1/form/table/{id}/field | recipes | | not served: only the item calls of the recipe user limit tables are built (issue 9); custom form design is not
PUT /v1/form/table/{id}/field | recipes | | not served: only the item calls of the recipe user limit tables are built (issue 9); custom form design is not
DELETE /v1/form/table/{id}/field | recipes | | not served: only the item calls of the recipe user limit tables are built (issue 9); custom form design is not
GET /v1/form/user | recipes | | not served yet: issue 9 builds it (pending)
PUT /v1/form/user/{commonId} | recipes | | not served yet: issue 9 builds it (pending)
GET /v1/log/apilog | base | |
POST /v1/log/module | base | |
POST /v1/log/operationlog | base | appId orgId orgName username2 topic username userId orgType log |
POST /v5/mall/nutrition/calculate | nutrition | items |
POST /v5/mall/nutrition/analysis | nutrition | ageGroup meals |
GET /v5/mall/recipe/cycle/{id}/analysis | nutrition | ageGroup |
GET /v4/mall/recipe/cycle | recipes | |
POST /v4/mall/recipe/cycle | recipes | |
GET /v4/mall/recipe/cycle/{id} | recipes | |
PUT /v4/mall/recipe/cycle/{id} | recipes | |
DELETE /v4/mall/recipe/cycle/{id} | recipes | |
GET /v4/mall/menu | recipes | |
POST /v4/mall/menu | recipes | |
PUT /v4/mall/menu/{id} | recipes | |
DELETE /v4/mall/menu/{id} | recipes | |
POST /v4/mall/order | orders | supplierId deliveryDate items |
`;

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);

function parse(table: string): SpecCall[] {
  return table.trim().split('\n').map((line) => {
    const [head, owner, fields, note] = line.split('|').map((s) => s.trim());
    const [method, path] = head.split(/\s+/);
    if (!METHODS.has(method) || !path.startsWith('/')) throw new Error(`specCalls: bad line ${line}`);
    return { method: method as SpecCall['method'], path, owner: owner as Owner, fields: fields ? fields.split(/\s+/) : [], note: note ?? '' };
  });
}

export const SPEC_CALLS: readonly SpecCall[] = parse(TABLE);
