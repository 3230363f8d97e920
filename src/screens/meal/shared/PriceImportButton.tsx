import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { priceKeys, roleGroupConfigsQuery } from '../../../../services/mall/catalogue.ts';
import { importPrices } from '../../../../services/mall/imports.ts';
import { ImportPanel } from './ImportPanel.tsx';
import { parsePriceRows, PRICE_IMPORT_HEADERS, type PriceSheetRow } from './priceSheet.ts';
import { useOrgQueryKey } from './useOrgQueryKey.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';

/**
 * Price import from Excel (§7 importprice, §9 batches of 60): preview with row errors, a progress bar, and an
 * all-or-nothing upload through an import session. Usable on any price screen.
 */
export function PriceImportButton() {
  const { t } = useLingui();
  const fmt = useIntlFormat();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const groups = useQuery({ ...roleGroupConfigsQuery(orgApp?.orgId ?? ''), enabled: ready && open });
  return (
    <>
      <Button icon={<ArrowUploadRegular />} onClick={() => setOpen(true)} data-testid="price-import"><Trans>导入价格</Trans></Button>
      <ImportPanel<PriceSheetRow>
        open={open} onClose={() => setOpen(false)} title={<Trans>导入价格</Trans>} templateName={t`价格导入模板.xlsx`} headers={PRICE_IMPORT_HEADERS}
        parse={async (rows) => parsePriceRows(rows, (await groups.refetch()).data ?? groups.data ?? [])}
        columns={[
          { key: 'sku', header: <Trans>商品 / SKU</Trans>, render: (r) => (r.value ? `${r.value.productName} ${r.value.skuName}`.trim() || r.value.skuId : '') },
          { key: 'group', header: <Trans>采购角色组</Trans>, render: (r) => r.value?.roleGroupName ?? '' },
          { key: 'price', header: <Trans>价格</Trans>, render: (r) => r.value?.price ?? '' },
          { key: 'dates', header: <Trans>有效期</Trans>, render: (r) => (r.value ? `${fmt.date(r.value.startDate)} ~ ${fmt.date(r.value.endDate)}` : '') },
        ]}
        run={async (values, onProgress) => {
          const res = await importPrices(values.map((v) => ({ row: v.row, skuId: v.skuId, roleGroupId: v.roleGroupId, price: v.price, startDate: v.startDate, endDate: v.endDate, marketAvg: v.marketAvg })), { onProgress });
          return t`导入完成：${res.count} 条价格`;
        }}
        onDone={() => void qc.invalidateQueries({ queryKey: priceKeys.all })}
      />
    </>
  );
}
