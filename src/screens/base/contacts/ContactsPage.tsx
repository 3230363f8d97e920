// 通讯录管理 (§2 contacts): the department tree beside a virtualised list of persons (§9 pages of 5000),
// §5 search, create/edit/move/delete, Excel imports; §6 powers hide what the user may not do.
import { useEffect, useMemo, useState } from 'react';
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  SearchBox,
  Spinner,
  Switch,
  Text,
  Title3,
  Toast,
  ToastTitle,
  Toaster,
  tokens,
  useId,
  useToastController,
  Checkbox,
} from '@fluentui/react-components';
import { AddRegular, ArrowImportRegular, ArrowMoveRegular, DeleteRegular, EditRegular, FolderAddRegular, PersonKeyRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { TIMERS } from '../../../../domain/constants.ts';
import { classifyContactSearch } from '../../../../domain/contactSearch.ts';
import { canCreateUnder, ROOT_DEPARTMENT, withDescendants } from '../../../../domain/departmentRules.ts';
import {
  bulkCreateDepartments,
  bulkCreatePersons,
  bulkUpdatePersons,
  createDepartment,
  createPerson,
  deleteDepartment,
  deletePersons,
  movePersons,
  updateDepartment,
  updatePerson,
  type Department,
  type NewDepartment,
  type Person,
  type PersonInput,
} from '../../../../services/contacts.ts';
import { usePowers } from '../../../app/hooks.ts';
import { usePermission } from '../../../components/Can.tsx';
import { ExcelImport } from '../../../components/ExcelImport.tsx';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { VirtualTable, type VirtualColumn } from '../../../components/VirtualTable.tsx';
import { PHONE_MEDIA as PHONE } from '../../../../domain/viewport.ts';
import { AccountDialog } from './AccountDialog.tsx';
import { CONSOLE_BASE_POWER } from './basePowers.ts';
import { DEPARTMENT_HEADERS, parseDepartmentRow, parsePersonRow, PERSON_HEADERS, type ImportTexts } from './contactsImport.ts';
import { DepartmentDialog, type DepartmentForm } from './DepartmentDialog.tsx';
import { childrenByParent, DepartmentTree } from './DepartmentTree.tsx';
import { PersonDialog } from './PersonDialog.tsx';
import { useContactsMutation, useDepartments, useOrgUserLimit, usePersons } from './queries.ts';

const useStyles = makeStyles({
  root: {
    display: 'flex', flexGrow: 1, minHeight: 0, gap: tokens.spacingHorizontalL, padding: tokens.spacingVerticalL,
    // phones: the department tree above the people, each with room of its own (issue 13)
    [PHONE]: { flexDirection: 'column', overflowY: 'auto', padding: tokens.spacingVerticalS },
  },
  side: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, width: '300px', flexShrink: 0, minHeight: 0,
    backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingVerticalM,
    [PHONE]: { width: 'auto', maxHeight: '40vh' },
  },
  tree: { overflowY: 'auto', flexGrow: 1, minHeight: 0 },
  main: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, flexGrow: 1, minWidth: 0, minHeight: 0, [PHONE]: { minHeight: '70vh' } },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  checks: { maxHeight: '260px', overflowY: 'auto', display: 'flex', flexDirection: 'column' },
});

