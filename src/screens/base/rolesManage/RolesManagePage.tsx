// 角色管理 (§2 rolesManage): role groups and the roles the user may see (§6 visibility is the server's),
// create/edit/delete, #roleManage roles and the roles they manage, relations (parent → child) and the users
// holding a role. The role power hides every change (§6).
import { useMemo, useRef, useState } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  SearchBox,
  Select,
  Spinner,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title3,
  Toast,
  Toaster,
  ToastTitle,
  tokens,
  useId,
  useToastController,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular, PeopleRegular, BranchForkRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { isRoleManageRole } from '../../../../domain/roles.ts';
import { searchPersons, type Person } from '../../../../services/contacts.ts';
import {
  addRoleRelation,
  addUserToRole,
  createRole,
  createRoleGroup,
  deleteRole,
  deleteRoleGroup,
  removeRoleRelation,
  removeRoleUsers,
  setManagedRoles,
  updateRole,
  updateRoleGroup,
  type RoleGroupInput,
  type RoleGroupRow,
  type RoleInput,
  type RoleRow,
} from '../../../../services/roles.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { usePermission } from '../../../components/Can.tsx';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { CONSOLE_BASE_POWER } from '../contacts/basePowers.ts';
import { useRoleGroups, useRoleRelations, useRoles, useRolesMutation, useRoleUsers } from './queries.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { useTwoPaneStyles } from '../../../components/useTwoPaneStyles.ts';

