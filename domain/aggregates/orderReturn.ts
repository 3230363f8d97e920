// Returns (issue 11): one stream per return (`orderReturn-<id>`) in the school's org, like its order. The rules are
// domain/orderReturn.ts's; the handler looks up the order (its status and received lines, with what the order's
// standing returns already take back) under a lock on the order, and passes them in the command.
import { refuse, type Decider, type DomainEvent, type Refusal } from '../decider.ts';
import { quantityProblem, type OrderParty, type OrderStatus } from '../order.ts';
import { lineAmount } from '../money.ts';
import {
  RETURNABLE_ORDER_STATUSES, RETURN_TEXT, RETURN_TRANSITIONS, returnAmount, returnableQuantity,
  type ReturnAction, type ReturnStatus, type ReturnableLine,
} from '../orderReturn.ts';

export const orderReturnStream = (returnId: string) => `orderReturn-${returnId}`;

export interface ReturnHeader {
  returnId: string; returnNo: string; orderId: string; orderNo: string; orgName: string; supplierOrgId: string; supplierName: string;
  createdBy: string; createdByName: string;
}
export interface ReturnLineData { skuId: string; productName: string; skuName: string; unit: string; price: number; quantity: number; amount: number }
export interface ReturnCreated extends ReturnHeader { reason: string; photos: string[]; lines: ReturnLineData[]; amount: number; at: string }
export interface ReturnDecided { returnId: string; orderId: string; reason: string; at: string }

export type OrderReturnEvent =
  | DomainEvent<'ReturnCreated', ReturnCreated>
  | DomainEvent<'ReturnAccepted', ReturnDecided>
  | DomainEvent<'ReturnDisputed', ReturnDecided>
  | DomainEvent<'ReturnWithdrawn', ReturnDecided>;

/** The order as the handler found it: null when the caller's school has no such order. */
export interface ReturnFacts { orderStatus: OrderStatus; lines: Record<string, ReturnableLine> }

export type OrderReturnCommand =
  | { type: 'CreateReturn'; header: ReturnHeader; reason: string; photos: string[]; items: { skuId: string; quantity: unknown }[]; by: OrderParty; facts: ReturnFacts; at: string }
  | { type: 'DecideReturn'; returnId: string; action: ReturnAction; reason: string; by: OrderParty; at: string };

export interface OrderReturnState { status: ReturnStatus | 'none'; orderId: string }

const EVENT_OF: Readonly<Record<ReturnAction, 'ReturnAccepted' | 'ReturnDisputed' | 'ReturnWithdrawn'>> = {
  accept: 'ReturnAccepted', dispute: 'ReturnDisputed', withdraw: 'ReturnWithdrawn',
};

function decideCreate(c: Extract<OrderReturnCommand, { type: 'CreateReturn' }>, state: OrderReturnState): OrderReturnEvent[] | Refusal {
  if (state.status !== 'none') return refuse('conflict', RETURN_TEXT.exists);
  if (c.by !== 'school') return refuse('forbidden', RETURN_TEXT.notSchool);
  if (!RETURNABLE_ORDER_STATUSES.includes(c.facts.orderStatus)) return refuse('conflict', RETURN_TEXT.orderNotReceived);
  const reason = c.reason.trim();
  if (!reason) return refuse('invalid', RETURN_TEXT.reasonRequired);
  if (!c.items.length) return refuse('invalid', RETURN_TEXT.noLines);
  const lines: ReturnLineData[] = [];
  const seen = new Set<string>();
  for (const item of c.items) {
    const line = c.facts.lines[item.skuId];
    if (!line) return refuse('invalid', RETURN_TEXT.unknownLine(item.skuId));
    if (seen.has(item.skuId)) return refuse('invalid', RETURN_TEXT.duplicateLine(item.skuId));
    seen.add(item.skuId);
    const problem = quantityProblem(item.quantity);
    if (problem) return refuse('invalid', `${problem}（${item.skuId}）`);
    const quantity = item.quantity as number;
    const most = returnableQuantity(line);
    if (quantity > most) return refuse('invalid', RETURN_TEXT.tooMuch(item.skuId, most, line.unit));
    lines.push({ skuId: item.skuId, productName: line.productName, skuName: line.skuName, unit: line.unit, price: line.price, quantity, amount: lineAmount(line.price, quantity) });
  }
  return [{ type: 'ReturnCreated', data: { ...c.header, reason, photos: c.photos, lines, amount: returnAmount(lines), at: c.at } }];
}

export const orderReturnDecider: Decider<OrderReturnCommand, OrderReturnState, OrderReturnEvent> = {
  initialState: () => ({ status: 'none', orderId: '' }),
  decide(command, state) {
    if (command.type === 'CreateReturn') return decideCreate(command, state);
    if (state.status === 'none') return refuse('notFound', RETURN_TEXT.notFound);
    const { action, by } = command;
    if (!RETURN_TRANSITIONS[action].by.includes(by)) return refuse('forbidden', RETURN_TEXT.notYourAction(action));
    if (state.status !== 'pending') return refuse('conflict', RETURN_TEXT.notPending(action, state.status));
    const reason = command.reason.trim();
    if (action === 'dispute' && !reason) return refuse('invalid', RETURN_TEXT.disputeReasonRequired);
    return [{ type: EVENT_OF[action], data: { returnId: command.returnId, orderId: state.orderId, reason, at: command.at } }];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ReturnCreated': return { status: 'pending', orderId: event.data.orderId };
      case 'ReturnAccepted': return { ...state, status: 'accepted' };
      case 'ReturnDisputed': return { ...state, status: 'disputed' };
      case 'ReturnWithdrawn': return { ...state, status: 'withdrawn' };
    }
  },
};
