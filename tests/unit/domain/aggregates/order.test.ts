import { describe, expect, it } from 'vitest';
import {
  openAmount, orderDecider, orderSettingsDecider, type OrderCommand, type OrderEvent, type PlacingFacts, type SkuFact,
} from '../../../../domain/aggregates/order.ts';
import { DEFAULT_ORDER_SETTINGS, orderDeadline } from '../../../../domain/order.ts';
import { fold } from '../../../../domain/decider.ts';
import { given } from '../../../support/decider.ts';

const rice: SkuFact = { productId: 'p1', productName: '东北大米', skuName: '10kg', spec: '10kg/袋', unit: '袋', categoryId: 'c1', price: 62.5 };
const egg: SkuFact = { productId: 'p2', productName: '鲜鸡蛋', skuName: '30枚', spec: '30枚/板', unit: '板', categoryId: 'c2', price: 16.8 };
// 2026-11-25 10:00 China time; delivery on the 27th closes on the 26th at 18:00
const now = '2026-11-25T02:00:00.000Z';
const facts: PlacingFacts = {
  linked: true, permissions: { order: true, delivery: true }, settings: { ...DEFAULT_ORDER_SETTINGS }, skus: { s1: rice, s2: egg }, now,
};
const header = {
  orderId: 'o1', orderNo: 'DD202611250001', orgName: '阳光小学', supplierOrgId: 'sup', supplierName: '鲜丰', deliveryDate: '2026-11-27', remark: '',
  createdBy: 'u1', createdByName: '采购员',
};
const create = (over: Partial<Extract<OrderCommand, { type: 'CreateOrder' }>> = {}): OrderCommand => ({
  type: 'CreateOrder', order: header, items: [{ skuId: 's1', quantity: 2 }, { skuId: 's2', quantity: 2 }], draft: false, by: 'school', facts, ...over,
});
const line = (skuId: string, f: SkuFact, quantity: number, price: number | null) => ({
  skuId, productId: f.productId, productName: f.productName, skuName: f.skuName, spec: f.spec, unit: f.unit, categoryId: f.categoryId, quantity, price,
});
const created: OrderEvent = { type: 'OrderCreated', data: { ...header, status: 'submitted', lines: [line('s1', rice, 2, 62.5), line('s2', egg, 2, 16.8)], at: now } };
const at = '2026-11-25T03:00:00.000Z';
const acting = (by: 'school' | 'supplier' | 'salesman' | 'delivery' | 'bureau' | 'platform' = 'supplier') => ({ orderId: 'o1', by, permissions: { order: true, delivery: true }, at });
const confirmed: OrderEvent = { type: 'OrderConfirmed', data: { orderId: 'o1', changed: [], refused: [], at } };
const dispatched: OrderEvent = { type: 'OrderDispatched', data: { orderId: 'o1', at } };
const delivered: OrderEvent = { type: 'OrderDelivered', data: { orderId: 'o1', at } };

