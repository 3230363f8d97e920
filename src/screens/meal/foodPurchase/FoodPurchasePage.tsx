// foodPurchase (issue 11): a school places an order by hand. It chooses one of its suppliers and a delivery day,
// finds the supplier's goods with the effective approved price for the school (GET /v5/mall/sku/price with
// effective=1: a school is shown only the prices that apply to it), sets quantities and submits. The server sets
// every line's price and checks the supplier's cut-off and minimum amount: what it refuses is shown as it says.
import { useMemo, useState } from 'react';
import { Button, Dropdown, Field, Input, MessageBar, MessageBarBody, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { quantityProblem } from '../../../../domain/order.ts';
import { pricesQuery, suppliersQuery, type Price } from '../../../../services/mall/catalogue.ts';
import { createOrder, newIdempotencyKey, orderKeys, type OrderDetail } from '../../../../services/orders.ts';
import { useMoney } from '../../../components/useMoney.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { chinaDay } from '../orderList/orderView.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { isPackageUnit, isWholeQuantity } from '../../../../domain/wholePackages.ts';
import { numberText } from '../../../components/numberText.ts';
import { unitName } from '../../../components/unitNames.ts';
import { DateInput } from '../../../components/DateInput.tsx';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  qty: { width: '110px' },
  total: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, alignItems: 'center', justifyContent: 'flex-end' },
});

/** Goods a page of search results shows (the school's list of one supplier is short). */
const SEARCH_LIMIT = 100;

interface CartLine { price: Price; quantity: string }

