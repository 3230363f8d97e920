// The demo's init templates (学校模板, 供应商模板), built from the very data the demo seed gives its orgs: the
// same menu rows, role groups, roles with their screens and powers, and org config; so an org created from a
// template looks like a demo org of its kind.
import { appendToStream, type EventMeta, type Tx } from '../../store/eventStore.ts';
import { SYSTEM_ORG } from '../users/streams.ts';
import { POWER_NODES } from '../permissions/powers.ts';
import { BASE_POWER_NODES } from '../permissions/basePowers.ts';
import type { PermissionCreated } from '../permissions/projection.ts';
import type { InitTemplateContent, TemplateDepartment, TemplateMenuEntry, TemplateRole } from '../../../domain/orgInit.ts';
import { templateStream, type InitTemplateCreated } from './projection.ts';
import { mapStrings } from './steps.ts';

export interface TemplateSeedInput {
  /** the demo org-app's permission rows (menu entries, quick entries, power nodes) */
  menus: (PermissionCreated & { screenKey: string })[];
  roleGroups: Record<string, { groupName: string; code: string; sort: number; manageRoleNames: string[] }>;
  roles: { key: string; name: string; code: string; cnName: string; group: string; screens: readonly string[]; powers: readonly string[] }[];
  /** a demo org of each kind with its config; its names in the config become {orgName} */
  samples: { kind: string; name: string; enName: string; config: Record<string, unknown> }[];
}

export const SEED_TEMPLATE_IDS = { school: 'tpl-school', supplier: 'tpl-supplier', fruit: 'tpl-fruit' } as const;

const SCHOOL_DEPARTMENTS: TemplateDepartment[] = [
  { departmentName: '校领导', isHide: 1 }, { departmentName: '行政办公室' }, { departmentName: '食堂' },
  { departmentName: '后厨', parentName: '食堂' }, { departmentName: '教师' }, { departmentName: '一年级组', parentName: '教师' },
];
const FRUIT_DEPARTMENTS: TemplateDepartment[] = [{ departmentName: '总经理办公室' }, { departmentName: '分拣部' }, { departmentName: '配送部' }];
const SUPPLIER_DEPARTMENTS: TemplateDepartment[] = [
  { departmentName: '总经理办公室' }, { departmentName: '采购部' }, { departmentName: '仓储部' }, { departmentName: '配送部' },
];

/** The sample org's names in its config become '{orgName}' (what steps.ts fills back in). */
const replaceNames = (value: unknown, names: string[]) =>
  mapStrings(value, (str) => names.reduce((s, n) => (n ? s.replaceAll(n, '{orgName}') : s), str));

export function buildSeedTemplates(input: TemplateSeedInput): InitTemplateCreated[] {
  const menus: TemplateMenuEntry[] = [
    ...input.menus.map((m) => ({
      moduleId: m.moduleId, parentId: m.parentId, moduleName: m.moduleName, groupName: m.groupName, sort: m.sort, enable: m.enable,
      power: m.power, powerName: m.powerName, extraInfo: m.extraInfo,
    })),
    ...Object.values(BASE_POWER_NODES).map((n) => ({
      moduleId: n.moduleId, parentId: n.parentId, moduleName: n.powerName, groupName: n.groupName, sort: 0, enable: true,
      power: n.moduleId, powerName: n.powerName, extraInfo: {},
    })),
  ];
  const powerModule = (p: string) => (POWER_NODES as Record<string, { moduleId: string }>)[p]?.moduleId ?? p;
  const roleOf = (r: TemplateSeedInput['roles'][number], all: TemplateSeedInput['roles'], adminName: string): TemplateRole => ({
    name: r.key === 'admin' ? adminName : r.name,
    code: r.code,
    cnName: r.cnName,
    roleGroupCode: input.roleGroups[r.group]?.code ?? null,
    manageRoleNames: r.key === 'userAdmin' ? all.filter((o) => o.key !== 'userAdmin').map((o) => (o.key === 'admin' ? adminName : o.name)) : [],
    config: r.key === 'bureau' ? { priceApprovalEnable: true } : {},
    grants: [
      'home', ...r.screens, ...r.powers.map(powerModule),
      ...(r.key === 'userAdmin' ? Object.values(BASE_POWER_NODES).map((n) => n.moduleId) : []),
    ],
  });
  const make = (id: string, name: string, kind: string, roleKeys: string[] | null, adminName: string, departments: TemplateDepartment[], extraConfig: Record<string, unknown>) => {
    const sample = input.samples.find((s) => s.kind === kind);
    const config = { ...(sample ? (replaceNames(sample.config, [sample.name, sample.enName]) as Record<string, unknown>) : {}), ...extraConfig };
    const roles = roleKeys ? input.roles.filter((r) => roleKeys.includes(r.key)) : input.roles;
    const groupCodes = new Set(roles.map((r) => input.roleGroups[r.group]?.code).filter(Boolean));
    const content: InitTemplateContent = {
      config: Object.entries(config).map(([path, value]) => ({ path, value })),
      menus,
      roleGroups: Object.values(input.roleGroups).filter((g) => groupCodes.has(g.code)).map((g) => ({ ...g, manageRoleNames: [...g.manageRoleNames] })),
      roles: roles.map((r) => roleOf(r, roles, adminName)),
      departments,
      contactsQueryModuleId: BASE_POWER_NODES.contactsQuery.moduleId,
      contactsPermissions: [
        { roleName: input.roles.find((r) => r.key === 'userAdmin')?.name ?? 'useradmin', range: 'all' },
        ...(kind === 'school' ? [{ roleName: 'purchaser', range: 'departmentAndSubordinateDepartments' as const }] : []),
      ],
    };
    return { id, name, disabled: false, content };
  };
  return [
    make(SEED_TEMPLATE_IDS.school, '学校模板', 'school', null, 'admin_school', SCHOOL_DEPARTMENTS, {}),
    make(SEED_TEMPLATE_IDS.supplier, '供应商模板', 'delivery', ['supplier', 'delivery', 'salesman', 'systemProvider', 'userAdmin', 'admin'],
      'admin_supplier', SUPPLIER_DEPARTMENTS, { supplierType: 'sxps' }),
    // issue 34: the fruit orgs the platform creates (POST /v1/fruit/orgs)
    make(SEED_TEMPLATE_IDS.fruit, '鲜果机构模板', 'fruit', ['fruit', 'systemProvider', 'userAdmin', 'admin'], 'admin_fruit', FRUIT_DEPARTMENTS, {}),
  ];
}

/** Appends the demo templates (two events) in the seed's transaction. */
export async function seedInitTemplates(tx: Tx, meta: EventMeta, input: TemplateSeedInput): Promise<number> {
  const templates = buildSeedTemplates(input);
  for (const t of templates) {
    await appendToStream(tx, { orgId: SYSTEM_ORG, streamId: templateStream(t.id), streamType: 'initTemplate', expectedVersion: 0, events: [{ type: 'InitTemplateCreated', data: { ...t } }], meta });
  }
  return templates.length;
}
