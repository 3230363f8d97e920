// The parts of a purchase plan screen shared by the week plan (mallRecipePurchaseplan) and the month plan
// (mallRecipeMonthPurchaseplan): the purchaser's quantity edits over the server's lines, the lines and unmatched
// tables, the Excel export as the org's export setting says (§3 采购计划导出内容, domain/purchasePlan.ts
// planExportRows), and turning the lines into one order per supplier and delivery day (past a cut-off: skipped).
import { useMemo, useState } from 'react';
import { Button, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { planExportRows, planOrderKey, plannedOrders } from '../../../../../domain/purchasePlan.ts';
import { recipeSettingsOf } from '../../../../../domain/recipeSettings.ts';
import { lineAmount, sumAmounts } from '../../../../../domain/money.ts';
import { ORDER_LIMITS } from '../../../../../domain/order.ts';
import { packageBalances } from '../../../../../domain/wholePackages.ts';
import type { PurchasePlan, PurchasePlanLine, PurchasePlanUnmatched } from '../../../../../services/purchasePlans.ts';
import { specsQuery } from '../../../../../services/mall/catalogue.ts';
import { createOrder, orderKeys } from '../../../../../services/orders.ts';
import { NumberInput } from '../../../../components/NumberInput.tsx';
import { useMoney } from '../../../../components/useMoney.ts';
import { useIntlFormat } from '../../../../components/useIntlFormat.ts';
import { DataTable, type Column } from '../DataTable.tsx';
import { errorText } from '../errors.ts';
import { useOrgQueryKey } from '../useOrgQueryKey.ts';
import { EXPORT_FIELD_LABELS } from './exportLabels.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { unitName } from '../../../../components/unitNames.ts';

const useStyles = makeStyles({
  qty: { width: '130px' },
  short: { color: tokens.colorPaletteRedForeground1 },
  results: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

export const UNMATCHED_REASONS: Record<PurchasePlanUnmatched['reason'], MessageDescriptor> = {
  noSku: msg`供应商没有关联该食材的商品`,
  noPrice: msg`商品没有生效的审核价格`,
  noWeightUnit: msg`商品单位无法按重量换算`,
  noOrderPermission: msg`供应商未开通下单权限`,
};

/**
 * Where an unmatched ingredient is fixed (issue 28): a food no linked supplier sells, or one whose supplier may not be
 * ordered from, in the supplier permissions (link another supplier, open ordering); goods in boxes or litres of a food
 * with no piece weight or density, in the ingredient library; a price not yet approved, with the supplier.
 */
const UNMATCHED_FIXES: Record<PurchasePlanUnmatched['reason'], { path: string; label: MessageDescriptor }> = {
  noSku: { path: '/mallSupplierPermissionManage', label: msg`到供应商权限管理关联其他供应商` },
  noOrderPermission: { path: '/mallSupplierPermissionManage', label: msg`到供应商权限管理开通下单` },
  noWeightUnit: { path: '/mallFoodIngredientsManage', label: msg`到食材管理填写每个重量或密度` },
  noPrice: { path: '/mallSupplierManage', label: msg`到供应商管理联系供应商审核价格` },
};

/** Grams shown whole: a tenth of a gram is no purchase figure (the export keeps the exact value). */

/** Whole grams in the chosen language's digits (issue 13: numbers through Intl). */
function useGrams() {
  const fmt = useIntlFormat();
  return (g: number) => fmt.number(Math.round(g), 0);
}

export const planLineKey = (l: Pick<PurchasePlanLine, 'date' | 'foodId'>) => `${l.date}/${l.foodId}`;

/**
 * The server's lines with the purchaser's quantities: an emptied field buys nothing of that line. The stock each
 * line uses and leaves follows the edits (domain/wholePackages packageBalances, the rule the server planned with),
 * so buying one bag less shows the shortfall on that day and the next.
 */
export function usePlanEdits(serverLines: readonly PurchasePlanLine[] | undefined) {
  const [edits, setEdits] = useState<Record<string, number | null>>({});
  const lines = useMemo(() => packageBalances((serverLines ?? []).map((l) => {
    const key = planLineKey(l);
    const typed = key in edits ? edits[key] : l.quantity;
    const quantity = typed !== null && typed !== undefined && Number.isFinite(typed) && typed > 0 ? typed : 0;
    return { ...l, quantity, amount: lineAmount(l.price, quantity) };
  }), (l) => l.quantity), [serverLines, edits]);
  return {
    lines, edits, total: sumAmounts(lines.map((l) => l.amount)),
    edit: (key: string, value: number | null) => setEdits((prev) => ({ ...prev, [key]: value })),
    reset: () => setEdits({}),
  };
}

/**
 * The day lines: date, supplier, ingredient, goods, gross grams, the need in the SKU's unit (less what earlier days
 * left), the editable quantity (whole for a packaged SKU), what is left over, price and amount (issue 30: a purchaser
 * sees why she buys 2 bags for 1.04 bags' need, and that 0.96 bag carries into the next day).
 */
export function PlanLinesTable({ lines, edits, onEdit }: {
  lines: readonly PurchasePlanLine[]; edits: Record<string, number | null>; onEdit: (key: string, value: number | null) => void;
}) {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const money = useMoney();
  const grams = useGrams();
  const fmt = useIntlFormat();
  const columns: Column<PurchasePlanLine>[] = [
    { key: 'date', header: <Trans>配送日期</Trans>, render: (l) => l.date },
    { key: 'supplier', header: <Trans>供应商</Trans>, render: (l) => l.supplierName },
    { key: 'food', header: <Trans>食材</Trans>, render: (l) => l.foodName, phone: 'title' },
    { key: 'product', header: <Trans>商品</Trans>, render: (l) => `${l.productName}${l.spec ? `（${l.spec}）` : ''}` },
    { key: 'gross', header: <Trans>毛重（克）</Trans>, render: (l) => (l.edibleUnknown ? t`${grams(l.grossGrams)}（可食部未知）` : grams(l.grossGrams)), phone: 'hidden' },
    {
      key: 'need', header: <Trans>需要量</Trans>, phone: 'hidden',
      render: (l) => {
        const need = fmt.number(l.needQuantity);
        const unit = unitName(i18n, l.unit);
        const carried = fmt.number(l.carriedIn);
        return (
          <span data-testid="plan-need" data-need={l.needQuantity} data-carried={l.carriedIn}>
            {need} {unit}
            {l.carriedIn > 0 && <Text block size={200}><Trans>用前日结余 {carried} {unit}</Trans></Text>}
          </span>
        );
      },
    },
    {
      key: 'quantity', header: <Trans>数量</Trans>,
      render: (l) => {
        const key = planLineKey(l);
        return (
          <NumberInput
            className={s.qty} min={0} max={ORDER_LIMITS.quantityMax} step={1} precision={l.wholePackages ? 0 : ORDER_LIMITS.quantityDecimals}
            aria-label={l.wholePackages ? t`${l.foodName} 数量（整件）` : t`${l.foodName} 数量`}
            data-testid="plan-quantity" data-whole={l.wholePackages} value={key in edits ? edits[key]! : l.quantity} contentAfter={unitName(i18n, l.unit)} onChange={(v) => onEdit(key, v)}
          />
        );
      },
    },
    {
      key: 'surplus', header: <Trans>结余</Trans>, phone: 'hidden',
      render: (l) => {
        const unit = unitName(i18n, l.unit);
        const left = fmt.number(Math.abs(l.surplus));
        if (l.surplus < -1e-6) return <span className={s.short} data-testid="plan-surplus" data-surplus={l.surplus}><Trans>短缺 {left} {unit}</Trans></span>;
        if (!l.wholePackages) return <span data-testid="plan-surplus" data-surplus={l.surplus}>—</span>;
        return (
          <span data-testid="plan-surplus" data-surplus={l.surplus} data-keeps={l.keeps}>
            {l.surplus < 1e-6 ? <Trans>无</Trans> : l.keeps ? <Trans>{left} {unit}，可存放，计入下一配送日</Trans> : <Trans>{left} {unit}，易变质，不结转</Trans>}
          </span>
        );
      },
    },
    { key: 'price', header: <Trans>单价</Trans>, render: (l) => money(l.price) },
    { key: 'amount', header: <Trans>金额</Trans>, render: (l) => <span data-testid="plan-amount">{money(l.amount)}</span> },
  ];
  return <DataTable rows={lines} columns={columns} rowKey={planLineKey} testId="plan-table" rowProps={(l) => ({ 'data-supplier': l.supplierId, 'data-date': l.date })} />;
}

/** The ingredients nothing could be bought for, with why. */
export function UnmatchedTable({ rows }: { rows: readonly PurchasePlanUnmatched[] }) {
  const { t } = useLingui();
  const grams = useGrams();
  const [, navigate] = useLocation();
  if (!rows.length) return null;
  const columns: Column<PurchasePlanUnmatched>[] = [
    { key: 'date', header: <Trans>日期</Trans>, render: (u) => u.date },
    { key: 'food', header: <Trans>食材</Trans>, render: (u) => u.foodName, phone: 'title' },
    { key: 'gross', header: <Trans>毛重（克）</Trans>, render: (u) => grams(u.grossGrams) },
    { key: 'reason', header: <Trans>原因</Trans>, render: (u) => t(UNMATCHED_REASONS[u.reason]) },
    {
      key: 'fix', header: <Trans>处理</Trans>,
      render: (u) => (
        <Link as="button" type="button" data-testid="plan-unmatched-fix" onClick={() => navigate(UNMATCHED_FIXES[u.reason].path)}>
          {t(UNMATCHED_FIXES[u.reason].label)}
        </Link>
      ),
    },
  ];
  return (
    <>
      <Text weight="semibold"><Trans>未匹配的食材</Trans></Text>
      <DataTable rows={rows} columns={columns} rowKey={planLineKey} testId="plan-unmatched" />
    </>
  );
}

/**
 * The export of a plan: the columns the org's export setting names (read when the screen opens; the defaults when
 * nobody saved one), the sheet written by the lazily loaded Excel module.
 */
export function usePlanExport() {
  const { t } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const specs = useQuery({ ...specsQuery(orgApp?.orgId, orgApp?.appId, ''), enabled: ready });
  const fields = recipeSettingsOf(specs.data?.rows ?? []).exportContent;
  return {
    ready: specs.isSuccess,
    run: async (lines: readonly PurchasePlanLine[], unmatched: readonly PurchasePlanUnmatched[], sheetName: string, fileName: string) => {
      const { writeWorkbook, downloadFile } = await import('../../../../components/excel/sheet.ts');
      const sheet = planExportRows(fields, lines, unmatched, (r) => ('line' in r ? (r.line.edibleUnknown ? t`可食部未知，按净重计` : '') : t(UNMATCHED_REASONS[r.unmatched.reason])));
      downloadFile(await writeWorkbook(sheet.fields.map((f) => t(EXPORT_FIELD_LABELS[f])), sheet.rows, sheetName), fileName);
    },
  };
}

/**
 * Places one order per supplier and delivery day of the (edited) lines, after saying how many and how much; each
 * result said in a line. Each order's Idempotency-Key is its cycle, day and supplier (domain planOrderKey): a second
 * generation answers the orders already placed (or names the one placed with other quantities), never a second one.
 */
export function usePlanOrders() {
  const { t } = useLingui();
  const qc = useQueryClient();
  const [results, setResults] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<{ cycleId: string; names: Map<string, string>; planned: ReturnType<typeof plannedOrders> } | null>(null);
  /** Opens the confirmation: what would be placed. */
  const ask = (cycleId: string, lines: readonly PurchasePlanLine[], days: PurchasePlan['days']) => {
    setAsking({ cycleId, names: new Map(lines.map((l) => [l.supplierId, l.supplierName])), planned: plannedOrders(lines, days) });
  };
  const place = async () => {
    if (!asking) return;
    const { cycleId, names, planned } = asking;
    setAsking(null);
    setBusy(true);
    const out: string[] = planned.closed.map((o) => {
      const name = names.get(o.supplierId) ?? o.supplierId;
      return t`${o.deliveryDate} ${name}：已过下单截止时间，未生成订单`;
    });
    for (const o of planned.place) {
      const name = names.get(o.supplierId) ?? o.supplierId;
      try {
        const { order, replayed } = await createOrder({ supplierId: o.supplierId, deliveryDate: o.deliveryDate, items: o.items }, planOrderKey(cycleId, o.deliveryDate, o.supplierId));
        out.push(replayed
          ? t`${o.deliveryDate} ${name}：已有订单 ${order.orderNo}，未重复生成`
          : t`${o.deliveryDate} ${name}：已生成订单 ${order.orderNo}`);
      } catch (e) {
        out.push(t`${o.deliveryDate} ${name}：${errorText(e)}`);
      }
    }
    setResults(out);
    setBusy(false);
    void qc.invalidateQueries({ queryKey: orderKeys.all });
  };
  return { ask, asking, cancel: () => setAsking(null), place, results, busy, clear: () => setResults([]) };
}

/** "Place N orders for ¥X?" before anything is placed; the supplier days past their cut-off are named as skipped. */
export function PlanOrderConfirm({ orders }: { orders: ReturnType<typeof usePlanOrders> }) {
  const money = useMoney();
  const planned = orders.asking?.planned;
  const count = planned?.place.length ?? 0;
  const closed = planned?.closed.length ?? 0;
  return (
    <ConfirmDialog open={orders.asking !== null} title={<Trans>生成订单</Trans>} onCancel={orders.cancel} onConfirm={() => { void orders.place(); }} busy={!count}>
      <Text block data-testid="plan-order-preview">
        {count ? <Trans>将向供应商提交 {count} 张订单，合计 {money(planned?.amount ?? 0)}。</Trans> : <Trans>没有可以提交的订单。</Trans>}
      </Text>
      {closed > 0 && <Text block><Trans>{closed} 个供应商配送日已过下单截止时间，不会生成订单。</Trans></Text>}
      <Text block size={200}><Trans>已为同一食谱、配送日和供应商生成过的订单不会重复生成。</Trans></Text>
    </ConfirmDialog>
  );
}

export function PlanResults({ results }: { results: readonly string[] }) {
  const s = useStyles();
  if (!results.length) return null;
  return <div className={s.results} data-testid="plan-results">{results.map((r) => <Text key={r}>{r}</Text>)}</div>;
}

/** The week and month plans' actions: export the lines, and turn them into orders (only lines with a quantity). */
export function PlanActions({ lines, exportReady, onExport, ordering, onOrder }: {
  lines: readonly PurchasePlanLine[]; exportReady: boolean; onExport: () => void; ordering: boolean; onOrder: () => void;
}) {
  return (
    <>
      <Button disabled={!lines.length || !exportReady} onClick={onExport} data-testid="plan-export"><Trans>导出 Excel</Trans></Button>
      <Button appearance="primary" disabled={ordering || !lines.some((l) => l.quantity > 0)} data-testid="plan-order" onClick={onOrder}>
        <Trans>生成订单</Trans>
      </Button>
    </>
  );
}
