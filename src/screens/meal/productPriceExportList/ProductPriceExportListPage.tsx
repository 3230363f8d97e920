import { useState } from 'react';
import { logOperation } from '../../../../services/logs.ts';
import { useMoney } from '../../../components/useMoney.ts';
import { Button, Dropdown, Field, Input, Option, ProgressBar, Text } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchPrices, pricesQuery, roleGroupConfigsQuery, type Price, type PriceQuery } from '../../../../services/mall/catalogue.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { Pager } from '../shared/Pager.tsx';
import { downloadFile, writeWorkbook } from '../../../components/excel/sheet.ts';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { PriceImportButton } from '../shared/PriceImportButton.tsx';
import { PRICE_SHEET_HEADERS, priceSheetRows } from '../shared/priceSheet.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { FilterBar } from '../../../components/FilterBar.tsx';

const PAGE_SIZE = 20;
const EXPORT_PAGE = 1000;

/** The whole list can be long: a page of the export may take up to a minute. */
const EXPORT_TIMEOUT = 60_000;
const listPrices = (q: PriceQuery) => fetchPrices(q, { timeout: EXPORT_TIMEOUT });

/** productPriceExportList: the price list with filters, exported to .xlsx in the browser; the same sheet imports back. */
export default function ProductPriceExportListPage() {
  const money = useMoney();
  const { t } = useLingui();
  const fmt = useIntlFormat();
  const { ready, orgApp } = useOrgQueryKey();
  const [keyword, setKeyword] = useState('');
  const [roleGroupId, setRoleGroupId] = useState('');
  const [isCheck, setIsCheck] = useState('');
  const [page, setPage] = useState(0);
  const [exporting, setExporting] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const groups = useQuery({ ...roleGroupConfigsQuery(orgApp?.orgId ?? ''), enabled: ready });
  const filters: PriceQuery = { keyword: keyword || undefined, roleGroupId: roleGroupId || undefined, isCheck: isCheck || undefined };
  const prices = useQuery({
    ...pricesQuery(orgApp?.orgId ?? '', { ...filters, $limit: PAGE_SIZE, $skip: page * PAGE_SIZE }, { timeout: EXPORT_TIMEOUT }),
    enabled: ready, placeholderData: keepPreviousData,
  });
  const statusText = (p: Price) => ({ pending: t`待审核`, rejected: t`已驳回`, effective: t`生效中`, approved: t`已审核`, expired: t`已过期`, deleted: t`已删除` } as Record<string, string>)[p.status] ?? p.status;
  const checkLabel: Record<string, string> = { '': t`全部`, '0': t`待审核`, '1': t`已审核`, '-2': t`已驳回` };

  const exportAll = async () => {
    setError(null);
    try {
      const first = await listPrices({ ...filters, $limit: EXPORT_PAGE, $skip: 0 });
      const all = [...first.rows];
      const total = Math.ceil(first.count / EXPORT_PAGE);
      setExporting({ done: 1, total: Math.max(1, total) });
      for (let i = 1; i < total; i++) {
        all.push(...(await listPrices({ ...filters, $limit: EXPORT_PAGE, $skip: i * EXPORT_PAGE })).rows);
        setExporting({ done: i + 1, total });
      }
      // an export changes nothing, so no event records it: the operation log does, before the file is handed out
      // (§8: a failed record stops the export)
      await logOperation('priceExport', [{ action: 'export', rows: all.length, filters }]);
      const workbook = await writeWorkbook(PRICE_SHEET_HEADERS, priceSheetRows(all, statusText), t`价格`);
      const org = orgApp?.orgName ?? '';
      const day = new Date().toISOString().slice(0, 10);
      downloadFile(workbook, t`${org}价格${day}.xlsx`);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setExporting(null);
    }
  };

  const columns: Column<Price>[] = [
    { key: 'product', header: <Trans>商品</Trans>, render: (p) => p.productName },
    { key: 'sku', header: <Trans>SKU</Trans>, render: (p) => `${p.skuName} ${p.spec}`.trim() },
    { key: 'group', header: <Trans>采购角色组</Trans>, render: (p) => p.roleGroupName },
    { key: 'price', header: <Trans>价格</Trans>, render: (p) => <span data-testid="price-value">{money(p.price)}</span> },
    { key: 'avg', header: <Trans>市场均价</Trans>, render: (p) => (p.marketAvg === null ? '—' : money(p.marketAvg)) },
    { key: 'status', header: <Trans>状态</Trans>, render: (p) => statusText(p) },
    { key: 'dates', header: <Trans>有效期</Trans>, render: (p) => `${fmt.date(p.startDate)} ~ ${fmt.date(p.endDate)}` },
  ];
  const groupRows = groups.data ?? [];
  return (
    <ScreenFrame
      title={<Trans>价格导出</Trans>} testId="screen-productPriceExportList" loading={prices.isLoading} error={error ?? (prices.error ? errorText(prices.error) : null)}
      actions={(
        <>
          <PriceImportButton />
          <Button appearance="primary" icon={<ArrowDownloadRegular />} disabled={exporting !== null} onClick={() => void exportAll()} data-testid="price-export"><Trans>导出 Excel</Trans></Button>
        </>
      )}
      toolbar={(
        <FilterBar
          active={[roleGroupId, isCheck].filter(Boolean).length}
          search={<Field label={<Trans>商品 / SKU</Trans>}><Input value={keyword} onChange={(_, d) => { setKeyword(d.value); setPage(0); }} /></Field>}
        >
          <Field label={<Trans>采购角色组</Trans>}>
            <Dropdown value={groupRows.find((g) => g.roleGroupId === roleGroupId)?.groupName ?? t`全部`} selectedOptions={[roleGroupId]} onOptionSelect={(_, d) => { setRoleGroupId(d.optionValue ?? ''); setPage(0); }}>
              <Option value="">{t`全部`}</Option>
              {groupRows.map((g) => <Option key={g.roleGroupId} value={g.roleGroupId}>{g.groupName}</Option>)}
            </Dropdown>
          </Field>
          <Field label={<Trans>审核状态</Trans>}>
            <Dropdown value={checkLabel[isCheck]} selectedOptions={[isCheck]} onOptionSelect={(_, d) => { setIsCheck(d.optionValue ?? ''); setPage(0); }}>
              {Object.entries(checkLabel).map(([v, l]) => <Option key={v} value={v}>{l}</Option>)}
            </Dropdown>
          </Field>
        </FilterBar>
      )}
    >
      {exporting && (
        <div>
          <Text><Trans>正在读取价格 {exporting.done} / {exporting.total}</Trans></Text>
          <ProgressBar value={exporting.done / exporting.total} />
        </div>
      )}
      <DataTable rows={prices.data?.rows ?? []} columns={columns} rowKey={(p) => p.id} testId="price-table" />
      <Pager page={page} size={PAGE_SIZE} count={prices.data?.count ?? 0} onPage={setPage} />
    </ScreenFrame>
  );
}
