// How a service order (payToBuy, issue 35) is paid: one adapter per payment method. Like the SMS adapter, the
// deployment chooses which it offers (ServerSettings.paymentMethods): a bank transfer always (the platform confirms
// the money arrived, by hand); the simulated gateway only where a test or a developer turns it on, never in a real
// deployment, since it pays every order at once. A real gateway is another adapter: its `start` answers `redirect`
// (where the buyer pays) and its signed notification confirms the order as the simulated one's answer does.
import type { PaymentMethod } from '../../domain/servicePlan.ts';

export interface PaymentOrder { id: string; orgId: string; amount: number }

/** Where the buyer sends a bank transfer; the order number goes in the transfer's memo so the platform finds it. */
export interface BankTransferInstructions { payee: string; bank: string; account: string; memo: string }

export type PaymentStart =
  | { state: 'awaitingTransfer'; instructions: BankTransferInstructions }
  | { state: 'redirect'; url: string }
  | { state: 'paid'; reference: string };

export interface PaymentAdapter {
  method: PaymentMethod;
  /** begins paying an order just placed */
  start(order: PaymentOrder): Promise<PaymentStart>;
}

export class BankTransferAdapter implements PaymentAdapter {
  readonly method = 'bankTransfer' as const;
  constructor(private readonly account: Omit<BankTransferInstructions, 'memo'>) {}
  async start(order: PaymentOrder): Promise<PaymentStart> {
    return { state: 'awaitingTransfer', instructions: { ...this.account, memo: order.id } };
  }
}

/** Tests and development: the gateway accepts every order at once and answers with its own reference. */
export class SimulatedGatewayAdapter implements PaymentAdapter {
  readonly method = 'simulated' as const;
  async start(order: PaymentOrder): Promise<PaymentStart> {
    return { state: 'paid', reference: `SIM-${order.id.slice(0, 8).toUpperCase()}` };
  }
}

/** The adapters a deployment offers, by method. */
export function paymentAdapters(methods: readonly PaymentMethod[], account: Omit<BankTransferInstructions, 'memo'>): Map<PaymentMethod, PaymentAdapter> {
  const all: PaymentAdapter[] = [new BankTransferAdapter(account), new SimulatedGatewayAdapter()];
  return new Map(all.filter((a) => methods.includes(a.method)).map((a) => [a.method, a]));
}
