/**
 * Test model of the price approval machine (issue 5; issue 3 model-based path tests). Starts cover every
 * state a price can be found in; the clock moves only by TICK fixtures to named days, and the state identity
 * carries the day and what the guards read (the modify limit, the draft's validity, the followed price).
 */
import type { AnyMachineSnapshot, EventFrom } from 'xstate';
import { validatePrice } from '../../domain/priceApproval.ts';
import { canModifyApprovedPrice, dayOf } from '../../domain/priceCycle.ts';
import {
  priceApprovalMachine,
  priceBoardMachine,
  statusOf,
  type DecidePriceInput,
  type PriceApprovalContext,
  type PriceRecord,
  type SubmitPriceInput,
} from '../../machines/priceApproval.machine.ts';
import { doneEvent, errorEvent, never, type Fixture, type MachineModel } from './graph.ts';

/** Monday 2025-03-03, 10:00 in China: the M1 cycle (0w) of an approval today runs to Sunday 03-09. */
const MON = Date.parse('2025-03-03T02:00:00Z');
const at = (day: string) => Date.parse(`${day}T02:00:00Z`);
const M1 = { priceApprovalEnable: true, priceModifyLimitEnable: true, priceApprovalTimeRule: '0w' };

const price = (over: Partial<PriceRecord>): PriceRecord => ({
  id: 'p1', skuId: 'sku1', roleGroupId: 'g1', price: 6.5, startDate: '2000-01-01', endDate: '3000-01-01', isCheck: 0, enable: 1, isDelete: 0,
  checkedAt: null, createdAt: '2025-03-01T01:00:00.000Z', version: 1, ...over,
});
const thisWeek = new Date(MON).toISOString();
const lastWeek = '2025-02-24T02:00:00.000Z';
const inMarch = { startDate: '2025-03-05', endDate: '2025-03-20' };

function limitHolds(c: PriceApprovalContext): boolean {
  const anchor = c.price?.isCheck === 1 && c.price.checkedAt ? c.price.checkedAt : c.lastApprovedAt;
  return !canModifyApprovedPrice(anchor ? { checkedAt: anchor } : null, new Date(c.now), c.config).ok;
}

