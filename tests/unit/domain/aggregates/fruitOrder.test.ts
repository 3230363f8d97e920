// Issue 34: a member's fruit order decided from the facts the handler looked up: the days from the calendar, the
// price from the member's level, the stock left per day; then paid, delivered or refunded day by day, or cancelled.
import { describe, expect, it } from 'vitest';
import { fruitOrderDecider, spreadAmount, type FruitOrderCommand, type FruitOrderEvent, type PlaceFacts } from '../../../../domain/aggregates/fruitOrder.ts';
import { given } from '../../../support/decider.ts';

const at = '2026-11-25T03:00:00.000Z';
// Mon 2026-11-30 .. Fri 2026-12-04; Wednesday a holiday, Saturday a make-up working day
const holidays = [{ date: '2026-12-02', type: 1 }, { date: '2026-12-05', type: 0 }];
const member = { phone: '13830000002', orgId: 'school', userId: 'pm-1', name: '何明', level: 'LV2' };
const facts = (over: Partial<PlaceFacts> = {}): PlaceFacts => ({
  sku: { skuId: 's1', productId: 'p1', name: '苹果', spec: '200g', unit: '个', onShelf: true, offer: { levelPrices: { LV1: 3.5, LV2: 3.2 }, dailyStock: 10, season: [] } },
  serves: true, member, schoolName: '明德中学', holidays, today: '2026-11-29', orderedByDay: {}, ...over,
});
const place = (over: Partial<Extract<FruitOrderCommand, { type: 'PlaceFruitOrder' }>> = {}): FruitOrderCommand => ({
  type: 'PlaceFruitOrder', orderId: 'o1', orderNo: 'XG1', at, facts: facts(), child: { name: ' 何小明 ', grade: '七年级', className: '3班', schoolOrgId: 'school' },
  plan: 'week', startDay: '2026-11-30', quantity: 2, payment: 'offline', ...over,
});
const placed: FruitOrderEvent = {
  type: 'FruitOrderPlaced',
  data: {
    orderId: 'o1', orderNo: 'XG1', member, child: { name: '何小明', grade: '七年级', className: '3班', schoolOrgId: 'school', schoolName: '明德中学' },
    sku: { skuId: 's1', productId: 'p1', name: '苹果', spec: '200g', unit: '个' }, plan: 'week',
    days: ['2026-11-30', '2026-12-01', '2026-12-03', '2026-12-04', '2026-12-05'], quantity: 2, unitPrice: 3.2, dayAmount: 6.4, amount: 32, payment: 'offline', at,
  },
};
const paid: FruitOrderEvent = { type: 'FruitOrderPaid', data: { orderId: 'o1', paymentRef: 'OFFLINE-1', at } };

describe('placing a fruit order', () => {
  it('takes the school days of the week (a holiday out, a make-up Saturday in) at the member level\'s price', () => {
    given(fruitOrderDecider).when(place()).then([placed]);
  });
  it('a level without its own price pays the LV1 price; a day plan is one day', () => {
    const state = given(fruitOrderDecider).when(place({ plan: 'day', facts: facts({ member: { ...member, level: 'LV9' } }) })).state();
    expect(Object.keys(state.days)).toEqual(['2026-11-30']);
    expect(state.dayAmount).toBe(7);
  });
  it('refuses what the rules forbid', () => {
    given(fruitOrderDecider).when(place({ facts: facts({ member: null }) })).thenRefused('forbidden', '您不是本商城的会员');
    given(fruitOrderDecider).when(place({ facts: facts({ sku: null }) })).thenRefused('notFound');
    given(fruitOrderDecider).when(place({ facts: facts({ serves: false }) })).thenRefused('unprocessable', '该鲜果机构不服务这所学校');
    given(fruitOrderDecider).when(place({ facts: facts({ sku: { ...facts().sku!, onShelf: false } }) })).thenRefused('unprocessable', '该商品已下架');
    given(fruitOrderDecider).when(place({ startDay: '2026-11-28' })).thenRefused('unprocessable', '不能订购今天之前的日期');
    given(fruitOrderDecider).when(place({ plan: 'day', startDay: '2026-12-02' })).thenRefused('unprocessable', '所选时间内没有上学日');
    given(fruitOrderDecider).when(place({ quantity: 0 })).thenRefused('invalid');
    given(fruitOrderDecider).when(place({ child: { name: ' ', grade: '七年级', className: '3班', schoolOrgId: 'school' } })).thenRefused('invalid');
    given(fruitOrderDecider).when(place({ facts: facts({ sku: { ...facts().sku!, offer: { levelPrices: { LV1: 1 }, dailyStock: 10, season: [6, 7] } } }) }))
      .thenRefused('unprocessable', '该商品在 2026-11-30 不在供应季节');
  });
  it('never sells more than the day\'s stock', () => {
    given(fruitOrderDecider).when(place({ facts: facts({ orderedByDay: { '2026-12-03': 9 } }) })).thenRefused('conflict', '2026-12-03 库存不足，剩余 1');
    given(fruitOrderDecider).when(place({ quantity: 1, facts: facts({ orderedByDay: { '2026-12-03': 9 } }) })).then([{
      ...placed, data: { ...placed.data, quantity: 1, dayAmount: 3.2, amount: 16 },
    } as FruitOrderEvent]);
  });
});

