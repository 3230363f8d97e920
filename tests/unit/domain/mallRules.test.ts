// Issue 34: the storefront's rules in domain/: schedules, templates, campaigns' prices, recommendations and the group
// buy's decider (open → succeeded | failed | cancelled).
import { describe, expect, it } from 'vitest';
import { isLiveAt, scheduleProblem, scheduleStateAt } from '../../../domain/mall/schedule.ts';
import { blocksOf, isSafeUrl, mallContentProblem, templateProblem } from '../../../domain/mall/content.ts';
import { campaignProblem, priceWithCampaigns, type Campaign } from '../../../domain/mall/campaign.ts';
import { liveRecommendations, type Recommendation } from '../../../domain/mall/recommendation.ts';
import { grouponDecider, grouponStatusAt, type GrouponCommand, type GrouponEvent, type GrouponState } from '../../../domain/aggregates/groupon.ts';
import { mallRecordDecider } from '../../../domain/aggregates/mallRecord.ts';
import { isRefusal } from '../../../domain/decider.ts';
import { runsMall } from '../../../domain/mall/mallOrg.ts';

const T0 = Date.parse('2026-09-01T00:00:00Z');
const at = (h: number) => new Date(T0 + h * 3_600_000);
const iso = (h: number) => at(h).toISOString();

describe('schedules', () => {
  it('show from the start until the end, each optional', () => {
    const s = { startsAt: iso(1), endsAt: iso(3) };
    expect([0, 1, 2, 3].map((h) => isLiveAt(s, at(h)))).toEqual([false, true, true, false]);
    expect([0, 2, 3].map((h) => scheduleStateAt(s, at(h)))).toEqual(['scheduled', 'live', 'ended']);
    expect(isLiveAt({}, at(0))).toBe(true);
    expect(scheduleProblem({ startsAt: iso(3), endsAt: iso(1) })).toBeTruthy();
    expect(scheduleProblem({ startsAt: 'soon' })).toBeTruthy();
  });
});

describe('content and templates', () => {
  it('banners need a picture of http(s) or the site; no other scheme', () => {
    expect(mallContentProblem({ kind: 'banner', title: 'x' })).toBeTruthy();
    expect(mallContentProblem({ kind: 'banner', title: 'x', imageUrl: '/a.png' })).toBeNull();
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AA', '//evil.example/a.png', 'JaVaScRiPt:x', 'vbscript:x']) expect(isSafeUrl(bad), bad).toBe(false);
    for (const good of ['https://cdn.example/a.png', '/img/a.png', 'img/a.png', 'a.png?x=1']) expect(isSafeUrl(good), good).toBe(true);
  });

  it("a template's blocks follow its layout, hidden ones left out, headings the org's", () => {
    const t = { layout: 'grouponFirst' as const, shopName: '鲜果', open: true, blocks: [{ block: 'notices' as const, hidden: true }, { block: 'groupons' as const, title: '一起拼' }] };
    expect(templateProblem(t)).toBeNull();
    expect(blocksOf(t)).toEqual([{ block: 'banners' }, { block: 'groupons', title: '一起拼' }, { block: 'campaigns' }, { block: 'recommendations' }, { block: 'articles' }]);
    expect(templateProblem({ ...t, layout: 'fancy' as never })).toBeTruthy();
    expect(templateProblem({ ...t, blocks: [{ block: 'notices' }, { block: 'notices' }] })).toBeTruthy();
  });
});

describe('campaigns: the price the server charges', () => {
  const base = { startsAt: iso(0), endsAt: iso(24), enabled: true, levels: [] as string[] };
  const c = (over: Partial<Campaign> & { id: string }): Campaign & { id: string } => ({ ...base, name: over.id, kind: 'discount', ...over });
  const campaigns = [
    c({ id: 'lv1-10', percentOff: 10, levels: ['LV1'] }),
    c({ id: 'all-coupon', kind: 'coupon', amountOff: 8, threshold: 50 }),
    c({ id: 'lv2-20', percentOff: 20, levels: ['LV2'] }),
    c({ id: 'gift', kind: 'gift', gift: '小番茄一盒' }),
    c({ id: 'off', percentOff: 50, enabled: false }),
    c({ id: 'later', percentOff: 50, startsAt: iso(48), endsAt: iso(72) }),
  ];

  it('takes the reduction that takes most for the member level now, with every gift', () => {
    const lv1 = priceWithCampaigns(campaigns, 'LV1', at(1), 100);
    expect(lv1).toMatchObject({ discount: 10, total: 90, campaign: { id: 'lv1-10' } });
    expect(lv1.gifts.map((g) => g.id)).toEqual(['gift']);
    expect(priceWithCampaigns(campaigns, 'LV1', at(1), 60)).toMatchObject({ discount: 8, total: 52, campaign: { id: 'all-coupon' } });
    expect(priceWithCampaigns(campaigns, 'LV2', at(1), 100)).toMatchObject({ discount: 20, total: 80 });
    expect(priceWithCampaigns(campaigns, 'LV3', at(1), 40)).toMatchObject({ discount: 0, total: 40, campaign: null });
    expect(priceWithCampaigns(campaigns, 'LV1', at(30), 100)).toMatchObject({ discount: 0, campaign: null, gifts: [] });
  });

  it('rounds to the fen and never below zero', () => {
    expect(priceWithCampaigns([c({ id: 'x', percentOff: 15 })], 'LV1', at(1), 0.99)).toMatchObject({ discount: 0.15, total: 0.84 });
    expect(priceWithCampaigns([c({ id: 'y', kind: 'coupon', amountOff: 5, threshold: 5 })], 'LV1', at(1), 5)).toMatchObject({ total: 0 });
  });

  it('refuses campaigns that make no sense', () => {
    expect(campaignProblem(c({ id: 'a', percentOff: 0 }))).toBeTruthy();
    expect(campaignProblem(c({ id: 'b', percentOff: 95 }))).toBeTruthy();
    expect(campaignProblem(c({ id: 'c', kind: 'coupon', amountOff: 10, threshold: 5 }))).toBeTruthy();
    expect(campaignProblem(c({ id: 'd', kind: 'gift' }))).toBeTruthy();
    expect(campaignProblem({ ...c({ id: 'e', percentOff: 10 }), endsAt: undefined })).toBeTruthy();
    expect(campaignProblem(c({ id: 'f', percentOff: 10 }))).toBeNull();
  });
});

