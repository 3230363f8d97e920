// The life of one SKU price for one purchaser role group (§3 SKU price, §4 isCheck, dates, approval cycle):
// draft → pending → approved / rejected → effective → expired, or superseded by a newer price of the same
// SKU × role group. The rules are the server's own (domain/priceApproval.ts, domain/priceCycle.ts); the I/O
// is two invoked actors (submitPrice, decidePrice) the screen provides. Time enters as data: `now` in the
// input and in TICK, the price's own startDate / endDate are the deadlines (nothing relies on timers).
import { assertEvent, assign, enqueueActions, fromPromise, setup, stopChild, type ActorRefFrom } from 'xstate';
import { decide, priceStatus, validatePrice, PRICE_TEXT, type Decision, type PriceLike } from '../domain/priceApproval.ts';
import { canModifyApprovedPrice, dayOf, type PriceCycleConfig } from '../domain/priceCycle.ts';
import { errorMessage, notProvided } from './errorMessage.ts';

/** A price as `/v5/mall/sku/price` returns it (the fields the flow reads). */
export interface PriceRecord {
  id: string;
  skuId: string;
  roleGroupId: string;
  price: number;
  startDate: string;
  endDate: string;
  /** §4 0 pending, 1 approved, -2 rejected */
  isCheck: number;
  enable: number | boolean;
  isDelete: number | boolean;
  checkedAt: string | null;
  createdAt: string;
  version: number;
  extraInfo?: { checkRemark?: string; [key: string]: unknown };
}

/** The role group's price config (§3 role group config). */
export interface PriceGroupConfig extends PriceCycleConfig {
  priceApprovalEnable?: boolean;
}

export interface PriceDraft {
  price: string;
  startDate: string;
  endDate: string;
}

export interface PriceApprovalInput {
  now: number;
  skuId: string;
  roleGroupId: string;
  config: PriceGroupConfig;
  /** the price this actor follows; none for a SKU × role group not priced yet */
  price?: PriceRecord | null;
  /** when the last approved price of this SKU × role group was approved (the modify limit's anchor) */
  lastApprovedAt?: string | null;
}

export interface SubmitPriceInput {
  /** the price being changed (a pending or rejected one changes in place, an approved one gets a successor) */
  id: string | null;
  version: number | null;
  skuId: string;
  roleGroupId: string;
  price: number;
  startDate: string;
  endDate: string;
}

export interface DecidePriceInput {
  id: string;
  version: number;
  approve: boolean;
  remark: string;
}

export interface PriceApprovalContext {
  now: number;
  skuId: string;
  roleGroupId: string;
  config: PriceGroupConfig;
  price: PriceRecord | null;
  lastApprovedAt: string | null;
  draft: PriceDraft;
  decision: Decision | null;
  /** the last failure: invalid input, the server's refusal, a lost race */
  error: string | null;
  /** set when the modify limit (§4 priceModifyLimitEnable) refuses a change */
  refusal: string | null;
}

export type PriceApprovalEvent =
  | { type: 'EDIT'; price: string | number; startDate?: string; endDate?: string }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'APPROVE'; remark?: string }
  | { type: 'REJECT'; remark: string }
  | { type: 'TICK'; now: number }
  | { type: 'SYNC'; price: PriceRecord }
  | { type: 'SUPERSEDED'; by: string };

const likeOf = (p: PriceRecord): PriceLike => ({
  isCheck: p.isCheck, enable: p.enable === true || p.enable === 1, isDelete: p.isDelete === true || p.isDelete === 1,
  startDate: p.startDate, endDate: p.endDate, checkedAt: p.checkedAt, createdAt: p.createdAt,
});

/** What the followed price is at the context's `now` (§4; 'deleted' = withdrawn or replaced). */
export function statusOf(context: Pick<PriceApprovalContext, 'price' | 'now'>) {
  return context.price ? priceStatus(likeOf(context.price), new Date(context.now)) : null;
}

const draftOf = (p: PriceRecord | null): PriceDraft => ({ price: p ? String(p.price) : '', startDate: p?.startDate ?? '', endDate: p?.endDate ?? '' });

