// Orders (issue 11): one stream per order (`order-<id>`) in the school's org, and one stream of order settings
// per org (`orderSettings-<orgId>`). The rules are domain/order.ts's; the handler looks up the facts other
// aggregates hold (the supplier link and its permissions, the SKUs and their effective prices, the supplier's
// settings, the clock) and passes them in the command.
import { refuse, type Decider, type DomainEvent, type Refusal } from '../decider.ts';
import {
  ACTION_PERMISSION, ORDER_ACTORS, ORDER_LIMITS, ORDER_TEXT, ORDER_TRANSITIONS, allowedIn, beforeCutoff, countedReceiveLimit, formatDeadline, orderDeadline, quantityProblem, settingsProblem,
  type LinkPermissions, type OrderAction, type OrderParty, type OrderSettings, type OrderStatus,
} from '../order.ts';
import { formatMoney, lineAmount, sumAmounts } from '../money.ts';
import { wholePackageProblem } from '../wholePackages.ts';
import { SCALE_TEXT, lineGramsPerUnit, weighLine, weightProblem, type ScaleFields, type WeighResult } from '../scale.ts';

export const orderStream = (orderId: string) => `order-${orderId}`;
export const orderSettingsStream = (orgId: string) => `orderSettings-${orgId}`;

/** A line as the order records it: the goods' names at ordering time, and the price once submitted. */
export interface OrderLineData {
  skuId: string; productId: string; productName: string; skuName: string; spec: string; unit: string; categoryId: string | null;
  quantity: number;
  /** ¥ effective approved price at submission; null on a draft */
  price: number | null;
}

export interface OrderCreated {
  orderId: string; orderNo: string; orgName: string; supplierOrgId: string; supplierName: string; deliveryDate: string; remark: string;
  status: 'draft' | 'submitted'; lines: OrderLineData[]; createdBy: string; createdByName: string; at: string;
  /** the Idempotency-Key it was placed with and the hash of that request's body (domain/idempotency.ts), if any */
  idempotency?: { key: string; fingerprint: string };
}
export interface OrderSubmitted { orderId: string; prices: { skuId: string; price: number }[]; at: string }
export interface OrderConfirmed {
  orderId: string; changed: { skuId: string; quantity: number }[]; refused: { skuId: string; reason: string }[];
  /** the supplier's note to the school on confirming (e.g. 周三上午送达); absent when none was written */
  note?: string;
  at: string;
}
export interface OrderReasoned { orderId: string; reason: string; at: string }
export interface OrderStepped { orderId: string; at: string }
/** A line weighed on a registered scale (mallElectronicWeightManage): the reading and the tolerance verdict. */
export interface LineWeighing { weighedGrams: number; scaleId: string; scaleName: string; allowedGrams: number; weighResult: WeighResult }
export interface OrderReceived {
  orderId: string;
  lines: ({ skuId: string; receivedQuantity: number; remark: string } & Partial<LineWeighing>)[];
  at: string;
}

export type OrderEvent =
  | DomainEvent<'OrderCreated', OrderCreated>
  | DomainEvent<'OrderSubmitted', OrderSubmitted>
  | DomainEvent<'OrderConfirmed', OrderConfirmed>
  | DomainEvent<'OrderRefused', OrderReasoned>
  | DomainEvent<'OrderDispatched', OrderStepped>
  | DomainEvent<'OrderDelivered', OrderStepped>
  | DomainEvent<'OrderReceived', OrderReceived>
  | DomainEvent<'OrderSettled', OrderStepped>
  | DomainEvent<'OrderCancelled', OrderReasoned>;

/** The event each action appends (create appends OrderCreated). */
export const ACTION_EVENTS: Readonly<Record<OrderAction, OrderEvent['type']>> = {
  submit: 'OrderSubmitted', confirm: 'OrderConfirmed', refuse: 'OrderRefused', dispatch: 'OrderDispatched', deliver: 'OrderDelivered',
  receive: 'OrderReceived', settle: 'OrderSettled', cancel: 'OrderCancelled',
};