describe('after it is placed', () => {
  it('paid, then each day delivered or refunded; delivered when none is left pending', () => {
    given(fruitOrderDecider, [placed]).when({ type: 'PayFruitOrder', orderId: 'o1', paymentRef: 'OFFLINE-1', at }).then([paid]);
    given(fruitOrderDecider, [placed]).when({ type: 'DeliverFruitDay', orderId: 'o1', day: '2026-11-30', at }).thenRefused('conflict', '订单尚未支付');
    given(fruitOrderDecider, [placed, paid]).when({ type: 'RefundFruitDay', orderId: 'o1', day: '2026-12-01', refundRef: 'R1', reason: ' 停课 ', at })
      .then([{ type: 'FruitOrderDayRefunded', data: { orderId: 'o1', day: '2026-12-01', amount: 6.4, refundRef: 'R1', reason: '停课', at } }]);
    const days = placed.type === 'FruitOrderPlaced' ? placed.data.days : [];
    const all: FruitOrderEvent[] = days.map((day) => ({ type: 'FruitOrderDayDelivered', data: { orderId: 'o1', day, at } }));
    expect(given(fruitOrderDecider, [placed, paid, ...all.slice(0, -1)]).when({ type: 'DeliverFruitDay', orderId: 'o1', day: days.at(-1)!, at }).state().status).toBe('delivered');
    given(fruitOrderDecider, [placed, paid, ...all.slice(0, 1)]).when({ type: 'RefundFruitDay', orderId: 'o1', day: days[0]!, refundRef: '', reason: '', at }).thenRefused('conflict', `${days[0]} 已配送或已退款`);
    given(fruitOrderDecider, [placed, paid]).when({ type: 'DeliverFruitDay', orderId: 'o1', day: '2026-12-02', at }).thenRefused('conflict', '订单不包含 2026-12-02');
  });
  it('every day refunded: refunded', () => {
    const days = placed.type === 'FruitOrderPlaced' ? placed.data.days : [];
    const refunds: FruitOrderEvent[] = days.slice(0, -1).map((day) => ({ type: 'FruitOrderDayRefunded', data: { orderId: 'o1', day, amount: 6.4, refundRef: '', reason: '', at } }));
    expect(given(fruitOrderDecider, [placed, paid, ...refunds]).when({ type: 'RefundFruitDay', orderId: 'o1', day: days.at(-1)!, refundRef: '', reason: '', at }).state().status).toBe('refunded');
  });
  it('cancelled only while unpaid; nothing happens to an unknown order', () => {
    given(fruitOrderDecider, [placed]).when({ type: 'CancelFruitOrder', orderId: 'o1', by: 'member', at }).then([{ type: 'FruitOrderCancelled', data: { orderId: 'o1', by: 'member', at } }]);
    given(fruitOrderDecider, [placed, paid]).when({ type: 'CancelFruitOrder', orderId: 'o1', by: 'member', at }).thenRefused('conflict', '只有待支付的订单可以操作');
    given(fruitOrderDecider, [placed, paid]).when({ type: 'PayFruitOrder', orderId: 'o1', paymentRef: 'x', at }).thenRefused('conflict');
    given(fruitOrderDecider).when({ type: 'PayFruitOrder', orderId: 'o1', paymentRef: 'x', at }).thenRefused('notFound');
  });
});

