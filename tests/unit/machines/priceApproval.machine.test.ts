import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  nextPriceDeadline,
  priceApprovalMachine,
  priceBoardMachine,
  priceActorId,
  supersededBy,
  type DecidePriceInput,
  type PriceApprovalInput,
  type PriceRecord,
  type PriceApprovalRef,
  type SubmitPriceInput,
} from '../../../machines/priceApproval.machine.ts';

// Monday 2025-03-03 10:00 in China
const MON = Date.parse('2025-03-03T02:00:00Z');
const DAY = 86_400_000;
const M1 = { priceApprovalEnable: true, priceModifyLimitEnable: true, priceApprovalTimeRule: '0w' };

function record(over: Partial<PriceRecord> = {}): PriceRecord {
  return {
    id: 'p1', skuId: 'sku1', roleGroupId: 'g1', price: 6.5, startDate: '2000-01-01', endDate: '3000-01-01', isCheck: 0, enable: 1, isDelete: 0,
    checkedAt: null, createdAt: '2025-03-03T01:00:00.000Z', version: 1, ...over,
  };
}

function start(input: Partial<PriceApprovalInput> = {}, fakes: { submit?: (i: SubmitPriceInput) => Promise<PriceRecord>; decide?: (i: DecidePriceInput) => Promise<PriceRecord> } = {}) {
  const calls: { submit: SubmitPriceInput[]; decide: DecidePriceInput[] } = { submit: [], decide: [] };
  const machine = priceApprovalMachine.provide({
    actors: {
      submitPrice: fromPromise<PriceRecord, SubmitPriceInput>(async ({ input: i }) => {
        calls.submit.push(i);
        return (fakes.submit ?? (async (x) => record({ id: x.id ?? 'new', price: x.price, startDate: x.startDate, endDate: x.endDate })))(i);
      }),
      decidePrice: fromPromise<PriceRecord, DecidePriceInput>(async ({ input: i }) => {
        calls.decide.push(i);
        return (fakes.decide ?? (async (x) => record({ id: x.id, isCheck: x.approve ? 1 : -2, checkedAt: new Date(MON).toISOString(), extraInfo: { checkRemark: x.remark }, version: 2 })))(i);
      }),
    },
  });
  const actor = createActor(machine, { input: { now: MON, skuId: 'sku1', roleGroupId: 'g1', config: M1, ...input } }).start();
  return { actor, calls };
}