/** A SKU of the order as the handler found it: null = unknown, another supplier's, or outside the link's categories. */
export interface SkuFact {
  productId: string; productName: string; skuName: string; spec: string; unit: string; categoryId: string | null;
  /** ¥ effective approved price for the school's role group today; null = none */
  price: number | null;
}

/** What the handler found out for a new or submitted order. */
export interface PlacingFacts {
  /** the school links the supplier (enabled); its permissions */
  linked: boolean;
  permissions: LinkPermissions;
  /** the supplier's settings (cut-off, minimum) */
  settings: Pick<OrderSettings, 'cutoffDays' | 'cutoffTime' | 'minimumAmount'>;
  skus: Record<string, SkuFact | null>;
  now: string;
}

export interface LineChange {
  skuId: string; quantity?: number; refused?: boolean; reason?: string; receivedQuantity?: number; remark?: string;
  /** receive on a scale: the reading in grams and the registered scale it came from */
  weighedGrams?: number; scaleId?: string;
}

/** A scale a receipt names, as the handler found it in the school's registry (enabled ones only). */
export type ScaleFact = Pick<ScaleFields, 'name' | 'toleranceKind' | 'tolerance'>;

type Acting = { orderId: string; by: OrderParty; permissions: LinkPermissions; at: string };

export type OrderCommand =
  | { type: 'CreateOrder'; order: Omit<OrderCreated, 'lines' | 'status' | 'at'>; items: { skuId: string; quantity: unknown; price?: unknown }[]; draft: boolean; by: OrderParty; facts: PlacingFacts }
  | (Acting & { type: 'SubmitOrder'; facts: PlacingFacts })
  | (Acting & { type: 'ConfirmOrder'; lines: LineChange[]; supplierMayChangeQuantity: boolean; note?: string })
  | (Acting & { type: 'RefuseOrder'; reason: string })
  | (Acting & { type: 'DispatchOrder' })
  | (Acting & { type: 'DeliverOrder' })
  | (Acting & { type: 'ReceiveOrder'; lines: LineChange[]; scales?: Record<string, ScaleFact | null> })
  | (Acting & { type: 'SettleOrder' })
  | (Acting & { type: 'CancelOrder'; reason: string });

export interface OrderLineState {
  quantity: number; price: number | null; refused: boolean; receivedQuantity: number | null;
  /** grams in one unit of the line (domain/scale lineGramsPerUnit), null when it cannot be weighed */
  gramsPerUnit?: number | null; unit?: string;
  /** the goods' name (a refusal names the line) */
  productName?: string;
}
export interface OrderState {
  status: OrderStatus | 'none';
  deliveryDate: string;
  supplierOrgId: string;
  lines: Record<string, OrderLineState>;
}

const COMMAND_ACTION: Readonly<Record<Exclude<OrderCommand['type'], 'CreateOrder'>, OrderAction>> = {
  SubmitOrder: 'submit', ConfirmOrder: 'confirm', RefuseOrder: 'refuse', DispatchOrder: 'dispatch', DeliverOrder: 'deliver',
  ReceiveOrder: 'receive', SettleOrder: 'settle', CancelOrder: 'cancel',
};

/** ¥ of the open lines of an order. */
export function openAmount(lines: Record<string, OrderLineState>): number {
  return sumAmounts(Object.values(lines).filter((l) => !l.refused).map((l) => lineAmount(l.price ?? 0, l.quantity)));
}

/** Who and in which state: the same checks for every action (403 before 409, then the permission). */
function mayAct(action: OrderAction, by: OrderParty, state: OrderState, permissions: LinkPermissions): Refusal | null {
  if (state.status === 'none') return refuse('notFound', ORDER_TEXT.notFound);
  if (!ORDER_ACTORS[action].includes(by)) return refuse('forbidden', ORDER_TEXT.notYourAction(action));
  if (!allowedIn(action, state.status)) return refuse('conflict', ORDER_TEXT.notAllowed(action, state.status));
  const needs = ACTION_PERMISSION[action];
  if (needs && !permissions[needs]) return refuse('forbidden', needs === 'order' ? ORDER_TEXT.noOrderPermission : ORDER_TEXT.noDeliveryPermission);
  return null;
}

