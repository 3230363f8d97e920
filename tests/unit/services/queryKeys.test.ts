// The services' query keys (issue 14): each key starts with the root the live updates invalidate for the
// events of its aggregate (src/app/liveUpdates.ts), then the org, so another console's change or this
// console's own write (invalidating `xxxKeys.all`) refreshes every view of it, and orgs never share an entry.
import { describe, expect, it } from 'vitest';
import { queryRootsFor } from '../../../src/app/liveUpdates.ts';
import { configKeys, orgConfigQuery } from '../../../services/config.ts';
import { holidayKeys, holidaysQuery } from '../../../services/datetime.ts';
import { foodLabelConfigQuery, localeOverridesQuery } from '../../../services/settings.ts';
import { agentKeys, agentsQuery, childAgentsQuery } from '../../../services/agents.ts';
import { appKeys, appsQuery, orgAppKeys, orgAppsQuery } from '../../../services/apps.ts';
import { enabledInitTemplatesQuery, initTemplateKeys, initTemplatesQuery } from '../../../services/orgInit.ts';
import {
  categoriesQuery, categoryKeys, mallRoleGroupKeys, roleGroupConfigsQuery, roleGroupsByCodeQuery, orgCategoriesQuery, orgRoleGroupConfigsQuery, routeKeys, routesQuery, specKeys, specsQuery,
  supplierBuyersQuery, supplierKeys, suppliersQuery, productKeys, productsQuery, libraryQuery, skuKeys, productSkusQuery, priceKeys, surveysQuery,
  foodKeys, foodsQuery,
} from '../../../services/mall/catalogue.ts';
import { apiLogQuery, logKeys, operationLogQuery, requestEventsQuery } from '../../../services/logs.ts';
import { memberConfigQuery, memberGroupsQuery, memberKeys, membersQuery } from '../../../services/members.ts';
import { contactKeys, departmentKeys, departmentsQuery, personsQuery } from '../../../services/contacts.ts';
import { menuKeys, menuQuery, permissionKeys, powerKeys, powersQuery } from '../../../services/permissions.ts';
import { permissionTreeQuery, rolePermissionsQuery } from '../../../services/rolePermissions.ts';
import {
  isSalesmenKey, roleGroupKeys, roleGroupsQuery, roleKeys, roleRelationsQuery, rolesQuery, roleUsersQuery, salesmanGroupQuery,
} from '../../../services/roles.ts';
import { orgUserLimitQuery, userKeys, userQuery } from '../../../services/users.ts';
import { foodLabelKeys, labelDishesQuery } from '../../../services/foodLabels.ts';
import { orderKeys, orderLogQuery, orderQuery, orderSettingsQuery, ordersQuery } from '../../../services/orders.ts';
import { monthPurchasePlanKeys, monthPurchasePlanQuery, purchasePlanKeys, purchasePlanQuery } from '../../../services/purchasePlans.ts';
import { carReportKeys, carReportQuery } from '../../../services/carReport.ts';
import { returnKeys, returnsQuery } from '../../../services/orderReturns.ts';
import { orderReportKeys, orderReportQuery } from '../../../services/orderReports.ts';
import { peopleEnergyQuery, recipeLabelConfigQuery, recipeLabelsQuery, recipePeopleQuery, recipeSettingKeys } from '../../../services/recipeSettings.ts';
import { allocationKeys, allocationSettingsQuery } from '../../../services/mealAllocation.ts';
import { scaleKeys, scalesQuery } from '../../../services/scales.ts';

const under = (root: readonly unknown[], key: readonly unknown[]) => root.every((part, i) => key[i] === part);

