// Demo data for a new database, written as events in one command so the inline projections fill the
// tables and `npm run db:rebuild` reproduces them. Refuses to run on a database that already has users.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { runCommand } from '../store/command.ts';
// the seed appends events: their projections must be registered, whoever runs it (server, tests, templates)
import '../modules/projections.ts';
import { appendToStream, type EventMeta, type NewEvent } from '../store/eventStore.ts';
import { hashPassword } from '../auth/password.ts';
import { nextAppId } from '../../domain/appId.ts';
import { DEFAULT_AI_MEALS_LABEL, DEFAULT_DOSAGE_MODE, ROLE_CODE, SEMESTER_DEFAULT } from '../../domain/constants.ts';
import { dayOf, yearOf } from '../../domain/priceCycle.ts';
import { defaultSemesters, schoolYearOf } from '../../domain/semester.ts';
import type { MenuExtraInfo } from '../../domain/types.ts';
import type { OrgKind } from '../../domain/orgKind.ts';
import { streams, SYSTEM_ORG } from '../modules/users/streams.ts';
import { POWER_NODES, type PowerName } from '../modules/permissions/powers.ts';
import type { AgentRegistered, AppCreated, OrgAppCreated, OrgCreated } from '../modules/orgApps/projection.ts';
import type { RoleCreated, RoleGroupCreated } from '../modules/roles/projection.ts';
import type { PermissionCreated } from '../modules/permissions/projection.ts';
import type { Membership, UserCreated } from '../modules/users/projection.ts';
import { BASE_SCREENS, FRAME_ENTRY, MEAL_SCREENS, QUICK_ENTRIES } from './screens.ts';
import { seedMall } from './seedMall.ts';
import { seedOrders } from './seedOrders.ts';
import { seedScales } from './seedScales.ts';
import { seedDevices } from './seedDevices.ts';
import { seedRecipes } from './seedRecipes.ts';
import { seedRecipeCycles } from './seedRecipeCycles.ts';
import { seedCloudRecipes } from './seedCloudRecipes.ts';
import { seedMembers } from '../modules/members/seedMembers.ts';
import { seedActivities } from '../modules/activities/seedActivities.ts';
import { seedFruit } from '../modules/fruitMall/seedFruit.ts';
import { seedInitTemplates } from '../modules/orgInit/seedTemplates.ts';
import { streamVersion } from '../store/eventStore.ts';
import { BASE_POWER_NODES } from '../modules/permissions/basePowers.ts';
import type { ContactUsersCreated, DepartmentData, PersonData, PersonLink } from '../modules/contacts/projection.ts';
import { pinyinInitials } from '../../domain/contactSearch.ts';

export interface SeedOptions {
  password: string;
  now: Date;
}

export type SeedCounts = { orgs: number; users: number; roles: number; menus: number; events: number } | Record<string, never>;

const APP_NAME = '营养餐管理平台';
const AGENT_ID = 'agent-localhost';

interface SeedOrg { orgId: string; name: string; kind: OrgKind; orgType: OrgCreated['orgType']; area: string; enName: string }

export const DEMO_ORGS: SeedOrg[] = [
  { orgId: 'org-ygsy', name: '阳光实验小学', kind: 'school', orgType: 'formal', area: '城东区', enName: 'Sunshine Experimental Primary School' },
  { orgId: 'org-mdzx', name: '明德中学', kind: 'school', orgType: 'formal', area: '城东区', enName: 'Mingde Middle School' },
  { orgId: 'org-xfsp', name: '鲜丰食品供应有限公司', kind: 'supplier', orgType: 'formal', area: '城东区', enName: 'Xianfeng Food Supply Co.' },
  { orgId: 'org-jcps', name: '集采配送中心', kind: 'delivery', orgType: 'formal', area: '城东区', enName: 'Central Procurement Delivery Centre' },
  { orgId: 'org-cdjyj', name: '城东区教育局', kind: 'bureau', orgType: 'formal', area: '城东区', enName: 'Chengdong District Education Bureau' },
  { orgId: 'org-tyxx', name: '体验学校', kind: 'trial', orgType: 'trialVersion', area: '城东区', enName: 'Trial School' },
  // issue 34: the fruit org that sells fresh fruit to both schools' members
  { orgId: 'org-xgy', name: '鲜果园果业有限公司', kind: 'fruit', orgType: 'formal', area: '城东区', enName: 'Fresh Orchard Fruit Co.' },
  { orgId: 'org-platform', name: '营养餐运营平台', kind: 'platform', orgType: 'product', area: '', enName: 'Meal Operations Platform' },
  // issue 33: the installer company that looks after the district's kitchen cameras
  { orgId: 'org-azgs', name: '安心智能安装工程有限公司', kind: 'installer', orgType: 'formal', area: '城东区', enName: 'Anxin Smart Installation Co.' },
];

