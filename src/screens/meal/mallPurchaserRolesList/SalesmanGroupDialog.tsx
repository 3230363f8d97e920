import { useEffect, useMemo, useState } from 'react';
import {
  Button, Combobox, Field, Input, makeStyles, Option, Spinner, Text, tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { createRoleGroup, updateRoleGroup, type RoleGroup } from '../../../../services/mall/catalogue.ts';
import { isSalesmenKey, roleGroupKeys, salesmanGroupQuery, setSalesmanGroupMembers, type GroupSalesman } from '../../../../services/roles.ts';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 'min(480px, 86vw)' },
  members: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, maxHeight: '240px', overflowY: 'auto' },
  member: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
});

/** Splits "supplier, salesman、dietitian" into role names. */
export const splitRoleNames = (text: string) => [...new Set(text.split(/[,，、\s]+/).map((n) => n.trim()).filter(Boolean))];

const label = (p: GroupSalesman) => (p.name ? `${p.name}（${p.username}）` : p.username);
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Creates (group = 'new') or edits a salesman group (§6 M6): name, sort, the roles that manage it, and its
 * salesmen (§6 a salesman is in the group by holding a code-6 role of it). Saving writes the group, then its
 * salesmen; the server refuses a non-salesman and taking a salesman out of his only salesman group.
 */
export function SalesmanGroupDialog({ group, onClose }: { group: RoleGroup | 'new' | null; onClose: () => void }) {
  const s = useStyles();
  const { t } = useLingui();
  const qc = useQueryClient();
  const { orgApp, ready } = useOrgQueryKey();
  const [name, setName] = useState('');
  const [sort, setSort] = useState(0);
  const [managers, setManagers] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  // a new group once created: a retry after a refused member change edits it instead of creating another
  const [createdId, setCreatedId] = useState<string | null>(null);
  const groupId = group && group !== 'new' ? group.roleGroupId : null;

  const salesmen = useQuery({ ...salesmanGroupQuery(orgApp?.orgId, orgApp?.appId, groupId), enabled: ready && !!group });
  const people = useMemo(() => {
    const all = [...(salesmen.data?.members ?? []), ...(salesmen.data?.candidates ?? [])];
    return new Map(all.map((p) => [p.userId, p]));
  }, [salesmen.data]);
  const initial = useMemo(() => (salesmen.data?.members ?? []).map((p) => p.userId), [salesmen.data]);

  const save = useMutation({
    mutationFn: async () => {
      const body = { groupName: name.trim(), sort, manageRoleNames: splitRoleNames(managers) };
      const id = groupId ?? createdId;
      const saved = id ? await updateRoleGroup(id, body) : await createRoleGroup({ ...body, code: 'M6' });
      if (!id) setCreatedId(saved.roleGroupId);
      if (!sameSet(selected, initial)) await setSalesmanGroupMembers(saved.roleGroupId, selected);
    },
    onSuccess: () => { void qc.invalidateQueries({ queryKey: roleGroupKeys.all }); onClose(); },
    // refused: the lists may hold a group just created; the picker keeps what the user chose
    onError: () => { void qc.invalidateQueries({ queryKey: roleGroupKeys.all, predicate: (q) => !isSalesmenKey(q.queryKey) }); },
  });
  useEffect(() => {
    if (!group) return;
    save.reset();
    setCreatedId(null);
    setSearch('');
    setName(group === 'new' ? '' : group.groupName);
    setSort(group === 'new' ? 0 : group.sort);
    setManagers(group === 'new' ? 'supplier' : group.manageRoleNames.join(', '));
    setSelected(initial);
  }, [group]);
  // the members as the server has them, each time the dialog opens on a group
  useEffect(() => { setSelected(initial); }, [initial]);

  const needle = search.trim().toLowerCase();
  const options = [...people.values()].filter((p) => !needle || label(p).toLowerCase().includes(needle));
  const remove = (userId: string) => setSelected(selected.filter((id) => id !== userId));

  return (
    <FormDialog
      open={!!group} title={group === 'new' ? <Trans>新建业务员分组</Trans> : <Trans>编辑业务员分组</Trans>} testId="group" surfaceTestId="group-dialog"
      contentClassName={s.form} busy={save.isPending} submitDisabled={!name.trim() || salesmen.isLoading} error={save.error && errorText(save.error)}
      onSubmit={() => { if (name.trim()) save.mutate(); }} onClose={onClose}
    >
      <Field label={<Trans>分组名称</Trans>} required>
        <Input value={name} onChange={(_, d) => setName(d.value)} maxLength={100} data-testid="group-name-input" autoFocus />
      </Field>
      <Field label={<Trans>排序</Trans>}>
        <NumberInput value={sort} min={-1000} max={1000} precision={0} fallback={0} onChange={(v) => setSort(v ?? 0)} />
      </Field>
      <Field label={<Trans>管理角色</Trans>} hint={t`角色名称，用逗号分隔；业务员只看到管理角色包含其角色的分组`}>
        <Input value={managers} onChange={(_, d) => setManagers(d.value)} data-testid="group-managers-input" />
      </Field>
      <Field label={<Trans>业务员</Trans>} hint={t`业务员至少要在一个业务员分组中`} validationMessage={salesmen.error ? errorText(salesmen.error) : undefined}>
        <Combobox
          multiselect freeform inlinePopup value={search} placeholder={t`搜索并选择业务员`} data-testid="salesman-picker"
          selectedOptions={selected} onChange={(e) => setSearch(e.target.value)}
          onOptionSelect={(_, d) => { setSelected(d.selectedOptions); setSearch(''); }}
        >
          {options.map((p) => <Option key={p.userId} value={p.userId} text={label(p)}>{label(p)}</Option>)}
          {options.length === 0 && <Option disabled value="" text="">{salesmen.isLoading ? t`加载中` : t`没有可选的业务员`}</Option>}
        </Combobox>
      </Field>
      <div className={s.members} data-testid="salesman-members">
        {salesmen.isLoading && <Spinner size="tiny" />}
        {!salesmen.isLoading && selected.length === 0 && <Text><Trans>分组中还没有业务员</Trans></Text>}
        {selected.map((id) => {
          const p = people.get(id) ?? { userId: id, username: id, name: '' };
          return (
            <div className={s.member} key={id} data-testid="salesman-member" data-username={p.username}>
              <Text>{label(p)}</Text>
              <Button
                size="small" appearance="subtle" icon={<DismissRegular />} aria-label={t`移出 ${label(p)}`}
                onClick={() => remove(id)} data-testid="salesman-remove"
              />
            </div>
          );
        })}
      </div>
    </FormDialog>
  );
}
