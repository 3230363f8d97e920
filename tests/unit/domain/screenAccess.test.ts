import { describe, expect, it } from 'vitest';
import { entriesFor, mayOpenScreen, PLATFORM_SCREENS, screenOfEntry } from '../../../domain/screenAccess.ts';

const admin = { platform: false, roles: [{ code: '' }] };
const bureau = { platform: false, roles: [{ code: '4' }] };
const platform = { platform: true, roles: [] };
const entry = (moduleId: string, component?: string) => ({ moduleId, extraInfo: component ? { component } : {} });

describe('screen access (issue 16)', () => {
  it('keeps the platform screens for the platform', () => {
    for (const s of PLATFORM_SCREENS) {
      expect(mayOpenScreen(s, admin), s).toBe(false);
      expect(mayOpenScreen(s, platform), s).toBe(true);
    }
  });

  it('gives the price-record screens to suppliers and bureaus, not to a purchasing org admin', () => {
    expect(mayOpenScreen('productSkuLog', admin)).toBe(false);
    expect(mayOpenScreen('productSkuLog', bureau)).toBe(true);
    expect(mayOpenScreen('priceSurveyVoucher', { platform: false, roles: [{ code: '2' }] })).toBe(true);
    expect(mayOpenScreen('contacts', admin)).toBe(true);
  });

  it('gives the vehicle report to the carriers (supplier, delivery), not to a school org admin or a bureau', () => {
    expect(mayOpenScreen('carReport', admin)).toBe(false);
    expect(mayOpenScreen('carReport', bureau)).toBe(false);
    expect(mayOpenScreen('carReport', { platform: false, roles: [{ code: '2' }] })).toBe(true);
    expect(mayOpenScreen('carReport', { platform: false, roles: [{ code: '3' }] })).toBe(true);
  });

  it('gives a fruit org its goods, orders and figures and a bureau its supermarkets and unit import, by the org\'s kind', () => {
    for (const screen of ['xgOrgSkuManage', 'xgOrgOrderManage', 'recipeOrgStatistics']) {
      expect(mayOpenScreen(screen, { ...admin, orgKind: 'school' })).toBe(false);
      expect(mayOpenScreen(screen, { ...admin, orgKind: 'fruit' })).toBe(true);
      expect(mayOpenScreen(screen, admin), 'no kind known: refused').toBe(false);
    }
    for (const screen of ['supermarketManage', 'uploadUnit']) {
      expect(mayOpenScreen(screen, { ...admin, orgKind: 'school' })).toBe(false);
      expect(mayOpenScreen(screen, { ...bureau, orgKind: 'bureau' })).toBe(true);
      expect(mayOpenScreen(screen, { ...platform, orgKind: 'platform' })).toBe(true);
    }
  });

  it('filters a menu by the component an entry opens, or its module id', () => {
    expect(screenOfEntry(entry('x', 'appsManage'))).toBe('appsManage');
    expect(screenOfEntry(entry('appsManage'))).toBe('appsManage');
    const menu = [entry('home', 'home'), entry('apps', 'appsManage'), entry('agentsInfoManage'), entry('contacts', 'contacts')];
    expect(entriesFor(menu, admin).map((e) => e.moduleId)).toEqual(['home', 'contacts']);
    expect(entriesFor(menu, platform)).toHaveLength(4);
  });
});
