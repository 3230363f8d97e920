// 会员管理 (§2 membersManage): members of the org with a group filter and keyword search, paging, add and edit
// (name, phone, group, level), move the selected members to another group, delete; a new group can be made
// from here too. Server data lives in react-query under 'members' (live updates refresh it).
import { useMemo, useState } from 'react';
import {
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
  MessageBar,
  MessageBarBody,
  SearchBox,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowMoveRegular, DeleteRegular, EditRegular, FolderAddRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { isValidPhone } from '../../../../domain/phone.ts';
import { sortLevels, type ProductMember } from '../../../../domain/members.ts';
import { createMember, createMemberGroup, deleteMembers, moveMembersToGroup, updateMember, type NewMember } from '../../../../services/members.ts';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { groupLabel, useMemberConfig, useMemberGroups, useMemberMutation, useMembers } from './memberQueries.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { useUrlState } from '../../../components/useUrlState.ts';

const PAGE_SIZE = 20;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingVerticalL, minWidth: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  pager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, justifyContent: 'flex-end' },
  muted: { color: tokens.colorNeutralForeground3 },
});

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

interface MemberForm { userId?: string; version?: number; name: string; phoneNumber: string; groupId: string; level: string }

export default function MembersManagePage() {
  const fmt = useIntlFormat();
  const styles = useStyles();
  const { t, i18n } = useLingui();
  // issue 28: the search, the group and the page live in the URL (a tab switch, Back and a reload keep them)
  const [view, setView] = useUrlState({ group: '', keyword: '', page: 0 });
  const { group: groupId, keyword, page } = view;
  const setGroupId = (next: string) => setView({ group: next });
  const setKeyword = (next: string) => setView({ keyword: next });
  const setPage = (next: number) => setView({ page: next });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [form, setForm] = useState<MemberForm | null>(null);
  const [moving, setMoving] = useState<string | null>(null);
  const [newGroup, setNewGroup] = useState<string | null>(null);
  const [error, setError] = useState('');

  const groups = useMemberGroups();
  const config = useMemberConfig();
  const query = { groupId: groupId || undefined, keyword: keyword.trim() || undefined, $limit: PAGE_SIZE, $skip: page * PAGE_SIZE };
  const members = useMembers(query);
  const rows = members.data?.rows ?? [];
  const count = members.data?.count ?? 0;
  const levels = useMemo(() => sortLevels(config.data?.memberLevel ?? []), [config.data]);
  const levelName = (id?: string) => levels.find((l) => l.id === id)?.name ?? id ?? '';
  const groupName = (id: string, fallback = '') => groupLabel(groups.data?.find((g) => g.groupId === id)?.name ?? fallback, (d) => i18n._(d));
  const defaultGroupId = groups.data?.find((g) => g.isDefault)?.groupId ?? '';

  const fail = (e: unknown) => setError(errorText(e));
  const save = useMemberMutation(async (f: MemberForm) => {
    const body: NewMember = { name: f.name.trim(), phoneNumber: f.phoneNumber.trim(), groupId: f.groupId || undefined, config: f.level ? { level: f.level } : undefined };
    return f.userId ? updateMember({ userId: f.userId, ...body, version: f.version }) : createMember(body);
  }, () => { setForm(null); setError(''); });
  const move = useMemberMutation((a: { ids: string[]; groupId: string }) => moveMembersToGroup(a.ids, a.groupId), () => { setMoving(null); setSelected(new Set()); setError(''); });
  const remove = useMemberMutation((ids: string[]) => deleteMembers(ids), () => { setSelected(new Set()); setError(''); });
  const addGroup = useMemberMutation((name: string) => createMemberGroup({ name }), () => { setNewGroup(null); setError(''); });

  const toggle = (id: string, on: boolean) => setSelected((s) => { const n = new Set(s); if (on) n.add(id); else n.delete(id); return n; });
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.userId));
  const formProblem = form && (!form.name.trim() ? t`请填写会员姓名` : !isValidPhone(form.phoneNumber.trim()) ? t`手机号格式不正确` : '');
  const openEdit = (m: ProductMember) => setForm({ userId: m.userId, version: m.version, name: m.name, phoneNumber: m.phoneNumber, groupId: m.groupId, level: m.config.level ?? '' });

  return (
    <div className={styles.root} data-testid="members-page">
      <Title3><Trans>会员管理</Trans></Title3>
      {error && <MessageBar intent="error" data-testid="members-error"><MessageBarBody>{error}</MessageBarBody></MessageBar>}
      <FilterBar
        active={groupId ? 1 : 0}
        search={(
          <Field label={t`搜索`}>
            <SearchBox data-testid="member-search" placeholder={t`姓名或手机号`} value={keyword} onChange={(_, d) => { setKeyword(d.value); setPage(0); }} />
          </Field>
        )}
        actions={(
          <>
            <Button icon={<FolderAddRegular />} data-testid="member-group-add" onClick={() => setNewGroup('')}><Trans>新建分组</Trans></Button>
            <Button icon={<ArrowMoveRegular />} data-testid="member-move" disabled={selected.size === 0} onClick={() => setMoving(defaultGroupId)}>
              <Trans>移动分组</Trans>
            </Button>
            <Button icon={<DeleteRegular />} data-testid="member-delete" disabled={selected.size === 0 || remove.isPending}
              onClick={() => { if (window.confirm(t`确定删除选中的 ${selected.size} 位会员？`)) remove.mutate([...selected], { onError: fail }); }}>
              <Trans>删除</Trans>
            </Button>
            <Button appearance="primary" icon={<AddRegular />} data-testid="member-add"
              onClick={() => setForm({ name: '', phoneNumber: '', groupId: groupId || defaultGroupId, level: levels[0]?.id ?? '' })}>
              <Trans>新增会员</Trans>
            </Button>
          </>
        )}
      >
        <Field label={t`会员分组`}>
          <Select data-testid="member-group-filter" value={groupId} onChange={(_, d) => { setGroupId(d.value); setPage(0); }}>
            <option value="">{t`全部分组`}</option>
            {groups.data?.map((g) => <option key={g.groupId} value={g.groupId}>{groupLabel(g.name, (d) => i18n._(d))}</option>)}
          </Select>
        </Field>
      </FilterBar>

      {members.isError && <MessageBar intent="error"><MessageBarBody>{errorText(members.error)}</MessageBarBody></MessageBar>}
      <Table aria-label={t`会员列表`} data-testid="members-table">
        <TableHeader>
          <TableRow>
            <TableHeaderCell style={{ width: 44 }}>
              <Checkbox aria-label={t`全选`} checked={allOnPage} onChange={(_, d) => rows.forEach((r) => toggle(r.userId, Boolean(d.checked)))} />
            </TableHeaderCell>
            <TableHeaderCell><Trans>姓名</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>手机号</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>会员分组</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>会员等级</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>加入时间</Trans></TableHeaderCell>
            <TableHeaderCell style={{ width: 80 }}><Trans>操作</Trans></TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((m) => (
            <TableRow key={m.userId} data-testid="member-row" data-user-id={m.userId}>
              <TableCell><Checkbox aria-label={m.name} data-testid="member-select" checked={selected.has(m.userId)} onChange={(_, d) => toggle(m.userId, Boolean(d.checked))} /></TableCell>
              <TableCell data-testid="member-name-cell">{m.name}</TableCell>
              <TableCell>{m.phoneNumber}</TableCell>
              <TableCell data-testid="member-group-cell">{groupName(m.groupId, m.groupName)}</TableCell>
              <TableCell data-testid="member-level-cell">{levelName(m.config.level)}</TableCell>
              <TableCell>{fmt.dateTime(m.createdAt)}</TableCell>
              <TableCell><Button size="small" appearance="subtle" icon={<EditRegular />} aria-label={t`编辑`} data-testid="member-edit" onClick={() => openEdit(m)} /></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {members.isLoading && <Spinner size="small" />}
      {!members.isLoading && rows.length === 0 && <Text className={styles.muted} data-testid="members-empty"><Trans>暂无会员</Trans></Text>}
      <div className={styles.pager}>
        <Text data-testid="members-count"><Trans>共 {count} 条</Trans></Text>
        <Button size="small" disabled={page === 0} onClick={() => setPage(page - 1)}><Trans>上一页</Trans></Button>
        <Text>{page + 1} / {Math.max(1, Math.ceil(count / PAGE_SIZE))}</Text>
        <Button size="small" disabled={(page + 1) * PAGE_SIZE >= count} onClick={() => setPage(page + 1)}><Trans>下一页</Trans></Button>
      </div>

      <Dialog open={form !== null} onOpenChange={(_, d) => { if (!d.open) setForm(null); }}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{form?.userId ? <Trans>编辑会员</Trans> : <Trans>新增会员</Trans>}</DialogTitle>
            <DialogContent className={styles.form}>
              {form && (
                <>
                  <Field label={t`姓名`} required>
                    <Input data-testid="member-name" value={form.name} onChange={(_, d) => setForm({ ...form, name: d.value })} />
                  </Field>
                  <Field label={t`手机号`} required validationMessage={form.phoneNumber && !isValidPhone(form.phoneNumber.trim()) ? t`手机号格式不正确` : undefined}>
                    <Input data-testid="member-phone" value={form.phoneNumber} onChange={(_, d) => setForm({ ...form, phoneNumber: d.value })} />
                  </Field>
                  <Field label={t`会员分组`}>
                    <Select data-testid="member-group" value={form.groupId} onChange={(_, d) => setForm({ ...form, groupId: d.value })}>
                      {groups.data?.map((g) => <option key={g.groupId} value={g.groupId}>{groupLabel(g.name, (d) => i18n._(d))}</option>)}
                    </Select>
                  </Field>
                  <Field label={t`会员等级`}>
                    <Select data-testid="member-level" value={form.level} onChange={(_, d) => setForm({ ...form, level: d.value })}>
                      {levels.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
                    </Select>
                  </Field>
                  {save.isError && <MessageBar intent="error"><MessageBarBody>{errorText(save.error)}</MessageBarBody></MessageBar>}
                </>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setForm(null)}><Trans>取消</Trans></Button>
              <Button appearance="primary" data-testid="member-save" disabled={Boolean(formProblem) || save.isPending} onClick={() => form && save.mutate(form)}>
                <Trans>保存</Trans>
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>

      <Dialog open={moving !== null} onOpenChange={(_, d) => { if (!d.open) setMoving(null); }}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle><Trans>移动分组</Trans></DialogTitle>
            <DialogContent className={styles.form}>
              <Text><Trans>将选中的 {selected.size} 位会员移动到：</Trans></Text>
              <Select data-testid="move-group-select" aria-label={t`目标分组`} value={moving ?? ''} onChange={(_, d) => setMoving(d.value)}>
                {groups.data?.map((g) => <option key={g.groupId} value={g.groupId}>{groupLabel(g.name, (d) => i18n._(d))}</option>)}
              </Select>
              {move.isError && <MessageBar intent="error"><MessageBarBody>{errorText(move.error)}</MessageBarBody></MessageBar>}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setMoving(null)}><Trans>取消</Trans></Button>
              <Button appearance="primary" data-testid="move-confirm" disabled={!moving || move.isPending}
                onClick={() => moving && move.mutate({ ids: [...selected], groupId: moving })}>
                <Trans>确定</Trans>
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>

      <Dialog open={newGroup !== null} onOpenChange={(_, d) => { if (!d.open) setNewGroup(null); }}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle><Trans>新建分组</Trans></DialogTitle>
            <DialogContent className={styles.form}>
              <Field label={t`分组名称`} required>
                <Input data-testid="group-name" value={newGroup ?? ''} onChange={(_, d) => setNewGroup(d.value)} />
              </Field>
              {addGroup.isError && <MessageBar intent="error"><MessageBarBody>{errorText(addGroup.error)}</MessageBarBody></MessageBar>}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setNewGroup(null)}><Trans>取消</Trans></Button>
              <Button appearance="primary" data-testid="group-save" disabled={!newGroup?.trim() || addGroup.isPending} onClick={() => newGroup && addGroup.mutate(newGroup.trim())}>
                <Trans>保存</Trans>
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