/** `value` once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

type DialogState =
  | { kind: 'department'; department: Department | null; parentId: string }
  | { kind: 'person'; person: Person | null }
  | { kind: 'account'; person: Person }
  | { kind: 'move' }
  | { kind: 'deletePersons' }
  | { kind: 'deleteDepartment'; department: Department }
  | { kind: 'import'; what: 'departments' | 'persons' | 'personsUpdate' }
  | null;

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

function ContactsPage() {
  const styles = useStyles();
  const { t } = useLingui();
  const toasterId = useId('contacts-toaster');
  const { dispatchToast } = useToastController(toasterId);
  const notify = (text: string, intent: 'success' | 'error' | 'info' = 'success') =>
    dispatchToast(<Toast data-testid={`toast-${intent}`}><ToastTitle>{text}</ToastTitle></Toast>, { intent, timeout: intent === 'error' ? 6000 : 3000 });

  const powers = usePowers();
  const canManage = usePermission(CONSOLE_BASE_POWER.contactsManage);
  const canManageUsers = usePermission(CONSOLE_BASE_POWER.userManage);
  const userLimit = useOrgUserLimit(canManage || canManageUsers);
  const privileged = powers.isAdmin || powers.isSystemProvider;
  const roleNames = useMemo(() => powers.roles.map((r) => r.name), [powers.roles]);
  const mayCreateUnder = (d: Department | undefined) => canCreateUnder(d, roleNames, privileged);

  const departmentsQuery = useDepartments();
  const departments = useMemo(() => departmentsQuery.data ?? [], [departmentsQuery.data]);
  const byId = useMemo(() => new Map(departments.map((d) => [d.departmentId, d])), [departments]);
  const [selectedDepartment, setSelectedDepartment] = useState<string | null>(null);
  const selected = selectedDepartment ? byId.get(selectedDepartment) : undefined;

  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), TIMERS.inputDebounceMs);
  const departmentIds = useMemo(
    () => (selected ? [...withDescendants(departments, [selected.departmentId])].sort() : undefined),
    [selected, departments],
  );
  const persons = usePersons({ departmentId: departmentIds, search: search || undefined });
  const rows = useMemo(() => persons.rows ?? [], [persons.rows]);
  const [checked, setChecked] = useState<Set<string>>(() => new Set());
  // the selection follows the rows shown, once they are all in
  const settled = persons.data;
  useEffect(() => {
    if (!settled) return;
    setChecked((prev) => {
      if (prev.size === 0) return prev;
      const shown = new Set(settled.map((r) => r.userId));
      const next = new Set([...prev].filter((id) => shown.has(id)));
      return next.size === prev.size ? prev : next;
    });
  }, [settled]);

  const [dialog, setDialog] = useState<DialogState>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const open = (d: DialogState) => {
    setDialogError(null);
    setDialog(d);
  };
  const close = () => setDialog(null);

  // ---- mutations
  const saveDepartment = useContactsMutation(async ({ form, department }: { form: DepartmentForm; department: Department | null }) =>
    department ? updateDepartment(department.departmentId, form, (department as { version?: number }).version) : createDepartment(form));
  const removeDepartment = useContactsMutation((d: Department) => deleteDepartment(d.departmentId));
  const reorder = useContactsMutation(async (changes: { id: string; sort: number }[]) => {
    for (const c of changes) await updateDepartment(c.id, { sort: c.sort });
  });
  const savePerson = useContactsMutation(async ({ input, person }: { input: PersonInput; person: Person | null }) =>
    person ? { kind: 'updated' as const, person: await updatePerson(person.userId, input, person.version) } : { kind: 'created' as const, result: await createPerson(input) });
  const removePersons = useContactsMutation((ids: string[]) => deletePersons(ids));
  const move = useContactsMutation(({ ids, to }: { ids: string[]; to: string[] }) => movePersons(ids, to));
  const togglePhone = useContactsMutation(({ person, show }: { person: Person; show: boolean }) => updatePerson(person.userId, { showPhoneNumber: show }, person.version));

  const submitDepartment = (form: DepartmentForm) => {
    if (dialog?.kind !== 'department') return;
    saveDepartment.mutate({ form, department: dialog.department }, {
      onSuccess: (d) => {
        notify(dialog.department ? t`部门已保存` : t`部门已创建`);
        setSelectedDepartment(d.departmentId);
        close();
      },
      onError: (e) => setDialogError(messageOf(e)),
    });
  };

  const submitPerson = (input: PersonInput) => {
    if (dialog?.kind !== 'person') return;
    savePerson.mutate({ input, person: dialog.person }, {
      onSuccess: (r) => {
        // §5: 部门联系人已存在 counts as success
        if (r.kind === 'created' && r.result.existing) notify(t`部门联系人已存在`, 'info');
        else if (r.kind === 'updated' && r.person === null) notify(t`没有修改`, 'info');
        else notify(dialog.person ? t`联系人已保存` : t`联系人已创建`);
        close();
      },
      onError: (e) => setDialogError(messageOf(e)),
    });
  };

  const moveDepartment = (d: Department, direction: -1 | 1) => {
    const siblings = childrenByParent(departments).get(departments.some((x) => x.departmentId === d.parentId) ? d.parentId : ROOT_DEPARTMENT) ?? [];
    const at = siblings.findIndex((s) => s.departmentId === d.departmentId);
    const to = at + direction;
    if (at < 0 || to < 0 || to >= siblings.length) return;
    const order = [...siblings];
    [order[at], order[to]] = [order[to], order[at]];
    const changes = order.map((s, i) => ({ id: s.departmentId, sort: i + 1, before: s.sort })).filter((c) => c.sort !== c.before);
    reorder.mutate(changes, { onError: (e) => notify(messageOf(e), 'error') });
  };

  const importTexts: ImportTexts = {
    emptyName: t`名称不能为空`,
    badPhone: (p) => t`手机号格式不正确：${p}`,
    noDepartment: t`请填写部门`,
    unknownDepartment: (n) => t`部门不存在：${n}`,
    ambiguousDepartment: (n) => t`部门名称不唯一：${n}`,
    badGender: (g) => t`性别只能是男或女：${g}`,
    badSort: (s) => t`排序必须是数字：${s}`,
  };

  const canCreateHere = canManage && (selected ? mayCreateUnder(selected) : true);
  const creatable = departments.filter((d) => mayCreateUnder(d));
  const classification = searchText.trim() ? classifyContactSearch(searchText).field : null;
  const classificationLabel = { pinyinFirst: t`拼音首字母`, phoneNumber: t`手机号`, name: t`姓名` };

  const columns = useMemo<VirtualColumn<Person>[]>(() => [
    { key: 'name', header: t`姓名`, width: 120, render: (p) => <span data-testid="person-row-name">{p.name}</span> },
    { key: 'phone', header: t`手机号`, width: 130, render: (p) => p.phoneNumber || <span className={styles.muted}>{t`未公开`}</span> },
    { key: 'gender', header: t`性别`, width: 60, render: (p) => (p.gender === '男' ? t`男` : p.gender === '女' ? t`女` : p.gender) },
    // what the org typed (a duty 营养师, its departments and units) is data: translate="no", never a catalogue word
    { key: 'duties', header: t`职务`, width: 120, render: (p) => <span translate="no">{p.duties}</span> },
    { key: 'department', header: t`部门`, width: 200, grow: true, render: (p) => <span translate="no">{p.department.map((d) => d.departmentName).join('、')}</span> },
    { key: 'unit', header: t`单位`, width: 110, render: (p) => <span translate="no">{p.unit}</span> },
    {
      key: 'showPhone', header: t`显示手机号`, width: 100, render: (p) => canManage
        ? <Switch checked={p.showPhoneNumber} aria-label={t`显示手机号`} onChange={(_, d) => togglePhone.mutate({ person: p, show: d.checked }, { onError: (e) => notify(messageOf(e), 'error') })} />
        : p.showPhoneNumber ? t`是` : t`否`,
    },
    ...(canManage || canManageUsers ? [{
      key: 'actions', header: t`操作`, width: canManage && canManageUsers ? 100 : 70,
      render: (p: Person) => (
        <>
          {canManage && <Button size="small" appearance="subtle" icon={<EditRegular />} aria-label={t`编辑`} title={t`编辑`} onClick={() => open({ kind: 'person', person: p })} data-testid="person-edit" />}
          {canManageUsers && <Button size="small" appearance="subtle" icon={<PersonKeyRegular />} aria-label={t`账号`} title={t`账号`} onClick={() => open({ kind: 'account', person: p })} data-testid="person-account" />}
        </>
      ),
    }] : []),
  ], [canManage, canManageUsers, t, styles.muted]);

  const loadingRows = persons.isPending && rows.length === 0;

  return (
    <div className={styles.root} data-testid="contacts-page">
      <Toaster toasterId={toasterId} position="top-end" />
      <aside className={styles.side}>
        <div className={styles.bar}>
          <Title3 className={styles.grow}><Trans>部门</Trans></Title3>
          {canManage && (
            <Button size="small" icon={<FolderAddRegular />} onClick={() => open({ kind: 'department', department: null, parentId: selected && mayCreateUnder(selected) ? selected.departmentId : ROOT_DEPARTMENT })} data-testid="department-create">
              <Trans>新建部门</Trans>
            </Button>
          )}
        </div>
        <div className={styles.tree}>
          {departmentsQuery.isPending ? <Spinner size="small" /> : (
            <DepartmentTree
              departments={departments}
              selectedId={selectedDepartment}
              onSelect={setSelectedDepartment}
              canManage={canManage}
              canCreateUnder={mayCreateUnder}
              onCreateChild={(parent) => open({ kind: 'department', department: null, parentId: parent.departmentId })}
              onEdit={(d) => open({ kind: 'department', department: d, parentId: d.parentId })}
              onMove={moveDepartment}
              onDelete={(d) => open({ kind: 'deleteDepartment', department: d })}
            />
          )}
        </div>
      </aside>

      <section className={styles.main}>
        <div className={styles.bar}>
          <Title3>{selected ? selected.departmentName : <Trans>全部联系人</Trans>}</Title3>
          <Text className={styles.muted} data-testid="persons-count">
            {persons.isFetching && !persons.data ? t`已加载 ${rows.length} 人…` : t`共 ${rows.length} 人`}
          </Text>
          {userLimit.data && <UserLimitBadge {...userLimit.data} />}
          <div className={styles.grow} />
          <FilterBar
            search={(
              <SearchBox
                placeholder={t`姓名 / 拼音首字母 / 手机号`}
                aria-label={t`姓名 / 拼音首字母 / 手机号`}
                value={searchText}
                onChange={(_, d) => setSearchText(d.value)}
                data-testid="contacts-search"
              />
            )}
            actions={classification && <Badge appearance="outline" data-testid="search-field">{classificationLabel[classification]}</Badge>}
          />
        </div>
        {canManage && (
          <div className={styles.bar}>
            <Button appearance="primary" icon={<AddRegular />} disabled={!canCreateHere || creatable.length === 0} onClick={() => open({ kind: 'person', person: null })} data-testid="person-create">
              <Trans>新建联系人</Trans>
            </Button>
            <Button icon={<ArrowMoveRegular />} disabled={checked.size === 0} onClick={() => open({ kind: 'move' })} data-testid="persons-move">
              <Trans>移动到部门</Trans>
            </Button>
            <Button icon={<DeleteRegular />} disabled={checked.size === 0} onClick={() => open({ kind: 'deletePersons' })} data-testid="persons-delete">
              <Trans>删除（{checked.size}）</Trans>
            </Button>
            <Menu>
              <MenuTrigger disableButtonEnhancement>
                <Button icon={<ArrowImportRegular />} data-testid="contacts-import"><Trans>Excel 导入</Trans></Button>
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  <MenuItem onClick={() => open({ kind: 'import', what: 'departments' })} data-testid="import-departments"><Trans>导入部门</Trans></MenuItem>
                  <MenuItem onClick={() => open({ kind: 'import', what: 'persons' })} data-testid="import-persons"><Trans>导入新联系人</Trans></MenuItem>
                  <MenuItem onClick={() => open({ kind: 'import', what: 'personsUpdate' })} data-testid="import-persons-update"><Trans>导入更新联系人</Trans></MenuItem>
                </MenuList>
              </MenuPopover>
            </Menu>
          </div>
        )}
        {persons.isError && <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>{messageOf(persons.error)}</Text>}
        <VirtualTable
          rows={rows}
          columns={columns}
          rowKey={(p) => p.userId}
          selected={canManage ? checked : undefined}
          onSelectedChange={canManage ? setChecked : undefined}
          data-testid="persons-table"
          aria-label={t`联系人`}
          empty={loadingRows ? <Spinner size="small" label={t`加载中`} /> : <Trans>没有联系人</Trans>}
        />
      </section>

      {dialog?.kind === 'department' && (
        <DepartmentDialog
          department={dialog.department}
          parentId={dialog.parentId}
          departments={departments}
          busy={saveDepartment.isPending}
          error={dialogError}
          onSubmit={submitDepartment}
          onClose={close}
        />
      )}
      {dialog?.kind === 'person' && (
        <PersonDialog
          person={dialog.person}
          initialDepartments={selected && mayCreateUnder(selected) ? [selected.departmentId] : []}
          departments={creatable}
          busy={savePerson.isPending}
          error={dialogError}
          onSubmit={submitPerson}
          onAccount={dialog.person && canManageUsers ? () => open({ kind: 'account', person: dialog.person! }) : undefined}
          onClose={close}
        />
      )}
      {dialog?.kind === 'account' && (
        <AccountDialog person={dialog.person} onSaved={() => { notify(t`账号已保存`); close(); }} onClose={close} />
      )}
      {dialog?.kind === 'move' && (
        <MoveDialog
          count={checked.size}
          departments={creatable}
          busy={move.isPending}
          error={dialogError}
          onClose={close}
          onSubmit={(to) => move.mutate({ ids: [...checked], to }, {
            onSuccess: () => { notify(t`已移动 ${checked.size} 人`); setChecked(new Set()); close(); },
            onError: (e) => setDialogError(messageOf(e)),
          })}
        />
      )}
      {dialog?.kind === 'deletePersons' && (
        <ConfirmDialog
          title={t`删除联系人`}
          text={t`确定从通讯录删除选中的 ${checked.size} 人？（用户账号保留）`}
          busy={removePersons.isPending}
          error={dialogError}
          onClose={close}
          onConfirm={() => removePersons.mutate([...checked], {
            onSuccess: (r) => { notify(t`已删除 ${r.count} 人`); setChecked(new Set()); close(); },
            onError: (e) => setDialogError(messageOf(e)),
          })}
        />
      )}
      {dialog?.kind === 'deleteDepartment' && (
        <ConfirmDialog
          title={t`删除部门`}
          text={t`确定删除部门「${dialog.department.departmentName}」？`}
          busy={removeDepartment.isPending}
          error={dialogError}
          onClose={close}
          onConfirm={() => removeDepartment.mutate(dialog.department, {
            onSuccess: () => {
              notify(t`部门已删除`);
              if (selectedDepartment === dialog.department.departmentId) setSelectedDepartment(null);
              close();
            },
            onError: (e) => setDialogError(messageOf(e)),
          })}
        />
      )}
      {dialog?.kind === 'import' && dialog.what === 'departments' && (
        <ExcelImport<NewDepartment>
          title={t`导入部门`}
          headers={DEPARTMENT_HEADERS}
          example={['食堂', '', 1, '否', '否']}
          templateName="departments.xlsx"
          parse={(r) => parseDepartmentRow(r, importTexts)}
          submit={(batch) => bulkCreateDepartments(batch)}
          batchSize={1000}
          onDone={() => { void departmentsQuery.refetch(); }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'import' && dialog.what !== 'departments' && (
        <ExcelImport<PersonInput>
          title={dialog.what === 'persons' ? t`导入新联系人` : t`导入更新联系人（按手机号匹配）`}
          headers={PERSON_HEADERS}
          example={['张三', '13900000000', departments[0]?.departmentName ?? '', '男', '', '', '是']}
          templateName="persons.xlsx"
          parse={(r) => parsePersonRow(r, departments, importTexts, dialog.what === 'personsUpdate')}
          submit={(batch) => (dialog.what === 'persons' ? bulkCreatePersons(batch) : bulkUpdatePersons(batch))}
          batchSize={1000}
          onDone={() => { void persons.refetch(); }}
          onClose={close}
        />
      )}
    </div>
  );
}

/** §7 the org's user limit: used / limit, a warning once nothing remains (nothing shown when unlimited). */
function UserLimitBadge({ userLimit, userCount, remaining }: { userLimit: number | null; userCount: number; remaining: number | null }) {
  const { t } = useLingui();
  if (userLimit === null) return null;
  const full = remaining === 0;
  return (
    <Badge
      appearance={full ? 'filled' : 'outline'}
      color={full ? 'warning' : 'informative'}
      title={full ? t`机构用户数已达上限，不能再新建联系人账号` : undefined}
      data-testid="user-limit"
      data-remaining={remaining ?? ''}
    >
      {full ? t`用户 ${userCount} / ${userLimit}（已达上限）` : t`用户 ${userCount} / ${userLimit}`}
    </Badge>
  );
}

