// Returns (issue 11; §2 mallOrderReturnManage, §3 Return order returnId, §7 `/v4/mall/order/return`): the school
// returns part of what it received on an order, with a reason; the supplier of the order accepts or disputes it.
// The rules live here, shared by the decider (domain/aggregates/orderReturn.ts), the routes and the screen:
//
//   pending ─accept→ accepted          (the supplier takes the goods back; the amount is credited on the order)
//      │ └──dispute→ disputed          (the supplier does not agree, with a reason)
//      └──withdraw→ withdrawn          (the school takes the return back before the supplier decides: DELETE)
//
// A return names lines of a received (or settled) order; each quantity is at most what was received on the line
// less what other returns still standing (pending or accepted) already take back. Amounts are quantity × the
// order line's price to the fen (domain/money.ts), summed in fen.
import { lineAmount, sumAmounts } from './money.ts';
import { ORDER_LIMITS, type OrderParty, type OrderStatus } from './order.ts';

export const RETURN_STATUSES = ['pending', 'accepted', 'disputed', 'withdrawn'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_ACTIONS = ['accept', 'dispute', 'withdraw'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

/** The order statuses a return may be made in: the goods have been received. */
export const RETURNABLE_ORDER_STATUSES: readonly OrderStatus[] = ['received', 'settled'];

/** Each action: from pending only (a decided return stays decided), and who takes it. */
export const RETURN_TRANSITIONS: Readonly<Record<ReturnAction, { to: ReturnStatus; by: readonly OrderParty[] }>> = {
  accept: { to: 'accepted', by: ['supplier'] },
  dispute: { to: 'disputed', by: ['supplier'] },
  withdraw: { to: 'withdrawn', by: ['school'] },
};

/** Returns that still take goods back: their quantities count against what may be returned again. */
export const STANDING_STATUSES: readonly ReturnStatus[] = ['pending', 'accepted'];

export function returnActionsFor(status: ReturnStatus, party: OrderParty): ReturnAction[] {
  if (status !== 'pending') return [];
  return RETURN_ACTIONS.filter((a) => RETURN_TRANSITIONS[a].by.includes(party));
}

export const RETURN_LIMITS = {
  linesMax: ORDER_LIMITS.linesMax,
  reasonMax: 500,
  photosMax: 3,
  // an address, or a photo shrunk in the browser and sent inline (about 100 KB of JPEG, 140 KB of base64)
  photoMax: 200_000,
} as const;

/** A received line of the order as the handler found it. */
export interface ReturnableLine {
  productName: string; skuName: string; unit: string;
  /** ¥ the order line's price */
  price: number;
  receivedQuantity: number;
  /** already taken back by the order's standing returns */
  returnedQuantity: number;
}

/** What may still be returned of a line (never below 0; three decimals like every quantity). */
export function returnableQuantity(line: Pick<ReturnableLine, 'receivedQuantity' | 'returnedQuantity'>): number {
  return Math.max(0, Math.round((line.receivedQuantity - line.returnedQuantity) * 1000) / 1000);
}

/** ¥ of a return: each line's quantity × its price to the fen, added in fen. */
export function returnAmount(lines: readonly { price: number; quantity: number }[]): number {
  return sumAmounts(lines.map((l) => lineAmount(l.price, l.quantity)));
}

export const RETURN_STATUS_NAMES: Readonly<Record<ReturnStatus, string>> = {
  pending: '待处理', accepted: '已同意', disputed: '有异议', withdrawn: '已撤回',
};
export const RETURN_ACTION_NAMES: Readonly<Record<ReturnAction, string>> = { accept: '同意退货', dispute: '提出异议', withdraw: '撤回' };

/** The server's words (§8 style: a readable status_text). */
export const RETURN_TEXT = {
  notFound: '退货单不存在',
  orderNotFound: '订单不存在',
  exists: '退货单已存在',
  notYourAction: (a: ReturnAction) => `无权${RETURN_ACTION_NAMES[a]}`,
  notSchool: '只有下单的学校可以退货',
  notPending: (a: ReturnAction, s: ReturnStatus) => `退货单${RETURN_STATUS_NAMES[s]}，不能${RETURN_ACTION_NAMES[a]}`,
  orderNotReceived: '订单尚未收货，不能退货',
  noLines: '参数错误：请至少选择一个退货商品',
  reasonRequired: '参数错误：请填写退货原因',
  disputeReasonRequired: '参数错误：请填写异议原因',
  unknownLine: (skuId: string) => `参数错误：订单中没有已收货的商品 ${skuId}`,
  duplicateLine: (skuId: string) => `参数错误：商品 ${skuId} 重复`,
  tooMuch: (skuId: string, most: number, unit: string) => `参数错误：商品 ${skuId} 的退货数量超过可退数量 ${most}${unit}`,
  badPhoto: '参数错误：图片地址不正确',
} as const;

// ── returns in settlement and the order log ──────────────────────────────────────────────────────────────────

/** The returns whose amount comes off what the school pays: those the supplier accepted. */
export const CREDITED_STATUSES: readonly ReturnStatus[] = ['accepted'];

/**
 * What the school pays for an order (its settled amount): what it received (the open lines' amount until then)
 * less the accepted returns, to the fen and never below 0. A return accepted after settlement lowers it too: the
 * credit is owed whenever the supplier takes the goods back.
 */
export function payableAmount(order: { amount: number; receivedAmount: number | null }, returnedAmount: number): number {
  const due = order.receivedAmount ?? order.amount;
  return Math.max(0, sumAmounts([due, -returnedAmount]));
}

/** The order log's action for each return event: a return is part of its order's story. */
export const RETURN_LOG_ACTIONS = {
  ReturnCreated: 'return', ReturnAccepted: 'returnAccept', ReturnDisputed: 'returnDispute', ReturnWithdrawn: 'returnWithdraw',
} as const;
export type ReturnLogAction = (typeof RETURN_LOG_ACTIONS)[keyof typeof RETURN_LOG_ACTIONS];
