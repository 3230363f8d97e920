import { describe, expect, it } from 'vitest';
import { addYears, extendedExpiration, orderProblem, quoteOf, SERVICE_EDITIONS, SERVICE_TEXT } from '../../../domain/servicePlan.ts';
import { serviceOrderDecider, type ServiceOrderCommand, type ServiceOrderEvent } from '../../../domain/aggregates/serviceOrder.ts';
import { fold, isRefusal } from '../../../domain/decider.ts';

describe('the service plan', () => {
  it('prices an order from the edition and years, never from the buyer', () => {
    expect(quoteOf('standard', 2)).toBe(SERVICE_EDITIONS.standard.yearlyPrice * 2);
  });

  it('refuses an unknown edition, bad years, or an edition the org\'s users do not fit in', () => {
    expect(orderProblem({ edition: 'gold', years: 1, userCount: 0 })).toBe(SERVICE_TEXT.badEdition);
    for (const years of [0, 4, 1.5, '1']) expect(orderProblem({ edition: 'basic', years, userCount: 0 })).toBe(SERVICE_TEXT.badYears);
    expect(orderProblem({ edition: 'basic', years: 1, userCount: 21 })).toBe(SERVICE_TEXT.tooManyUsers(21, 20));
    expect(orderProblem({ edition: 'standard', years: 3, userCount: 21 })).toBeNull();
  });

  it('extends from the current end while the plan runs, else from the payment', () => {
    const paid = new Date('2026-11-29T10:00:00Z');
    expect(extendedExpiration('2026-12-31T15:59:59.000Z', paid, 1)).toBe('2027-12-31T15:59:59.000Z');
    expect(extendedExpiration('2026-01-01T00:00:00.000Z', paid, 2)).toBe('2028-11-29T10:00:00.000Z');
    expect(extendedExpiration(null, paid, 1)).toBe('2027-11-29T10:00:00.000Z');
    expect(addYears(new Date('2028-02-29T00:00:00Z'), 1).toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });
});

describe('a service order', () => {
  const at = '2026-11-29T10:00:00.000Z';
  const place = (over: Partial<Extract<ServiceOrderCommand, { type: 'PlaceOrder' }>> = {}): ServiceOrderCommand =>
    ({ type: 'PlaceOrder', id: 'o1', orgId: 'org-a', edition: 'standard', years: 1, method: 'bankTransfer', placedBy: 'u1', at, userCount: 3, methodEnabled: true, ...over });
  const run = (commands: ServiceOrderCommand[]) => {
    const events: ServiceOrderEvent[] = [];
    let last: unknown = null;
    for (const c of commands) {
      last = serviceOrderDecider.decide(c, fold(serviceOrderDecider, events));
      if (!isRefusal(last)) events.push(...(last as ServiceOrderEvent[]));
    }
    return { events, last };
  };

  it('a bank transfer is paid only when the platform confirms it, and then gives the plan', () => {
    const confirm = (by: Extract<ServiceOrderCommand, { type: 'ConfirmPayment' }>['by']): ServiceOrderCommand =>
      ({ type: 'ConfirmPayment', reference: ' TX-1 ', at, by, currentExpiration: '2027-01-01T00:00:00.000Z' });
    expect(run([place(), confirm({ gateway: 'simulated' })]).last).toMatchObject({ refused: 'forbidden', message: SERVICE_TEXT.platformConfirms });
    const { events, last } = run([place(), confirm({ platform: true, userId: 'p1' })]);
    expect(last).toEqual([{ type: 'ServiceOrderPaid', data: {
      id: 'o1', orgId: 'org-a', reference: 'TX-1', paidAt: at, confirmedBy: 'p1', edition: 'standard', expiration: '2028-01-01T00:00:00.000Z', userLimit: SERVICE_EDITIONS.standard.userLimit,
    } }]);
    expect(events[0].data).toMatchObject({ amount: SERVICE_EDITIONS.standard.yearlyPrice });
    // paid once only
    expect(run([place(), confirm({ platform: true, userId: 'p1' }), confirm({ platform: true, userId: 'p1' })]).last).toMatchObject({ refused: 'conflict' });
  });

  it('a gateway order is confirmed by that gateway only; a method the deployment lacks is refused; a pending order can be cancelled', () => {
    const sim = place({ method: 'simulated' });
    expect(run([sim, { type: 'ConfirmPayment', reference: 'x', at, by: { platform: true, userId: 'p1' }, currentExpiration: null }]).last).toMatchObject({ refused: 'forbidden', message: SERVICE_TEXT.gatewayOnly });
    expect(run([sim, { type: 'ConfirmPayment', reference: 'SIM-1', at, by: { gateway: 'simulated' }, currentExpiration: null }]).last).toMatchObject([{ type: 'ServiceOrderPaid' }]);
    expect(run([place({ methodEnabled: false })]).last).toMatchObject({ refused: 'invalid', message: SERVICE_TEXT.methodOff });
    expect(run([place(), { type: 'CancelOrder', by: 'u1', at }]).last).toMatchObject([{ type: 'ServiceOrderCancelled' }]);
    expect(run([place(), { type: 'CancelOrder', by: 'u1', at }, { type: 'ConfirmPayment', reference: 'x', at, by: { platform: true, userId: 'p1' }, currentExpiration: null }]).last)
      .toMatchObject({ refused: 'conflict', message: SERVICE_TEXT.notPending });
    expect(run([place({ edition: 'basic', userCount: 50 })]).last).toMatchObject({ refused: 'invalid' });
  });
});
