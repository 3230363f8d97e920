// payToBuy (issue 35): a service order is paid only by the platform's confirmation of a bank transfer or by its
// gateway's answer, once; only a pending order is cancelled. Its price and user limit are the deployment's editions'
// (its configuration), kept on the order.
import { describe, it } from 'vitest';
import { serviceOrderDecider, type ServiceOrderCommand, type ServiceOrderEvent } from '../../../../domain/aggregates/serviceOrder.ts';
import { DEFAULT_SERVICE_EDITIONS, SERVICE_TEXT, type ServiceEditionOffer } from '../../../../domain/servicePlan.ts';
import { given } from '../../../support/decider.ts';

const at = '2026-11-29T10:00:00.000Z';
// a deployment's own editions: none of the defaults
const editions: ServiceEditionOffer[] = [
  { key: 'basic', name: '入门版', userLimit: 10, yearlyPrice: 800 },
  { key: 'standard', name: '学校版', userLimit: 150, yearlyPrice: 4321.5 },
];
const place: ServiceOrderCommand = {
  type: 'PlaceOrder', id: 'o1', orgId: 'org-a', edition: 'standard', years: 1, method: 'bankTransfer', placedBy: 'u1', at, userCount: 3, methodEnabled: true, editions,
};
const placed: ServiceOrderEvent = {
  type: 'ServiceOrderPlaced', data: { id: 'o1', orgId: 'org-a', edition: 'standard', years: 1, amount: 4321.5, method: 'bankTransfer', placedBy: 'u1', at, userLimit: 150 },
};
const simPlaced: ServiceOrderEvent = { type: 'ServiceOrderPlaced', data: { ...(placed.data as Extract<ServiceOrderEvent, { type: 'ServiceOrderPlaced' }>['data']), method: 'simulated' } };
const confirm = (by: Extract<ServiceOrderCommand, { type: 'ConfirmPayment' }>['by']): ServiceOrderCommand =>
  ({ type: 'ConfirmPayment', reference: ' TX-1 ', at, by, currentExpiration: '2027-01-01T00:00:00.000Z' });
const paid: ServiceOrderEvent = {
  type: 'ServiceOrderPaid',
  data: { id: 'o1', orgId: 'org-a', reference: 'TX-1', paidAt: at, confirmedBy: 'p1', edition: 'standard', expiration: '2028-01-01T00:00:00.000Z', userLimit: 150 },
};

describe('service order decider', () => {
  it('places an order at the edition\'s price; refuses a method the deployment lacks and an edition the users do not fit', () => {
    given(serviceOrderDecider).when(place).then([placed]);
    given(serviceOrderDecider).when({ ...place, methodEnabled: false }).thenRefused('invalid', SERVICE_TEXT.methodOff);
    given(serviceOrderDecider).when({ ...place, edition: 'basic', userCount: 50 }).thenRefused('invalid', /超过该版本的 10 个上限/);
    // an edition the deployment does not sell (a default one included), two years at its price
    given(serviceOrderDecider).when({ ...place, edition: 'professional' }).thenRefused('invalid', SERVICE_TEXT.badEdition);
    given(serviceOrderDecider).when({ ...place, years: 2 }).then([{ ...placed, data: { ...(placed.data as Extract<ServiceOrderEvent, { type: 'ServiceOrderPlaced' }>['data']), years: 2, amount: 8643 } }]);
    given(serviceOrderDecider, [placed]).when(place).thenRefused('conflict');
  });

  it('a bank transfer is paid by the platform\'s confirmation only, once, extending from the current end', () => {
    given(serviceOrderDecider, [placed]).when(confirm({ gateway: 'simulated' })).thenRefused('forbidden', SERVICE_TEXT.platformConfirms);
    given(serviceOrderDecider, [placed]).when(confirm({ platform: true, userId: 'p1' })).then([paid]);
    given(serviceOrderDecider, [placed, paid]).when(confirm({ platform: true, userId: 'p1' })).thenRefused('conflict', SERVICE_TEXT.notPending);
    given(serviceOrderDecider, [placed]).when({ ...confirm({ platform: true, userId: 'p1' }), reference: '  ' } as ServiceOrderCommand).thenRefused('invalid', SERVICE_TEXT.badReference);
    given(serviceOrderDecider).when(confirm({ platform: true, userId: 'p1' })).thenRefused('notFound');
    // an order placed before orders kept their limit: the default edition's
    const { userLimit: _kept, ...earlier } = placed.data as Extract<ServiceOrderEvent, { type: 'ServiceOrderPlaced' }>['data'];
    given(serviceOrderDecider, [{ type: 'ServiceOrderPlaced', data: earlier }]).when(confirm({ platform: true, userId: 'p1' }))
      .then([{ ...paid, data: { ...(paid.data as Extract<ServiceOrderEvent, { type: 'ServiceOrderPaid' }>['data']), userLimit: DEFAULT_SERVICE_EDITIONS[1]!.userLimit } }]);
  });

  it('a gateway order is paid by its gateway\'s answer, never by a person', () => {
    given(serviceOrderDecider, [simPlaced]).when(confirm({ platform: true, userId: 'p1' })).thenRefused('forbidden', SERVICE_TEXT.gatewayOnly);
    given(serviceOrderDecider, [simPlaced]).when(confirm({ gateway: 'simulated' }))
      .then([{ ...paid, data: { ...(paid.data as Extract<ServiceOrderEvent, { type: 'ServiceOrderPaid' }>['data']), confirmedBy: null } }]);
  });

  it('only a pending order is cancelled', () => {
    const cancelled: ServiceOrderEvent = { type: 'ServiceOrderCancelled', data: { id: 'o1', orgId: 'org-a', by: 'u1', at } };
    given(serviceOrderDecider, [placed]).when({ type: 'CancelOrder', by: 'u1', at }).then([cancelled]);
    given(serviceOrderDecider, [placed, cancelled]).when(confirm({ platform: true, userId: 'p1' })).thenRefused('conflict');
    given(serviceOrderDecider, [placed, paid]).when({ type: 'CancelOrder', by: 'u1', at }).thenRefused('conflict');
  });
});