/** The approved price the modify limit is anchored at: the followed one when approved, else the last one. */
function modifyCheck(context: PriceApprovalContext) {
  const anchor = context.price?.isCheck === 1 && context.price.checkedAt ? context.price.checkedAt : context.lastApprovedAt;
  return canModifyApprovedPrice(anchor ? { checkedAt: anchor } : null, new Date(context.now), context.config);
}

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 480 * 60_000;
/** Midnight (China time) starting a 'YYYY-MM-DD' day, in ms since the epoch. */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS;

/**
 * The next moment the followed price changes state by itself (it starts, or its end day is over), or null.
 * The view arms one timer for it and sends TICK then: the deadline is data, re-armed after any restore.
 */
export function nextPriceDeadline(context: Pick<PriceApprovalContext, 'price' | 'now'>): number | null {
  const status = statusOf(context);
  if (!context.price || (status !== 'approved' && status !== 'effective')) return null;
  const today = dayOf(new Date(context.now));
  if (status === 'approved' && context.price.startDate > today) return dayStart(context.price.startDate);
  return dayStart(context.price.endDate) + DAY_MS;
}

export const priceApprovalMachine = setup({
  types: {
    context: {} as PriceApprovalContext,
    events: {} as PriceApprovalEvent,
    input: {} as PriceApprovalInput,
  },
  actors: {
    /** POST (new) or PUT (change) /v5/mall/sku/price; resolves with the saved price */
    submitPrice: fromPromise<PriceRecord, SubmitPriceInput>(async () => notProvided('submitPrice')),
    /** PUT /v5/mall/sku/price with isCheckPrice; resolves with the decided price */
    decidePrice: fromPromise<PriceRecord, DecidePriceInput>(async () => notProvided('decidePrice')),
  },
  actions: {
    /** EDIT: the draft takes the new price, and the dates the event carries */
    editDraft: assign(({ context, event }) => {
      assertEvent(event, 'EDIT');
      return { draft: { price: String(event.price), startDate: event.startDate ?? context.draft.startDate, endDate: event.endDate ?? context.draft.endDate } };
    }),
    /** the modify limit's refusal text (taken where the guard modifyRefused holds) */
    storeRefusal: assign(({ context }) => ({ refusal: (modifyCheck(context) as { reason: string }).reason })),
    clearError: assign({ error: null }),
    clearRefusal: assign({ refusal: null }),
  },
  guards: {
    noPrice: ({ context }) => context.price === null,
    isPending: ({ context }) => statusOf(context) === 'pending',
    isRejected: ({ context }) => statusOf(context) === 'rejected',
    isApproved: ({ context }) => statusOf(context) === 'approved',
    isEffective: ({ context }) => statusOf(context) === 'effective',
    isExpired: ({ context }) => statusOf(context) === 'expired',
    hasPrice: ({ context }) => context.price !== null,
    draftInvalid: ({ context }) => !validatePrice(context.draft).ok,
    modifyRefused: ({ context }) => !modifyCheck(context).ok,
    decisionRefused: ({ event }) =>
      event.type === 'REJECT' && !decide({ isCheck: 0 }, { approve: false, remark: event.remark }).ok,
  },
}).createMachine({
  id: 'priceApproval',
  context: ({ input }) => ({
    now: input.now,
    skuId: input.skuId,
    roleGroupId: input.roleGroupId,
    config: input.config,
    price: input.price ?? null,
    lastApprovedAt: input.lastApprovedAt ?? null,
    draft: draftOf(input.price ?? null),
    decision: null,
    error: null,
    refusal: null,
  }),
  initial: 'resolving',
  on: {
    TICK: { actions: assign({ now: ({ event }) => event.now }) },
  },
  states: {
    /** transient: the state the followed price is in now */
    resolving: {
      always: [
        { guard: 'noPrice', target: 'draft' },
        { guard: 'isPending', target: 'pending' },
        { guard: 'isRejected', target: 'rejected' },
        { guard: 'isApproved', target: 'approved' },
        { guard: 'isEffective', target: 'effective' },
        { guard: 'isExpired', target: 'expired' },
        // deleted: withdrawn, or a pending price replaced by a newer one (the server supersedes it)
        { target: 'superseded' },
      ],
    },
    draft: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            EDIT: {
              actions: ['editDraft', 'clearError'],
            },
            SUBMIT: [
              {
                guard: 'draftInvalid',
                actions: assign(({ context }) => {
                  const v = validatePrice(context.draft);
                  return { error: v.ok ? null : v.errors.join('；') };
                }),
              },
              { guard: 'modifyRefused', actions: ['storeRefusal', 'clearError'] },
              { target: 'submitting', actions: assign({ error: null, refusal: null }) },
            ],
            CANCEL: { guard: 'hasPrice', target: '#priceApproval.resolving', actions: assign(({ context }) => ({ draft: draftOf(context.price), error: null, refusal: null })) },
          },
        },
        submitting: {
          invoke: {
            src: 'submitPrice',
            input: ({ context }) => {
              const v = validatePrice(context.draft);
              const value = v.ok ? v.value : { price: Number(context.draft.price), startDate: context.draft.startDate, endDate: context.draft.endDate };
              return {
                id: context.price?.id ?? null, version: context.price?.version ?? null, skuId: context.skuId, roleGroupId: context.roleGroupId, ...value,
              };
            },
            onDone: {
              target: '#priceApproval.resolving',
              actions: assign(({ context, event }) => ({
                // an approved price changed gets a successor: the old approval still anchors the modify limit
                lastApprovedAt: context.price?.isCheck === 1 && context.price.checkedAt ? context.price.checkedAt : context.lastApprovedAt,
                price: event.output,
                draft: draftOf(event.output),
              })),
            },
            onError: { target: 'editing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          },
        },
      },
    },
    pending: {
      initial: 'waiting',
      states: {
        waiting: {
          on: {
            APPROVE: { target: 'deciding', actions: assign(({ event }) => ({ decision: { approve: true, remark: event.remark ?? '' }, error: null })) },
            REJECT: [
              { guard: 'decisionRefused', actions: assign({ error: PRICE_TEXT.remarkRequired }) },
              { target: 'deciding', actions: assign(({ event }) => ({ decision: { approve: false, remark: event.remark.trim() }, error: null })) },
            ],
            // the supplier corrects a pending price in place
            EDIT: {
              target: '#priceApproval.draft',
              actions: ['editDraft', 'clearError'],
            },
            SYNC: { target: '#priceApproval.resolving', actions: assign({ price: ({ event }) => event.price, error: null }) },
          },
        },
        deciding: {
          invoke: {
            src: 'decidePrice',
            input: ({ context }) => ({
              id: context.price!.id, version: context.price!.version, approve: context.decision?.approve ?? true, remark: context.decision?.remark ?? '',
            }),
            onDone: { target: '#priceApproval.resolving', actions: assign({ price: ({ event }) => event.output, decision: null }) },
            // a lost race (409) or a refusal (403): the message says why; a refresh (SYNC) shows the outcome
            onError: { target: 'waiting', actions: assign({ error: ({ event }) => errorMessage(event.error), decision: null }) },
          },
        },
      },
    },
    rejected: {
      on: {
        EDIT: {
          target: 'draft',
          actions: ['editDraft', 'clearError'],
        },
        SYNC: { target: 'resolving', actions: assign({ price: ({ event }) => event.price }) },
      },
    },
    approved: {
      always: [
        { guard: 'isEffective', target: 'effective' },
        { guard: 'isExpired', target: 'expired' },
      ],
      on: {
        EDIT: [
          { guard: 'modifyRefused', actions: 'storeRefusal' },
          { target: 'draft', actions: ['editDraft', 'clearRefusal'] },
        ],
        SYNC: { target: 'resolving', actions: assign({ price: ({ event }) => event.price }) },
        SUPERSEDED: 'superseded',
      },
    },
    effective: {
      always: { guard: 'isExpired', target: 'expired' },
      on: {
        EDIT: [
          { guard: 'modifyRefused', actions: 'storeRefusal' },
          { target: 'draft', actions: ['editDraft', 'clearRefusal'] },
        ],
        SYNC: { target: 'resolving', actions: assign({ price: ({ event }) => event.price }) },
        SUPERSEDED: 'superseded',
      },
    },
    expired: { type: 'final' },
    superseded: { type: 'final' },
  },
});