type RoleKey = 'purchaser' | 'supplier' | 'delivery' | 'bureau' | 'dietitian' | 'salesman' | 'fruit' | 'systemProvider' | 'userAdmin' | 'admin' | 'installer';
interface SeedRole { key: RoleKey; name: string; code: string; cnName: string; group: GroupKey; screens: string[]; powers: PowerName[] }
type GroupKey = 'base' | 'purchaser' | 'salesman' | 'routes';

const ROLE_GROUPS: Record<GroupKey, { groupName: string; code: string; sort: number; manageRoleNames: string[] }> = {
  base: { groupName: '基础角色', code: 'base', sort: 1, manageRoleNames: ['useradmin'] },
  // §6 purchaser role groups (M1): suppliers, delivery, bureau, dietitians and salesmen see those naming them
  purchaser: { groupName: '采购单位', code: 'M1', sort: 2, manageRoleNames: ['supplier', 'delivery', 'bureau', 'dietitian', 'salesman'] },
  salesman: { groupName: '业务员分组', code: 'M6', sort: 3, manageRoleNames: ['supplier'] },
  routes: { groupName: '配送路线', code: 'M7', sort: 4, manageRoleNames: ['supplier', 'delivery'] },
};

/** Each role's menu differs; every role gets home. System providers and admins see everything anyway. */
export const DEMO_ROLES: SeedRole[] = [
  { key: 'purchaser', name: 'purchaser', code: ROLE_CODE.purchaser, cnName: '学校采购员', group: 'purchaser',
    screens: ['contacts', 'mallHome', 'orderList', 'foodPurchase', 'orderLogList', 'mallOrderReturnManage', 'mallDeliveryManage', 'mallRecipeCycleManage', 'mallRecipePurchaseplan', 'mallRecipeMonthPurchaseplan', 'mallElectronicWeightManage', 'productPrice', FRAME_ENTRY.key, 'mallOrderSummaryStatistics', 'orderPurchaseReportJinjiang', 'videoDevice', 'errorDevice', 'shippingList'],
    powers: ['orderExport', 'orderReport', 'scaleManage'] },
  { key: 'supplier', name: 'supplier', code: ROLE_CODE.supplier, cnName: '供应商', group: 'base',
    screens: ['productCategory', 'productManage', 'productPrice', 'productSkuLog', 'orderList', 'orderLogList', 'mallOrderReturnManage', 'mallOrderSpec', 'routeManage', 'mallLogisticsManage', 'mallDeliveryManage', 'mallOrderProductSales', 'mallPurchaserRolesList', 'mallOrderBusinessData', 'mallOrderProductReports', 'carReport', 'shippingList'],
    powers: ['priceAdd', 'orderExport', 'orderReport'] },
  { key: 'delivery', name: 'delivery', code: ROLE_CODE.delivery, cnName: '配送员', group: 'base',
    screens: ['orderList', 'mallDeliveryManage', 'mallLogisticsManage', 'carReport'], powers: [] },
  { key: 'bureau', name: 'bureau', code: ROLE_CODE.bureau, cnName: '教育局', group: 'base',
    screens: ['productPriceApproval', 'priceSurveyVoucher', 'educationPriceSurveyVoucher', 'mallSupplierManage', 'mallOrderSummaryStatistics', 'supermarketManage', 'uploadUnit', 'videoDevice', 'errorDevice', 'companyManage'], powers: ['priceApprove', 'orderReport'] },
  { key: 'dietitian', name: 'dietitian', code: ROLE_CODE.dietitian, cnName: '营养师', group: 'base',
    screens: ['mallRecipeCycleManage', 'nutrientCalculator', 'analysisCalculator', 'menuManage', 'menuCategory', 'mallRecipeReport', 'mallRecipeNutritionAnalysis', 'mallFoodIngredientsManage', 'localFoodIngredientsManage', 'packageSetting', 'packageManage', 'mallStandardRecipeCycleManage', 'mallRecipeShare', 'mallRecipeCategory', 'mallRecipeSpec', 'mallRecipeCustomPeopleManage', 'mallRecipeCycleLableManage', 'mallRecipeCycleLabelSet', 'recipeSport'],
    powers: ['recipeReportExport'] },
  { key: 'salesman', name: 'salesman', code: ROLE_CODE.salesman, cnName: '供应商业务员', group: 'salesman',
    screens: ['productPrice', 'orderList'], powers: ['priceAdd', 'orderReport'] },
  // issue 34: a fruit org's staff (the org's kind makes them a fruit org; the role opens its screens)
  { key: 'fruit', name: 'fruit', code: 'fruit', cnName: '鲜果机构', group: 'base',
    screens: ['xgOrgSkuManage', 'xgOrgOrderManage', 'recipeOrgStatistics', 'mallHome', 'mallCMS', 'mallTemplateManage', 'grouponManage', 'recommendManage', 'activityManage', 'activityList'], powers: [] },
  { key: 'systemProvider', name: 'system_provider', code: ROLE_CODE.systemProvider, cnName: '系统服务商', group: 'base', screens: [], powers: [] },
  { key: 'userAdmin', name: 'useradmin', code: ROLE_CODE.userAdmin, cnName: '用户管理员', group: 'base',
    screens: ['contacts', 'rolesManage', 'rolesPermissionManage'], powers: ['userManage'] },
  { key: 'admin', name: 'admin_school', code: 'admin', cnName: '机构管理员', group: 'base', screens: [], powers: [] },
  // issue 33: an installer company's technician works the inspection tickets assigned to his company
  { key: 'installer', name: 'installer', code: 'installer', cnName: '安装维修人员', group: 'base', screens: ['errorDevice'], powers: [] },
];