export function priceApprovalModel(machine: typeof priceApprovalMachine = priceApprovalMachine): MachineModel {
  const inDraft = (s: AnyMachineSnapshot) => s.matches({ draft: 'editing' });
  const held = (s: AnyMachineSnapshot) => s.matches('approved') || s.matches('effective');
  const submitted = price({ id: 'p2', price: 7, version: 1, createdAt: '2025-03-03T02:00:00.000Z' });
  const fixtures: Fixture<EventFrom<typeof priceApprovalMachine>>[] = [
    { event: { type: 'EDIT', price: '7.00' }, note: '7.00', when: (s) => !s.matches('draft') || inDraft(s) },
    { event: { type: 'EDIT', price: '-3' }, note: 'negative', when: inDraft },
    { event: { type: 'SUBMIT' } },
    { event: { type: 'CANCEL' } },
    { event: doneEvent<PriceRecord>(machine, 'draft.submitting', submitted), note: 'saved, pending' },
    { event: errorEvent(machine, 'draft.submitting', new Error('已审核的价格在审核周期内不能再次修改')), note: 'refused by the server' },
    { event: { type: 'APPROVE' } },
    { event: { type: 'REJECT', remark: ' ' }, note: 'no remark' },
    { event: { type: 'REJECT', remark: '高于市场均价' }, note: 'with remark' },
    {
      event: doneEvent<PriceRecord>(machine, 'pending.deciding', price({ isCheck: 1, checkedAt: thisWeek, version: 2 })),
      note: 'approved',
      when: (s) => s.context.decision?.approve === true,
    },
    {
      event: doneEvent<PriceRecord>(machine, 'pending.deciding', price({ isCheck: -2, checkedAt: thisWeek, version: 2, extraInfo: { checkRemark: '高于市场均价' } })),
      note: 'rejected',
      when: (s) => s.context.decision?.approve === false,
    },
    { event: errorEvent(machine, 'pending.deciding', new Error('该价格刚被他人审核或修改，本次审核未生效，请刷新后重试')), note: 'lost race' },
    { event: { type: 'SYNC', price: price({ isCheck: 1, checkedAt: thisWeek, version: 2 }) }, note: 'approved elsewhere' },
    { event: { type: 'SYNC', price: price({ isCheck: 1, checkedAt: lastWeek, endDate: '2025-03-01', version: 3 }) }, note: 'ended 03-01', when: (s) => s.matches('pending') },
    { event: { type: 'SYNC', price: price({ isDelete: 1, version: 3 }) }, note: 'replaced by a newer price', when: (s) => s.matches('pending') },
    { event: { type: 'SUPERSEDED', by: 'p9' } },
    { event: { type: 'TICK', now: at('2025-03-05') }, note: 'Wed 03-05', when: held },
    { event: { type: 'TICK', now: at('2025-03-10') }, note: 'next Monday', when: held },
    { event: { type: 'TICK', now: at('2025-03-21') }, note: 'after 03-20', when: held },
  ];
  const input = (over: object) => ({ now: MON, skuId: 'sku1', roleGroupId: 'g1', config: M1, ...over });
  return {
    name: 'priceApproval',
    machine,
    testMachine: machine.provide({
      actors: { submitPrice: never<PriceRecord, SubmitPriceInput>(), decidePrice: never<PriceRecord, DecidePriceInput>() },
    }),
    starts: [
      { name: 'not priced', input: input({}) },
      { name: 'not priced, approved this week before', input: input({ lastApprovedAt: thisWeek }) },
      { name: 'pending', input: input({ price: price({}) }) },
      { name: 'rejected', input: input({ price: price({ isCheck: -2, checkedAt: thisWeek, extraInfo: { checkRemark: '太贵' } }) }) },
      { name: 'approved last week, from 03-05', input: input({ price: price({ isCheck: 1, checkedAt: lastWeek, ...inMarch }) }) },
      { name: 'approved this week, from 03-05', input: input({ price: price({ isCheck: 1, checkedAt: thisWeek, ...inMarch }) }) },
      { name: 'effective, approved last week', input: input({ price: price({ isCheck: 1, checkedAt: lastWeek, startDate: '2025-03-01', endDate: '2025-03-20' }) }) },
    ],
    fixtures,
    simpleDepth: 4,
    contextFlags: (s) => {
      const c = s.context as PriceApprovalContext;
      const flags: string[] = [];
      if (c.now !== MON) flags.push(dayOf(new Date(c.now)));
      if (limitHolds(c)) flags.push('limit holds');
      if (s.matches('draft')) {
        flags.push(c.price ? `of ${statusOf(c)}` : 'new');
        if (!validatePrice(c.draft).ok) flags.push('invalid');
      }
      if (c.error) flags.push('error');
      if (c.refusal) flags.push('refused');
      return flags;
    },
  };
}

/** The price screens' board: per-row price actors tracked, untracked, synced and ticked. */
export function priceBoardModel(machine: typeof priceBoardMachine = priceBoardMachine): MachineModel {
  const row = price({});
  const input = { now: MON, skuId: 'sku1', roleGroupId: 'g1', config: M1, price: row };
  const fixtures: Fixture<EventFrom<typeof priceBoardMachine>>[] = [
    { event: { type: 'TRACK', key: 'p1', input }, note: 'pending p1' },
    { event: { type: 'UNTRACK', key: 'p1' } },
    { event: { type: 'ROWS', rows: [row] }, note: 'p1 unchanged' },
    { event: { type: 'TICK', now: at('2025-03-05') }, note: 'Wed 03-05' },
  ];
  return {
    name: 'priceBoard',
    machine,
    testMachine: machine.provide({
      actors: {
        priceApproval: priceApprovalMachine.provide({
          actors: { submitPrice: never<PriceRecord, SubmitPriceInput>(), decidePrice: never<PriceRecord, DecidePriceInput>() },
        }),
      },
    }),
    starts: [{ name: 'screen opened', input: undefined }],
    fixtures,
    simpleDepth: 3,
    contextFlags: (s) => Object.keys((s.context as { rows: Record<string, string> }).rows).map((k) => `tracks ${k}`),
  };
}