describe('order decider: placing', () => {
  it('creates a submitted order priced at the effective prices the handler found', () => {
    given(orderDecider).when(create()).then([created]);
  });
  it('creates a draft without prices; submitting prices it', () => {
    const draft: OrderEvent = { type: 'OrderCreated', data: { ...header, status: 'draft', lines: [line('s1', rice, 2, null), line('s2', egg, 2, null)], at: now } };
    given(orderDecider).when(create({ draft: true })).then([draft]);
    const later = { ...facts, skus: { s1: { ...rice, price: 60 }, s2: egg } };
    given(orderDecider, [draft]).when({ type: 'SubmitOrder', ...acting('school'), facts: later })
      .then([{ type: 'OrderSubmitted', data: { orderId: 'o1', prices: [{ skuId: 's1', price: 60 }, { skuId: 's2', price: 16.8 }], at } }]);
    given(orderDecider, [draft]).when({ type: 'SubmitOrder', ...acting('school'), facts: { ...later, skus: { s1: { ...rice, price: null }, s2: egg } } }).thenRefused('unprocessable', /没有生效的审核价格/);
  });
  it('refuses bad quantities, duplicates, a sent price, unknown or foreign SKUs and SKUs without a price', () => {
    for (const q of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, '3', 1.2345, 2_000_000]) {
      given(orderDecider).when(create({ items: [{ skuId: 's1', quantity: q }] })).thenRefused('invalid', /数量/);
    }
    given(orderDecider).when(create({ items: [{ skuId: 's1', quantity: 1 }, { skuId: 's1', quantity: 2 }] })).thenRefused('invalid', /重复/);
    given(orderDecider).when(create({ items: [{ skuId: 's1', quantity: 1, price: 0.01 }] })).thenRefused('invalid', /不能提交价格/);
    given(orderDecider).when(create({ items: [{ skuId: 'other', quantity: 1 }] })).thenRefused('invalid', /不存在或不属于该供应商：other/);
    given(orderDecider).when(create({ facts: { ...facts, skus: { s1: { ...rice, price: null } } }, items: [{ skuId: 's1', quantity: 1 }] })).thenRefused('unprocessable', /没有生效的审核价格/);
    given(orderDecider).when(create({ items: [] })).thenRefused('invalid', /至少需要一个商品/);
  });
  it('refuses a delivery day past the cut-off, an order below the minimum, an unlinked supplier or one without the order permission', () => {
    // 18:00 the day before: at 17:59 still open, at 18:00 closed
    const deadline = orderDeadline('2026-11-27', DEFAULT_ORDER_SETTINGS).getTime();
    expect(new Date(deadline).toISOString()).toBe('2026-11-26T10:00:00.000Z');
    given(orderDecider).when(create({ facts: { ...facts, now: new Date(deadline - 60_000).toISOString() } })).then([{ ...created, data: { ...created.data, at: new Date(deadline - 60_000).toISOString() } }] as OrderEvent[]);
    given(orderDecider).when(create({ facts: { ...facts, now: new Date(deadline).toISOString() } })).thenRefused('unprocessable', /截止时间（2026-11-26 18:00）/);
    // 2 × 62.5 + 2 × 16.8 = 158.6 (eggs by the tray: whole trays only, issue 30)
    given(orderDecider).when(create({ facts: { ...facts, settings: { ...facts.settings, minimumAmount: 158.61 } } })).thenRefused('unprocessable', /起订金额/);
    given(orderDecider).when(create({ facts: { ...facts, settings: { ...facts.settings, minimumAmount: 158.6 } } })).then([created]);
    given(orderDecider).when(create({ facts: { ...facts, linked: false } })).thenRefused('invalid', /不是本机构的供应商/);
    given(orderDecider).when(create({ facts: { ...facts, permissions: { order: false, delivery: true } } })).thenRefused('forbidden', /order/);
    given(orderDecider).when(create({ by: 'supplier' })).thenRefused('forbidden');
    given(orderDecider, [created]).when(create()).thenRefused('conflict');
  });
  it('adds amounts in fen', () => {
    const state = fold(orderDecider, [created]);
    expect(openAmount(state.lines)).toBe(158.6);
  });
});