describe('priceApproval machine', () => {
  it('starts a SKU × role group without a price as a draft, validates, submits and goes pending', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().value).toEqual({ draft: 'editing' });
    actor.send({ type: 'EDIT', price: '-3' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toBe('价格必须大于 0');
    expect(calls.submit).toHaveLength(0);
    actor.send({ type: 'EDIT', price: '6.50', startDate: '2025-03-03', endDate: '2025-12-31' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('pending'));
    expect(calls.submit[0]).toEqual({ id: null, version: null, skuId: 'sku1', roleGroupId: 'g1', price: 6.5, startDate: '2025-03-03', endDate: '2025-12-31' });
  });

  it('shows the server refusal and stays in the draft', async () => {
    const { actor } = start({}, { submit: async () => { throw new Error('价格信息添加失败：第 1 行：已审核的价格在审核周期内（2025-03-03 至 2025-03-09）不能再次修改'); } });
    actor.send({ type: 'EDIT', price: 7 });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().value).toEqual({ draft: 'editing' });
    expect(actor.getSnapshot().context.error).toContain('审核周期内');
  });

  it('rejects only with a remark, approves, and reports a lost race', async () => {
    const { actor, calls } = start({ price: record() });
    expect(actor.getSnapshot().value).toEqual({ pending: 'waiting' });
    actor.send({ type: 'REJECT', remark: '  ' });
    expect(actor.getSnapshot().context.error).toBe('驳回价格时请填写驳回原因');
    actor.send({ type: 'REJECT', remark: '高于市场均价' });
    await waitFor(actor, (s) => s.matches('rejected'));
    expect(calls.decide[0]).toEqual({ id: 'p1', version: 1, approve: false, remark: '高于市场均价' });
    expect(actor.getSnapshot().context.price?.extraInfo?.checkRemark).toBe('高于市场均价');

    const other = start({ price: record() }, { decide: async () => { throw new Error('该价格刚被他人审核或修改，本次审核未生效，请刷新后重试'); } });
    other.actor.send({ type: 'APPROVE' });
    await waitFor(other.actor, (s) => s.context.error !== null);
    expect(other.actor.getSnapshot().value).toEqual({ pending: 'waiting' });
    other.actor.send({ type: 'SYNC', price: record({ isCheck: 1, checkedAt: new Date(MON).toISOString(), version: 2 }) });
    expect(other.actor.getSnapshot().value).toBe('effective');
  });

  it('becomes effective on its start day and expires after its end day (time as data)', () => {
    const approved = record({ isCheck: 1, checkedAt: new Date(MON).toISOString(), startDate: '2025-03-05', endDate: '2025-03-06' });
    const { actor } = start({ price: approved });
    expect(actor.getSnapshot().value).toBe('approved');
    const deadline = nextPriceDeadline(actor.getSnapshot().context)!;
    expect(new Date(deadline).toISOString()).toBe('2025-03-04T16:00:00.000Z');
    actor.send({ type: 'TICK', now: deadline - 1 });
    expect(actor.getSnapshot().value).toBe('approved');
    actor.send({ type: 'TICK', now: deadline });
    expect(actor.getSnapshot().value).toBe('effective');
    expect(new Date(nextPriceDeadline(actor.getSnapshot().context)!).toISOString()).toBe('2025-03-06T16:00:00.000Z');
    actor.send({ type: 'TICK', now: Date.parse('2025-03-06T16:00:00Z') });
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('refuses a change of an approved price inside its cycle (modify limit) and allows it in the next week', async () => {
    const approved = record({ isCheck: 1, checkedAt: new Date(MON).toISOString() });
    const { actor, calls } = start({ price: approved });
    expect(actor.getSnapshot().value).toBe('effective');
    actor.send({ type: 'EDIT', price: 7 });
    expect(actor.getSnapshot().value).toBe('effective');
    expect(actor.getSnapshot().context.refusal).toBe('已审核的价格在审核周期内（2025-03-03 至 2025-03-09）不能再次修改');
    actor.send({ type: 'TICK', now: MON + 7 * DAY });
    actor.send({ type: 'EDIT', price: 7 });
    expect(actor.getSnapshot().value).toEqual({ draft: 'editing' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('pending'));
    expect(calls.submit[0]).toMatchObject({ id: 'p1', price: 7 });
  });

  it('allows any change without the modify limit, and refuses a new price while the last approval holds', () => {
    const approved = record({ isCheck: 1, checkedAt: new Date(MON).toISOString() });
    const free = start({ price: approved, config: { ...M1, priceModifyLimitEnable: false } });
    free.actor.send({ type: 'EDIT', price: 7 });
    expect(free.actor.getSnapshot().value).toEqual({ draft: 'editing' });
    free.actor.send({ type: 'CANCEL' });
    expect(free.actor.getSnapshot().value).toBe('effective');

    const fresh = start({ lastApprovedAt: new Date(MON).toISOString() });
    fresh.actor.send({ type: 'EDIT', price: 7 });
    fresh.actor.send({ type: 'SUBMIT' });
    expect(fresh.actor.getSnapshot().context.refusal).toContain('审核周期内');
    expect(fresh.actor.getSnapshot().value).toEqual({ draft: 'editing' });
  });

  it('is superseded by a newer approved price, and a withdrawn price resolves as superseded', () => {
    const { actor } = start({ price: record({ isCheck: 1, checkedAt: new Date(MON).toISOString() }) });
    actor.send({ type: 'SUPERSEDED', by: 'p2' });
    expect(actor.getSnapshot().value).toBe('superseded');
    expect(start({ price: record({ isDelete: 1 }) }).actor.getSnapshot().value).toBe('superseded');
  });
});

describe('priceBoard (the screen actor)', () => {
  it('spawns one price actor per row by name, syncs fresh rows and supersedes an older approval', () => {
    const board = createActor(priceBoardMachine).start();
    const old = record({ id: 'a', isCheck: 1, checkedAt: '2025-03-01T00:00:00.000Z' });
    const pending = record({ id: 'b' });
    board.send({ type: 'TRACK', key: 'a', input: { now: MON, skuId: 'sku1', roleGroupId: 'g1', config: M1, price: old } });
    board.send({ type: 'TRACK', key: 'b', input: { now: MON, skuId: 'sku1', roleGroupId: 'g1', config: M1, price: pending } });
    const a = board.system.get(priceActorId('a')) as PriceApprovalRef;
    const b = board.system.get(priceActorId('b')) as PriceApprovalRef;
    expect(a.getSnapshot().value).toBe('effective');
    expect(b.getSnapshot().value).toEqual({ pending: 'waiting' });
    const approvedB = { ...pending, isCheck: 1, checkedAt: '2025-03-03T03:00:00.000Z', version: 2 };
    expect(supersededBy([old, approvedB])).toEqual(new Map([['a', 'b']]));
    board.send({ type: 'ROWS', rows: [old, approvedB] });
    expect(a.getSnapshot().value).toBe('superseded');
    expect(b.getSnapshot().value).toBe('effective');
    board.send({ type: 'TICK', now: MON + DAY });
    expect(b.getSnapshot().context.now).toBe(MON + DAY);
    board.send({ type: 'UNTRACK', key: 'b' });
    expect(board.getSnapshot().children[priceActorId('b')]).toBeUndefined();
  });
});
