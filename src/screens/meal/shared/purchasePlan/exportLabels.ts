// The column names of the purchase-plan export setting (§3 采购计划导出内容): the settings screen (mallRecipeSpec)
// ticks these and the plan screens' sheets are headed with them, so what is ticked is what the sheet shows. A file
// of its own so the settings screen does not load the plan screens' parts.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PurchasePlanExportField } from '../../../../../domain/recipeSettings.ts';

export const EXPORT_FIELD_LABELS: Record<PurchasePlanExportField, MessageDescriptor> = {
  foodName: msg`食材名称`, spec: msg`规格`, unit: msg`单位`, quantity: msg`数量`, price: msg`单价`, amount: msg`金额`,
  supplier: msg`供应商`, mealDate: msg`用餐日期`, remark: msg`备注`,
};
