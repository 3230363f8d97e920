import { t } from '@lingui/core/macro';
import { validatePrice } from '../../../../domain/priceApproval.ts';
import type { PriceImportRow } from '../../../../services/mall/imports.ts';
import type { Price, RoleGroupConfig } from '../../../../services/mall/catalogue.ts';
import type { SheetRow } from '../../../components/excel/sheet.ts';
import type { ParsedRow } from './ImportPanel.tsx';

/** The price sheet: the export writes it, the import reads it back (extra columns are only shown). */
export const PRICE_SHEET_HEADERS = ['SKU ID*', '商品', 'SKU', '规格', '单位', '采购角色组*', '价格*', '市场均价', '开始日期', '结束日期', '状态'];
export const PRICE_IMPORT_HEADERS = ['SKU ID*', '商品', 'SKU', '采购角色组*', '价格*', '市场均价', '开始日期', '结束日期'];

export type PriceSheetRow = Omit<PriceImportRow, 'row'> & { productName: string; skuName: string; roleGroupName: string };

export function priceSheetRows(prices: readonly Price[], statusText: (p: Price) => string): (string | number | null)[][] {
  return prices.map((p) => [p.skuId, p.productName, p.skuName, p.spec, p.unit, p.roleGroupName, p.price, p.marketAvg, p.startDate, p.endDate, statusText(p)]);
}

/** Checks the rows with the same rules the server applies (domain/priceApproval validatePrice) and resolves role groups by name. */
export function parsePriceRows(rows: SheetRow[], groups: readonly RoleGroupConfig[]): ParsedRow<PriceSheetRow>[] {
  const byName = new Map(groups.map((g) => [g.groupName, g.roleGroupId]));
  const ids = new Set(groups.map((g) => g.roleGroupId));
  const seen = new Set<string>();
  return rows.map(({ row, cells }) => {
    const errors: string[] = [];
    const skuId = cells['SKU ID*'] ?? '';
    const groupText = cells['采购角色组*'] ?? '';
    const roleGroupId = ids.has(groupText) ? groupText : byName.get(groupText);
    if (!skuId) errors.push(t`缺少 SKU ID`);
    if (!groupText) errors.push(t`缺少采购角色组`);
    else if (!roleGroupId) errors.push(t`采购角色组「${groupText}」不存在`);
    const startDate = cells['开始日期'] || null;
    const endDate = cells['结束日期'] || null;
    const valid = validatePrice({ price: cells['价格*'] ?? '', startDate, endDate });
    if (!valid.ok) errors.push(...valid.errors);
    const marketAvg = cells['市场均价'] ?? '';
    if (marketAvg && !(Number(marketAvg) >= 0)) errors.push(t`市场均价必须是不小于 0 的数字`);
    const key = `${skuId}|${roleGroupId}`;
    if (!errors.length && seen.has(key)) errors.push(t`同一 SKU 和采购角色组重复定价`);
    seen.add(key);
    if (errors.length || !valid.ok) return { row, value: null, errors };
    return {
      row, errors,
      value: {
        skuId, roleGroupId: roleGroupId!, price: valid.value.price, startDate: valid.value.startDate, endDate: valid.value.endDate, marketAvg: marketAvg ? Number(marketAvg) : null,
        productName: cells['商品'] ?? '', skuName: cells['SKU'] ?? '', roleGroupName: groupText,
      },
    };
  });
}
