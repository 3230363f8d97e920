import { useState } from 'react';
import { Badge, Button, Tab, TabList } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { Trans } from '@lingui/react/macro';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLE_CODE } from '../../../../domain/constants.ts';
import { deleteRoleGroup, mallRoleGroupKeys, roleGroupsByCodeQuery, type RoleGroup } from '../../../../services/mall/catalogue.ts';
import { salesmanGroupQuery } from '../../../../services/roles.ts';
import { usePowers } from '../../../app/hooks.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { SalesmanGroupDialog } from './SalesmanGroupDialog.tsx';

/**
 * mallPurchaserRolesList: purchaser role groups (M1) and salesman groups (M6) the user may see (§6: the system
 * provider all; supplier, delivery, bureau, dietitian and salesman those whose manageRoleNames hold one of their
 * roles; others their own). The server applies the rule; this lists what it returns. Suppliers and system
 * providers create, edit and delete salesman groups and put salesmen into them (with their count per group).
 */
export default function MallPurchaserRolesListPage() {
  const { orgApp, ready } = useOrgQueryKey();
  const { roles } = usePowers();
  const qc = useQueryClient();
  const [code, setCode] = useState<'M1' | 'M6'>('M1');
  const [editing, setEditing] = useState<RoleGroup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RoleGroup | null>(null);
  const query = useQuery({ ...roleGroupsByCodeQuery(orgApp?.orgId, orgApp?.appId, code), enabled: ready });
  const remove = useMutation({
    mutationFn: (g: RoleGroup) => deleteRoleGroup(g.roleGroupId, g.version),
    onSuccess: () => { void qc.invalidateQueries({ queryKey: mallRoleGroupKeys.all }); setDeleting(null); },
  });
  const editable = code === 'M6' && roles.some((r) => r.code === ROLE_CODE.supplier || r.code === ROLE_CODE.systemProvider);
  // §6 the salesmen in each salesman group (those who keep the groups may read them)
  const groups = query.data?.rows ?? [];
  const counts = useQueries({
    queries: (editable ? groups : []).map((g) => ({
      ...salesmanGroupQuery(orgApp?.orgId, orgApp?.appId, g.roleGroupId), enabled: ready,
    })),
    combine: (results) => new Map(results.map((r, i) => [groups[i]?.roleGroupId, r.data?.members.length])),
  });
  const columns: Column<RoleGroup>[] = [
    { key: 'name', header: <Trans>角色组</Trans>, render: (g) => <span data-testid="group-name">{g.groupName}</span> },
    { key: 'code', header: <Trans>编码</Trans>, render: (g) => g.code, width: '72px' },
    { key: 'roles', header: <Trans>角色</Trans>, render: (g) => (g.roles ?? []).map((r) => <Badge key={r.roleId} appearance="tint" style={{ marginRight: 4 }}>{r.cnName || r.name}</Badge>) },
    { key: 'managers', header: <Trans>管理角色</Trans>, render: (g) => (g.manageRoleNames ?? []).join('、') },
    ...(editable ? [{
      key: 'salesmen', header: <Trans>业务员</Trans>, width: '80px',
      render: (g: RoleGroup) => <span data-testid="group-salesmen">{counts.get(g.roleGroupId) ?? '…'}</span>,
    }, {
      key: 'actions', header: <Trans>操作</Trans>, render: (g: RoleGroup) => (
        <>
          <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => setEditing(g)} data-testid="group-edit"><Trans>编辑</Trans></Button>
          <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => { remove.reset(); setDeleting(g); }} data-testid="group-delete"><Trans>删除</Trans></Button>
        </>
      ),
    }] : []),
  ];
  return (
    <ScreenFrame
      title={<Trans>采购单位列表</Trans>} testId="screen-mallPurchaserRolesList" loading={query.isLoading} error={query.error ? errorText(query.error) : null}
      toolbar={(
        <>
          <TabList selectedValue={code} onTabSelect={(_, d) => setCode(d.value as 'M1' | 'M6')}>
            <Tab value="M1"><Trans>采购角色组</Trans></Tab>
            <Tab value="M6"><Trans>业务员分组</Trans></Tab>
          </TabList>
          {editable && <Button icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="group-new"><Trans>新建业务员分组</Trans></Button>}
        </>
      )}
    >
      <DataTable rows={groups} columns={columns} rowKey={(g) => g.roleGroupId} testId="group-table" />
      <SalesmanGroupDialog group={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={!!deleting} title={<Trans>删除业务员分组</Trans>} busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)} onCancel={() => setDeleting(null)}
      >
        <Trans>确定删除“{deleting?.groupName}”吗？分组内的角色会保留。</Trans>
        {remove.error && <div data-testid="group-delete-error">{errorText(remove.error)}</div>}
      </ConfirmDialog>
    </ScreenFrame>
  );
}
