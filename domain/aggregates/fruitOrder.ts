// Issue 34: a member's fruit order (stream `fruitOrder-<id>`, in the fruit org that sells it). The handler looks up
// the facts (the SKU's offer, the member's level in the fruit org's storefront, the school days, what is already
// ordered per day, the campaigns live now, or the group buy that placed it) and the decider decides the days, the
// price, the campaign discount and the amount from them: nothing of the price comes from the client. placed → paid (the payment adapter's confirmation, or the fruit org recording an offline payment) →
// day by day delivered or refunded (delivered / refunded when no day is left pending); placed → cancelled.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import {
  FRUIT_LIMITS, FRUIT_TEXT, dayAmountOf, fruitOrderActionProblem, inSeason, isDay, levelPriceOf, orderDaysOf, orderAmountOf, paidStatusOf,
  refundRequestProblem,
  type FruitDayStatus, type FruitOffer, type FruitOrderStatus, type FruitPayment, type FruitPlan,
} from '../fruitMall.ts';
import type { Holiday } from '../types.ts';
import { priceWithCampaigns, type Campaign } from '../mall/campaign.ts';
import { fromFen, toFen } from '../money.ts';

export const fruitOrderStream = (orderId: string) => `fruitOrder-${orderId}`;

export interface FruitOrderMember { phone: string; orgId: string; userId: string; name: string; level: string }
export interface FruitOrderChild { name: string; schoolOrgId: string; schoolName: string; grade: string; className: string }
export interface FruitOrderSku { skuId: string; productId: string; name: string; spec: string; unit: string }

export interface FruitOrderPlaced {
  orderId: string; orderNo: string; member: FruitOrderMember; child: FruitOrderChild; sku: FruitOrderSku;
  plan: FruitPlan; days: string[]; quantity: number; unitPrice: number; dayAmount: number; amount: number; payment: FruitPayment;
  idempotency?: { key: string; fingerprint: string }; at: string;
  /** a campaign took `discount` off `listAmount` (amount is what is paid); dayAmounts: what each day was paid */
  listAmount?: number; discount?: number; campaign?: { id: string; name: string }; dayAmounts?: number[];
  /** placed by this group buy's success, at its group price */
  grouponId?: string;
}
export interface FruitOrderRefundRequested { orderId: string; day: string; reason: string; at: string }
export interface FruitOrderPaid { orderId: string; paymentRef: string; at: string }
export interface FruitOrderDayDelivered { orderId: string; day: string; at: string }
export interface FruitOrderDayRefunded { orderId: string; day: string; amount: number; refundRef: string; reason: string; at: string }
export interface FruitOrderCancelled { orderId: string; by: 'member' | 'fruit'; at: string }

export type FruitOrderEvent =
  | DomainEvent<'FruitOrderPlaced', FruitOrderPlaced>
  | DomainEvent<'FruitOrderPaid', FruitOrderPaid>
  | DomainEvent<'FruitOrderDayDelivered', FruitOrderDayDelivered>
  | DomainEvent<'FruitOrderDayRefunded', FruitOrderDayRefunded>
  | DomainEvent<'FruitOrderCancelled', FruitOrderCancelled>
  | DomainEvent<'FruitOrderRefundRequested', FruitOrderRefundRequested>;

/** What the handler looked up for a new order. */
export interface PlaceFacts {
  /** the SKU as sold: null when the fruit org has no such live SKU */
  sku: (FruitOrderSku & { offer: FruitOffer; onShelf: boolean }) | null;
  /** the fruit org serves the child's school */
  serves: boolean;
  /** the member of the fruit org's storefront (his level there), null when it no longer has him */
  member: FruitOrderMember | null;
  schoolName: string;
  holidays: readonly Holiday[];
  /** today (the fruit org's day): no order for a day before it */
  today: string;
  /** units of the SKU already ordered per day (orders neither cancelled nor refunded that day) */
  orderedByDay: Readonly<Record<string, number>>;
  /** the fruit org's campaigns (the decider takes the best one serving the member's level at `at`) */
  campaigns?: readonly (Campaign & { id: string })[];
  /** a group buy succeeded: its group price, and no campaign on top */
  groupon?: { grouponId: string; groupPrice: number };
}

