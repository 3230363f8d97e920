// How money moves, behind ONE interface for every order the server takes (issue 35: the service plan's renewals,
// payToBuy; issue 34: the fruit mall's member orders). The server decides the amount; an adapter only moves it. A
// deployment has two adapters today:
// - offline: nothing is charged now. The money moves outside the system (a bank transfer the platform confirms for a
//   service order; cash at school the fruit org records for a fruit order) and a person confirms it by hand. Given the
//   deployment's bank account (PAYMENT_BANK_*), its answer carries the transfer instructions, the order number as memo.
// - simulated: a stand-in gateway for development and tests that pays every charge at once with a reference of its
//   own. It exists only where the deployment turns it on (PAYMENT_GATEWAY=simulated, or PAYMENT_SIMULATED=true), never
//   in production (server/settings.ts refuses to start so).
// A real gateway is one more adapter in the `gateway` slot: its charge answers `redirect` (where the buyer pays) and its
// signed notification later confirms the order, as the simulated one's `paid` answer does at once.
import crypto from 'node:crypto';

/** Where the buyer sends a bank transfer; the order number goes in the transfer's memo so the platform finds it. */
export interface BankTransferInstructions { payee: string; bank: string; account: string; memo: string }
export type BankAccount = Omit<BankTransferInstructions, 'memo'>;

export interface Charge { orderId: string; orderNo: string; amount: number }

export type ChargeResult =
  /** the money is in: the order becomes paid with this reference */
  | { paid: true; ref: string }
  /** nothing moved yet: a person confirms the money later (offline), with the transfer instructions when there are any */
  | { paid: false; ref: ''; instructions: BankTransferInstructions | null }
  /** a real gateway: the buyer pays there, its notification confirms the order */
  | { paid: false; ref: ''; redirect: string };

export interface PaymentAdapter {
  readonly name: 'offline' | 'simulated';
  charge(input: Charge): Promise<ChargeResult>;
  /** money handed back (a fruit order's missed day); `day` names what the refund is for, when it is a day's */
  refund(input: { orderId: string; paymentRef: string; amount: number; day?: string }): Promise<{ ref: string }>;
}

export class OfflinePayment implements PaymentAdapter {
  readonly name = 'offline' as const;
  constructor(private readonly account: BankAccount | null = null) {}
  async charge({ orderNo }: Charge): Promise<ChargeResult> {
    return { paid: false, ref: '', instructions: this.account ? { ...this.account, memo: orderNo } : null };
  }
  async refund({ orderId, day }: { orderId: string; day?: string }) { return { ref: `OFFLINE-${orderId.slice(0, 8)}${day ? `-${day}` : ''}` }; }
}

/** Pays every charge at once; `fail` makes the next charges fail (a test of the failure path). */
export class SimulatedGateway implements PaymentAdapter {
  readonly name = 'simulated' as const;
  readonly charges: { orderId: string; amount: number; ref: string }[] = [];
  readonly refunds: { orderId: string; amount: number; ref: string }[] = [];
  fail = false;
  async charge({ orderId, amount }: Charge): Promise<ChargeResult> {
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

export function paymentsOf(gateway: string | undefined, account: BankAccount | null = null): Payments {
  return { offline: new OfflinePayment(account), gateway: gateway === 'simulated' ? new SimulatedGateway() : null };
}