interface SeedUser { username: string; name: string; memberships: { orgId: string; role: RoleKey }[] }

const SCHOOL_A = 'org-ygsy';
const SCHOOL_B = 'org-mdzx';

type StaffDepartment = 'leaders' | 'office' | 'canteen' | 'kitchen' | 'teachers' | 'grade1';
interface SeedStaff { phone: string; name: string; gender: string; duties: string; departments: StaffDepartment[]; showPhone?: boolean }
/** Contacts of the demo schools: the demo users there plus staff who are users of the school only through contacts. */
const SCHOOL_A_STAFF: SeedStaff[] = [
  { phone: '13800000008', name: '吴静', gender: '女', duties: '校长', departments: ['leaders', 'office'] },
  { phone: '13800000009', name: '郑凯', gender: '男', duties: '信息管理员', departments: ['office'] },
  { phone: '13800000002', name: '李晓梅', gender: '女', duties: '采购员', departments: ['canteen'] },
  { phone: '13800000006', name: '周丽华', gender: '女', duties: '营养师', departments: ['canteen'] },
  { phone: '13810000001', name: '王建国', gender: '男', duties: '厨师长', departments: ['kitchen'] },
  { phone: '13810000002', name: '黄小燕', gender: '女', duties: '班主任', departments: ['grade1'], showPhone: false },
  { phone: '13810000003', name: '马志强', gender: '男', duties: '体育教师', departments: ['teachers'] },
];
const SCHOOL_B_STAFF: SeedStaff[] = [
  { phone: '13800000002', name: '李晓梅', gender: '女', duties: '采购员', departments: ['canteen'] },
  { phone: '13800000006', name: '周丽华', gender: '女', duties: '营养师', departments: ['canteen'] },
  { phone: '13820000001', name: '林海', gender: '男', duties: '校长', departments: ['leaders'] },
  { phone: '13820000002', name: '何芳', gender: '女', duties: '食堂主管', departments: ['kitchen'] },
];