export type FruitOrderCommand =
  | {
    type: 'PlaceFruitOrder'; orderId: string; orderNo: string; at: string; facts: PlaceFacts;
    child: { name: string; grade: string; className: string; schoolOrgId: string };
    plan: FruitPlan; startDay: string; quantity: number; payment: FruitPayment; idempotency?: { key: string; fingerprint: string };
  }
  | { type: 'PayFruitOrder'; orderId: string; paymentRef: string; at: string }
  | { type: 'DeliverFruitDay'; orderId: string; day: string; at: string }
  | { type: 'RefundFruitDay'; orderId: string; day: string; refundRef: string; reason: string; at: string }
  | { type: 'RequestFruitRefund'; orderId: string; day: string; reason: string; today: string; at: string }
  | { type: 'CancelFruitOrder'; orderId: string; by: 'member' | 'fruit'; at: string };

export interface FruitOrderState {
  status: FruitOrderStatus | 'none';
  payment: FruitPayment;
  dayAmount: number;
  days: Record<string, FruitDayStatus>;
  /** what each day was paid, when a campaign made the days differ from dayAmount */
  dayAmounts: Record<string, number>;
  /** days the member asked a refund of */
  requested: Record<string, true>;
}

/** ¥ `total` over `n` days to the fen, the odd fen on the first days (what each day of a discounted order was paid). */
export function spreadAmount(total: number, n: number): number[] {
  const fen = toFen(total);
  const base = Math.floor(fen / n);
  return Array.from({ length: n }, (_, i) => fromFen(base + (i < fen - base * n ? 1 : 0)));
}