/** Prices every line at submission: each SKU must still be the supplier's and have an effective price. */
function priced(skuIds: readonly string[], facts: PlacingFacts, quantities: Record<string, number>, deliveryDate: string): Refusal | { skuId: string; price: number; fact: SkuFact }[] {
  if (!facts.linked) return refuse('invalid', ORDER_TEXT.notLinked);
  if (!facts.permissions.order) return refuse('forbidden', ORDER_TEXT.noOrderPermission);
  const unknown = skuIds.filter((id) => !facts.skus[id]);
  if (unknown.length) return refuse('invalid', ORDER_TEXT.unknownSkus(unknown));
  const unpriced = skuIds.filter((id) => facts.skus[id]!.price === null);
  if (unpriced.length) return refuse('unprocessable', ORDER_TEXT.unpricedSkus(unpriced));
  if (!beforeCutoff(new Date(facts.now), deliveryDate, facts.settings)) {
    return refuse('unprocessable', ORDER_TEXT.pastCutoff(formatDeadline(orderDeadline(deliveryDate, facts.settings))));
  }
  const out = skuIds.map((skuId) => ({ skuId, price: facts.skus[skuId]!.price!, fact: facts.skus[skuId]! }));
  const amount = sumAmounts(out.map((l) => lineAmount(l.price, quantities[l.skuId]!)));
  if (facts.settings.minimumAmount > 0 && amount < facts.settings.minimumAmount) {
    return refuse('unprocessable', ORDER_TEXT.belowMinimum(formatMoney(facts.settings.minimumAmount, 'zh-CN')));
  }
  return out;
}

function decideCreate(command: Extract<OrderCommand, { type: 'CreateOrder' }>, state: OrderState): OrderEvent[] | Refusal {
  if (state.status !== 'none') return refuse('conflict', ORDER_TEXT.exists);
  if (command.by !== 'school') return refuse('forbidden', ORDER_TEXT.notYourAction('submit'));
  if (!command.items.length) return refuse('invalid', ORDER_TEXT.noItems);
  if (command.items.some((i) => i.price !== undefined)) return refuse('invalid', ORDER_TEXT.priceSent);
  const seen = new Set<string>();
  const reasons: string[] = [];
  for (const item of command.items) {
    if (seen.has(item.skuId)) reasons.push(ORDER_TEXT.duplicateSku(item.skuId));
    seen.add(item.skuId);
    const problem = quantityProblem(item.quantity);
    if (problem) reasons.push(`${problem}（${item.skuId}）`);
  }
  if (reasons.length) return refuse('invalid', reasons[0]!, reasons);
  const quantities = Object.fromEntries(command.items.map((i) => [i.skuId, i.quantity as number]));
  const skuIds = command.items.map((i) => i.skuId);
  const facts = command.facts;
  // issue 30: a SKU sold by the package is ordered in whole packages (domain/wholePackages.ts), draft or not
  const fractional = command.items.flatMap((i) => {
    const f = facts.skus[i.skuId];
    const problem = f ? wholePackageProblem({ skuId: i.skuId, name: f.productName, unit: f.unit }, quantities[i.skuId]!) : null;
    return problem ? [problem] : [];
  });
  if (fractional.length) return refuse('invalid', fractional[0]!, fractional);
  let lines: OrderLineData[];
  if (command.draft) {
    // a draft is not priced yet, but its goods must exist; prices, cut-off and minimum are checked at submission
    if (!facts.linked) return refuse('invalid', ORDER_TEXT.notLinked);
    const unknown = skuIds.filter((id) => !facts.skus[id]);
    if (unknown.length) return refuse('invalid', ORDER_TEXT.unknownSkus(unknown));
    lines = skuIds.map((skuId) => ({ ...lineOf(skuId, facts.skus[skuId]!), quantity: quantities[skuId]!, price: null }));
  } else {
    const p = priced(skuIds, facts, quantities, command.order.deliveryDate);
    if (!Array.isArray(p)) return p;
    lines = p.map((l) => ({ ...lineOf(l.skuId, l.fact), quantity: quantities[l.skuId]!, price: l.price }));
  }
  return [{ type: 'OrderCreated', data: { ...command.order, status: command.draft ? 'draft' : 'submitted', lines, at: facts.now } }];
}