describe('campaigns and group buys decide the price (issue 34)', () => {
  const live = { startsAt: '2026-11-01T00:00:00Z', endsAt: '2026-12-31T00:00:00Z', enabled: true };
  const tenOff = { id: 'c1', name: '九折', kind: 'discount' as const, percentOff: 10, levels: [], ...live };
  const lv1Coupon = { id: 'c2', name: 'LV1 满20减8', kind: 'coupon' as const, amountOff: 8, threshold: 20, levels: ['LV1'], ...live };
  it('the best campaign serving his level takes its part off; each day is paid its share, a refund gives that share back', () => {
    // LV2: 32 before, 10% off 3.20 (the LV1 coupon is not his)
    const events = given(fruitOrderDecider).when(place({ facts: facts({ campaigns: [tenOff, lv1Coupon] }) })).events();
    const data = (events[0] as Extract<FruitOrderEvent, { type: 'FruitOrderPlaced' }>).data;
    expect([data.listAmount, data.discount, data.amount, data.campaign]).toEqual([32, 3.2, 28.8, { id: 'c1', name: '九折' }]);
    expect(data.dayAmounts).toEqual([5.76, 5.76, 5.76, 5.76, 5.76]);
    // LV1: 35 before; the coupon takes 8, more than 10% (3.50)
    const lv1 = given(fruitOrderDecider).when(place({ facts: facts({ member: { ...member, level: 'LV1' }, campaigns: [tenOff, lv1Coupon] }) })).events();
    const d1 = (lv1[0] as Extract<FruitOrderEvent, { type: 'FruitOrderPlaced' }>).data;
    expect([d1.listAmount, d1.discount, d1.amount, d1.dayAmounts]).toEqual([35, 8, 27, [5.4, 5.4, 5.4, 5.4, 5.4]]);
    given(fruitOrderDecider, [...events, paid]).when({ type: 'RefundFruitDay', orderId: 'o1', day: '2026-12-01', refundRef: '', reason: '', at })
      .then([{ type: 'FruitOrderDayRefunded', data: { orderId: 'o1', day: '2026-12-01', amount: 5.76, refundRef: '', reason: '', at } }]);
    // a campaign past its end, or disabled, takes nothing
    const ended = given(fruitOrderDecider).when(place({ facts: facts({ campaigns: [{ ...tenOff, endsAt: '2026-11-20T00:00:00Z' }, { ...tenOff, enabled: false }] }) })).events();
    expect((ended[0] as Extract<FruitOrderEvent, { type: 'FruitOrderPlaced' }>).data.discount).toBeUndefined();
  });
  it('a group buy\'s order is at the group price, with no campaign on top', () => {
    const events = given(fruitOrderDecider).when(place({ facts: facts({ campaigns: [tenOff], groupon: { grouponId: 'g1', groupPrice: 2.8 } }) })).events();
    const data = (events[0] as Extract<FruitOrderEvent, { type: 'FruitOrderPlaced' }>).data;
    expect([data.unitPrice, data.amount, data.discount, data.grouponId]).toEqual([2.8, 28, undefined, 'g1']);
  });
  it('spreads an amount over days to the fen', () => {
    expect(spreadAmount(10, 3)).toEqual([3.34, 3.33, 3.33]);
    expect(spreadAmount(0, 2)).toEqual([0, 0]);
  });
});

describe('a member asks a refund of a missed day', () => {
  const ask = (day: string, today: string): FruitOrderCommand => ({ type: 'RequestFruitRefund', orderId: 'o1', day, reason: ' 没送到 ', today, at });
  it('of a paid day today or before that is still pending, once', () => {
    given(fruitOrderDecider, [placed, paid]).when(ask('2026-12-01', '2026-12-01'))
      .then([{ type: 'FruitOrderRefundRequested', data: { orderId: 'o1', day: '2026-12-01', reason: '没送到', at } }]);
    const asked: FruitOrderEvent = { type: 'FruitOrderRefundRequested', data: { orderId: 'o1', day: '2026-12-01', reason: '没送到', at } };
    given(fruitOrderDecider, [placed, paid, asked]).when(ask('2026-12-01', '2026-12-03')).thenRefused('conflict', '2026-12-01 已申请退款');
    given(fruitOrderDecider, [placed, paid]).when(ask('2026-12-03', '2026-12-01')).thenRefused('conflict', '2026-12-03 还未到，不能申请退款');
    given(fruitOrderDecider, [placed]).when(ask('2026-12-01', '2026-12-01')).thenRefused('conflict', '订单尚未支付');
    given(fruitOrderDecider, [placed, paid, { type: 'FruitOrderDayDelivered', data: { orderId: 'o1', day: '2026-11-30', at } }]).when(ask('2026-11-30', '2026-12-01'))
      .thenRefused('conflict', '2026-11-30 已配送或已退款');
  });
});