describe('service query keys', () => {
  it('every query sits under its family key, scoped by the org right after the root', () => {
    const cases: [readonly unknown[], readonly unknown[]][] = [
      [departmentKeys.all, departmentsQuery('o1').queryKey],
      [contactKeys.all, personsQuery('o1', { search: 'li' }).queryKey],
      [userKeys.all, orgUserLimitQuery('o1').queryKey],
      [userKeys.all, userQuery('o1', 'u1').queryKey],
      [roleKeys.all, rolesQuery('o1').queryKey],
      [roleKeys.all, roleRelationsQuery('o1').queryKey],
      [roleKeys.all, roleUsersQuery('o1', 'r1').queryKey],
      [roleKeys.all, rolePermissionsQuery('o1', 'r1').queryKey],
      [roleGroupKeys.all, roleGroupsQuery('o1').queryKey],
      [permissionKeys.all, permissionTreeQuery('o1', 'a1').queryKey],
      [menuKeys.all, menuQuery('o1', 'a1', 'pcMenu').queryKey],
      [powerKeys.all, powersQuery('o1', 'a1').queryKey],
      [configKeys.all, orgConfigQuery('o1', 'a1').queryKey],
      [memberKeys.all, membersQuery('o1', { keyword: 'x' }).queryKey],
      [logKeys.all, operationLogQuery('o1', { $skip: 20 }).queryKey],
      [appKeys.all, appsQuery('o1').queryKey],
      [categoryKeys.all, categoriesQuery('o1', 'a1', 'mallProduct').queryKey],
      [categoryKeys.all, orgCategoriesQuery('o1', 'a1', 'mallProduct', 'o9').queryKey],
      [specKeys.all, specsQuery('o1', 'a1', '').queryKey],
      [supplierKeys.all, suppliersQuery('o1', 'a1').queryKey],
      [supplierKeys.all, suppliersQuery('o1', 'a1', { type: 'xg', name: '' }).queryKey],
      [supplierKeys.all, supplierBuyersQuery('o1', 'a1').queryKey],
      [routeKeys.all, routesQuery('o1', 'a1', 'north').queryKey],
      [mallRoleGroupKeys.all, orgRoleGroupConfigsQuery('o1', 'a1', 'o9').queryKey],
      [mallRoleGroupKeys.all, roleGroupConfigsQuery('o1').queryKey],
      [mallRoleGroupKeys.all, roleGroupsByCodeQuery('o1', 'a1', 'M6').queryKey],
      [roleGroupKeys.all, salesmanGroupQuery('o1', 'a1', 'g1').queryKey],
      [productKeys.all, productsQuery('o1', 'a1', 'approval', { status: 0 }).queryKey],
      [productKeys.all, libraryQuery('o1', 'a1', { name: 'rice' }).queryKey],
      [skuKeys.all, productSkusQuery('o1', 'a1', 'p1').queryKey],
      [priceKeys.all, surveysQuery('o1', 'a1', { kind: 'supplier' }).queryKey],
      [foodKeys.all, foodsQuery('o1', 'egg').queryKey],
      [orgAppKeys.all, orgAppsQuery('o1', { appId: 'a1' }).queryKey],
      [agentKeys.all, agentsQuery('o1').queryKey],
      [agentKeys.all, childAgentsQuery('o1', 'g1').queryKey],
      [initTemplateKeys.all, initTemplatesQuery('o1').queryKey],
      [initTemplateKeys.all, enabledInitTemplatesQuery('o1').queryKey],
      [logKeys.all, apiLogQuery('o1', { route: '/v2/roles' }).queryKey],
      [logKeys.all, requestEventsQuery('o1', { requestId: 'q1', time: '2026-01-01T00:00:00Z', types: [] }).queryKey],
      [memberKeys.all, memberGroupsQuery('o1').queryKey],
      [memberKeys.all, memberConfigQuery('o1').queryKey],
      [configKeys.all, foodLabelConfigQuery('o1', 'a1').queryKey],
      [foodLabelKeys.all, labelDishesQuery('o1', ['d2', 'd1']).queryKey],
      [configKeys.all, localeOverridesQuery('o1', 'a1').queryKey],
      [recipeSettingKeys.all, recipePeopleQuery('o1').queryKey],
      [recipeSettingKeys.all, peopleEnergyQuery('o1').queryKey],
      [recipeSettingKeys.all, recipeLabelsQuery('o1').queryKey],
      [recipeSettingKeys.all, recipeLabelConfigQuery('o1').queryKey],
      [orderKeys.all, ordersQuery('o1', { status: 'submitted', keyword: 'DD' }).queryKey],
      [orderKeys.all, orderQuery('o1', 'x1').queryKey],
      [orderKeys.all, orderLogQuery('o1', { orderId: 'x1' }).queryKey],
      [orderKeys.all, orderSettingsQuery('o1').queryKey],
      [purchasePlanKeys.all, purchasePlanQuery('o1', { cycleId: 'c1', week: 2 }).queryKey],
      [monthPurchasePlanKeys.all, monthPurchasePlanQuery('o1', { cycleId: 'c1', month: '2026-12' }).queryKey],
      [carReportKeys.all, carReportQuery('o1', { startDate: '2026-11-01', endDate: '2026-11-30' }).queryKey],
      [returnKeys.all, returnsQuery('o1', { status: 'pending' }).queryKey],
      [orderReportKeys.all, orderReportQuery('o1', { startDate: '2026-11-01', endDate: '2026-11-30', groupBy: 'day' }).queryKey],
      [allocationKeys.all, allocationSettingsQuery('o1', 'a1').queryKey],
      [scaleKeys.all, scalesQuery('o1', { enabled: true }).queryKey],
    ];
    for (const [root, key] of cases) {
      expect(under(root, key), JSON.stringify(key)).toBe(true);
      expect(key[1]).toBe('o1');
    }
    expect(personsQuery('o1', {}).queryKey).not.toEqual(personsQuery('o2', {}).queryKey);
    // the holiday calendar is one for every org: keyed by year only
    // a refused salesman group save refreshes the group lists but keeps the picker's members
    expect(isSalesmenKey(salesmanGroupQuery('o1', 'a1', null).queryKey)).toBe(true);
    expect(isSalesmenKey(roleGroupsByCodeQuery('o1', 'a1', 'M6').queryKey)).toBe(false);
    expect(holidaysQuery(2026).queryKey).toEqual([...holidayKeys.all, 2026]);
  });

  it('a query waits for its org', () => {
    expect(rolesQuery(undefined).enabled).toBe(false);
    expect(departmentsQuery(undefined).enabled).toBe(false);
    expect(roleUsersQuery('o1', null).enabled).toBe(false);
    expect(menuQuery('o1', undefined, 'pcMenu').enabled).toBe(false);
    expect(childAgentsQuery('o1', '').enabled).toBe(false);
    // another org's lists wait for that org to be chosen
    expect(orgCategoriesQuery('o1', 'a1', 'mallProduct', undefined).enabled).toBe(false);
    expect(orgRoleGroupConfigsQuery('o1', 'a1', undefined).enabled).toBe(false);
    expect(productSkusQuery('o1', 'a1', undefined).enabled).toBe(false);
    expect(orderQuery('o1', undefined).enabled).toBe(false);
    // one query in two screens stays two entries
    expect(productsQuery('o1', 'a1', 'manage', {}).queryKey).not.toEqual(productsQuery('o1', 'a1', 'approval', {}).queryKey);
  });

  it('the live events of an aggregate invalidate the root of its queries', () => {
    const refreshes = (event: string, root: readonly unknown[]) => expect(queryRootsFor(event), event).toContain(root[0]);
    refreshes('DepartmentCreated', departmentKeys.all);
    refreshes('ReturnAccepted', returnKeys.all);
    refreshes('PersonCreated', contactKeys.all);
    refreshes('ContactMoved', contactKeys.all);
    refreshes('UserChanged', userKeys.all);
    refreshes('MemberAccessSet', userKeys.all);
    refreshes('RoleCreated', roleKeys.all);
    refreshes('UserRoleGranted', roleKeys.all);
    refreshes('RolePermissionGranted', roleKeys.all);
    refreshes('RoleGroupCreated', roleGroupKeys.all);
    refreshes('PermissionCreated', permissionKeys.all);
    refreshes('RolePermissionGranted', permissionKeys.all);
    refreshes('UserRoleGranted', menuKeys.all);
    refreshes('UserRoleGranted', powerKeys.all);
    refreshes('MenuChanged', menuKeys.all);
    refreshes('OrgConfigSet', configKeys.all);
    refreshes('OrgConfigSet', allocationKeys.all);
    refreshes('MemberAdded', memberKeys.all);
    refreshes('AppCreated', appKeys.all);
    refreshes('CategoryCreated', categoryKeys.all);
    refreshes('ProductCreated', productKeys.all);
    refreshes('SkuCreated', skuKeys.all);
    refreshes('PriceSurveyRecorded', priceKeys.all);
    refreshes('SpecCreated', specKeys.all);
    refreshes('DishUpdated', foodLabelKeys.all);
    refreshes('OrderCreated', orderKeys.all);
    refreshes('OrderReceived', orderReportKeys.all);
    refreshes('OrderSettingsSet', orderKeys.all);
    refreshes('RecipePeopleAdded', recipeSettingKeys.all);
    refreshes('RecipeLabelConfigSet', recipeSettingKeys.all);
    refreshes('SupplierLinked', supplierKeys.all);
    refreshes('MallSupplierLinked', supplierKeys.all);
    refreshes('MallRouteCreated', routeKeys.all);
    refreshes('RoleGroupConfigChanged', mallRoleGroupKeys.all);
    refreshes('AppCreated', orgAppKeys.all);
    refreshes('OrgAppDisabled', orgAppKeys.all);
    refreshes('AgentRegistered', agentKeys.all);
    refreshes('InitTemplateCreated', initTemplateKeys.all);
    // every event is also an operation-log entry
    refreshes('NoticeCreated', logKeys.all);
    refreshes('VideoDeviceAdded', logKeys.all);
    refreshes('MemberGroupCreated', memberKeys.all);
    refreshes('AppConfigSet', configKeys.all);
    refreshes('HolidayAdded', holidayKeys.all);
  });
});
