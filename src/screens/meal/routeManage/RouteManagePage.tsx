import { useState } from 'react';
import { Button, Field, Input, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { Trans } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { createRoute, deleteRoute, routeKeys, routesQuery, updateRoute, type MallRoute } from '../../../../services/mall/catalogue.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { OrgPicker } from '../../../components/OrgPicker.tsx';

interface Draft { objectId?: string; name: string; sort: number; manageRoleNames: string; purchaserOrgIds: string[]; remark: string }
const list = (text: string) => text.split(/[,，\s]+/).map((s) => s.trim()).filter(Boolean);

/** routeManage: delivery routes (§6 M7: suppliers see all, delivery users those they manage). */
export default function RouteManagePage() {
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const query = useQuery({ ...routesQuery(orgApp?.orgId, orgApp?.appId, keyword), enabled: ready });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<MallRoute | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: routeKeys.all });
  const save = useMutation({
    mutationFn: (d: Draft) => {
      const body = { name: d.name.trim(), sort: d.sort, manageRoleNames: list(d.manageRoleNames), purchaserOrgIds: d.purchaserOrgIds, remark: d.remark };
      return d.objectId ? updateRoute(d.objectId, body) : createRoute(body);
    },
    onSuccess: () => { setDraft(null); refresh(); },
    onError: (e) => setFormError(errorText(e)),
  });
  const remove = useMutation({ mutationFn: (r: MallRoute) => deleteRoute(r.objectId), onSuccess: () => { setRemoving(null); refresh(); }, onError: (e) => { setRemoving(null); setError(errorText(e)); } });
  const columns: Column<MallRoute>[] = [
    { key: 'name', header: <Trans>路线名称</Trans>, render: (r) => <span data-testid="route-name">{r.name}</span> },
    { key: 'sort', header: <Trans>排序</Trans>, render: (r) => r.sort, width: '72px' },
    { key: 'schools', header: <Trans>配送单位数</Trans>, render: (r) => r.purchaserOrgIds.length, width: '100px' },
    { key: 'managers', header: <Trans>可见角色</Trans>, render: (r) => r.manageRoleNames.join('、') },
    { key: 'remark', header: <Trans>备注</Trans>, render: (r) => r.remark },
    {
      key: 'actions', header: <Trans>操作</Trans>,
      render: (r) => (
        <>
          <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => { setFormError(null); setDraft({ objectId: r.objectId, name: r.name, sort: r.sort, manageRoleNames: r.manageRoleNames.join(', '), purchaserOrgIds: [...r.purchaserOrgIds], remark: r.remark }); }}><Trans>编辑</Trans></Button>
          <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setRemoving(r)}><Trans>删除</Trans></Button>
        </>
      ),
    },
  ];
  return (
    <ScreenFrame
      title={<Trans>配送路线管理</Trans>} testId="screen-routeManage" loading={query.isLoading} error={error ?? (query.error ? errorText(query.error) : null)}
      toolbar={<FilterBar search={<Field label={<Trans>路线名称</Trans>}><Input value={keyword} onChange={(_, d) => setKeyword(d.value)} /></Field>} />}
      actions={<Button appearance="primary" icon={<AddRegular />} data-testid="route-add" onClick={() => { setFormError(null); setDraft({ name: '', sort: 0, manageRoleNames: 'delivery', purchaserOrgIds: [], remark: '' }); }}><Trans>新增路线</Trans></Button>}
    >
      <DataTable rows={query.data?.rows ?? []} columns={columns} rowKey={(r) => r.objectId} testId="route-table" />
      {draft && (
        <FormDialog
          title={draft.objectId ? <Trans>编辑路线</Trans> : <Trans>新增路线</Trans>} testId="route" contentStyle={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS }}
          busy={save.isPending} submitDisabled={!draft.name.trim()} error={formError} onSubmit={() => save.mutate(draft)} onClose={() => setDraft(null)}
        >
          <Field label={<Trans>路线名称</Trans>} required><Input value={draft.name} onChange={(_, d) => setDraft({ ...draft, name: d.value })} data-testid="route-name-input" /></Field>
          <Field label={<Trans>排序</Trans>}><NumberInput value={draft.sort} precision={0} fallback={0} onChange={(v) => setDraft({ ...draft, sort: v ?? 0 })} /></Field>
          <Field label={<Trans>可见角色（角色名，逗号分隔）</Trans>}><Input value={draft.manageRoleNames} onChange={(_, d) => setDraft({ ...draft, manageRoleNames: d.value })} /></Field>
          {/* the schools buying from this org, picked by name (issue 28): the order picked is the driving order */}
          <Field label={<Trans>配送单位（按配送顺序选择学校）</Trans>}>
            <OrgPicker kind="routeSchools" orgId={orgApp?.orgId} value={draft.purchaserOrgIds} onChange={(ids) => setDraft({ ...draft, purchaserOrgIds: ids })} testId="route-schools" />
          </Field>
          <Field label={<Trans>备注</Trans>}><Input value={draft.remark} onChange={(_, d) => setDraft({ ...draft, remark: d.value })} /></Field>
        </FormDialog>
      )}
      <ConfirmDialog open={removing !== null} title={<Trans>删除路线</Trans>} busy={remove.isPending} onCancel={() => setRemoving(null)} onConfirm={() => removing && remove.mutate(removing)}>
        <Trans>确定删除路线「{removing?.name}」吗？</Trans>
      </ConfirmDialog>
    </ScreenFrame>
  );
}