export const DEMO_USERS: SeedUser[] = [
  { username: '13800000001', name: '陈思远', memberships: DEMO_ORGS.map((o) => ({ orgId: o.orgId, role: 'systemProvider' as const })) },
  { username: '13800000002', name: '李晓梅', memberships: [{ orgId: SCHOOL_A, role: 'purchaser' }, { orgId: SCHOOL_B, role: 'purchaser' }] },
  { username: '13800000003', name: '张伟', memberships: [{ orgId: 'org-xfsp', role: 'supplier' }] },
  { username: '13800000004', name: '刘强', memberships: [{ orgId: 'org-jcps', role: 'delivery' }] },
  { username: '13800000005', name: '赵敏', memberships: [{ orgId: 'org-cdjyj', role: 'bureau' }] },
  { username: '13800000006', name: '周丽华', memberships: [{ orgId: SCHOOL_A, role: 'dietitian' }, { orgId: SCHOOL_B, role: 'dietitian' }] },
  { username: '13800000007', name: '孙浩', memberships: [{ orgId: 'org-xfsp', role: 'salesman' }] },
  { username: '13800000008', name: '吴静', memberships: [{ orgId: SCHOOL_A, role: 'admin' }] },
  { username: '13800000009', name: '郑凯', memberships: [{ orgId: SCHOOL_A, role: 'userAdmin' }] },
  // the second supplier's own sign-in, so both suppliers of the demo schools can be tried (issue 11)
  { username: '13800000010', name: '钱磊', memberships: [{ orgId: 'org-jcps', role: 'supplier' }] },
  // issue 34: the demo fruit org's own sign-in
  { username: '13800000011', name: '宋果', memberships: [{ orgId: 'org-xgy', role: 'fruit' }] },
  // issue 33: the installer company's technician (bright kitchens' inspection tickets)
  { username: '13800000012', name: '黄志明', memberships: [{ orgId: 'org-azgs', role: 'installer' }] },
];

const id = () => crypto.randomUUID();

/** Default config of every demo org-app (§3 org config). */
function orgConfigOf(org: SeedOrg, now: Date): Record<string, unknown> {
  const green = org.kind === 'trial';
  return {
    systemNotify: {
      enable: true,
      content: '欢迎使用营养餐管理平台：本周五 22:00-23:00 系统维护，期间部分功能暂停使用。',
      style: { color: '#8A3707', background: '#FDF6F3', fontSize: '14px' },
    },
    titleName: APP_NAME,
    systemName: APP_NAME,
    ysdadminTheme: { brandColor: green ? '#107C41' : '#0F6CBD', mode: 'light' },
    locales: {
      'zh-CN': { orgName: org.name, welcome: `欢迎，${org.name}` },
      'zh-TW': { orgName: org.name },
      'en-US': { orgName: org.enName, welcome: `Welcome, ${org.enName}` },
    },
    isExperienceOrg: org.kind === 'trial',
    isOnlyXGApp: false,
    ...(org.kind === 'delivery' && { supplierType: 'sxps' }),
    nutritiousmeals: {
      mallRecipeUserLimiteEnable: false,
      recipeNotCreateProduct: false,
      priceIsEffectiveOnMonthly: false,
      mallRecipeCycleEntrance: org.kind === 'school' || org.kind === 'trial',
      semester: {
        first: { ...SEMESTER_DEFAULT.first },
        second: { ...SEMESTER_DEFAULT.second },
        // the school year today falls in (China time), not the calendar year: in January it began last September
        year: schoolYearOf(dayOf(now), defaultSemesters()),
      },
    },
    recipeConfig: {
      // the schools' weekly recipes are approved by their admin before the canteen sees them (issue 9)
      recipeApprovalEnable: org.kind === 'school',
      recipeRecommendEnable: false,
      recipeModeTip: '',
      recipeDosageExportReportWrap: false,
      dosageMode: DEFAULT_DOSAGE_MODE,
      // the schools' dietitians have smart meal allocation with dish suggestions (issue 10); per age group
      aiMealsAllocate: {
        enable: org.kind === 'school', personalModeEnable: org.kind === 'school', label: DEFAULT_AI_MEALS_LABEL, defaultStatus: org.kind === 'school',
        tip: org.kind === 'school' ? '按价格最低、各项营养指标达标的原则调整每道菜的每人用量' : '',
        allocateRecommendEnable: org.kind === 'school', peopleTip: '', peopleModeAIEnable: false,
      },
    },
  };
}