export default function FoodPurchasePage() {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const fmt = useIntlFormat();
  const money = useMoney();
  const qc = useQueryClient();
  const { orgApp, ready } = useOrgQueryKey();
  const [supplierId, setSupplierId] = useState('');
  const [deliveryDate, setDeliveryDate] = useState(chinaDay(2));
  const [keyword, setKeyword] = useState('');
  const [cart, setCart] = useState<CartLine[]>([]);
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<OrderDetail | null>(null);
  // one key per order being put together: a second click or a retry answers the order the first placed (issue 28)
  const [orderKey, setOrderKey] = useState(newIdempotencyKey);

  const suppliers = useQuery({ ...suppliersQuery(orgApp?.orgId, orgApp?.appId), enabled: ready });
  const links = (suppliers.data?.rows ?? []).filter((l) => l.enable !== 0 && l.status !== 0);
  const goods = useQuery({
    ...pricesQuery(orgApp?.orgId ?? '', { supplierId, effective: 1, ...(keyword.trim() && { keyword: keyword.trim() }), $limit: SEARCH_LIMIT }),
    enabled: ready && Boolean(supplierId),
  });
  // one price per SKU: the school's effective one (the first the server lists)
  const offers = useMemo(() => {
    const seen = new Set<string>();
    return (goods.data?.rows ?? []).filter((p) => p.status === 'effective' || p.status === 'approved').filter((p) => !seen.has(p.skuId) && seen.add(p.skuId));
  }, [goods.data]);

  const chooseSupplier = (id: string) => { setSupplierId(id); setCart([]); setError(null); setPlaced(null); };
  const add = (p: Price) => setCart((c) => (c.some((l) => l.price.skuId === p.skuId) ? c : [...c, { price: p, quantity: '1' }]));
  const setQty = (skuId: string, quantity: string) => setCart((c) => c.map((l) => (l.price.skuId === skuId ? { ...l, quantity } : l)));
  const total = cart.reduce((sum, l) => sum + (Number(l.quantity) || 0) * l.price.price, 0);
  // the same rule the server applies (domain/order quantityProblem), said in the user's language
  // and issue 30's: goods sold by the package are ordered whole (domain/wholePackages.ts)
  const fractional = cart.find((l) => quantityProblem(Number(l.quantity)) === null && isPackageUnit(l.price.unit) && !isWholeQuantity(Number(l.quantity)));
  const fractionalName = fractional?.price.productName ?? '';
  const fractionalUnit = fractional ? unitName(i18n, fractional.price.unit) : '';
  const problem = cart.some((l) => quantityProblem(Number(l.quantity)) !== null) ? t`数量须大于 0，最多 3 位小数`
    : fractional ? t`${fractionalName} 按${fractionalUnit}整件订购，数量须为整数` : null;

  const submit = useMutation({
    mutationFn: () => createOrder({
      supplierId, deliveryDate, items: cart.map((l) => ({ skuId: l.price.skuId, quantity: Number(l.quantity) })), ...(remark.trim() && { remark: remark.trim() }),
    }, orderKey),
    onSuccess: ({ order }) => {
      setPlaced(order); setCart([]); setRemark(''); setError(null); setOrderKey(newIdempotencyKey());
      void qc.invalidateQueries({ queryKey: orderKeys.all });
    },
    onError: (e) => setError(errorText(e)),
  });

  const offerColumns: Column<Price>[] = [
    { key: 'name', header: <Trans>商品</Trans>, render: (p) => <span data-testid="purchase-offer-name">{p.productName}</span>, phone: 'title' },
    { key: 'spec', header: <Trans>规格</Trans>, render: (p) => `${p.spec} / ${unitName(i18n, p.unit)}` },
    { key: 'price', header: <Trans>审核价格</Trans>, render: (p) => money(p.price) },
    { key: 'period', header: <Trans>有效期</Trans>, render: (p) => `${fmt.date(p.startDate)} ~ ${fmt.date(p.endDate)}`, phone: 'hidden' },
    {
      key: 'actions', header: <Trans>操作</Trans>,
      render: (p) => (
        <Button size="small" icon={<AddRegular />} disabled={cart.some((l) => l.price.skuId === p.skuId)} onClick={() => add(p)} data-testid="purchase-add">
          <Trans>加入</Trans>
        </Button>
      ),
    },
  ];
  const cartColumns: Column<CartLine>[] = [
    { key: 'name', header: <Trans>商品</Trans>, render: (l) => l.price.productName, phone: 'title' },
    { key: 'price', header: <Trans>单价</Trans>, render: (l) => money(l.price.price) },
    {
      key: 'quantity', header: <Trans>数量</Trans>,
      render: (l) => (
        <NumberInput className={s.qty} min={0} step={isPackageUnit(l.price.unit) ? 1 : 0.001} precision={isPackageUnit(l.price.unit) ? 0 : 3} {...numberText(l.quantity, (v) => setQty(l.price.skuId, v))} aria-label={t`数量`}
          data-testid="purchase-quantity" contentAfter={<Text size={200}>{unitName(i18n, l.price.unit)}</Text>} />
      ),
    },
    { key: 'amount', header: <Trans>金额</Trans>, render: (l) => money((Number(l.quantity) || 0) * l.price.price) },
    {
      key: 'actions', header: <Trans>操作</Trans>,
      render: (l) => (
        <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setCart((c) => c.filter((x) => x.price.skuId !== l.price.skuId))}>
          <Trans>移除</Trans>
        </Button>
      ),
    },
  ];

  return (
    <ScreenFrame
      title={<Trans>食材采购</Trans>} testId="screen-foodPurchase" error={error ?? (suppliers.error ? errorText(suppliers.error) : null)}
      toolbar={(
        <>
          <Field label={<Trans>供应商</Trans>} required>
            <Dropdown
              placeholder={t`选择供应商`} value={links.find((l) => l.supplierOrgId === supplierId)?.name ?? ''} selectedOptions={[supplierId]}
              onOptionSelect={(_, d) => chooseSupplier(d.optionValue ?? '')} data-testid="purchase-supplier"
            >
              {links.map((l) => <Option key={l.objectId} value={l.supplierOrgId}>{l.name}</Option>)}
            </Dropdown>
          </Field>
          <Field label={<Trans>配送日期</Trans>} required hint={<Trans>须在供应商的下单截止时间之前</Trans>}>
            <DateInput min={chinaDay(0)} value={deliveryDate} onChange={(_, d) => setDeliveryDate(d.value)} data-testid="purchase-date" />
          </Field>
          <Field label={<Trans>搜索商品</Trans>}>
            <Input value={keyword} disabled={!supplierId} onChange={(_, d) => setKeyword(d.value)} data-testid="purchase-keyword" />
          </Field>
        </>
      )}
    >
      {placed && (
        <MessageBar intent="success" data-testid="purchase-placed">
          <MessageBarBody><Trans>已下单：{placed.orderNo}，金额 {money(placed.amount)}</Trans></MessageBarBody>
        </MessageBar>
      )}
      {!supplierId ? <Text><Trans>请先选择供应商</Trans></Text> : (
        <div className={s.section}>
          <Text weight="semibold"><Trans>可采购商品（生效的审核价格）</Trans></Text>
          {goods.isLoading ? <Text><Trans>加载中</Trans></Text> : <DataTable rows={offers} columns={offerColumns} rowKey={(p) => p.skuId} testId="purchase-offers" />}
        </div>
      )}
      {cart.length > 0 && (
        <div className={s.section}>
          <Text weight="semibold"><Trans>采购清单</Trans></Text>
          <DataTable rows={cart} columns={cartColumns} rowKey={(l) => l.price.skuId} testId="purchase-cart" />
          <Field label={<Trans>备注</Trans>}><Input value={remark} onChange={(_, d) => setRemark(d.value)} /></Field>
          <div className={s.total}>
            <Text data-testid="purchase-total"><Trans>预计金额：{money(total)}</Trans></Text>
            <Text size={200}><Trans>价格以提交时生效的审核价格为准；起订金额按供应商设置</Trans></Text>
            {problem && <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>{problem}</Text>}
            <Button appearance="primary" disabled={submit.isPending || Boolean(problem) || !deliveryDate} onClick={() => submit.mutate()} data-testid="purchase-submit">
              <Trans>提交订单</Trans>
            </Button>
          </div>
        </div>
      )}
    </ScreenFrame>
  );
}
