import { describe, expect, it } from 'vitest';
import { priceDecider, type CreatePrice, type PriceEvent } from '../../../../domain/aggregates/price.ts';
import { priceConfigOf } from '../../../../domain/mallCatalogue.ts';
import { given } from '../../../support/decider.ts';

const approval = priceConfigOf({ priceApprovalEnable: true, priceModifyLimitEnable: true, priceApprovalTimeRule: '0m' });
const create: CreatePrice = {
  type: 'CreatePrice', id: 'p1', at: '2026-11-24T08:00:00.000Z', supplierOrgId: 'sup',
  input: { skuId: 'k1', roleGroupId: 'g1', price: '3.50', extraInfo: {} },
  sku: { skuId: 'k1', productId: 'prod', orgId: 'sup' },
  group: { roleGroupId: 'g1', orgId: 'sup', config: approval },
  lastApproved: null, duplicate: false,
};
const created: PriceEvent = {
  type: 'SkuPriceCreated',
  data: {
    id: 'p1', skuId: 'k1', productId: 'prod', supplierId: 'sup', roleGroupId: 'g1', price: 3.5, marketAvg: null, isCheck: 0,
    startDate: '2000-01-01', endDate: '3000-01-01', enable: true, extraInfo: { isPriceNewCycle: true }, at: '2026-11-24T08:00:00.000Z',
  },
};
const decide = { type: 'DecidePrice', id: 'p1', at: '2026-11-25T08:00:00.000Z', remark: '', standing: { ok: true }, checkedBy: 'b', checkedOrgId: 'bureau' } as const;

describe('price decider', () => {
  it('creates a pending price when the role group needs approval, approved when it does not', () => {
    given(priceDecider).when(create).then([created]);
    const free = { ...create, group: { ...create.group!, config: priceConfigOf({}) } };
    const state = given(priceDecider).when(free).state();
    expect(state).toMatchObject({ status: 'live', isCheck: 1, price: 3.5 });
  });
  it('refuses bad input with 400 and every reason, an unknown SKU or another supplier\'s group, and a duplicate row', () => {
    given(priceDecider).when({ ...create, input: { ...create.input, price: '-1', endDate: '1999-01-01' } }).thenRefused('invalid', /价格必须大于 0.*结束日期不能早于开始日期/);
    given(priceDecider).when({ ...create, sku: null }).thenRefused('invalid', /SKU k1 不存在/);
    given(priceDecider).when({ ...create, group: { ...create.group!, orgId: 'other' } }).thenRefused('invalid', /采购角色组不存在/);
    given(priceDecider).when({ ...create, duplicate: true }).thenRefused('invalid', /重复定价/);
  });
  it('refuses with 422 a new price while the approved one is held in its cycle (the modify limit)', () => {
    given(priceDecider).when({ ...create, lastApproved: { id: 'p0', checkedAt: '2026-11-20T08:00:00.000Z' } }).thenRefused('unprocessable', /审核周期内/);
  });
  it('changes a pending price in place, back to pending; never an approved one', () => {
    const change = { type: 'ChangePrice', id: 'p1', at: '2026-11-24T09:00:00.000Z', input: { price: 4 }, config: approval, lastApproved: null } as const;
    given(priceDecider, [created]).when(change).then([{
      type: 'SkuPriceChanged', data: { id: 'p1', price: 4, startDate: '2000-01-01', endDate: '3000-01-01', isCheck: 0, at: '2026-11-24T09:00:00.000Z' },
    }]);
    const approved: PriceEvent = { type: 'SkuPriceDecided', data: { id: 'p1', isCheck: 1, checkRemark: '', checkedBy: 'b', checkedOrgId: 'bureau', at: '2026-11-24T10:00:00.000Z' } };
    given(priceDecider, [created, approved]).when(change).thenRefused('conflict');
  });
  it('is decided once, by an approver in standing; a rejection needs a reason', () => {
    given(priceDecider, [created]).when({ ...decide, isCheck: 1 }).then([{ type: 'SkuPriceDecided', data: { id: 'p1', isCheck: 1, checkRemark: '', checkedBy: 'b', checkedOrgId: 'bureau', at: decide.at } }]);
    given(priceDecider, [created]).when({ ...decide, isCheck: -2 }).thenRefused('invalid', /驳回原因/);
    given(priceDecider, [created]).when({ ...decide, isCheck: 1, standing: { ok: false, reason: '不是本区域的教育局' } }).thenRefused('forbidden', /本区域/);
    const approved = given(priceDecider, [created]).when({ ...decide, isCheck: 1 });
    expect(approved.state().isCheck).toBe(1);
    given(priceDecider, [created, { type: 'SkuPriceDecided', data: { id: 'p1', isCheck: 1, checkRemark: '', checkedBy: 'b', checkedOrgId: 'bureau', at: decide.at } }])
      .when({ ...decide, isCheck: -2, remark: '太贵' }).thenRefused('conflict', /已被审核（已通过）/);
  });
  it('deletes a live price once, recording what superseded it', () => {
    given(priceDecider, [created]).when({ type: 'DeletePrice', id: 'p1', at: decide.at, supersededBy: 'p2' })
      .then([{ type: 'SkuPriceDeleted', data: { id: 'p1', at: decide.at, supersededBy: 'p2' } }]);
    given(priceDecider, [created, { type: 'SkuPriceDeleted', data: { id: 'p1', at: decide.at } }]).when({ type: 'DeletePrice', id: 'p1', at: decide.at }).thenRefused('notFound');
  });
});
