// Issue 27 (finding 6): each live notice reaches only members whose powers cover its module, and a supplier's price
// notices only the orgs that may read its prices.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_MODULES, deviceNoticeAudience, eventModules, mayHear, priceNoticeAudience, type PriceAudienceCandidate } from '../../../domain/liveAudience.ts';
import type { OrgFacts } from '../../../domain/orgKind.ts';
import { LIVE_RESYNC } from '../../../domain/live.ts';
import { BASE_SCREENS, MEAL_SCREENS } from '../../../server/seed/screens.ts';

/** Every event type the aggregates of domain/ declare (`DomainEvent<'Type', …>`). */
function declaredEventTypes(): string[] {
  const dir = path.join(import.meta.dirname, '../../../domain/aggregates');
  const types = new Set<string>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    for (const m of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/DomainEvent<'([A-Za-z]+)'/g)) types.add(m[1]);
  }
  return [...types].sort();
}

const member = (...modules: string[]) => ({ bypass: false, modules: new Set(modules) });

describe('event types → modules', () => {
  it('every event type of the aggregates belongs to at least one module', () => {
    const types = declaredEventTypes();
    expect(types.length).toBeGreaterThan(100);
    expect(types.filter((t) => { const m = eventModules(t); return m !== 'shell' && m.length === 0; })).toEqual([]);
  });

  it('every module named is a screen of the §2 registry', () => {
    const screens = new Set([...BASE_SCREENS, ...MEAL_SCREENS].map((s) => s.key));
    expect(EVENT_MODULES.flatMap(([, modules]) => modules).filter((m) => !screens.has(m))).toEqual([]);
  });

  it('the longest prefix wins', () => {
    expect(eventModules('SkuPriceCreated')).toContain('productPriceApproval');
    expect(eventModules('SkuCreated')).not.toContain('productPriceApproval');
    expect(eventModules('OrderSettingsSet')).toEqual(['mallOrderSpec']);
    expect(eventModules('UserRoleGranted')).toContain('rolesManage');
  });
});

describe('who hears a notice', () => {
  it('a member hears the events of the modules he holds, and nothing else', () => {
    expect(mayHear('OrderCreated', member('orderList'))).toBe(true);
    expect(mayHear('OrderCreated', member('menuCategory', 'mallRecipeCycleManage'))).toBe(false);
    expect(mayHear('CategoryCreated', member('menuCategory'))).toBe(true);
    expect(mayHear('SkuPriceCreated', member('orderList'))).toBe(false);
  });

  it('an event type nobody mapped reaches only the §6 bypass; the resync reaches everyone', () => {
    expect(mayHear('SomethingNew', member('orderList'))).toBe(false);
    expect(mayHear('SomethingNew', { bypass: true, modules: new Set() })).toBe(true);
    expect(mayHear(LIVE_RESYNC, member())).toBe(true);
  });
});

describe('who hears a supplier\'s price notices', () => {
  const supplier = { orgId: 'org-xfsp', area: '城东区' };
  const org = (orgId: string, kind: PriceAudienceCandidate['kind'], more: Partial<PriceAudienceCandidate> = {}): PriceAudienceCandidate =>
    ({ orgId, kind, area: '城东区', buys: false, approves: false, ...more });

  it('the bureau of its area, the orgs buying from it, its approval groups and the platform; never an org that merely shares the area', () => {
    const audience = priceNoticeAudience(supplier, [
      org('org-cdjyj', 'bureau'), org('org-ygsy', 'other', { buys: true }), org('org-jcps', 'other'), org('org-tyxx', 'sandbox'),
      org('org-group', 'other', { area: '城西区', approves: true }), org('org-platform', 'platform', { area: '' }), org('org-xfsp', 'other'),
    ]);
    expect(audience.sort()).toEqual(['org-cdjyj', 'org-group', 'org-platform', 'org-ygsy']);
  });

  it('a bureau of another area, or any bureau of a supplier without an area, hears nothing', () => {
    expect(priceNoticeAudience(supplier, [org('org-cxjyj', 'bureau', { area: '城西区' })])).toEqual([]);
    expect(priceNoticeAudience({ orgId: 'org-x', area: '' }, [org('org-b', 'bureau', { area: '' })])).toEqual([]);
  });

  it('a sandbox hears nothing real, even when it buys or sits in an approval group', () => {
    expect(priceNoticeAudience(supplier, [org('org-tyxx', 'sandbox', { buys: true, approves: true })])).toEqual([]);
  });
});

describe('who hears a school\'s bright-kitchen alerts and tickets (issue 33)', () => {
  const org = (orgId: string, kind: OrgFacts['kind'], area = '城东区', parentOrgId: string | null = null): OrgFacts => ({ orgId, kind, area, parentOrgId });
  const school = org('org-ygsy', 'school');

  it('the bureau of its area and the platform; never a bureau of another area, another school, a supplier or the school itself', () => {
    expect(deviceNoticeAudience(school, [
      org('org-cdjyj', 'bureau'), org('org-cxjyj', 'bureau', '城西区'), org('org-platform', 'platform', ''), org('org-mdzx', 'school'),
      org('org-xfsp', 'supplier'), org('org-azgs', 'installer'), org('org-ygsy', 'school'),
    ]).sort()).toEqual(['org-cdjyj', 'org-platform']);
  });

  it('a school without a district has no bureau; a sandbox school is heard by no real bureau', () => {
    expect(deviceNoticeAudience(org('org-x', 'school', ''), [org('org-b', 'bureau', '')])).toEqual([]);
    expect(deviceNoticeAudience(org('org-tyxx', 'trial'), [org('org-cdjyj', 'bureau')])).toEqual([]);
  });
});
