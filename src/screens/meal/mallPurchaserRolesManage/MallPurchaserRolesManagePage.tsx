import { useState } from 'react';
import { Badge, Button } from '@fluentui/react-components';
import { SettingsRegular } from '@fluentui/react-icons';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { roleGroupConfigsQuery, type RoleGroupConfig } from '../../../../services/mall/catalogue.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { RoleGroupConfigDialog } from '../shared/RoleGroupConfigDialog.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';

/** mallPurchaserRolesManage: the purchaser role groups (M1) of the org with their price config (§3). */
export default function MallPurchaserRolesManagePage() {
  const { orgApp, ready } = useOrgQueryKey();
  const query = useQuery({ ...roleGroupConfigsQuery(orgApp?.orgId ?? ''), enabled: ready });
  const [editing, setEditing] = useState<RoleGroupConfig | null>(null);
  const onOff = (v: boolean) => (v ? <Badge color="success"><Trans>开启</Trans></Badge> : <Badge color="informative" appearance="outline"><Trans>关闭</Trans></Badge>);
  const columns: Column<RoleGroupConfig>[] = [
    { key: 'name', header: <Trans>采购角色组</Trans>, render: (g) => <span data-testid="group-name">{g.groupName}</span> },
    { key: 'approval', header: <Trans>价格审核</Trans>, render: (g) => onOff(g.priceApprovalEnable) },
    { key: 'limit', header: <Trans>修改限制</Trans>, render: (g) => onOff(g.priceModifyLimitEnable) },
    { key: 'rule', header: <Trans>审核周期</Trans>, render: (g) => g.priceApprovalTimeRule || '—' },
    { key: 'group', header: <Trans>审核组</Trans>, render: (g) => (g.priceApprovalGroup ? <Trans>已指定</Trans> : <Trans>区域教育局</Trans>) },
    {
      key: 'actions', header: <Trans>操作</Trans>,
      render: (g) => <Button size="small" appearance="subtle" icon={<SettingsRegular />} onClick={() => setEditing(g)} data-testid="group-config"><Trans>价格配置</Trans></Button>,
    },
  ];
  return (
    <ScreenFrame title={<Trans>采购单位管理</Trans>} testId="screen-mallPurchaserRolesManage" loading={query.isLoading} error={query.error ? errorText(query.error) : null}>
      <DataTable rows={query.data ?? []} columns={columns} rowKey={(g) => g.roleGroupId} testId="group-table" />
      <RoleGroupConfigDialog config={editing} onClose={() => setEditing(null)} />
    </ScreenFrame>
  );
}