function MoveDialog({ count, departments, busy, error, onSubmit, onClose }: {
  count: number; departments: Department[]; busy: boolean; error: string | null; onSubmit: (to: string[]) => void; onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useLingui();
  const [to, setTo] = useState<string[]>([]);
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid="move-dialog">
        <DialogBody>
          <DialogTitle><Trans>把 {count} 人移动到</Trans></DialogTitle>
          <DialogContent>
            <div className={styles.checks}>
              {departments.map((d) => (
                <Checkbox
                  key={d.departmentId}
                  label={d.departmentName}
                  checked={to.includes(d.departmentId)}
                  onChange={(_, data) => setTo((c) => (data.checked ? [...c, d.departmentId] : c.filter((x) => x !== d.departmentId)))}
                  data-testid="move-target"
                  data-name={d.departmentName}
                />
              ))}
            </div>
            {error && <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>{error}</Text>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t`取消`}</Button>
            <Button appearance="primary" disabled={busy || to.length === 0} onClick={() => onSubmit(to)} data-testid="move-submit"><Trans>移动</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

function ConfirmDialog({ title, text, busy, error, onConfirm, onClose }: {
  title: string; text: string; busy: boolean; error: string | null; onConfirm: () => void; onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid="confirm-dialog">
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <Text>{text}</Text>
            {error && <Text block role="alert" style={{ color: tokens.colorPaletteRedForeground1 }} data-testid="confirm-error">{error}</Text>}
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

export default ContactsPage;
