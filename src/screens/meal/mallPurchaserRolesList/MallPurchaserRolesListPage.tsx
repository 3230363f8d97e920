import { useState } from 'react';
import { Badge, Tab, TabList } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { listRoleGroups, type RoleGroup } from '../../../../services/mall/catalogue.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';

/**
 * mallPurchaserRolesList: purchaser role groups (M1) and salesman groups (M6) the user may see (§6: the system
 * provider all; supplier, delivery, bureau, dietitian and salesman those whose manageRoleNames hold one of their
 * roles; others their own). The server applies the rule; this lists what it returns.
 */
export default function MallPurchaserRolesListPage() {
  const { key, ready } = useOrgQueryKey();
  const [code, setCode] = useState<'M1' | 'M6'>('M1');
  const query = useQuery({ queryKey: key('roleGroups', 'list', code), queryFn: () => listRoleGroups([code]), enabled: ready });
  const columns: Column<RoleGroup>[] = [
    { key: 'name', header: <Trans>角色组</Trans>, render: (g) => <span data-testid="group-name">{g.groupName}</span> },
    { key: 'code', header: <Trans>编码</Trans>, render: (g) => g.code, width: '72px' },
    { key: 'roles', header: <Trans>角色</Trans>, render: (g) => (g.roles ?? []).map((r) => <Badge key={r.roleId} appearance="tint" style={{ marginRight: 4 }}>{r.cnName || r.name}</Badge>) },
    { key: 'managers', header: <Trans>管理角色</Trans>, render: (g) => (g.manageRoleNames ?? []).join('、') },
  ];
  return (
    <ScreenFrame
      title={<Trans>采购单位列表</Trans>} testId="screen-mallPurchaserRolesList" loading={query.isLoading} error={query.error ? errorText(query.error) : null}
      toolbar={(
        <TabList selectedValue={code} onTabSelect={(_, d) => setCode(d.value as 'M1' | 'M6')}>
          <Tab value="M1"><Trans>采购角色组</Trans></Tab>
          <Tab value="M6"><Trans>业务员分组</Trans></Tab>
        </TabList>
      )}
    >
      <DataTable rows={query.data?.rows ?? []} columns={columns} rowKey={(g) => g.roleGroupId} testId="group-table" />
    </ScreenFrame>
  );
}