const useStyles = makeStyles({
  group: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, borderRadius: tokens.borderRadiusMedium, cursor: 'pointer' },
  groupSelected: { backgroundColor: tokens.colorBrandBackground2, fontWeight: tokens.fontWeightSemibold },
  grow: { flexGrow: 1 },
  main: { overflow: 'auto' },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  table: { backgroundColor: tokens.colorNeutralBackground1 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  checks: { maxHeight: '200px', overflowY: 'auto', display: 'flex', flexDirection: 'column', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalS },
  error: { color: tokens.colorPaletteRedForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
});

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const ALL = '__all';
const NONE = '__none';

type DialogState =
  | { kind: 'role'; role: RoleRow | null }
  | { kind: 'group'; group: RoleGroupRow | null }
  | { kind: 'users'; role: RoleRow }
  | { kind: 'relations'; role: RoleRow }
  | { kind: 'deleteRole'; role: RoleRow }
  | { kind: 'deleteGroup'; group: RoleGroupRow }
  | null;

function RolesManagePage() {
  const styles = useStyles();
  const panes = useTwoPaneStyles();
  const { t } = useLingui();
  const toasterId = useId('roles-toaster');
  const { dispatchToast } = useToastController(toasterId);
  const notify = (text: string, intent: 'success' | 'error' = 'success') =>
    dispatchToast(<Toast data-testid={`toast-${intent}`}><ToastTitle>{text}</ToastTitle></Toast>, { intent });
  const canManage = usePermission(CONSOLE_BASE_POWER.roleManage);

  const rolesQuery = useRoles();
  const groupsQuery = useRoleGroups();
  const roles = useMemo(() => rolesQuery.data?.rows ?? [], [rolesQuery.data]);
  const groups = useMemo(() => groupsQuery.data?.rows ?? [], [groupsQuery.data]);
  const groupName = new Map(groups.map((g) => [g.roleGroupId, g.groupName]));
  const [groupFilter, setGroupFilter] = useState<string>(ALL);
  const [filter, setFilter] = useState('');
  const shown = roles.filter((r) => (groupFilter === ALL || (groupFilter === NONE ? !r.roleGroupId : r.roleGroupId === groupFilter))
    && (!filter.trim() || `${r.name} ${r.cnName} ${r.code}`.toLowerCase().includes(filter.trim().toLowerCase())));

  const [dialog, setDialog] = useState<DialogState>(null);
  const [error, setError] = useState<string | null>(null);
  const open = (d: DialogState) => { setError(null); setDialog(d); };
  const close = () => setDialog(null);
  const fail = (e: unknown) => setError(messageOf(e));
  /** a dialog's mutation: on success a toast and the dialog closes; on failure the error shows in it */
  const closeWith = (text: string) => ({ onSuccess: () => { notify(text); close(); }, onError: fail });

  const saveRole = useRolesMutation(async ({ role, input }: { role: RoleRow | null; input: RoleInput & { name: string } }) => {
    const saved = role ? await updateRole(role.roleId, { ...input, version: role.version }) : await createRole(input);
    // a #roleManage role: the roles it manages
    if (input.manageRoleNames && isRoleManageRole(input.code ?? '')) await setManagedRoles(saved.name, input.manageRoleNames);
    return saved;
  });
  const saveGroup = useRolesMutation(({ group, input }: { group: RoleGroupRow | null; input: RoleGroupInput & { groupName: string } }) =>
    group ? updateRoleGroup(group.roleGroupId, { ...input, version: group.version }) : createRoleGroup(input));
  const removeRole = useRolesMutation((role: RoleRow) => deleteRole(role.roleId, role.version));
  const removeGroup = useRolesMutation((group: RoleGroupRow) => deleteRoleGroup(group.roleGroupId, group.version));

  return (
    <div className={panes.root} data-testid="roles-page">
      <Toaster toasterId={toasterId} position="top-end" />
      <aside className={panes.side}>
        <div className={styles.bar}>
          <Title3 className={styles.grow}><Trans>角色分组</Trans></Title3>
          {canManage && <Button size="small" icon={<AddRegular />} aria-label={t`新建分组`} onClick={() => open({ kind: 'group', group: null })} data-testid="group-create" />}
        </div>
        {[{ id: ALL, label: t`全部角色` }, ...groups.map((g) => ({ id: g.roleGroupId, label: g.groupName, group: g })), { id: NONE, label: t`未分组` }].map((item) => (
          <div
            key={item.id}
            className={mergeClasses(styles.group, groupFilter === item.id && styles.groupSelected)}
            onClick={() => setGroupFilter(item.id)}
            data-testid="group-item"
            data-name={item.label}
          >
            <span className={styles.grow}>{item.label}</span>
            {'group' in item && item.group && canManage && (
              <>
                <Button size="small" appearance="subtle" icon={<EditRegular />} aria-label={t`编辑分组`} onClick={(e) => { e.stopPropagation(); open({ kind: 'group', group: item.group! }); }} />
                <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t`删除分组`} onClick={(e) => { e.stopPropagation(); open({ kind: 'deleteGroup', group: item.group! }); }} />
              </>
            )}
          </div>
        ))}
      </aside>

      <section className={mergeClasses(panes.main, styles.main)}>
        <div className={styles.bar}>
          <Title3><Trans>角色</Trans></Title3>
          <Text className={styles.muted}>{t`共 ${shown.length} 个`}</Text>
          <div className={styles.grow} />
          <FilterBar
            search={<SearchBox placeholder={t`名称 / 代码`} aria-label={t`名称 / 代码`} value={filter} onChange={(_, d) => setFilter(d.value)} data-testid="roles-search" />}
            actions={canManage && (
              <Button appearance="primary" icon={<AddRegular />} onClick={() => open({ kind: 'role', role: null })} data-testid="role-create">
                <Trans>新建角色</Trans>
              </Button>
            )}
          />
        </div>
        {rolesQuery.isPending ? <Spinner /> : rolesQuery.isError ? <Text className={styles.error}>{messageOf(rolesQuery.error)}</Text> : (
          <Table className={styles.table} size="small" data-testid="roles-table">
            <TableHeader>
              <TableRow>
                <TableHeaderCell><Trans>角色名称</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>中文名</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>代码</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>分组</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>状态</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>管理的角色</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>操作</Trans></TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((r) => (
                <TableRow key={r.roleId} data-testid="role-row" data-name={r.name}>
                  <TableCell>{r.name}</TableCell>
                  <TableCell>{r.cnName}</TableCell>
                  <TableCell>{r.code}{isRoleManageRole(r.code) && <Badge size="small" appearance="tint" color="brand" style={{ marginLeft: 4 }}>{t`角色管理`}</Badge>}</TableCell>
                  <TableCell>{r.roleGroupId ? groupName.get(r.roleGroupId) ?? '' : ''}</TableCell>
                  <TableCell>{r.enable ? <Badge color="success">{t`启用`}</Badge> : <Badge color="subtle">{t`停用`}</Badge>}</TableCell>
                  <TableCell>{(r.manageRoleNames ?? []).join('、')}</TableCell>
                  <TableCell>
                    <Button size="small" appearance="subtle" icon={<PeopleRegular />} onClick={() => open({ kind: 'users', role: r })} data-testid="role-users"><Trans>用户</Trans></Button>
                    {canManage && (
                      <>
                        <Button size="small" appearance="subtle" icon={<BranchForkRegular />} onClick={() => open({ kind: 'relations', role: r })} data-testid="role-relations"><Trans>下级</Trans></Button>
                        <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => open({ kind: 'role', role: r })} data-testid="role-edit"><Trans>编辑</Trans></Button>
                        <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => open({ kind: 'deleteRole', role: r })} data-testid="role-delete"><Trans>删除</Trans></Button>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>

      {dialog?.kind === 'role' && (
        <RoleDialog
          role={dialog.role}
          roles={roles}
          groups={groups}
          defaultGroup={groupFilter !== ALL && groupFilter !== NONE ? groupFilter : null}
          busy={saveRole.isPending}
          error={error}
          onClose={close}
          onSubmit={(input) => saveRole.mutate({ role: dialog.role, input }, closeWith(t`角色已保存`))}
        />
      )}
      {dialog?.kind === 'group' && (
        <GroupDialog
          group={dialog.group}
          roles={roles}
          busy={saveGroup.isPending}
          error={error}
          onClose={close}
          onSubmit={(input) => saveGroup.mutate({ group: dialog.group, input }, closeWith(t`分组已保存`))}
        />
      )}
      {dialog?.kind === 'deleteRole' && (
        <Confirm
          title={t`删除角色`}
          text={t`确定删除角色「${dialog.role.name}」？持有它的用户、它的权限和上下级关系会一并移除。`}
          busy={removeRole.isPending}
          error={error}
          onClose={close}
          onConfirm={() => removeRole.mutate(dialog.role, closeWith(t`角色已删除`))}
        />
      )}
      {dialog?.kind === 'deleteGroup' && (
        <Confirm
          title={t`删除分组`}
          text={t`确定删除分组「${dialog.group.groupName}」？其中的角色保留（不再属于任何分组）。`}
          busy={removeGroup.isPending}
          error={error}
          onClose={close}
          onConfirm={() => removeGroup.mutate(dialog.group, {
            onSuccess: () => { notify(t`分组已删除`); if (groupFilter === dialog.group.roleGroupId) setGroupFilter(ALL); close(); },
            onError: fail,
          })}
        />
      )}
      {dialog?.kind === 'users' && <RoleUsersDialog role={dialog.role} canManage={canManage} onClose={close} />}
      {dialog?.kind === 'relations' && <RelationsDialog role={dialog.role} roles={roles} onClose={close} />}
    </div>
  );
}

function RoleDialog({ role, roles, groups, defaultGroup, busy, error, onSubmit, onClose }: {
  role: RoleRow | null; roles: RoleRow[]; groups: RoleGroupRow[]; defaultGroup: string | null; busy: boolean; error: string | null;
  onSubmit: (input: RoleInput & { name: string }) => void; onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useLingui();
  const [name, setName] = useState(role?.name ?? '');
  const [cnName, setCnName] = useState(role?.cnName ?? '');
  const [code, setCode] = useState(role?.code ?? '');
  const [group, setGroup] = useState(role ? role.roleGroupId ?? '' : defaultGroup ?? '');
  const [sort, setSort] = useState<number | null>(role?.sort ?? 0);
  const [enable, setEnable] = useState(role?.enable ?? true);
  const [priceApproval, setPriceApproval] = useState(Boolean(role?.config?.priceApprovalEnable));
  const [manages, setManages] = useState<string[]>(role?.manageRoleNames ?? []);
  const [touched, setTouched] = useState(false);
  const roleManage = isRoleManageRole(code);

  const submit = () => {
    setTouched(true);
    if (!name.trim()) return;
    const n = Number(sort);
    onSubmit({
      name: name.trim(), cnName: cnName.trim(), code: code.trim(), roleGroupId: group || null, sort: Number.isFinite(n) ? Math.trunc(n) : 0, enable,
      config: { ...(role?.config ?? {}), priceApprovalEnable: priceApproval },
      ...(roleManage && { manageRoleNames: manages }),
    });
  };

  return (
    <FormDialog
      title={role ? <Trans>编辑角色</Trans> : <Trans>新建角色</Trans>} testId="role" surfaceTestId="role-dialog" noValidate
      contentClassName={styles.form} busy={busy} error={error} onSubmit={submit} onClose={onClose}
    >
      <Field label={t`角色名称`} required validationMessage={touched && !name.trim() ? t`请输入角色名称` : undefined}>
        <Input value={name} onChange={(_, d) => setName(d.value)} maxLength={128} data-testid="role-name" autoFocus />
      </Field>
      <Field label={t`中文名`}>
        <Input value={cnName} onChange={(_, d) => setCnName(d.value)} maxLength={128} data-testid="role-cnname" />
      </Field>
      <Field label={t`代码`} hint={t`以 #roleManage 结尾的角色可管理下方选择的角色`}>
        <Input value={code} onChange={(_, d) => setCode(d.value)} maxLength={128} data-testid="role-code" />
      </Field>
      <Field label={t`分组`}>
        <Select value={group} onChange={(_, d) => setGroup(d.value)} data-testid="role-group">
          <option value="">{t`（不分组）`}</option>
          {groups.map((g) => <option key={g.roleGroupId} value={g.roleGroupId}>{g.groupName}</option>)}
        </Select>
      </Field>
      <Field label={t`排序`}>
        <NumberInput value={sort} onChange={setSort} precision={0} fallback={0} />
      </Field>
      <Switch checked={enable} onChange={(_, d) => setEnable(d.checked)} label={t`启用`} />
      <Switch checked={priceApproval} onChange={(_, d) => setPriceApproval(d.checked)} label={t`价格需审核`} />
      {roleManage && (
        <Field label={t`管理的角色`}>
          <div className={styles.checks}>
            {roles.filter((r) => r.roleId !== role?.roleId).map((r) => (
              <Checkbox key={r.roleId} label={r.cnName ? `${r.name}（${r.cnName}）` : r.name} checked={manages.includes(r.name)}
                onChange={(_, d) => setManages((m) => (d.checked ? [...m, r.name] : m.filter((x) => x !== r.name)))} />
            ))}
          </div>
        </Field>
      )}
    </FormDialog>
  );
}

function GroupDialog({ group, roles, busy, error, onSubmit, onClose }: {
  group: RoleGroupRow | null; roles: RoleRow[]; busy: boolean; error: string | null;
  onSubmit: (input: RoleGroupInput & { groupName: string }) => void; onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useLingui();
  const [groupName, setGroupName] = useState(group?.groupName ?? '');
  const [code, setCode] = useState(group?.code ?? '');
  const [sort, setSort] = useState<number | null>(group?.sort ?? 0);
  const [manages, setManages] = useState<string[]>(group?.manageRoleNames ?? []);
  const [touched, setTouched] = useState(false);
  const submit = () => {
    setTouched(true);
    if (!groupName.trim()) return;
    const n = Number(sort);
    onSubmit({ groupName: groupName.trim(), code: code.trim(), sort: Number.isFinite(n) ? Math.trunc(n) : 0, manageRoleNames: manages });
  };
  return (
    <FormDialog
      title={group ? <Trans>编辑分组</Trans> : <Trans>新建分组</Trans>} testId="group" surfaceTestId="group-dialog" noValidate
      contentClassName={styles.form} busy={busy} error={error} onSubmit={submit} onClose={onClose}
    >
      <Field label={t`分组名称`} required validationMessage={touched && !groupName.trim() ? t`请输入分组名称` : undefined}>
        <Input value={groupName} onChange={(_, d) => setGroupName(d.value)} maxLength={128} data-testid="group-name" autoFocus />
      </Field>
      <Field label={t`代码`}>
        <Input value={code} onChange={(_, d) => setCode(d.value)} maxLength={128} />
      </Field>
      <Field label={t`排序`}>
        <NumberInput value={sort} onChange={setSort} precision={0} fallback={0} />
      </Field>
      <Field label={t`可管理本组的角色`}>
        <div className={styles.checks}>
          {roles.map((r) => (
            <Checkbox key={r.roleId} label={r.cnName ? `${r.name}（${r.cnName}）` : r.name} checked={manages.includes(r.name)}
              onChange={(_, d) => setManages((m) => (d.checked ? [...m, r.name] : m.filter((x) => x !== r.name)))} />
          ))}
        </div>
      </Field>
    </FormDialog>
  );
}

/** The users holding a role: add one found in the contacts (§5 search), remove the chosen ones or all. */
function RoleUsersDialog({ role, canManage, onClose }: { role: RoleRow; canManage: boolean; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useLingui();
  const users = useRoleUsers(role.roleId);
  const [checked, setChecked] = useState<Set<string>>(() => new Set());
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Person[] | null>(null);
  const [searching, setSearching] = useState(false);
  const add = useRolesMutation((userId: string) => addUserToRole(userId, role.name));
  const remove = useRolesMutation((who: { all?: boolean; userId?: string[] }) => removeRoleUsers(role.roleId, who));
  const rows = users.data?.rows ?? [];
  const holders = new Set(rows.map((u) => u.userId));

  const search = async () => {
    if (!query.trim()) return;
    setSearching(true);
    setError(null);
    try {
      setFound(await searchPersons(query.trim()));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setSearching(false);
    }
  };
  // Only the latest action may set the message: an add waits for its refetches before it reports, so a removal
  // clicked meanwhile would have its refusal wiped by the add's late "added".
  const latest = useRef(0);
  const outcome = () => {
    const n = ++latest.current;
    return {
      onSuccess: (text: string) => { if (n === latest.current) { setError(null); setDone(text); setChecked(new Set()); } },
      onError: (e: unknown) => { if (n === latest.current) setError(messageOf(e)); },
    };
  };

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid="role-users-dialog" style={{ maxWidth: 760 }}>
        <DialogBody>
          <DialogTitle><Trans>角色「{role.cnName || role.name}」的用户</Trans></DialogTitle>
          <DialogContent className={styles.form}>
            {canManage && (
              <div className={styles.bar}>
                <SearchBox
                  placeholder={t`在通讯录中查找：姓名 / 拼音首字母 / 手机号`}
                  value={query}
                  onChange={(_, d) => setQuery(d.value)}
                  onKeyDown={(e) => { if (e.key === 'Enter') void search(); }}
                  data-testid="role-user-search"
                />
                <Button onClick={() => void search()} disabled={searching} data-testid="role-user-search-go"><Trans>查找</Trans></Button>
              </div>
            )}
            {found && (
              <div className={styles.checks} data-testid="role-user-found">
                {found.length === 0 && <Text className={styles.muted}><Trans>没有找到</Trans></Text>}
                {found.map((p) => (
                  <div key={p.userId} className={styles.bar}>
                    <span className={styles.grow}>{p.name} {p.phoneNumber}</span>
                    <Button
                      size="small"
                      disabled={holders.has(p.userId) || add.isPending}
                      onClick={() => { const o = outcome(); add.mutate(p.userId, { onSuccess: () => o.onSuccess(t`已添加 ${p.name}`), onError: o.onError }); }}
                      data-testid="role-user-add"
                      data-name={p.name}
                    >
                      {holders.has(p.userId) ? t`已在角色中` : t`添加`}
                    </Button>
                  </div>
                ))}
              </div>
            )}
            {users.isPending ? <Spinner size="small" /> : (
              <Table size="small" data-testid="role-users-table">
                <TableHeader>
                  <TableRow>
                    {canManage && <TableHeaderCell style={{ width: 44 }} />}
                    <TableHeaderCell><Trans>姓名</Trans></TableHeaderCell>
                    <TableHeaderCell><Trans>账号</Trans></TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((u) => (
                    <TableRow key={u.userId} data-testid="role-user-row" data-name={u.name}>
                      {canManage && (
                        <TableCell>
                          <Checkbox checked={checked.has(u.userId)} onChange={(_, d) => setChecked((c) => { const n = new Set(c); if (d.checked) n.add(u.userId); else n.delete(u.userId); return n; })} />
                        </TableCell>
                      )}
                      <TableCell>{u.name}</TableCell>
                      <TableCell>{u.username}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            {done && !error && <Text data-testid="role-users-done">{done}</Text>}
            {error && <Text role="alert" className={styles.error} data-testid="role-users-error">{error}</Text>}
          </DialogContent>
          <DialogActions>
            {canManage && (
              <>
                <Button
                  icon={<DeleteRegular />}
                  disabled={remove.isPending}
                  onClick={() => { const o = outcome(); remove.mutate({ userId: [...checked] }, { onSuccess: (r) => o.onSuccess(t`已移除 ${r.count} 人`), onError: o.onError }); }}
                  data-testid="role-users-remove"
                >
                  <Trans>移除选中（{checked.size}）</Trans>
                </Button>
                <Button
                  disabled={remove.isPending || rows.length === 0}
                  onClick={() => { const o = outcome(); remove.mutate({ all: true }, { onSuccess: (r) => o.onSuccess(t`已移除 ${r.count} 人`), onError: o.onError }); }}
                  data-testid="role-users-remove-all"
                >
                  <Trans>移除全部</Trans>
                </Button>
              </>
            )}
            <Button appearance="primary" onClick={onClose}><Trans>关闭</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** The roles directly below a role (relations parent → child); adding one that makes a cycle is refused. */
function RelationsDialog({ role, roles, onClose }: { role: RoleRow; roles: RoleRow[]; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useLingui();
  const relations = useRoleRelations();
  const [child, setChild] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useRolesMutation((c: string) => addRoleRelation(role.roleId, c));
  const remove = useRolesMutation(removeRoleRelation);
  const byId = new Map(roles.map((r) => [r.roleId, r]));
  const mine = (relations.data ?? []).filter((r) => r.parent === role.roleId);
  const parents = (relations.data ?? []).filter((r) => r.child === role.roleId);
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid="relations-dialog">
        <DialogBody>
          <DialogTitle><Trans>「{role.cnName || role.name}」的下级角色</Trans></DialogTitle>
          <DialogContent className={styles.form}>
            {parents.length > 0 && <Text className={styles.muted}>{t`上级：${parents.map((p) => byId.get(p.parent)?.name ?? p.parent).join('、')}`}</Text>}
            {mine.length === 0 && <Text className={styles.muted}><Trans>没有下级角色</Trans></Text>}
            {mine.map((r) => (
              <div key={r.id} className={styles.bar} data-testid="relation-row">
                <span className={styles.grow}>{byId.get(r.child)?.name ?? r.child}</span>
                <Button size="small" icon={<DeleteRegular />} onClick={() => remove.mutate(r, { onError: (e) => setError(messageOf(e)) })}><Trans>移除</Trans></Button>
              </div>
            ))}
            <div className={styles.bar}>
              <Select value={child} onChange={(_, d) => setChild(d.value)} data-testid="relation-child">
                <option value="">{t`选择下级角色`}</option>
                {roles.filter((r) => r.roleId !== role.roleId && !mine.some((m) => m.child === r.roleId)).map((r) => (
                  <option key={r.roleId} value={r.roleId}>{r.name}</option>
                ))}
              </Select>
              <Button disabled={!child || add.isPending} onClick={() => add.mutate(child, { onSuccess: () => { setChild(''); setError(null); }, onError: (e) => setError(messageOf(e)) })} data-testid="relation-add">
                <Trans>添加</Trans>
              </Button>
            </div>
            {error && <Text role="alert" className={styles.error}>{error}</Text>}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}><Trans>关闭</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

function Confirm({ title, text, busy, error, onConfirm, onClose }: { title: string; text: string; busy: boolean; error: string | null; onConfirm: () => void; onClose: () => void }) {
  const styles = useStyles();
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid="confirm-dialog">
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <Text>{text}</Text>
            {error && <Text block role="alert" className={styles.error}>{error}</Text>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={busy} onClick={onConfirm} data-testid="confirm-ok"><Trans>确定</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

export default RolesManagePage;
