// The rules of receiving on a scale (issue 11): the tolerance rule, grams → the line's unit, the readings refused,
// and the order decider's weighed receipt (given-when-then on the order stream).
import { describe, expect, it } from 'vitest';
import { allowedGrams, lineGramsPerUnit, quantityOfGrams, weighLine, weighResult, weightProblem } from '../../../domain/scale.ts';
import { orderDecider, type OrderEvent, type ScaleFact } from '../../../domain/aggregates/order.ts';
import { given } from '../../support/decider.ts';

describe('tolerance rule', () => {
  it('allows a percentage of the ordered weight or fixed grams, either way', () => {
    expect(allowedGrams({ toleranceKind: 'percent', tolerance: 2 }, 5000)).toBe(100);
    expect(allowedGrams({ toleranceKind: 'grams', tolerance: 50 }, 5000)).toBe(50);
    expect(weighResult(5000, 4900, { toleranceKind: 'percent', tolerance: 2 })).toBe('ok');
    expect(weighResult(5000, 4899.9, { toleranceKind: 'percent', tolerance: 2 })).toBe('short');
    expect(weighResult(5000, 5100, { toleranceKind: 'percent', tolerance: 2 })).toBe('ok');
    expect(weighResult(5000, 5100.1, { toleranceKind: 'percent', tolerance: 2 })).toBe('over');
    expect(weighResult(5000, 4949, { toleranceKind: 'grams', tolerance: 50 })).toBe('short');
    // no tolerance: any gram off is a difference
    expect(weighResult(5000, 5000.1, { toleranceKind: 'grams', tolerance: 0 })).toBe('over');
    expect(weighResult(5000, 5000, { toleranceKind: 'grams', tolerance: 0 })).toBe('ok');
  });
  it('converts grams to the line\'s unit by §9 weights or a spec stating one', () => {
    expect(lineGramsPerUnit('斤', '')).toBe(500);
    expect(lineGramsPerUnit('千克', '')).toBe(1000);
    expect(lineGramsPerUnit('袋', '10kg/袋')).toBe(10_000);
    expect(lineGramsPerUnit('板', '30枚/板')).toBeNull();
    expect(quantityOfGrams(4750, 500)).toBe(9.5);
    expect(quantityOfGrams(1234.5, 1000)).toBe(1.235);
    expect(weighLine({ quantity: 10, perUnit: 500 }, 4750, { toleranceKind: 'percent', tolerance: 2 }))
      .toEqual({ receivedQuantity: 9.5, difference: -0.5, differenceGrams: -250, allowedGrams: 100, result: 'short', maxQuantity: 10.2 });
    // issue 27: the most a line may receive on the scale is the order plus the tolerance (5000 g + 100 g of 500 g units)
    expect(weighLine({ quantity: 10, perUnit: 500 }, 5101, { toleranceKind: 'percent', tolerance: 2 })).toMatchObject({ result: 'over', maxQuantity: 10.2 });
  });
  it('refuses readings that are not a weight', () => {
    expect(weightProblem(Number.NaN)).toMatch(/不是有效的数字/);
    expect(weightProblem(Number.POSITIVE_INFINITY)).toMatch(/不是有效的数字/);
    expect(weightProblem('12')).toMatch(/不是有效的数字/);
    expect(weightProblem(-0.1)).toMatch(/不能小于 0/);
    expect(weightProblem(1_000_000.1)).toMatch(/不能超过/);
    expect(weightProblem(12.34)).toMatch(/1 位小数/);
    expect(weightProblem(0)).toBeNull();
    expect(weightProblem(1234.5)).toBeNull();
  });
});