const lineOf = (skuId: string, f: SkuFact) => ({
  skuId, productId: f.productId, productName: f.productName, skuName: f.skuName, spec: f.spec, unit: f.unit, categoryId: f.categoryId,
});

function decideConfirm(command: Extract<OrderCommand, { type: 'ConfirmOrder' }>, state: OrderState): OrderEvent[] | Refusal {
  const changed: OrderConfirmed['changed'] = [];
  const refused: OrderConfirmed['refused'] = [];
  const seen = new Set<string>();
  for (const l of command.lines) {
    const line = state.lines[l.skuId];
    if (!line || seen.has(l.skuId)) return refuse('invalid', line ? ORDER_TEXT.duplicateSku(l.skuId) : ORDER_TEXT.unknownLine(l.skuId));
    seen.add(l.skuId);
    if (l.refused) {
      const reason = l.reason?.trim() ?? '';
      if (!reason) return refuse('invalid', ORDER_TEXT.lineReasonRequired(l.skuId));
      refused.push({ skuId: l.skuId, reason });
    } else if (l.quantity !== undefined && l.quantity !== line.quantity) {
      const problem = quantityProblem(l.quantity);
      if (problem) return refuse('invalid', `${problem}（${l.skuId}）`);
      // issue 30: a supplier changes a packaged line to whole packages too
      const fractional = wholePackageProblem({ skuId: l.skuId, name: line.productName ?? l.skuId, unit: line.unit ?? '' }, l.quantity as number);
      if (fractional) return refuse('invalid', fractional);
      if (!command.supplierMayChangeQuantity) return refuse('forbidden', ORDER_TEXT.mayNotChangeQuantity);
      changed.push({ skuId: l.skuId, quantity: l.quantity });
    }
  }
  const note = command.note?.trim() ?? '';
  if (note.length > ORDER_LIMITS.reasonMax) return refuse('invalid', ORDER_TEXT.noteTooLong(ORDER_LIMITS.reasonMax));
  // every line refused: the supplier refuses the order, with its note and the lines' reasons
  if (refused.length === Object.keys(state.lines).length) {
    return [{ type: 'OrderRefused', data: { orderId: command.orderId, reason: [...new Set([note, ...refused.map((r) => r.reason)].filter(Boolean))].join('；'), at: command.at } }];
  }
  return [{ type: 'OrderConfirmed', data: { orderId: command.orderId, changed, refused, ...(note && { note }), at: command.at } }];
}

