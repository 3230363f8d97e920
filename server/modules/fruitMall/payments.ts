// Issue 34: how a member pays for a fruit order, behind one interface so a real gateway is one more adapter. The
// server decides the amount (domain/aggregates/fruitOrder.ts); an adapter only moves it:
// - offline: paid at school. Nothing is charged now; the order stays placed until the fruit org records the payment
//   (PUT /v1/fruit/orders/{id} {action: 'pay'}); a refund is handed back the same way.
// - simulated: a stand-in gateway for development and tests that pays at once with a reference of its own. It is
//   on only where the deployment says so (settings.paymentGateway 'simulated'); otherwise 'gateway' is refused.
import crypto from 'node:crypto';

export interface ChargeResult {
  /** the money is in: the order becomes paid with this reference */
  paid: boolean;
  ref: string;
}

export interface PaymentAdapter {
  readonly name: string;
  charge(input: { orderId: string; orderNo: string; amount: number }): Promise<ChargeResult>;
  refund(input: { orderId: string; paymentRef: string; amount: number; day: string }): Promise<{ ref: string }>;
}

export const offlinePayment: PaymentAdapter = {
  name: 'offline',
  async charge() { return { paid: false, ref: '' }; },
  async refund({ orderId, day }) { return { ref: `OFFLINE-${orderId.slice(0, 8)}-${day}` }; },
};

/** Pays every charge at once; `fail` makes the next charges fail (a test of the failure path). */
export class SimulatedGateway implements PaymentAdapter {
  readonly name = 'simulated';
  readonly charges: { orderId: string; amount: number; ref: string }[] = [];
  readonly refunds: { orderId: string; amount: number; ref: string }[] = [];
  fail = false;
  async charge({ orderId, amount }: { orderId: string; amount: number }): Promise<ChargeResult> {
    if (this.fail) throw new Error('simulated gateway declined');
    const ref = `SIM-${crypto.randomBytes(6).toString('hex')}`;
    this.charges.push({ orderId, amount, ref });
    return { paid: true, ref };
  }
  async refund({ orderId, amount }: { orderId: string; amount: number }): Promise<{ ref: string }> {
    const ref = `SIMR-${crypto.randomBytes(6).toString('hex')}`;
    this.refunds.push({ orderId, amount, ref });
    return { ref };
  }
}

/** The adapters of a deployment: offline always; the gateway only when one is configured. */
export interface Payments { offline: PaymentAdapter; gateway: PaymentAdapter | null }

export function paymentsOf(gateway: string | undefined): Payments {
  return { offline: offlinePayment, gateway: gateway === 'simulated' ? new SimulatedGateway() : null };
}