describe('order decider: receiving on a scale', () => {
  const at = '2026-11-25T03:00:00.000Z';
  const sku = (skuId: string, spec: string, unit: string, quantity: number) => ({
    skuId, productId: `p${skuId}`, productName: skuId, skuName: spec, spec, unit, categoryId: null, quantity, price: 10,
  });
  const created: OrderEvent = {
    type: 'OrderCreated',
    data: {
      orderId: 'o1', orderNo: 'DD1', orgName: '阳光小学', supplierOrgId: 'sup', supplierName: '鲜丰', deliveryDate: '2026-11-27', remark: '', createdBy: 'u1', createdByName: '采购员',
      status: 'submitted', lines: [sku('pork', '', '斤', 10), sku('rice', '10kg/袋', '袋', 2), sku('egg', '30枚/板', '板', 3)], at,
    },
  };
  const path: OrderEvent[] = [
    created, { type: 'OrderConfirmed', data: { orderId: 'o1', changed: [], refused: [], at } },
    { type: 'OrderDispatched', data: { orderId: 'o1', at } }, { type: 'OrderDelivered', data: { orderId: 'o1', at } },
  ];
  const scales: Record<string, ScaleFact | null> = { sc1: { name: '收货台秤', toleranceKind: 'percent', tolerance: 2 }, gone: null };
  const receive = (lines: { skuId: string; receivedQuantity?: number; weighedGrams?: number; scaleId?: string }[]) => ({
    type: 'ReceiveOrder' as const, orderId: 'o1', by: 'school' as const, permissions: { order: true, delivery: true }, at, lines, scales,
  });

  it('records the reading, the quantity it comes to in the line\'s unit and the tolerance verdict', () => {
    given(orderDecider, path).when(receive([
      { skuId: 'pork', weighedGrams: 4750, scaleId: 'sc1' },
      { skuId: 'rice', weighedGrams: 20_150, scaleId: 'sc1', receivedQuantity: 2.015 },
      { skuId: 'egg', receivedQuantity: 3 },
    ])).then([{
      type: 'OrderReceived',
      data: {
        orderId: 'o1', at,
        lines: [
          { skuId: 'pork', remark: '', receivedQuantity: 9.5, weighedGrams: 4750, scaleId: 'sc1', scaleName: '收货台秤', allowedGrams: 100, weighResult: 'short' },
          { skuId: 'rice', remark: '', receivedQuantity: 2.015, weighedGrams: 20_150, scaleId: 'sc1', scaleName: '收货台秤', allowedGrams: 400, weighResult: 'ok' },
          { skuId: 'egg', receivedQuantity: 3, remark: '' },
        ],
      },
    }]);
  });
  it('refuses a reading that is not a weight, a scale not registered or disabled, a line not sold by weight, a quantity that disagrees', () => {
    const rest = [{ skuId: 'rice', receivedQuantity: 2 }, { skuId: 'egg', receivedQuantity: 3 }];
    given(orderDecider, path).when(receive([{ skuId: 'pork', weighedGrams: Number.NaN, scaleId: 'sc1' }, ...rest])).thenRefused('invalid', /不是有效的数字（pork）/);
    given(orderDecider, path).when(receive([{ skuId: 'pork', weighedGrams: -5, scaleId: 'sc1' }, ...rest])).thenRefused('invalid', /不能小于 0（pork）/);
    given(orderDecider, path).when(receive([{ skuId: 'pork', weighedGrams: 4750, scaleId: 'gone' }, ...rest])).thenRefused('invalid', /不存在或已停用/);
    given(orderDecider, path).when(receive([{ skuId: 'pork', weighedGrams: 4750, scaleId: 'other' }, ...rest])).thenRefused('invalid', /不存在或已停用/);
    given(orderDecider, path).when(receive([{ skuId: 'pork', weighedGrams: 4750 }, ...rest])).thenRefused('invalid', /需注明电子秤/);
    given(orderDecider, path).when(receive([{ skuId: 'pork', weighedGrams: 4750, scaleId: 'sc1', receivedQuantity: 10 }, ...rest])).thenRefused('invalid', /不符/);
    given(orderDecider, path).when(receive([{ skuId: 'pork', receivedQuantity: 10 }, { skuId: 'rice', receivedQuantity: 2 }, { skuId: 'egg', weighedGrams: 1500, scaleId: 'sc1' }]))
      .thenRefused('unprocessable', /「板」不是重量单位/);
  });
});