function decideReceive(command: Extract<OrderCommand, { type: 'ReceiveOrder' }>, state: OrderState): OrderEvent[] | Refusal {
  const open = Object.entries(state.lines).filter(([, l]) => !l.refused).map(([id]) => id);
  const given = new Map<string, LineChange>();
  const weighings = new Map<string, LineWeighing & { receivedQuantity: number }>();
  for (const l of command.lines) {
    if (!state.lines[l.skuId] || state.lines[l.skuId]!.refused) return refuse('invalid', ORDER_TEXT.unknownLine(l.skuId));
    if (given.has(l.skuId)) return refuse('invalid', ORDER_TEXT.duplicateSku(l.skuId));
    given.set(l.skuId, l);
    if (l.weighedGrams === undefined) {
      const problem = quantityProblem(l.receivedQuantity, true);
      if (problem) return refuse('invalid', `${problem}（${l.skuId}）`);
      // issue 27: not beyond the order plus its allowance (10 × the order was taken, and payable with it)
      const max = countedReceiveLimit(state.lines[l.skuId]!.quantity);
      if (l.receivedQuantity! > max) return refuse('unprocessable', ORDER_TEXT.receivedBeyondLimit(l.skuId, max));
      continue;
    }
    const weighed = weighedLine(l, state.lines[l.skuId]!, command.scales ?? {});
    if ('refused' in weighed) return weighed;
    weighings.set(l.skuId, weighed);
  }
  const missing = open.filter((id) => !given.has(id));
  if (missing.length) return refuse('invalid', ORDER_TEXT.receiveAllLines(missing));
  return [{
    type: 'OrderReceived',
    data: {
      orderId: command.orderId,
      lines: open.map((skuId) => {
        const w = weighings.get(skuId);
        const remark = given.get(skuId)!.remark?.trim() ?? '';
        return w ? { skuId, remark, ...w } : { skuId, receivedQuantity: given.get(skuId)!.receivedQuantity!, remark };
      }),
      at: command.at,
    },
  }];
}

/**
 * A line weighed on a scale: the reading must be a weight, the scale one of the school's enabled scales, the line
 * sold by weight; the received quantity is the reading in the line's unit (a client's own figure must agree), and
 * the scale's tolerance says whether it is short or over.
 */
function weighedLine(l: LineChange, line: OrderLineState, scales: Record<string, ScaleFact | null>): Refusal | (LineWeighing & { receivedQuantity: number }) {
  const problem = weightProblem(l.weighedGrams);
  if (problem) return refuse('invalid', `${problem}（${l.skuId}）`);
  if (!l.scaleId) return refuse('invalid', SCALE_TEXT.scaleRequired(l.skuId));
  const scale = scales[l.scaleId];
  if (!scale) return refuse('invalid', SCALE_TEXT.unknownScale(l.skuId));
  const perUnit = line.gramsPerUnit ?? null;
  if (perUnit === null) return refuse('unprocessable', SCALE_TEXT.notWeighable(l.skuId, line.unit ?? ''));
  const w = weighLine({ quantity: line.quantity, perUnit }, l.weighedGrams!, scale);
  if (l.receivedQuantity !== undefined && Math.abs(l.receivedQuantity - w.receivedQuantity) > 1e-9) return refuse('invalid', SCALE_TEXT.weighedMismatch(l.skuId));
  // issue 27: over the order beyond the scale's tolerance is not taken (nor paid)
  if (w.result === 'over') return refuse('unprocessable', ORDER_TEXT.receivedBeyondLimit(l.skuId, w.maxQuantity));
  return { receivedQuantity: w.receivedQuantity, weighedGrams: l.weighedGrams!, scaleId: l.scaleId, scaleName: scale.name, allowedGrams: w.allowedGrams, weighResult: w.result };
}

