import { describe, it } from 'vitest';
import { deliveryRouteDecider, type DeliveryRouteEvent, type MallRouteCreated } from '../../../../domain/aggregates/deliveryRoute.ts';
import { given } from '../../../support/decider.ts';

const route: MallRouteCreated = {
  objectId: 'r1', name: '东线', roleGroupId: null, manageRoleNames: ['配送员'], purchaserOrgIds: ['o1'], deliveryUserIds: [], sort: 0, remark: '', at: '2026-11-24T08:00:00.000Z',
};
const created: DeliveryRouteEvent = { type: 'MallRouteCreated', data: route };
const ok = { nameTaken: false, groupInvalid: false };

describe('delivery route decider', () => {
  it('creates a route with a free name and a valid group', () => {
    given(deliveryRouteDecider).when({ type: 'CreateRoute', route: { ...route, name: ' 东线 ' }, ...ok }).then([created]);
    given(deliveryRouteDecider).when({ type: 'CreateRoute', route, nameTaken: true, groupInvalid: false }).thenRefused('invalid', /名称已存在/);
    given(deliveryRouteDecider).when({ type: 'CreateRoute', route, nameTaken: false, groupInvalid: true }).thenRefused('invalid', /分组不存在/);
    given(deliveryRouteDecider).when({ type: 'CreateRoute', route: { ...route, name: ' ' }, ...ok }).thenRefused('invalid', /不能为空/);
  });
  it('changes a live route only', () => {
    const change = { objectId: 'r1', at: '2026-11-24T09:00:00.000Z', name: '西线 ' };
    given(deliveryRouteDecider, [created]).when({ type: 'UpdateRoute', change, ...ok }).then([{ type: 'MallRouteUpdated', data: { ...change, name: '西线' } }]);
    const deleted: DeliveryRouteEvent = { type: 'MallRouteDeleted', data: { objectId: 'r1', at: change.at } };
    given(deliveryRouteDecider, [created, deleted]).when({ type: 'UpdateRoute', change, ...ok }).thenRefused('notFound');
    given(deliveryRouteDecider, [created, deleted]).when({ type: 'DeleteRoute', objectId: 'r1', at: change.at }).thenRefused('notFound');
    given(deliveryRouteDecider, [created]).when({ type: 'DeleteRoute', objectId: 'r1', at: change.at }).then([deleted]);
  });
});
