import { describe, expect, it } from 'vitest';
import { orderReturnDecider, type OrderReturnCommand, type OrderReturnEvent, type ReturnFacts } from '../../../../domain/aggregates/orderReturn.ts';
import { returnActionsFor, returnAmount, returnableQuantity } from '../../../../domain/orderReturn.ts';
import { lineAmount } from '../../../../domain/money.ts';
import { given } from '../../../support/decider.ts';

const at = '2026-11-25T03:00:00.000Z';
const header = {
  returnId: 'r1', returnNo: 'TH202611250001', orderId: 'o1', orderNo: 'DD202611250001', orgName: '阳光小学', supplierOrgId: 'sup', supplierName: '鲜丰',
  createdBy: 'u1', createdByName: '采购员',
};
const facts: ReturnFacts = {
  orderStatus: 'received',
  lines: {
    s1: { productName: '东北大米', skuName: '10kg', unit: '袋', price: 62.5, receivedQuantity: 4, returnedQuantity: 1 },
    s2: { productName: '鲜鸡蛋', skuName: '30枚', unit: '板', price: 16.83, receivedQuantity: 1.5, returnedQuantity: 0 },
  },
};
const create = (over: Partial<Extract<OrderReturnCommand, { type: 'CreateReturn' }>> = {}): OrderReturnCommand => ({
  type: 'CreateReturn', header, reason: ' 鸡蛋破损 ', photos: [], items: [{ skuId: 's2', quantity: 0.333 }], by: 'school', facts, at, ...over,
});
const created: OrderReturnEvent = {
  type: 'ReturnCreated',
  data: {
    ...header, reason: '鸡蛋破损', photos: [], at, amount: lineAmount(16.83, 0.333),
    lines: [{ skuId: 's2', productName: '鲜鸡蛋', skuName: '30枚', unit: '板', price: 16.83, quantity: 0.333, amount: 5.6 }],
  },
};
const decide = (action: 'accept' | 'dispute' | 'withdraw', by: 'school' | 'supplier' | 'salesman', reason = ''): OrderReturnCommand => ({
  type: 'DecideReturn', returnId: 'r1', action, reason, by, at,
});

describe('order return decider: creating', () => {
  it('creates a pending return from received lines with the amount to the fen', () => {
    given(orderReturnDecider).when(create()).then([created]);
    expect(lineAmount(16.83, 0.333)).toBe(5.6);
  });
  it('allows up to what was received less what standing returns take back', () => {
    const e = given(orderReturnDecider).when(create({ items: [{ skuId: 's1', quantity: 3 }] })).state();
    expect(e.status).toBe('pending');
    given(orderReturnDecider).when(create({ items: [{ skuId: 's1', quantity: 3.001 }] })).thenRefused('invalid', /超过可退数量 3袋/);
  });
  it('refuses bad input: unknown line, duplicate, NaN, zero, negative, no reason, no lines', () => {
    given(orderReturnDecider).when(create({ items: [{ skuId: 'nope', quantity: 1 }] })).thenRefused('invalid', /没有已收货的商品 nope/);
    given(orderReturnDecider).when(create({ items: [{ skuId: 's2', quantity: 1 }, { skuId: 's2', quantity: 0.1 }] })).thenRefused('invalid', /重复/);
    given(orderReturnDecider).when(create({ items: [{ skuId: 's2', quantity: Number.NaN }] })).thenRefused('invalid', /有效的数字/);
    given(orderReturnDecider).when(create({ items: [{ skuId: 's2', quantity: 'NaN' }] })).thenRefused('invalid', /有效的数字/);
    given(orderReturnDecider).when(create({ items: [{ skuId: 's2', quantity: 0 }] })).thenRefused('invalid', /大于 0/);
    given(orderReturnDecider).when(create({ items: [{ skuId: 's2', quantity: -1 }] })).thenRefused('invalid', /大于 0/);
    given(orderReturnDecider).when(create({ reason: '  ' })).thenRefused('invalid', /退货原因/);
    given(orderReturnDecider).when(create({ items: [] })).thenRefused('invalid', /至少/);
  });
  it('refuses an order not received yet, a supplier creating, and a second create', () => {
    given(orderReturnDecider).when(create({ facts: { ...facts, orderStatus: 'delivered' } })).thenRefused('conflict', /尚未收货/);
    given(orderReturnDecider).when(create({ by: 'supplier' })).thenRefused('forbidden');
    given(orderReturnDecider, [created]).when(create()).thenRefused('conflict', /已存在/);
  });
  it('allows a return on a settled order', () => {
    given(orderReturnDecider).when(create({ facts: { ...facts, orderStatus: 'settled' } })).then([created]);
  });
});

describe('order return decider: the supplier decides, the school withdraws', () => {
  it('the supplier accepts a pending return', () => {
    given(orderReturnDecider, [created]).when(decide('accept', 'supplier')).then([{ type: 'ReturnAccepted', data: { returnId: 'r1', orderId: 'o1', reason: '', at } }]);
  });
  it('the supplier disputes with a reason, never without', () => {
    given(orderReturnDecider, [created]).when(decide('dispute', 'supplier', ' 照片看不出破损 ')).then([{ type: 'ReturnDisputed', data: { returnId: 'r1', orderId: 'o1', reason: '照片看不出破损', at } }]);
    given(orderReturnDecider, [created]).when(decide('dispute', 'supplier')).thenRefused('invalid', /异议原因/);
  });
  it('the school withdraws while pending; nobody acts on a decided return', () => {
    given(orderReturnDecider, [created]).when(decide('withdraw', 'school')).then([{ type: 'ReturnWithdrawn', data: { returnId: 'r1', orderId: 'o1', reason: '', at } }]);
    const accepted: OrderReturnEvent = { type: 'ReturnAccepted', data: { returnId: 'r1', orderId: 'o1', reason: '', at } };
    given(orderReturnDecider, [created, accepted]).when(decide('withdraw', 'school')).thenRefused('conflict', /已同意，不能撤回/);
    given(orderReturnDecider, [created, accepted]).when(decide('dispute', 'supplier', 'x')).thenRefused('conflict');
  });
  it('refuses the wrong party and an unknown return', () => {
    given(orderReturnDecider, [created]).when(decide('accept', 'school')).thenRefused('forbidden');
    given(orderReturnDecider, [created]).when(decide('withdraw', 'supplier')).thenRefused('forbidden');
    given(orderReturnDecider, [created]).when(decide('accept', 'salesman')).thenRefused('forbidden');
    given(orderReturnDecider).when(decide('accept', 'supplier')).thenRefused('notFound');
  });
});

describe('return rules', () => {
  it('returnable quantity, amount and the actions per party', () => {
    expect(returnableQuantity({ receivedQuantity: 2.1, returnedQuantity: 0.7 })).toBe(1.4);
    expect(returnableQuantity({ receivedQuantity: 1, returnedQuantity: 2 })).toBe(0);
    expect(returnAmount([{ price: 0.1, quantity: 3 }, { price: 0.2, quantity: 1 }])).toBe(0.5);
    expect(returnActionsFor('pending', 'supplier')).toEqual(['accept', 'dispute']);
    expect(returnActionsFor('pending', 'school')).toEqual(['withdraw']);
    expect(returnActionsFor('accepted', 'supplier')).toEqual([]);
  });
});
