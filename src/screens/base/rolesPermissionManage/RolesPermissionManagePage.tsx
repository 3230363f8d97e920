// 角色权限管理 (§2 rolesPermissionManage): pick a role, then tick what it holds in the permission tree of the
// org-app — menu entries by module with their power nodes below each screen, and quick entries. Ticking an
// entry also grants the entries above it (the menu shows a screen only inside its group) and below it;
// unticking takes it and everything below. The contacts query range (§6) is granted with its department
// scope through the batch call.
import { useMemo, useState } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Field,
  makeStyles,
  mergeClasses,
  Radio,
  RadioGroup,
  SearchBox,
  Spinner,
  Tab,
  TabList,
  Text,
  Title3,
  Toast,
  Toaster,
  ToastTitle,
  tokens,
  Tree,
  TreeItem,
  TreeItemLayout,
  useId,
  useToastController,
  type TreeCheckedChangeData,
} from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QUERY_RANGES, type QueryRange } from '../../../../domain/contactsVisibility.ts';
import { isPrivilegedRole } from '../../../../domain/roleGroupVisibility.ts';
import { departmentsQuery } from '../../../../services/contacts.ts';
import { menuKeys, permissionKeys, powerKeys } from '../../../../services/permissions.ts';
import {
  grantPermissions,
  grantPermissionsWithScope,
  permissionTreeQuery,
  revokePermissions,
  rolePermissionsQuery,
  type PermissionNode,
} from '../../../../services/rolePermissions.ts';
import { roleKeys, type RoleRow } from '../../../../services/roles.ts';
import { useCurrentOrgApp, usePowers } from '../../../app/hooks.ts';
import { usePermission } from '../../../components/Can.tsx';
import { CONSOLE_BASE_POWER } from '../contacts/basePowers.ts';
import { useRoles } from '../rolesManage/queries.ts';
import { useTwoPaneStyles } from '../../../components/useTwoPaneStyles.ts';

const useStyles = makeStyles({
  role: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, borderRadius: tokens.borderRadiusMedium, cursor: 'pointer' },
  roleSelected: { backgroundColor: tokens.colorBrandBackground2, fontWeight: tokens.fontWeightSemibold },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  panel: { flexGrow: 1, minHeight: 0, overflowY: 'auto', backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingVerticalS },
  scope: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingVerticalM },
  checks: { maxHeight: '160px', overflowY: 'auto', display: 'flex', flexDirection: 'column' },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const MENU_GROUPS = new Set(['pcMenu', 'quickEntry']);
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

interface TreeModel {
  roots: PermissionNode[];
  children: Map<string, PermissionNode[]>;
  parent: Map<string, string>;
}

/** pcMenu entries by parentId, with each power node below the screen it belongs to (its parentId). */
export function permissionTree(nodes: readonly PermissionNode[], groupName: 'pcMenu' | 'quickEntry'): TreeModel {
  const menu = nodes.filter((n) => n.groupName === groupName);
  const byModule = new Map(menu.map((n) => [n.moduleId, n]));
  const children = new Map<string, PermissionNode[]>();
  const parent = new Map<string, string>();
  const roots: PermissionNode[] = [];
  const attach = (n: PermissionNode, under: PermissionNode | undefined) => {
    if (!under) { roots.push(n); return; }
    children.set(under.permissionId, [...(children.get(under.permissionId) ?? []), n]);
    parent.set(n.permissionId, under.permissionId);
  };
  for (const n of menu) attach(n, n.parentId !== '-1' ? byModule.get(n.parentId) : undefined);
  if (groupName === 'pcMenu') {
    for (const n of nodes) if (!MENU_GROUPS.has(n.groupName)) attach(n, byModule.get(n.parentId));
  }
  const order = (a: PermissionNode, b: PermissionNode) => a.sort - b.sort || a.moduleId.localeCompare(b.moduleId);
  roots.sort(order);
  for (const list of children.values()) list.sort(order);
  return { roots, children, parent };
}

const below = (model: TreeModel, id: string): string[] => {
  const out: string[] = [];
  const stack = [...(model.children.get(id) ?? [])];
  while (stack.length) {
    const n = stack.pop()!;
    out.push(n.permissionId);
    stack.push(...(model.children.get(n.permissionId) ?? []));
  }
  return out;
};
const above = (model: TreeModel, id: string): string[] => {
  const out: string[] = [];
  for (let p = model.parent.get(id); p && !out.includes(p); p = model.parent.get(p)) out.push(p);
  return out;
};

