import { describe, expect, it } from 'vitest';
import { logisticsDecider, type LogisticsCreated, type LogisticsEvent } from '../../../../domain/aggregates/logistics.ts';
import { logisticsStatus, markStop, stopsInRouteOrder, validPhone } from '../../../../domain/logistics.ts';
import { given } from '../../../support/decider.ts';

const at = '2026-11-25T06:00:00.000Z';
const delivery: LogisticsCreated = {
  id: 'l1', deliveryDate: '2026-11-25', routeId: 'r1', routeName: '东线', vehicle: '沪A12345', driverName: '王师傅', driverPhone: '13800000000', remark: '',
  stops: [{ orderId: 'o1', orderNo: 'DD1', schoolOrgId: 's1', schoolName: '一小' }, { orderId: 'o2', orderNo: 'DD2', schoolOrgId: 's2', schoolName: '二小' }], at,
};
const created: LogisticsEvent = { type: 'LogisticsCreated', data: delivery };
const ok = { routeInvalid: false, invalidOrders: [], takenOrders: [] };
const departed = (orderId: string): LogisticsEvent => ({ type: 'LogisticsStopDeparted', data: { id: 'l1', orderId, at } });
const arrived = (orderId: string): LogisticsEvent => ({ type: 'LogisticsStopArrived', data: { id: 'l1', orderId, at } });

describe('logistics decider', () => {
  it('creates a delivery with its stops, trimmed, and refuses bad input', () => {
    given(logisticsDecider).when({ type: 'CreateLogistics', logistics: { ...delivery, vehicle: ' 沪A12345 ' }, ...ok }).then([created]);
    given(logisticsDecider).when({ type: 'CreateLogistics', logistics: { ...delivery, stops: [] }, ...ok }).thenRefused('invalid', /至少/);
    given(logisticsDecider).when({ type: 'CreateLogistics', logistics: { ...delivery, stops: [delivery.stops[0]!, delivery.stops[0]!] }, ...ok }).thenRefused('invalid', /重复/);
    given(logisticsDecider).when({ type: 'CreateLogistics', logistics: delivery, ...ok, routeInvalid: true }).thenRefused('invalid', /路线不存在/);
    given(logisticsDecider).when({ type: 'CreateLogistics', logistics: delivery, ...ok, invalidOrders: ['DD9'] }).thenRefused('invalid', /DD9/);
    given(logisticsDecider).when({ type: 'CreateLogistics', logistics: delivery, ...ok, takenOrders: ['DD1'] }).thenRefused('conflict', /DD1.*其他配送单/);
    given(logisticsDecider).when({ type: 'CreateLogistics', logistics: { ...delivery, driverPhone: 'abc' }, ...ok }).thenRefused('invalid', /电话/);
    given(logisticsDecider).when({ type: 'CreateLogistics', logistics: { ...delivery, vehicle: 'x'.repeat(51) }, ...ok }).thenRefused('invalid', /车辆/);
    given(logisticsDecider, [created]).when({ type: 'CreateLogistics', logistics: delivery, ...ok }).thenRefused('conflict');
  });

  it('changes the orders and deletes only while planned; vehicle and driver any time', () => {
    const stops = [delivery.stops[1]!];
    given(logisticsDecider, [created]).when({ type: 'UpdateLogistics', change: { id: 'l1', at, stops }, ...ok }).then([{ type: 'LogisticsUpdated', data: { id: 'l1', at, stops } }]);
    given(logisticsDecider, [created, departed('o1')]).when({ type: 'UpdateLogistics', change: { id: 'l1', at, stops }, ...ok }).thenRefused('conflict', /已出发/);
    given(logisticsDecider, [created, departed('o1')]).when({ type: 'UpdateLogistics', change: { id: 'l1', at, driverName: '李师傅' }, ...ok })
      .then([{ type: 'LogisticsUpdated', data: { id: 'l1', at, driverName: '李师傅' } }]);
    given(logisticsDecider, [created]).when({ type: 'DeleteLogistics', id: 'l1', at }).then([{ type: 'LogisticsDeleted', data: { id: 'l1', at } }]);
    given(logisticsDecider, [created, departed('o2')]).when({ type: 'DeleteLogistics', id: 'l1', at }).thenRefused('conflict');
    given(logisticsDecider).when({ type: 'DeleteLogistics', id: 'l1', at }).thenRefused('notFound');
    given(logisticsDecider, [created, { type: 'LogisticsDeleted', data: { id: 'l1', at } }]).when({ type: 'UpdateLogistics', change: { id: 'l1', at, vehicle: 'x' }, ...ok }).thenRefused('notFound');
  });

  it('marks a stop departed then arrived, in that order, once each', () => {
    given(logisticsDecider, [created]).when({ type: 'MarkStop', id: 'l1', orderId: 'o1', mark: 'depart', at }).then([departed('o1')]);
    given(logisticsDecider, [created]).when({ type: 'MarkStop', id: 'l1', orderId: 'o1', mark: 'arrive', at }).thenRefused('conflict', /尚未出发/);
    given(logisticsDecider, [created, departed('o1')]).when({ type: 'MarkStop', id: 'l1', orderId: 'o1', mark: 'arrive', at }).then([arrived('o1')]);
    given(logisticsDecider, [created, departed('o1')]).when({ type: 'MarkStop', id: 'l1', orderId: 'o1', mark: 'depart', at }).thenRefused('conflict', /已出发/);
    given(logisticsDecider, [created, departed('o1'), arrived('o1')]).when({ type: 'MarkStop', id: 'l1', orderId: 'o1', mark: 'arrive', at }).thenRefused('conflict', /已到达/);
    given(logisticsDecider, [created]).when({ type: 'MarkStop', id: 'l1', orderId: 'o9', mark: 'depart', at }).thenRefused('notFound');
  });
});

describe('logistics rules', () => {
  it('orders stops by the route, and says where the delivery is', () => {
    const stops = [{ schoolOrgId: 'b', orderNo: '2' }, { schoolOrgId: 'x', orderNo: '1' }, { schoolOrgId: 'a', orderNo: '3' }, { schoolOrgId: 'b', orderNo: '1' }];
    expect(stopsInRouteOrder(['a', 'b'], stops).map((s) => s.schoolOrgId + s.orderNo)).toEqual(['a3', 'b1', 'b2', 'x1']);
    expect(logisticsStatus([{ status: 'pending' }, { status: 'pending' }])).toBe('planned');
    expect(logisticsStatus([{ status: 'arrived' }, { status: 'pending' }])).toBe('onRoad');
    expect(logisticsStatus([{ status: 'arrived' }, { status: 'arrived' }])).toBe('done');
    expect(markStop('pending', 'depart')).toBe('departed');
    expect(markStop('pending', 'arrive')).toBeNull();
    expect(validPhone('138 0000 0000')).toBe(true);
    expect(validPhone('12')).toBe(false);
  });
});