describe('order decider: the lifecycle', () => {
  it('walks submitted → confirmed → dispatched → delivered → received → settled', () => {
    given(orderDecider, [created]).when({ type: 'ConfirmOrder', ...acting(), lines: [], supplierMayChangeQuantity: false }).then([confirmed]);
    given(orderDecider, [created, confirmed]).when({ type: 'DispatchOrder', ...acting('delivery') }).then([dispatched]);
    given(orderDecider, [created, confirmed, dispatched]).when({ type: 'DeliverOrder', ...acting('delivery') }).then([delivered]);
    const received: OrderEvent = { type: 'OrderReceived', data: { orderId: 'o1', lines: [{ skuId: 's1', receivedQuantity: 1.8, remark: '短少' }, { skuId: 's2', receivedQuantity: 1.5, remark: '' }], at } };
    given(orderDecider, [created, confirmed, dispatched, delivered])
      .when({ type: 'ReceiveOrder', ...acting('school'), lines: [{ skuId: 's2', receivedQuantity: 1.5 }, { skuId: 's1', receivedQuantity: 1.8, remark: ' 短少 ' }] }).then([received]);
    given(orderDecider, [created, confirmed, dispatched, delivered, received]).when({ type: 'SettleOrder', ...acting('school') }).then([{ type: 'OrderSettled', data: { orderId: 'o1', at } }]);
  });
  it('refuses an action in a state that does not allow it with a conflict naming the state', () => {
    given(orderDecider, [created]).when({ type: 'DispatchOrder', ...acting() }).thenRefused('conflict', /待确认，不能发货/);
    given(orderDecider, [created, confirmed]).when({ type: 'ConfirmOrder', ...acting(), lines: [], supplierMayChangeQuantity: false }).thenRefused('conflict', /已确认，不能确认/);
    given(orderDecider, [created, confirmed, dispatched]).when({ type: 'CancelOrder', ...acting('school'), reason: '' }).thenRefused('conflict', /已发货，不能取消/);
    given(orderDecider).when({ type: 'SettleOrder', ...acting('school') }).thenRefused('notFound');
  });
  it('lets each party take only its own actions, and the link permissions bind the supplier', () => {
    given(orderDecider, [created]).when({ type: 'ConfirmOrder', ...acting('school'), lines: [], supplierMayChangeQuantity: false }).thenRefused('forbidden');
    given(orderDecider, [created]).when({ type: 'ConfirmOrder', ...acting('bureau'), lines: [], supplierMayChangeQuantity: false }).thenRefused('forbidden');
    given(orderDecider, [created]).when({ type: 'CancelOrder', ...acting('supplier'), reason: '' }).thenRefused('forbidden');
    given(orderDecider, [created]).when({ type: 'ConfirmOrder', ...acting('salesman'), lines: [], supplierMayChangeQuantity: false }).then([confirmed]);
    given(orderDecider, [created]).when({ type: 'ConfirmOrder', ...acting(), permissions: { order: false, delivery: true }, lines: [], supplierMayChangeQuantity: false }).thenRefused('forbidden', /order/);
    given(orderDecider, [created, confirmed]).when({ type: 'DispatchOrder', ...acting(), permissions: { order: true, delivery: false } }).thenRefused('forbidden', /delivery/);
    given(orderDecider, [created, confirmed]).when({ type: 'DispatchOrder', ...acting('salesman') }).thenRefused('forbidden');
  });
  it('refuses with a reason, or per line at confirmation; all lines refused refuses the order', () => {
    given(orderDecider, [created]).when({ type: 'RefuseOrder', ...acting(), reason: ' 缺货 ' }).then([{ type: 'OrderRefused', data: { orderId: 'o1', reason: '缺货', at } }]);
    given(orderDecider, [created]).when({ type: 'RefuseOrder', ...acting(), reason: ' ' }).thenRefused('invalid', /拒单原因/);
    given(orderDecider, [created]).when({ type: 'ConfirmOrder', ...acting(), lines: [{ skuId: 's2', refused: true, reason: '鸡蛋缺货' }], supplierMayChangeQuantity: false })
      .then([{ type: 'OrderConfirmed', data: { orderId: 'o1', changed: [], refused: [{ skuId: 's2', reason: '鸡蛋缺货' }], at } }]);
    given(orderDecider, [created]).when({ type: 'ConfirmOrder', ...acting(), lines: [{ skuId: 's2', refused: true }], supplierMayChangeQuantity: false }).thenRefused('invalid', /拒绝原因/);
    given(orderDecider, [created]).when({ type: 'ConfirmOrder', ...acting(), lines: [{ skuId: 's1', refused: true, reason: '缺货' }, { skuId: 's2', refused: true, reason: '缺货' }], supplierMayChangeQuantity: false })
      .then([{ type: 'OrderRefused', data: { orderId: 'o1', reason: '缺货', at } }]);
    given(orderDecider, [created]).when({ type: 'ConfirmOrder', ...acting(), lines: [{ skuId: 'x', refused: true, reason: 'r' }], supplierMayChangeQuantity: false }).thenRefused('invalid', /没有商品 x/);
    const partly: OrderEvent = { type: 'OrderConfirmed', data: { orderId: 'o1', changed: [], refused: [{ skuId: 's2', reason: '缺货' }], at } };
    expect(openAmount(fold(orderDecider, [created, partly]).lines)).toBe(125);
  });
  it('keeps the supplier\'s note with its confirmation, trimmed; none when blank; with the lines\' reasons when it refuses every line', () => {
    const confirm = { type: 'ConfirmOrder' as const, ...acting(), lines: [], supplierMayChangeQuantity: false };
    given(orderDecider, [created]).when({ ...confirm, note: ' 周三上午送达 ' })
      .then([{ type: 'OrderConfirmed', data: { orderId: 'o1', changed: [], refused: [], note: '周三上午送达', at } }]);
    given(orderDecider, [created]).when({ ...confirm, note: '   ' }).then([confirmed]);
    given(orderDecider, [created]).when({ ...confirm, note: '送'.repeat(501) }).thenRefused('invalid', /确认备注不能超过 500/);
    given(orderDecider, [created]).when({ ...confirm, note: '本周停运', lines: [{ skuId: 's1', refused: true, reason: '缺货' }, { skuId: 's2', refused: true, reason: '缺货' }] })
      .then([{ type: 'OrderRefused', data: { orderId: 'o1', reason: '本周停运；缺货', at } }]);
    // the note does not change what the order holds
    const noted: OrderEvent = { type: 'OrderConfirmed', data: { orderId: 'o1', changed: [], refused: [], note: '周三上午送达', at } };
    expect(fold(orderDecider, [created, noted])).toEqual(fold(orderDecider, [created, confirmed]));
  });
  it('changes quantities at confirmation only where the school allows it', () => {
    const cmd = { type: 'ConfirmOrder' as const, ...acting(), lines: [{ skuId: 's1', quantity: 3 }] };
    given(orderDecider, [created]).when({ ...cmd, supplierMayChangeQuantity: false }).thenRefused('forbidden', /不允许供应商修改/);
    given(orderDecider, [created]).when({ ...cmd, supplierMayChangeQuantity: true }).then([{ type: 'OrderConfirmed', data: { orderId: 'o1', changed: [{ skuId: 's1', quantity: 3 }], refused: [], at } }]);
    given(orderDecider, [created]).when({ ...cmd, lines: [{ skuId: 's1', quantity: -3 }], supplierMayChangeQuantity: true }).thenRefused('invalid', /大于 0/);
    // the same quantity again is no change
    given(orderDecider, [created]).when({ ...cmd, lines: [{ skuId: 's1', quantity: 2 }], supplierMayChangeQuantity: false }).then([confirmed]);
  });
  it('receives every open line with a quantity of zero or more', () => {
    const path = [created, confirmed, dispatched, delivered];
    given(orderDecider, path).when({ type: 'ReceiveOrder', ...acting('school'), lines: [{ skuId: 's1', receivedQuantity: 2 }] }).thenRefused('invalid', /实收数量：s2/);
    given(orderDecider, path).when({ type: 'ReceiveOrder', ...acting('school'), lines: [{ skuId: 's1', receivedQuantity: Number.NaN }, { skuId: 's2', receivedQuantity: 1 }] }).thenRefused('invalid', /有效的数字/);
    given(orderDecider, path).when({ type: 'ReceiveOrder', ...acting('school'), lines: [{ skuId: 's1', receivedQuantity: -1 }, { skuId: 's2', receivedQuantity: 1 }] }).thenRefused('invalid', /不能小于 0/);
    given(orderDecider, path).when({ type: 'ReceiveOrder', ...acting('school'), lines: [{ skuId: 's1', receivedQuantity: 0 }, { skuId: 's2', receivedQuantity: 1 }] }).state();
    given(orderDecider, path).when({ type: 'ReceiveOrder', ...acting('supplier'), lines: [] }).thenRefused('forbidden');
  });
  it('cancels before dispatch only, by the school', () => {
    const cancelled: OrderEvent = { type: 'OrderCancelled', data: { orderId: 'o1', reason: '改期', at } };
    given(orderDecider, [created]).when({ type: 'CancelOrder', ...acting('school'), reason: '改期' }).then([cancelled]);
    given(orderDecider, [created, confirmed]).when({ type: 'CancelOrder', ...acting('school'), reason: '改期' }).then([cancelled]);
    given(orderDecider, [created, cancelled]).when({ type: 'CancelOrder', ...acting('school'), reason: '' }).thenRefused('conflict', /已取消/);
  });
});

describe('order settings decider', () => {
  const settings = { cutoffDays: 2, cutoffTime: '16:30', minimumAmount: 200, supplierMayChangeQuantity: true };
  const set = { type: 'SetOrderSettings' as const, orgId: 'sup', settings, allowed: true, at };
  it('records settings, nothing when they are the same, and refuses a caller who may not', () => {
    given(orderSettingsDecider).when(set).then([{ type: 'OrderSettingsSet', data: { orgId: 'sup', ...settings, at } }]);
    given(orderSettingsDecider, [{ type: 'OrderSettingsSet' as const, data: { orgId: 'sup', ...settings, at } }]).when(set).then([]);
    given(orderSettingsDecider).when({ ...set, allowed: false }).thenRefused('forbidden');
    given(orderSettingsDecider).when({ ...set, settings: { ...settings, minimumAmount: 1.005 } }).thenRefused('invalid', /起订金额/);
  });
});
