import { describe, expect, it } from 'vitest';
import { checkModuleCall, defaultRefusalText, MODULE_APIS, modulesOfRoute, type OwningEntry } from '../../../domain/moduleApis.ts';
import type { OnlineRule } from '../../../domain/types.ts';

const staff = [{ name: 'purchaser', code: '1' }];
// 2024-05-15 is a Wednesday
const wed = { date: '2024-05-15', time: '22:30', weekday: 3 };
const hours: OnlineRule = { enable: true, type: 'time', datetime: ['08:00', '17:00'], msg: '下班时间不开放', title: '休息中' };

describe('modulesOfRoute', () => {
  it('finds the screen of a route below a prefix, whatever the method', () => {
    expect(modulesOfRoute('GET', '/v3/contacts/department')).toContain('contacts');
    expect(modulesOfRoute('put', '/v3/contacts/person/:id')).toContain('contacts');
    expect(modulesOfRoute('DELETE', '/v3/contacts')).toContain('contacts');
  });

  it('does not take a path that only starts with the same letters', () => {
    expect(modulesOfRoute('GET', '/v3/contactsx')).toEqual([]);
    expect(modulesOfRoute('GET', '/v1/log/apilogs')).toEqual([]);
  });

  it('honours the methods a pattern names', () => {
    expect(modulesOfRoute('POST', '/v1/datetime/holidays')).toEqual(['systemConfigManage']);
    expect(modulesOfRoute('GET', '/v1/datetime/holidays')).toEqual([]);
    expect(modulesOfRoute('GET', '/v3/contacts/person')).toEqual(expect.arrayContaining(['contacts', 'rolesManage']));
    expect(modulesOfRoute('POST', '/v3/contacts/person')).toEqual(['contacts']);
  });

  it('lists every screen sharing a route', () => {
    expect(modulesOfRoute('PUT', '/v5/mall/sku/price').sort()).toEqual(['productPrice', 'productPriceApproval']);
    expect(modulesOfRoute('GET', '/v5/mall/sku/price/log').sort()).toEqual(['productPrice', 'productPriceApproval', 'productSkuLog']);
  });

  it('leaves the reads the whole console needs to no module', () => {
    for (const [method, url] of [
      ['GET', '/v2/permission/user/menu'], ['GET', '/v2/permission/user/power'], ['GET', '/v1/config/org'], ['GET', '/v1/datetime'],
      ['GET', '/v1/datetime/holidays'], ['POST', '/v1/passport/login'], ['GET', '/v2/users/org/app'], ['GET', '/v1/productagent'],
    ]) expect(modulesOfRoute(method, url), `${method} ${url}`).toEqual([]);
  });

  it('names only screens with a route table entry in the right shape', () => {
    for (const [screen, patterns] of Object.entries(MODULE_APIS)) {
      for (const p of patterns) expect(p, screen).toMatch(/^((GET|POST|PUT|DELETE|PATCH)(\|(GET|POST|PUT|DELETE|PATCH))* )?\/v\d\/[\w/:-]+(\/\*)?$/);
    }
  });
});

describe('checkModuleCall (§4 on the server)', () => {
  const entry = (rule: OnlineRule | undefined, held = true, moduleName = '通讯录管理'): OwningEntry => ({ moduleName, rule, held });

  it('refuses when the only owning entry the caller holds is blocked, with its message', () => {
    expect(checkModuleCall([entry(hours)], wed, [], staff)).toEqual({ blocked: true, msg: '下班时间不开放', title: '休息中', moduleName: '通讯录管理' });
    expect(checkModuleCall([entry(hours)], { ...wed, time: '10:00' }, [], staff)).toEqual({ blocked: false });
  });

  it('lets the call through while another owning entry of his is open', () => {
    expect(checkModuleCall([entry(hours), entry(undefined, true, '角色管理')], wed, [], staff).blocked).toBe(false);
    expect(checkModuleCall([entry(hours), entry({ ...hours, datetime: ['20:00', '23:00'] }, true, '角色管理')], wed, [], staff).blocked).toBe(false);
  });

  it('is decided by the entries he holds only', () => {
    expect(checkModuleCall([entry(hours, false)], wed, [], staff).blocked).toBe(false);
    expect(checkModuleCall([], wed, [], staff).blocked).toBe(false);
    expect(checkModuleCall([entry(undefined, false), entry(hours, true)], wed, [], staff).blocked).toBe(true);
  });

  it('applies model 2 with the holidays it is given', () => {
    const workdays: OnlineRule = { enable: true, type: 'time', datetime: ['00:00', '23:59'], model: 2 };
    expect(checkModuleCall([entry(workdays)], wed, [], staff).blocked).toBe(false);
    expect(checkModuleCall([entry(workdays)], wed, [{ date: wed.date, type: 1 }], staff).blocked).toBe(true);
  });

  it('passes admins, manage admins and code 999', () => {
    for (const role of [{ name: 'admin_school', code: 'admin' }, { name: 'manage_admin_x', code: '1' }, { name: 'p', code: '999' }]) {
      expect(checkModuleCall([entry(hours)], wed, [], [role]).blocked).toBe(false);
    }
  });

  it('has a readable default text naming the module', () => {
    expect(defaultRefusalText('通讯录管理')).toContain('通讯录管理');
    expect(defaultRefusalText('')).toContain('该模块');
  });
});