export const orderDecider: Decider<OrderCommand, OrderState, OrderEvent> = {
  initialState: () => ({ status: 'none', deliveryDate: '', supplierOrgId: '', lines: {} }),
  decide(command, state) {
    if (command.type === 'CreateOrder') return decideCreate(command, state);
    const action = COMMAND_ACTION[command.type];
    const refused = mayAct(action, command.by, state, command.permissions);
    if (refused) return refused;
    const { orderId, at } = command;
    switch (command.type) {
      case 'SubmitOrder': {
        const quantities = Object.fromEntries(Object.entries(state.lines).map(([id, l]) => [id, l.quantity]));
        const p = priced(Object.keys(state.lines), { ...command.facts, now: at }, quantities, state.deliveryDate);
        if (!Array.isArray(p)) return p;
        return [{ type: 'OrderSubmitted', data: { orderId, prices: p.map((l) => ({ skuId: l.skuId, price: l.price })), at } }];
      }
      case 'ConfirmOrder': return decideConfirm(command, state);
      case 'RefuseOrder': {
        const reason = command.reason.trim();
        if (!reason) return refuse('invalid', ORDER_TEXT.reasonRequired);
        return [{ type: 'OrderRefused', data: { orderId, reason, at } }];
      }
      case 'DispatchOrder': return [{ type: 'OrderDispatched', data: { orderId, at } }];
      case 'DeliverOrder': return [{ type: 'OrderDelivered', data: { orderId, at } }];
      case 'ReceiveOrder': return decideReceive(command, state);
      case 'SettleOrder': return [{ type: 'OrderSettled', data: { orderId, at } }];
      case 'CancelOrder': return [{ type: 'OrderCancelled', data: { orderId, reason: command.reason.trim(), at } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'OrderCreated': return {
        status: event.data.status, deliveryDate: event.data.deliveryDate, supplierOrgId: event.data.supplierOrgId,
        lines: Object.fromEntries(event.data.lines.map((l) => [l.skuId, {
          quantity: l.quantity, price: l.price, refused: false, receivedQuantity: null, gramsPerUnit: lineGramsPerUnit(l.unit, l.spec), unit: l.unit, productName: l.productName,
        }])),
      };
      case 'OrderSubmitted': {
        const lines = { ...state.lines };
        for (const p of event.data.prices) if (lines[p.skuId]) lines[p.skuId] = { ...lines[p.skuId]!, price: p.price };
        return { ...state, status: 'submitted', lines };
      }
      case 'OrderConfirmed': {
        const lines = { ...state.lines };
        for (const c of event.data.changed) if (lines[c.skuId]) lines[c.skuId] = { ...lines[c.skuId]!, quantity: c.quantity };
        for (const r of event.data.refused) if (lines[r.skuId]) lines[r.skuId] = { ...lines[r.skuId]!, refused: true };
        return { ...state, status: 'confirmed', lines };
      }
      case 'OrderReceived': {
        const lines = { ...state.lines };
        for (const r of event.data.lines) if (lines[r.skuId]) lines[r.skuId] = { ...lines[r.skuId]!, receivedQuantity: r.receivedQuantity };
        return { ...state, status: 'received', lines };
      }
      case 'OrderRefused': return { ...state, status: 'refused' };
      case 'OrderDispatched': return { ...state, status: ORDER_TRANSITIONS.dispatch.to };
      case 'OrderDelivered': return { ...state, status: ORDER_TRANSITIONS.deliver.to };
      case 'OrderSettled': return { ...state, status: ORDER_TRANSITIONS.settle.to };
      case 'OrderCancelled': return { ...state, status: 'cancelled' };
    }
  },
};

// ── order settings (mallOrderSpec) ─────────────────────────────────────────────────────────────────────────

export interface OrderSettingsSet extends OrderSettings { orgId: string; at: string }
export type OrderSettingsEvent = DomainEvent<'OrderSettingsSet', OrderSettingsSet>;
export type OrderSettingsCommand = { type: 'SetOrderSettings'; orgId: string; settings: OrderSettings; allowed: boolean; at: string };
export interface OrderSettingsState { settings: OrderSettings | null }

export const orderSettingsDecider: Decider<OrderSettingsCommand, OrderSettingsState, OrderSettingsEvent> = {
  initialState: () => ({ settings: null }),
  decide(command, state) {
    if (!command.allowed) return refuse('forbidden', ORDER_TEXT.mayNotEditSettings);
    const problem = settingsProblem(command.settings);
    if (problem) return refuse('invalid', problem);
    const s = command.settings;
    const same = state.settings && (Object.keys(s) as (keyof OrderSettings)[]).every((k) => state.settings![k] === s[k]);
    // the same settings again record nothing
    if (same) return [];
    return [{ type: 'OrderSettingsSet', data: { orgId: command.orgId, ...s, at: command.at } }];
  },
  evolve(_state, event) {
    const { cutoffDays, cutoffTime, minimumAmount, supplierMayChangeQuantity } = event.data;
    return { settings: { cutoffDays, cutoffTime, minimumAmount, supplierMayChangeQuantity } };
  },
};