function holidaysOf(year: number): { date: string; type: number; name: string }[] {
  return [
    { date: `${year}-01-01`, type: 1, name: '元旦' },
    { date: `${year}-04-05`, type: 1, name: '清明节' },
    { date: `${year}-04-27`, type: 0, name: '劳动节调休上班' },
    { date: `${year}-05-01`, type: 1, name: '劳动节' },
    { date: `${year}-05-02`, type: 1, name: '劳动节' },
    { date: `${year}-05-03`, type: 1, name: '劳动节' },
    { date: `${year}-09-28`, type: 0, name: '国庆节调休上班' },
    { date: `${year}-10-01`, type: 1, name: '国庆节' },
    { date: `${year}-10-02`, type: 1, name: '国庆节' },
    { date: `${year}-10-03`, type: 1, name: '国庆节' },
  ];
}

interface MenuRow extends PermissionCreated { screenKey: string }

/** The permission tree of one org-app: home, two groups with the registry screens, a frame, quick entries, powers. */
function menuOf(appId: string): MenuRow[] {
  const rows: MenuRow[] = [];
  const add = (r: Omit<PermissionCreated, 'permissionId' | 'appId' | 'power' | 'powerName'> & Partial<PermissionCreated> & { screenKey: string }) =>
    rows.push({ permissionId: id(), appId, power: '', powerName: '', ...r });
  const info = (e: MenuExtraInfo) => e as Record<string, unknown>;
  const page = (key: string, title: string, icon?: string) =>
    info({ name: key, component: key, path: `/${key}`, meta: { title, ...(icon && { icon }) } });
  add({ screenKey: 'home', moduleId: 'home', parentId: '-1', moduleName: '首页', groupName: 'pcMenu', sort: 0, enable: true,
    extraInfo: info({ name: 'home', component: 'home', path: '/home', meta: { title: '首页', icon: 'Home' } }) });
  const groups = [
    { moduleId: 'baseModule', title: '基础模块', icon: 'Settings', screens: BASE_SCREENS, sort: 10 },
    { moduleId: 'mealModule', title: '营养餐模块', icon: 'Food', screens: MEAL_SCREENS, sort: 20 },
  ];
  for (const g of groups) {
    add({ screenKey: g.moduleId, moduleId: g.moduleId, parentId: '-1', moduleName: g.title, groupName: 'pcMenu', sort: g.sort, enable: true,
      extraInfo: info({ name: g.moduleId, component: 'main', path: `/${g.moduleId}`, meta: { title: g.title, icon: g.icon } }) });
    g.screens.forEach((s, i) => add({
      screenKey: s.key, moduleId: s.key, parentId: g.moduleId, moduleName: s.title, groupName: 'pcMenu', sort: i + 1,
      enable: s.enable !== false, extraInfo: page(s.key, s.title, s.icon),
    }));
  }
  add({ screenKey: FRAME_ENTRY.key, moduleId: FRAME_ENTRY.key, parentId: '-1', moduleName: FRAME_ENTRY.title, groupName: 'pcMenu', sort: 30, enable: true,
    extraInfo: info({ name: FRAME_ENTRY.key, component: 'iframe', path: `/${FRAME_ENTRY.key}`, url: FRAME_ENTRY.url, meta: { title: FRAME_ENTRY.title, icon: FRAME_ENTRY.icon } }) });
  const titles = new Map([...BASE_SCREENS, ...MEAL_SCREENS].map((s) => [s.key, s]));
  QUICK_ENTRIES.forEach((key, i) => {
    const s = titles.get(key)!;
    add({ screenKey: key, moduleId: key, parentId: '-1', moduleName: s.title, groupName: 'quickEntry', sort: i + 1, enable: true,
      extraInfo: page(key, s.title, s.icon) });
  });
  for (const [name, node] of Object.entries(POWER_NODES)) {
    add({ screenKey: `power:${name}`, moduleId: node.moduleId, parentId: node.parentId, moduleName: node.powerName, groupName: node.groupName,
      sort: 0, enable: true, power: node.moduleId, powerName: node.powerName, extraInfo: {} });
  }
  return rows;
}

