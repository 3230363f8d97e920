import { useState } from 'react';
import { Badge, Button, Dropdown, Field, Input, Option } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SUPPLIER_TYPES } from '../../../../domain/constants.ts';
import { supplierKeys, suppliersQuery, updateSupplier, type Supplier } from '../../../../services/mall/catalogue.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { SUPPLIER_TYPE_LABELS } from '../shared/options.ts';
import { FilterBar } from '../../../components/FilterBar.tsx';

/** supplierApprovalManage: the org's supplier links by approval status (0 waiting, 1 approved, -2 rejected); approve or reject. */
export default function SupplierApprovalManagePage() {
  const { t, i18n } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const [status, setStatus] = useState<string>('0');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const suppliers = useQuery({ ...suppliersQuery(orgApp?.orgId, orgApp?.appId), enabled: ready });
  const decide = useMutation({
    mutationFn: ({ s, to }: { s: Supplier; to: number }) => updateSupplier(s.objectId, { status: to, enable: to === 1 ? 1 : 0, version: s.version }),
    onSuccess: () => { setError(null); void qc.invalidateQueries({ queryKey: supplierKeys.all }); },
    onError: (e) => setError(errorText(e)),
  });
  const label: Record<string, string> = { '': t`全部`, 0: t`待审核`, 1: t`已通过`, '-2': t`已驳回` };
  // the org's supplier links come in one call (no paging), so the status and the name narrow them here
  const wanted = name.trim().toLowerCase();
  const rows = (suppliers.data?.rows ?? []).filter((s) => (status === '' || String(s.status) === status) && (!wanted || s.name.toLowerCase().includes(wanted)));
  const columns: Column<Supplier>[] = [
    { key: 'name', header: <Trans>供应商</Trans>, render: (s) => s.name },
    { key: 'type', header: <Trans>类型</Trans>, render: (s) => (s.type in SUPPLIER_TYPES ? i18n._(SUPPLIER_TYPE_LABELS[s.type as keyof typeof SUPPLIER_TYPES]) : s.type) },
    { key: 'status', header: <Trans>审核状态</Trans>, render: (s) => <Badge appearance="tint" color={s.status === 1 ? 'success' : s.status === -2 ? 'danger' : 'warning'}>{label[String(s.status)] ?? s.status}</Badge> },
    {
      key: 'actions', header: <Trans>操作</Trans>,
      render: (s) => (
        <>
          <Button size="small" appearance="primary" disabled={s.status === 1 || decide.isPending} onClick={() => decide.mutate({ s, to: 1 })}><Trans>通过</Trans></Button>
          <Button size="small" disabled={s.status === -2 || decide.isPending} onClick={() => decide.mutate({ s, to: -2 })}><Trans>驳回</Trans></Button>
        </>
      ),
    },
  ];
  return (
    <ScreenFrame
      title={<Trans>供应商审核</Trans>} testId="screen-supplierApprovalManage" loading={suppliers.isLoading} error={error ?? (suppliers.error ? errorText(suppliers.error) : null)}
      toolbar={(
        // the status narrows the list from the start (待审核), so the phone's 筛选 button counts it
        <FilterBar
          active={status ? 1 : 0} testId="supplier-approval-filters"
          search={<Field label={<Trans>供应商</Trans>}><Input value={name} onChange={(_, d) => setName(d.value)} data-testid="supplier-approval-search" /></Field>}
        >
          <Field label={<Trans>审核状态</Trans>}>
            <Dropdown value={label[status]} selectedOptions={[status]} onOptionSelect={(_, d) => setStatus(d.optionValue ?? '')} data-testid="supplier-approval-status">
              {['', '0', '1', '-2'].map((s) => <Option key={s} value={s}>{label[s]}</Option>)}
            </Dropdown>
          </Field>
        </FilterBar>
      )}
    >
      <DataTable rows={rows} columns={columns} rowKey={(s) => s.objectId} testId="supplier-approval-table" />
    </ScreenFrame>
  );
}
