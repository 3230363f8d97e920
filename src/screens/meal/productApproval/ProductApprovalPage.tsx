import { useState } from 'react';
import { Badge, Button, Checkbox, Dropdown, Field, Input, Option } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { productKeys, productsQuery, setApprovalStatus, type Product } from '../../../../services/mall/catalogue.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { Pager } from '../shared/Pager.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { FilterBar } from '../../../components/FilterBar.tsx';

const PAGE_SIZE = 20;
/** product approval status: 0 waiting, 1 approved, -2 rejected (the spec leaves further statuses open) */
const STATUSES = ['0', '1', '-2'] as const;

/** productApproval: set the approval status of many products at once (all or nothing). */
export default function ProductApprovalPage() {
  const fmt = useIntlFormat();
  const { t } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const [status, setStatus] = useState<'' | (typeof STATUSES)[number]>('');
  const [name, setName] = useState('');
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const label: Record<string, string> = { '': t`全部`, 0: t`待审核`, 1: t`已通过`, '-2': t`已驳回` };
  const q = { name: name || undefined, status: status === '' ? undefined : Number(status), $limit: PAGE_SIZE, $skip: page * PAGE_SIZE };
  const products = useQuery({ ...productsQuery(orgApp?.orgId, orgApp?.appId, 'approval', q), enabled: ready, placeholderData: keepPreviousData });
  const decide = useMutation({
    mutationFn: (to: number) => setApprovalStatus([...selected], to),
    onSuccess: () => { setSelected(new Set()); setError(null); void qc.invalidateQueries({ queryKey: productKeys.all }); },
    onError: (e) => setError(errorText(e)),
  });
  const rows = products.data?.rows ?? [];
  const allOnPage = rows.length > 0 && rows.every((p) => selected.has(p.id));
  const columns: Column<Product>[] = [
    {
      key: 'pick', width: '40px',
      header: <Checkbox checked={allOnPage} aria-label={t`全选`} onChange={() => setSelected(allOnPage ? new Set() : new Set(rows.map((p) => p.id)))} />,
      render: (p) => <Checkbox checked={selected.has(p.id)} aria-label={t`选择 ${p.name}`} onChange={() => setSelected((s) => { const n = new Set(s); if (n.has(p.id)) n.delete(p.id); else n.add(p.id); return n; })} />,
    },
    { key: 'name', header: <Trans>商品名称</Trans>, render: (p) => p.name },
    { key: 'status', header: <Trans>审核状态</Trans>, render: (p) => <Badge appearance="tint" color={p.status === 1 ? 'success' : p.status === -2 ? 'danger' : 'warning'}>{label[String(p.status)] ?? p.status}</Badge> },
    { key: 'updated', header: <Trans>更新时间</Trans>, render: (p) => fmt.dateTime(p.updatedAt) },
  ];
  return (
    <ScreenFrame
      title={<Trans>商品审核</Trans>} testId="screen-productApproval" loading={products.isLoading} error={error ?? (products.error ? errorText(products.error) : null)}
      toolbar={(
        <FilterBar
          active={status ? 1 : 0}
          search={<Field label={<Trans>商品名称</Trans>}><Input value={name} onChange={(_, d) => { setName(d.value); setPage(0); }} /></Field>}
          actions={(
            <>
              <Button appearance="primary" disabled={!selected.size || decide.isPending} onClick={() => decide.mutate(1)}><Trans>批量通过</Trans></Button>
              <Button disabled={!selected.size || decide.isPending} onClick={() => decide.mutate(-2)}><Trans>批量驳回</Trans></Button>
            </>
          )}
        >
          <Field label={<Trans>审核状态</Trans>}>
            <Dropdown value={label[status]} selectedOptions={[status]} onOptionSelect={(_, d) => { setStatus((d.optionValue ?? '') as typeof status); setPage(0); }}>
              {['', ...STATUSES].map((s) => <Option key={s} value={s}>{label[s]}</Option>)}
            </Dropdown>
          </Field>
        </FilterBar>
      )}
    >
      <DataTable rows={rows} columns={columns} rowKey={(p) => p.id} testId="product-approval-table" />
      <Pager page={page} size={PAGE_SIZE} count={products.data?.count ?? 0} onPage={setPage} />
    </ScreenFrame>
  );
}