export type PriceApprovalRef = ActorRefFrom<typeof priceApprovalMachine>;

// ---------------------------------------------------------------------------------------------------
// The screen's actor: one priceApproval child per price row (STYLE.md per-item actors spawned by name)

export interface PriceBoardContext {
  /** price actor id (= systemId) per row key */
  rows: Record<string, string>;
}

export type PriceBoardEvent =
  | { type: 'TRACK'; key: string; input: PriceApprovalInput }
  | { type: 'ROWS'; rows: PriceRecord[] }
  | { type: 'UNTRACK'; key: string }
  | { type: 'TICK'; now: number };

/** The actor id (and systemId) of a row's price actor. */
export const priceActorId = (key: string) => `price:${key}`;

/** Which approved prices a newer approved price of the same SKU × role group supersedes (§4). */
export function supersededBy(rows: readonly PriceRecord[]): Map<string, string> {
  const newest = new Map<string, PriceRecord>();
  for (const r of rows) {
    if (r.isCheck !== 1 || !r.checkedAt) continue;
    const k = `${r.skuId}|${r.roleGroupId}`;
    const cur = newest.get(k);
    if (!cur || r.checkedAt > cur.checkedAt!) newest.set(k, r);
  }
  const out = new Map<string, string>();
  for (const r of rows) {
    const n = newest.get(`${r.skuId}|${r.roleGroupId}`);
    if (r.isCheck === 1 && n && n.id !== r.id) out.set(r.id, n.id);
  }
  return out;
}