function RolesPermissionManagePage() {
  const styles = useStyles();
  const panes = useTwoPaneStyles();
  const { t } = useLingui();
  const toasterId = useId('perm-toaster');
  const { dispatchToast } = useToastController(toasterId);
  const notify = (text: string, intent: 'success' | 'error' = 'success') =>
    dispatchToast(<Toast data-testid={`toast-${intent}`}><ToastTitle>{text}</ToastTitle></Toast>, { intent, timeout: intent === 'error' ? 6000 : 2500 });
  const orgApp = useCurrentOrgApp();
  const powers = usePowers();
  const canManage = usePermission(CONSOLE_BASE_POWER.rolePermissionManage);
  const client = useQueryClient();

  const rolesQuery = useRoles();
  const roles = useMemo(() => rolesQuery.data?.rows ?? [], [rolesQuery.data]);
  const [roleId, setRoleId] = useState<string | null>(null);
  const role: RoleRow | undefined = roles.find((r) => r.roleId === roleId);
  const [roleFilter, setRoleFilter] = useState('');
  const [tab, setTab] = useState<'pcMenu' | 'quickEntry'>('pcMenu');

  const tree = useQuery({ ...permissionTreeQuery(orgApp?.orgId, orgApp?.appId), enabled: Boolean(orgApp?.key && canManage) });
  const links = useQuery({ ...rolePermissionsQuery(orgApp?.orgId, roleId), enabled: Boolean(orgApp?.key && roleId && canManage) });
  const held = useMemo(() => new Set((links.data ?? []).map((l) => l.permissionId)), [links.data]);
  const model = useMemo(() => permissionTree(tree.data ?? [], tab), [tree.data, tab]);

  const refresh = () => Promise.all([roleKeys.all, permissionKeys.all, powerKeys.all, menuKeys.all].map((queryKey) => client.invalidateQueries({ queryKey })));
  const change = useMutation({
    mutationFn: async ({ grant, revoke }: { grant: string[]; revoke: string[] }) => {
      if (grant.length) await grantPermissions(roleId!, grant);
      if (revoke.length) await revokePermissions(roleId!, revoke);
    },
    onSuccess: refresh,
    onError: (e) => notify(messageOf(e), 'error'),
  });

  const onChecked = (_: unknown, data: TreeCheckedChangeData) => {
    if (!roleId || change.isPending) return;
    const id = String(data.value);
    if (data.checked === true) {
      const grant = [id, ...above(model, id), ...below(model, id)].filter((p) => !held.has(p));
      change.mutate({ grant: [...new Set(grant)], revoke: [] }, { onSuccess: () => notify(t`已授权`) });
    } else {
      const revoke = [id, ...below(model, id)].filter((p) => held.has(p));
      change.mutate({ grant: [], revoke }, { onSuccess: () => notify(t`已取消授权`) });
    }
  };

  const checkedItems = useMemo(() => {
    const m = new Map<string, boolean | 'mixed'>();
    for (const id of held) m.set(id, true);
    return m;
  }, [held]);

  const renderNode = (n: PermissionNode) => {
    const kids = model.children.get(n.permissionId) ?? [];
    const isPower = !MENU_GROUPS.has(n.groupName);
    const label = isPower ? n.powerName || n.moduleName : (n.extraInfo?.meta?.title ?? n.moduleName);
    return (
      <TreeItem key={n.permissionId} value={n.permissionId} itemType={kids.length ? 'branch' : 'leaf'} data-testid={`perm-${n.groupName}-${n.moduleId}`}>
        <TreeItemLayout>
          {label}
          {isPower && <Badge size="small" appearance="tint" color="informative" style={{ marginLeft: 6 }}>{t`权限`}</Badge>}
          {!n.enable && <Badge size="small" appearance="tint" color="subtle" style={{ marginLeft: 6 }}>{t`停用`}</Badge>}
        </TreeItemLayout>
        {kids.length > 0 && <Tree>{kids.map(renderNode)}</Tree>}
      </TreeItem>
    );
  };

  const queryNode = (tree.data ?? []).find((n) => n.groupName === 'contactsPower' && n.moduleId === 'contactsQuery');
  const queryLink = (links.data ?? []).find((l) => l.permissionId === queryNode?.permissionId);
  const locked = role && isPrivilegedRole(role) && !powers.isSystemProvider;
  const shownRoles = roles.filter((r) => !roleFilter.trim() || `${r.name} ${r.cnName}`.toLowerCase().includes(roleFilter.trim().toLowerCase()));

  if (!canManage) {
    return (
      <div className={panes.root} data-testid="roles-permission-page">
        {powers.isLoading ? <Spinner /> : <Text><Trans>没有角色权限管理的权限</Trans></Text>}
      </div>
    );
  }

  return (
    <div className={panes.root} data-testid="roles-permission-page">
      <Toaster toasterId={toasterId} position="top-end" />
      <aside className={panes.side}>
        <Title3><Trans>角色</Trans></Title3>
        <SearchBox placeholder={t`名称`} value={roleFilter} onChange={(_, d) => setRoleFilter(d.value)} />
        {rolesQuery.isPending && <Spinner size="small" />}
        {shownRoles.map((r) => (
          <div key={r.roleId} className={mergeClasses(styles.role, r.roleId === roleId && styles.roleSelected)} onClick={() => setRoleId(r.roleId)} data-testid="perm-role" data-name={r.name}>
            {r.cnName ? `${r.cnName}（${r.name}）` : r.name}
          </div>
        ))}
      </aside>
      <section className={panes.main}>
        <div className={styles.bar}>
          <Title3>{role ? t`「${role.cnName || role.name}」的权限` : t`请选择角色`}</Title3>
          {change.isPending && <Spinner size="tiny" />}
          {locked && <Badge color="warning">{t`只有系统服务商可以修改管理员角色的权限`}</Badge>}
        </div>
        {role && (
          <>
            <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'pcMenu' | 'quickEntry')}>
              <Tab value="pcMenu" data-testid="perm-tab-pcMenu"><Trans>菜单与权限</Trans></Tab>
              <Tab value="quickEntry" data-testid="perm-tab-quickEntry"><Trans>快捷入口</Trans></Tab>
            </TabList>
            <div className={styles.panel}>
              {tree.isPending || links.isPending ? <Spinner /> : tree.isError ? <Text className={styles.error}>{messageOf(tree.error)}</Text> : (
                <Tree
                  aria-label={t`权限树`}
                  selectionMode="multiselect"
                  checkedItems={checkedItems}
                  onCheckedChange={onChecked}
                  key={tab}
                  defaultOpenItems={[...model.children.keys()]}
                  data-testid="permission-tree"
                  data-ready={links.isFetching || change.isPending ? 'false' : 'true'}
                >
                  {model.roots.map(renderNode)}
                </Tree>
              )}
            </div>
            {queryNode && (
              <QueryScope
                key={`${roleId}-${JSON.stringify(queryLink?.extraInfo?.department ?? null)}`}
                current={queryLink ? queryLink.extraInfo?.department ?? null : undefined}
                onSave={async (range) => {
                  try {
                    await grantPermissionsWithScope(roleId!, [queryNode.permissionId], range);
                    await refresh();
                    notify(t`查询范围已保存`);
                  } catch (e) {
                    notify(messageOf(e), 'error');
                  }
                }}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}

/** §6 the contacts query range of the role: all, own department and below, or chosen departments. */
function QueryScope({ current, onSave }: { current: QueryRange | null | undefined; onSave: (range: QueryRange) => Promise<void> }) {
  const styles = useStyles();
  const { t } = useLingui();
  const orgApp = useCurrentOrgApp();
  const [range, setRange] = useState<QueryRange['range']>(current?.range ?? 'departmentAndSubordinateDepartments');
  const [ids, setIds] = useState<string[]>(current?.range === 'specificDepartment' ? [...current.departmentIds] : []);
  const [saving, setSaving] = useState(false);
  const departments = useQuery({ ...departmentsQuery(orgApp?.orgId), enabled: range === 'specificDepartment' });
  const labels: Record<QueryRange['range'], string> = {
    all: t`全部部门`,
    departmentAndSubordinateDepartments: t`本部门及下级部门`,
    specificDepartment: t`指定部门`,
  };
  const save = async () => {
    setSaving(true);
    await onSave(range === 'specificDepartment' ? { range, departmentIds: ids } : { range });
    setSaving(false);
  };
  return (
    <div className={styles.scope} data-testid="query-scope">
      <Text weight="semibold"><Trans>通讯录查询范围</Trans></Text>
      <Text className={styles.muted}>
        {current === undefined ? t`该角色未授予通讯录查询范围` : current ? t`当前：${labels[current.range]}` : t`当前：未设置范围`}
      </Text>
      <Field>
        <RadioGroup layout="horizontal" value={range} onChange={(_, d) => setRange(d.value as QueryRange['range'])}>
          {QUERY_RANGES.map((r) => <Radio key={r} value={r} label={labels[r]} />)}
        </RadioGroup>
      </Field>
      {range === 'specificDepartment' && (
        <div className={styles.checks}>
          {(departments.data ?? []).map((d) => (
            <Checkbox key={d.departmentId} label={d.departmentName} checked={ids.includes(d.departmentId)}
              onChange={(_, data) => setIds((c) => (data.checked ? [...c, d.departmentId] : c.filter((x) => x !== d.departmentId)))} />
          ))}
        </div>
      )}
      <div className={styles.bar}>
        <Button appearance="primary" disabled={saving || (range === 'specificDepartment' && ids.length === 0)} onClick={() => void save()} data-testid="query-scope-save">
          <Trans>授予并保存范围</Trans>
        </Button>
      </div>
    </div>
  );
}

export default RolesPermissionManagePage;
