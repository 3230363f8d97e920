import { t } from '@lingui/core/macro';
import { isPriceClass, isUnit } from '../../../../domain/mallCatalogue.ts';
import type { ProductImportRow } from '../../../../services/mall/imports.ts';
import type { Category } from '../../../../services/mall/catalogue.ts';
import type { SheetRow } from '../../../components/excel/sheet.ts';
import type { ParsedRow } from '../shared/ImportPanel.tsx';
import { priceClassOf } from '../shared/options.ts';

/** The product import sheet: one row per SKU; rows of the same product name make one product. */
export const PRODUCT_IMPORT_HEADERS = ['商品名称*', '商品分类', '单位', '价格分类', '生熟', '套餐', 'SKU名称*', 'SKU规格', 'SKU单位*'];

export interface ProductSheetRow { name: string; categoryName: string; unit: string; priceClass: string | null; rawRipe: 'raw' | 'ripe'; isPackage: boolean; sku: { name: string; spec: string; unit: string } }

/** Checks each sheet row as far as the console can (the server checks again, batch by batch). */
export function parseProductRows(rows: SheetRow[], categories: Category[]): ParsedRow<ProductSheetRow>[] {
  const names = new Set(categories.map((c) => c.name));
  const skuKeys = new Set<string>();
  return rows.map(({ row, cells }) => {
    const errors: string[] = [];
    const name = cells['商品名称*'] ?? '';
    const skuName = cells['SKU名称*'] ?? '';
    const skuUnit = cells['SKU单位*'] ?? '';
    const unit = cells['单位'] ?? '';
    const categoryName = cells['商品分类'] ?? '';
    const rawPriceClass = cells['价格分类'] ?? '';
    const priceClass = priceClassOf(rawPriceClass);
    const rr = cells['生熟'] ?? '';
    if (!name) errors.push(t`缺少商品名称`);
    if (!skuName) errors.push(t`缺少 SKU 名称`);
    if (!skuUnit) errors.push(t`缺少 SKU 单位`);
    else if (!isUnit(skuUnit)) errors.push(t`SKU 单位「${skuUnit}」不可用`);
    if (unit && !isUnit(unit)) errors.push(t`单位「${unit}」不可用`);
    if (categoryName && !names.has(categoryName)) errors.push(t`商品分类「${categoryName}」不存在`);
    if (priceClass && !isPriceClass(priceClass)) errors.push(t`价格分类「${rawPriceClass}」不存在`);
    if (rr && !['生', '熟', 'raw', 'ripe'].includes(rr)) errors.push(t`生熟应为「生」或「熟」`);
    const key = `${name}|${skuName}`;
    if (name && skuName && skuKeys.has(key)) errors.push(t`SKU 重复`);
    skuKeys.add(key);
    const value: ProductSheetRow = {
      name, categoryName, unit, priceClass, rawRipe: rr === '熟' || rr === 'ripe' ? 'ripe' : 'raw', isPackage: ['是', '1', 'true', 'Y'].includes(cells['套餐'] ?? ''),
      sku: { name: skuName, spec: cells['SKU规格'] ?? '', unit: skuUnit },
    };
    return { row, value: errors.length ? null : value, errors };
  });
}

/** Sheet rows → one import row per product (numbered by its first sheet row). */
export function groupProducts(rows: (ProductSheetRow & { row: number })[]): ProductImportRow[] {
  const byName = new Map<string, ProductImportRow>();
  for (const r of rows) {
    const p = byName.get(r.name) ?? {
      row: r.row, name: r.name, ...(r.categoryName && { categoryName: r.categoryName }), ...(r.unit && { unit: r.unit }), priceClass: r.priceClass,
      rawRipe: r.rawRipe, isPackage: r.isPackage ? 1 : 0, skus: [],
    };
    p.skus!.push(r.sku);
    byName.set(r.name, p);
  }
  return [...byName.values()];
}