/** pcMenu ancestors of an entry, so a role holding a screen also holds the group that shows it. */
function withAncestors(rows: MenuRow[], picked: MenuRow[]): MenuRow[] {
  const byModule = new Map(rows.filter((r) => r.groupName === 'pcMenu').map((r) => [r.moduleId, r]));
  const out = new Set(picked);
  for (const r of picked) {
    let parent = r.groupName === 'pcMenu' ? byModule.get(r.parentId) : undefined;
    while (parent && !out.has(parent)) {
      out.add(parent);
      parent = byModule.get(parent.parentId);
    }
  }
  return [...out];
}

export async function seedDemo(db: Kysely<Database>, opts: SeedOptions): Promise<SeedCounts> {
  const existing = await db.selectFrom('users').select('user_id').limit(1).executeTakeFirst();
  if (existing) return {};
  const hashes = new Map<string, string>();
  for (const u of DEMO_USERS) hashes.set(u.username, await hashPassword(opts.password));

  return runCommand(db, async (tx) => {
    const meta: EventMeta = { time: opts.now.toISOString(), route: 'seedDemo', username: 'seed' };
    let events = 0;
    let menus = 0;
    const append = async (orgId: string, streamId: string, streamType: string, list: NewEvent[]) => {
      await appendToStream(tx, { orgId, streamId, streamType, expectedVersion: 0, events: list, meta });
      events += list.length;
    };

    const agent: AgentRegistered = { agentId: AGENT_ID, name: '营养餐平台直营', domain: 'localhost', parentAgentId: null, isPrimary: true };
    await append(SYSTEM_ORG, streams.agent(AGENT_ID), 'agent', [{ type: 'AgentRegistered', data: { ...agent } }]);

    const appId = nextAppId(yearOf(opts.now), []);
    const app: AppCreated = { appId, appName: APP_NAME, config: { mallRecipeUserLimite: 5 } };
    await append(SYSTEM_ORG, streams.app(appId), 'app', [{ type: 'AppCreated', data: { ...app } }]);

    const roleIds = new Map<string, string>(); // `${orgId}/${roleKey}` → roleId
    for (const org of DEMO_ORGS) {
      const created: OrgCreated = {
        orgId: org.orgId, name: org.name, orgType: org.orgType, kind: org.kind, agentId: AGENT_ID, parentOrgId: null, area: org.area,
        expiration: org.kind === 'trial' ? new Date(opts.now.getTime() + 30 * 86_400_000).toISOString() : null,
        userLimit: org.kind === 'trial' ? 20 : null,
      };
      await append(org.orgId, streams.org(org.orgId), 'org', [{ type: 'OrgCreated', data: { ...created } }]);

      const orgApp: OrgAppCreated = { id: id(), orgId: org.orgId, appId, appName: APP_NAME, key: crypto.randomBytes(16).toString('hex') };
      await append(org.orgId, streams.orgApp(orgApp.id), 'orgApp', [{ type: 'OrgAppCreated', data: { ...orgApp } }]);

      const groupIds = new Map<GroupKey, string>();
      for (const [key, g] of Object.entries(ROLE_GROUPS) as [GroupKey, (typeof ROLE_GROUPS)[GroupKey]][]) {
        const group: RoleGroupCreated = { roleGroupId: id(), groupName: g.groupName, code: g.code, sort: g.sort, manageRoleNames: g.manageRoleNames, config: {} };
        groupIds.set(key, group.roleGroupId);
        await append(org.orgId, streams.roleGroup(group.roleGroupId), 'roleGroup', [{ type: 'RoleGroupCreated', data: { ...group } }]);
      }

      const rows = menuOf(appId);
      for (const r of rows) {
        const { screenKey: _k, ...data } = r;
        await append(org.orgId, streams.permission(r.permissionId), 'permission', [{ type: 'PermissionCreated', data }]);
        if (r.groupName === 'pcMenu' || r.groupName === 'quickEntry') menus += 1;
      }

      for (const [i, role] of DEMO_ROLES.entries()) {
        const created: RoleCreated = {
          roleId: id(), name: role.name, code: role.code, cnName: role.cnName, roleGroupId: groupIds.get(role.group) ?? null,
          manageRoleNames: role.key === 'userAdmin' ? DEMO_ROLES.filter((r) => r.key !== 'userAdmin').map((r) => r.name) : [],
          enable: true, sort: i + 1, config: role.key === 'bureau' ? { priceApprovalEnable: true } : {},
        };
        roleIds.set(`${org.orgId}/${role.key}`, created.roleId);
        const screens = new Set(['home', ...role.screens]);
        const powers = new Set(role.powers.map((p) => `power:${p}`));
        const picked = rows.filter((r) => (r.groupName === 'pcMenu' || r.groupName === 'quickEntry') ? screens.has(r.screenKey) : powers.has(r.screenKey));
        const linked = withAncestors(rows, picked);
        await append(org.orgId, streams.role(created.roleId), 'role', [
          { type: 'RoleCreated', data: { ...created } },
          ...linked.map((p) => ({ type: 'RolePermissionGranted', data: { roleId: created.roleId, permissionId: p.permissionId } })),
        ]);
      }

      const config = orgConfigOf(org, opts.now);
      for (const [path, value] of Object.entries(config)) {
        await append(org.orgId, streams.config(org.orgId, appId, path), 'config', [{ type: 'OrgConfigSet', data: { appId, path, value } }]);
      }
    }

    // this year's holidays and next year's (China time), so the days ahead of a late-December start have theirs
    for (const year of [yearOf(opts.now), yearOf(opts.now) + 1]) {
      await append(SYSTEM_ORG, streams.holidays(String(year)), 'holidays', holidaysOf(year).map((h) => ({ type: 'HolidaySet', data: h })));
    }

    for (const u of DEMO_USERS) {
      const user: UserCreated = {
        userId: id(), username: u.username, name: u.name, email: '', passwordHash: hashes.get(u.username)!, isDev: false, enable: true,
        expiration: null, isRegister: true, isNotRouterHome: false,
      };
      await append(SYSTEM_ORG, streams.user(user.userId), 'user', [{ type: 'UserCreated', data: { ...user } }]);
      for (const m of u.memberships) {
        const membership: Membership = { orgId: m.orgId, appId, userId: user.userId, extraInfo: {} };
        await append(m.orgId, streams.member(m.orgId, user.userId), 'member', [
          { type: 'UserJoinedOrgApp', data: { ...membership } },
          { type: 'UserRoleGranted', data: { userId: user.userId, roleId: roleIds.get(`${m.orgId}/${m.role}`)! } },
        ]);
      }
    }

    // Base module (issue 4): the contacts, roles, role-permission and log power nodes in every org-app,
    // held by the user-admin role (whose contacts query range is all), and a department tree for each school.
    for (const org of DEMO_ORGS) {
      const userAdminRole = roleIds.get(`${org.orgId}/userAdmin`)!;
      const grants: NewEvent[] = [];
      for (const [name, node] of Object.entries(BASE_POWER_NODES)) {
        const permissionId = id();
        await append(org.orgId, streams.permission(permissionId), 'permission', [{ type: 'PermissionCreated', data: {
          permissionId, appId, moduleId: node.moduleId, parentId: node.parentId, moduleName: node.powerName, groupName: node.groupName,
          power: node.moduleId, powerName: node.powerName, sort: 0, enable: true, extraInfo: {},
        } satisfies PermissionCreated }]);
        grants.push({ type: 'RolePermissionGranted', data: { roleId: userAdminRole, permissionId, ...(name === 'contactsQuery' && { extraInfo: { department: { range: 'all' } } }) } });
      }
      const roleStream = streams.role(userAdminRole);
      await appendToStream(tx, { orgId: org.orgId, streamId: roleStream, streamType: 'role', expectedVersion: await streamVersion(tx, roleStream), events: grants, meta });
      events += grants.length;
    }
    const userIdOf = new Map((await tx.selectFrom('users').select(['user_id', 'username']).execute()).map((u) => [u.username, u.user_id]));
    const staffHash = hashes.get(DEMO_USERS[0].username)!;
    for (const [orgId, staff] of [[SCHOOL_A, SCHOOL_A_STAFF], [SCHOOL_B, SCHOOL_B_STAFF]] as const) {
      const departments: DepartmentData[] = [];
      const dept = (departmentName: string, parentId = '-1', more: Partial<DepartmentData> = {}) => {
        const d: DepartmentData = { departmentId: id(), parentId, departmentName, type: 1, sort: departments.length + 1, isHide: 0, isAllHide: 0, roleConfig: {}, ...more };
        departments.push(d);
        return d.departmentId;
      };
      const leaders = dept('校领导', '-1', { isHide: 1 });
      const office = dept('行政办公室');
      const canteen = dept('食堂', '-1', { roleConfig: { createPermision: { enable: true, roleNames: ['useradmin', 'purchaser'] } } });
      const kitchen = dept('后厨', canteen);
      const teachers = dept('教师');
      const grade1 = dept('一年级组', teachers);
      const byKey = { leaders, office, canteen, kitchen, teachers, grade1 };
      const newUsers: UserCreated[] = [];
      const persons: PersonData[] = [];
      const links: PersonLink[] = [];
      staff.forEach((p, i) => {
        let userId = userIdOf.get(p.phone);
        if (!userId) {
          userId = id();
          newUsers.push({ userId, username: p.phone, name: p.name, email: '', passwordHash: staffHash, isDev: false, enable: true, expiration: null, isRegister: true, isNotRouterHome: false });
        }
        persons.push({ userId, name: p.name, pinyinFirst: pinyinInitials(p.name), phoneNumber: p.phone, showPhoneNumber: p.showPhone ?? true, gender: p.gender, unit: '', status: 1, duties: p.duties, sort: i + 1 });
        links.push(...p.departments.map((k) => ({ userId: userId!, departmentId: byKey[k] })));
      });
      const contactEvents: NewEvent[] = [
        { type: 'DepartmentsCreated', data: { departments } },
        { type: 'ContactUsersCreated', data: { appId, users: newUsers, joinUserIds: newUsers.map((u) => u.userId) } satisfies ContactUsersCreated },
        { type: 'PersonsAdded', data: { persons, links } },
      ];
      await append(orgId, `contacts-${orgId}`, 'contacts', contactEvents);
    }

    events += (await seedMall(tx, { now: opts.now, meta })).events;
    events += (await seedOrders(tx, { now: opts.now, meta })).events;
    events += await seedScales(tx, { meta });
    events += await seedDevices(tx, { meta, now: opts.now, appId });
    events += await seedRecipes(tx, { meta, appId, schoolOrgIds: DEMO_ORGS.filter((o) => o.kind === 'school' || o.kind === 'trial').map((o) => o.orgId) });
    const dietitian = await tx.selectFrom('users').select(['user_id', 'name']).where('username', '=', '13800000006').executeTakeFirstOrThrow();
    events += await seedRecipeCycles(tx, {
      meta, now: opts.now, author: { userId: dietitian.user_id, name: dietitian.name },
      schools: [
        { orgId: SCHOOL_A, ageGroups: [{ ageRange: '6-8', people: 120 }, { ageRange: '9-11', people: 110 }] },
        { orgId: SCHOOL_B, ageGroups: [{ ageRange: '12-14', people: 260 }, { ageRange: '15-17', people: 240 }] },
      ],
    });
    events += await seedCloudRecipes(tx, { meta, appId, now: opts.now, author: { userId: dietitian.user_id, name: dietitian.name } });
    events += await seedMembers(tx, meta, { appId, orgIds: DEMO_ORGS.map((o) => o.orgId), userAdminRoleOf: (orgId) => roleIds.get(`${orgId}/userAdmin`)!, demoOrgIds: [SCHOOL_B, 'org-xgy'] });
    events += await seedFruit(tx, meta, { fruitOrgId: 'org-xgy', schoolOrgIds: [SCHOOL_A, SCHOOL_B], orderingSchoolId: SCHOOL_B, now: opts.now });
    events += await seedActivities(tx, meta, { orgId: 'org-xgy', schoolOrgId: SCHOOL_B, now: opts.now });
    events += await seedInitTemplates(tx, meta, { menus: menuOf(appId), roleGroups: ROLE_GROUPS, roles: DEMO_ROLES, samples: [DEMO_ORGS[0], DEMO_ORGS[3]].map((o) => ({ ...o, config: orgConfigOf(o, opts.now) })) });
    return { orgs: DEMO_ORGS.length, users: DEMO_USERS.length, roles: DEMO_ORGS.length * DEMO_ROLES.length, menus, events };
  });
}