describe('recommendations', () => {
  it('show in their period, by position then sort', () => {
    const r = (id: string, position: Recommendation['position'], sort: number, endsAt?: string) => ({ id, position, sort, productId: 'p', title: id, endsAt });
    const rows = [r('b', 'bottom', 1), r('t2', 'top', 2), r('t1', 'top', 1), r('gone', 'top', 0, iso(1))];
    expect(liveRecommendations(rows, at(2)).map((x) => x.id)).toEqual(['t1', 't2', 'b']);
  });
});

describe('the group buy', () => {
  const terms = { title: '葡萄团', productId: 'sku-1', unitPrice: 30, groupPrice: 20, minPeople: 2, deadline: iso(2) };
  const run = (commands: GrouponCommand[]) => {
    let state: GrouponState = grouponDecider.initialState();
    const out: (GrouponEvent[] | string)[] = [];
    for (const cmd of commands) {
      const d = grouponDecider.decide(cmd, state);
      if (isRefusal(d)) { out.push(d.message); continue; }
      out.push(d);
      state = d.reduce(grouponDecider.evolve, state);
    }
    return { state, out };
  };
  const create: GrouponCommand = { type: 'CreateGroupon', grouponId: 'g', terms, now: iso(0) };
  const join = (memberId: string, h = 1, quantity = 1): GrouponCommand => ({ type: 'JoinGroupon', grouponId: 'g', memberId, name: memberId, quantity, now: iso(h) });
  const settle = (h: number): GrouponCommand => ({ type: 'SettleGroupon', grouponId: 'g', now: iso(h) });

  it('succeeds at the deadline with enough members, at the group price', () => {
    const { state, out } = run([create, join('a'), join('b', 1, 3), settle(1), settle(2)]);
    expect(out[3]).toBe('团购尚未截止');
    expect(out[4]).toEqual([{ type: 'GrouponSucceeded', data: { grouponId: 'g', groupPrice: 20, participants: [{ memberId: 'a', quantity: 1 }, { memberId: 'b', quantity: 3 }] } }]);
    expect(state.status).toBe('succeeded');
  });

  it('fails with too few; nobody joins, leaves or settles again once it is over', () => {
    const { state, out } = run([create, join('a'), join('b'), { type: 'LeaveGroupon', grouponId: 'g', memberId: 'b', now: iso(1) }, join('c', 3), settle(3), settle(4), join('d', 1)]);
    expect(out[4]).toBe('团购已截止');
    expect(out[5]).toEqual([{ type: 'GrouponFailed', data: { grouponId: 'g', joined: 1, minPeople: 2 } }]);
    expect(out[6]).toBe('团购已结束');
    expect(out[7]).toBe('团购已结束');
    expect(state.status).toBe('failed');
  });

  it('joining twice changes the quantity, the same twice records nothing; a full group refuses more', () => {
    const full = { ...create, terms: { ...terms, maxPeople: 2 } } as GrouponCommand;
    const { out } = run([full, join('a'), join('a'), join('a', 1, 2), join('b'), join('c'), settle(1)]);
    expect(out[2]).toEqual([]);
    expect((out[3] as GrouponEvent[])[0]).toMatchObject({ type: 'GrouponJoined', data: { quantity: 2 } });
    expect(out[5]).toBe('团购人数已满');
    expect((out[6] as GrouponEvent[])[0].type).toBe('GrouponSucceeded');
  });

  it('shows as settling between its deadline and the settle', () => {
    const { state } = run([create, join('a')]);
    expect(grouponStatusAt(state, at(1))).toBe('open');
    expect(grouponStatusAt(state, at(2))).toBe('settling');
  });
});

describe('mall records and orgs', () => {
  it('a record keeps its kind; only orgs that sell to members run a mall', () => {
    const saved = mallRecordDecider.decide({ type: 'SaveMallRecord', kind: 'content', recordId: 'r', create: true, data: { kind: 'notice', title: 'x' } }, mallRecordDecider.initialState());
    expect(isRefusal(saved)).toBe(false);
    const state = (saved as Exclude<typeof saved, { refused: unknown }>).reduce(mallRecordDecider.evolve, mallRecordDecider.initialState());
    const other = mallRecordDecider.decide({ type: 'RemoveMallRecord', kind: 'campaign', recordId: 'r' }, state);
    expect(isRefusal(other) && other.message).toBe('记录类型不符');
    expect(['fruit', 'school', 'trial', 'supplier', 'platform', 'bureau', 'delivery'].map(runsMall)).toEqual([true, true, true, false, false, false, false]);
  });
});