export const fruitOrderDecider: Decider<FruitOrderCommand, FruitOrderState, FruitOrderEvent> = {
  initialState: () => ({ status: 'none', payment: 'offline', dayAmount: 0, days: {}, dayAmounts: {}, requested: {} }),

  decide(command, state) {
    if (command.type === 'PlaceFruitOrder') {
      if (state.status !== 'none') return refuse('conflict', FRUIT_TEXT.orderMissing);
      const { facts, child } = command;
      const name = child.name.trim(); const grade = child.grade.trim(); const className = child.className.trim();
      if (!name || !grade || !className) return refuse('invalid', FRUIT_TEXT.childRequired);
      if (!Number.isInteger(command.quantity) || command.quantity < 1 || command.quantity > FRUIT_LIMITS.quantityMax) return refuse('invalid', FRUIT_TEXT.badQuantity);
      if (!isDay(command.startDay)) return refuse('invalid', FRUIT_TEXT.badDay);
      if (command.startDay < facts.today) return refuse('unprocessable', FRUIT_TEXT.pastDay);
      if (!facts.member) return refuse('forbidden', FRUIT_TEXT.notMember);
      if (!facts.sku) return refuse('notFound', FRUIT_TEXT.skuMissing);
      if (!facts.serves) return refuse('unprocessable', FRUIT_TEXT.notServed);
      if (!facts.sku.onShelf) return refuse('unprocessable', FRUIT_TEXT.skuOffShelf);
      const days = orderDaysOf(command.plan, command.startDay, facts.holidays);
      if (!days.length) return refuse('unprocessable', FRUIT_TEXT.noSchoolDays);
      const offer = facts.sku.offer;
      const outOfSeason = days.find((d) => !inSeason(offer, d));
      if (outOfSeason) return refuse('unprocessable', FRUIT_TEXT.outOfSeason(outOfSeason));
      for (const d of days) {
        const left = offer.dailyStock - (facts.orderedByDay[d] ?? 0);
        if (command.quantity > left) return refuse('conflict', FRUIT_TEXT.soldOut(d, Math.max(0, left)));
      }
      const unitPrice = facts.groupon ? facts.groupon.groupPrice : levelPriceOf(offer, facts.member.level);
      const dayAmount = dayAmountOf(unitPrice, command.quantity);
      const listAmount = orderAmountOf(unitPrice, command.quantity, days.length);
      // a group buy's price is its own: no campaign on top of it
      const priced = facts.groupon ? null : priceWithCampaigns(facts.campaigns ?? [], facts.member.level, new Date(command.at), listAmount);
      const discounted = priced && priced.campaign && priced.discount > 0 ? priced : null;
      const { offer: _o, onShelf: _s, ...sku } = facts.sku;
      return [{
        type: 'FruitOrderPlaced',
        data: {
          orderId: command.orderId, orderNo: command.orderNo, member: facts.member, sku,
          child: { name, grade, className, schoolOrgId: child.schoolOrgId, schoolName: facts.schoolName },
          plan: command.plan, days, quantity: command.quantity, unitPrice, dayAmount,
          amount: discounted ? discounted.total : listAmount, payment: command.payment,
          ...(command.idempotency && { idempotency: command.idempotency }), at: command.at,
          ...(discounted && {
            listAmount, discount: discounted.discount, campaign: { id: discounted.campaign!.id, name: discounted.campaign!.name },
            dayAmounts: spreadAmount(discounted.total, days.length),
          }),
          ...(facts.groupon && { grouponId: facts.groupon.grouponId }),
        },
      }];
    }
    if (state.status === 'none') return refuse('notFound', FRUIT_TEXT.orderMissing);
    const facts = { status: state.status, payment: state.payment, days: state.days };
    switch (command.type) {
      case 'PayFruitOrder': {
        const problem = fruitOrderActionProblem(facts, 'pay');
        if (problem) return refuse('conflict', problem);
        return [{ type: 'FruitOrderPaid', data: { orderId: command.orderId, paymentRef: command.paymentRef, at: command.at } }];
      }
      case 'CancelFruitOrder': {
        const problem = fruitOrderActionProblem(facts, 'cancel');
        if (problem) return refuse('conflict', problem);
        return [{ type: 'FruitOrderCancelled', data: { orderId: command.orderId, by: command.by, at: command.at } }];
      }
      case 'DeliverFruitDay': {
        const problem = fruitOrderActionProblem(facts, 'deliver', command.day);
        if (problem) return refuse('conflict', problem);
        return [{ type: 'FruitOrderDayDelivered', data: { orderId: command.orderId, day: command.day, at: command.at } }];
      }
      case 'RefundFruitDay': {
        const problem = fruitOrderActionProblem(facts, 'refund', command.day);
        if (problem) return refuse('conflict', problem);
        return [{
          type: 'FruitOrderDayRefunded',
          data: { orderId: command.orderId, day: command.day, amount: state.dayAmounts[command.day] ?? state.dayAmount, refundRef: command.refundRef, reason: command.reason.trim(), at: command.at },
        }];
      }
      case 'RequestFruitRefund': {
        const problem = refundRequestProblem({ ...facts, requested: state.requested }, command.day, command.today);
        if (problem) return refuse('conflict', problem);
        return [{ type: 'FruitOrderRefundRequested', data: { orderId: command.orderId, day: command.day, reason: command.reason.trim(), at: command.at } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'FruitOrderPlaced':
        return {
          status: 'placed', payment: event.data.payment, dayAmount: event.data.dayAmount,
          days: Object.fromEntries(event.data.days.map((d) => [d, 'pending' as const])),
          dayAmounts: Object.fromEntries(event.data.days.map((d, i) => [d, event.data.dayAmounts?.[i] ?? event.data.dayAmount])),
          requested: {},
        };
      case 'FruitOrderRefundRequested':
        return { ...state, requested: { ...state.requested, [event.data.day]: true } };
      case 'FruitOrderPaid':
        return { ...state, status: 'paid' };
      case 'FruitOrderCancelled':
        return { ...state, status: 'cancelled' };
      case 'FruitOrderDayDelivered':
      case 'FruitOrderDayRefunded': {
        const days = { ...state.days, [event.data.day]: event.type === 'FruitOrderDayDelivered' ? 'delivered' as const : 'refunded' as const };
        return { ...state, days, status: paidStatusOf(days) };
      }
    }
  },
};