export const priceBoardMachine = setup({
  types: { context: {} as PriceBoardContext, events: {} as PriceBoardEvent },
  actors: { priceApproval: priceApprovalMachine },
  guards: {
    tracksAny: ({ context }) => Object.keys(context.rows).length > 0,
    tracksNone: ({ context }) => Object.keys(context.rows).length === 0,
  },
}).createMachine({
  id: 'priceBoard',
  context: { rows: {} },
  initial: 'idle',
  states: {
    /** no price actor yet (nothing being edited or reviewed) */
    idle: { always: { guard: 'tracksAny', target: 'tracking' } },
    tracking: { always: { guard: 'tracksNone', target: 'idle' } },
  },
  on: {
    TRACK: {
      guard: ({ context, event }) => !context.rows[event.key],
      actions: assign({
        rows: ({ context, event, spawn }) => {
          const id = priceActorId(event.key);
          spawn('priceApproval', { id, systemId: id, input: event.input });
          return { ...context.rows, [event.key]: id };
        },
      }),
    },
    UNTRACK: {
      guard: ({ context, event }) => !!context.rows[event.key],
      actions: [
        stopChild(({ context, event }) => context.rows[event.key]),
        assign({ rows: ({ context, event }) => Object.fromEntries(Object.entries(context.rows).filter(([k]) => k !== event.key)) }),
      ],
    },
    // fresh server rows: each followed price is synced, and an approved one a newer approval replaced is superseded
    ROWS: {
      actions: enqueueActions(({ context, event, self, enqueue }) => {
        const replaced = supersededBy(event.rows);
        const children = (self.getSnapshot()?.children ?? {}) as Record<string, PriceApprovalRef | undefined>;
        for (const id of Object.values(context.rows)) {
          const child = children[id];
          const followed = child?.getSnapshot().context.price;
          if (!child || !followed || child.getSnapshot().status !== 'active') continue;
          const by = replaced.get(followed.id);
          if (by) {
            enqueue.sendTo(child, { type: 'SUPERSEDED', by });
            continue;
          }
          const fresh = event.rows.find((r) => r.id === followed.id);
          if (fresh && (fresh.version !== followed.version || fresh.isCheck !== followed.isCheck)) enqueue.sendTo(child, { type: 'SYNC', price: fresh });
        }
      }),
    },
    TICK: {
      actions: enqueueActions(({ context, event, self, enqueue }) => {
        const children = (self.getSnapshot()?.children ?? {}) as Record<string, PriceApprovalRef | undefined>;
        for (const id of Object.values(context.rows)) {
          const child = children[id];
          if (child?.getSnapshot().status === 'active') enqueue.sendTo(child, { type: 'TICK', now: event.now });
        }
      }),
    },
  },
});
