// §7 init templates and creating an organisation from one: the seven steps as one command (all or nothing),
// each step on its own (idempotent), and the refusals (tenancy, power, bad input).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, firstSignIn, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { appendToStream } from '../../server/store/eventStore.ts';
import { templateStream } from '../../server/modules/orgInit/projection.ts';
import { ORG_INIT_STEPS, type InitTemplate, type InitTemplateContent } from '../../domain/orgInit.ts';
import type { MenuEntry, OrgApp } from '../../domain/types.ts';
import { isAppId } from '../../domain/appId.ts';
import { yearOf } from '../../domain/priceCycle.ts';

let server: TestServer;
let provider: Session;
beforeAll(async () => {
  server = await startTestServer();
  provider = await signIn(server, DEMO.provider, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

const as = (s: Session) => ({ token: s.token, key: s.key });

async function templates(): Promise<InitTemplate[]> {
  const res = await call<{ rows: InitTemplate[] }>(server, 'GET', '/v3/orgappinit/template?$limit=1000', as(provider));
  expect(res.status, res.body.status_text).toBe(200);
  return res.body.data.rows;
}

async function rowCounts() {
  const tables = ['events', 'orgs', 'org_apps', 'apps', 'users', 'org_app_users', 'roles', 'role_groups', 'permissions', 'role_permissions', 'org_config', 'contact_departments', 'contact_persons'] as const;
  const out: Record<string, number> = {};
  for (const t of tables) {
    const r = await server.store.db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    out[t] = Number(r.n);
  }
  return out;
}

describe('init templates', () => {
  it('lists the seeded 学校模板 and 供应商模板, honours $select, and refuses $limit over 1000', async () => {
    const rows = await templates();
    expect(rows.map((t) => t.name)).toEqual(expect.arrayContaining(['学校模板', '供应商模板']));
    const school = rows.find((t) => t.name === '学校模板')!;
    expect(school.content.roles.some((r) => r.name.startsWith('admin_'))).toBe(true);
    expect(school.content.menus.some((m) => m.moduleId === 'orgAppManage')).toBe(true);
    const picked = await call<{ rows: Record<string, unknown>[] }>(server, 'GET', '/v3/orgappinit/template?$select=name,disabled&$limit=1000', as(provider));
    expect(Object.keys(picked.body.data.rows[0]).sort()).toEqual(['disabled', 'id', 'name']);
    const tooMany = await call(server, 'GET', '/v3/orgappinit/template?$limit=1001', as(provider));
    expect(tooMany.status).toBe(400);
  });

  it('creates and edits a template, refusing one that names a role group it does not have', async () => {
    const [school] = (await templates()).filter((t) => t.name === '学校模板');
    const content: InitTemplateContent = { ...school.content, departments: [{ departmentName: '办公室' }] };
    const created = await call<InitTemplate & { version: number }>(server, 'POST', '/v3/orgappinit/template', { ...as(provider), body: { name: '小学模板', content } });
    expect(created.status, created.body.status_text).toBe(200);
    const dup = await call(server, 'POST', '/v3/orgappinit/template', { ...as(provider), body: { name: '小学模板', content } });
    expect(dup.status).toBe(409);
    const before = await eventCount(server);
    const bad = { ...content, roles: [...content.roles, { name: 'x', code: 'x', cnName: 'x', roleGroupCode: 'nope', manageRoleNames: [], config: {}, grants: [] }] };
    const refused = await call(server, 'POST', '/v3/orgappinit/template', { ...as(provider), body: { name: '坏模板', content: bad } });
    expect(refused.status).toBe(422);
    expect(refused.body.status_text).toContain('nope');
    expect(await eventCount(server)).toBe(before);
    const edited = await call<InitTemplate>(server, 'PUT', '/v3/orgappinit/template', { ...as(provider), body: { id: created.body.data.id, name: '小学模板二', disabled: true } });
    expect(edited.status, edited.body.status_text).toBe(200);
    expect(edited.body.data).toMatchObject({ name: '小学模板二', disabled: true });
    const stale = await call(server, 'PUT', '/v3/orgappinit/template', { ...as(provider), body: { id: created.body.data.id, name: '小学模板三', version: 1 } });
    expect(stale.status).toBe(409);
    const missing = await call(server, 'PUT', '/v3/orgappinit/template', { ...as(provider), body: { id: 'tpl-none', name: 'x' } });
    expect(missing.status).toBe(404);
  });
});

describe('creating an organisation from a template', () => {
  it('runs the seven steps in one command; the new admin signs in to the new org with its menu', async () => {
    const school = (await templates()).find((t) => t.name === '学校模板')!;
    const res = await call<{ orgId: string; appId: string; steps: { step: string; events: number }[] }>(server, 'POST', '/v3/orgappinit/create', {
      ...as(provider), body: { templateId: school.id, orgName: '新星小学', orgType: 'trialVersion', adminPhone: '13955550001', adminName: '钱校长', agentId: 'agent-localhost' },
    });
    expect(res.status, res.body.status_text).toBe(200);
    expect(res.body.data.steps.map((s) => s.step)).toEqual([...ORG_INIT_STEPS]);
    expect(res.body.data.steps.every((s) => s.events > 0)).toBe(true);
    expect(isAppId(res.body.data.appId)).toBe(true);
    // a new app: the next id of the year
    expect(res.body.data.appId).toBe(`cp${yearOf(new Date())}002`);

    // every event of the command is one transaction
    const txs = await server.store.db.selectFrom('events').select('transaction_id').where('meta', '@>', JSON.stringify({ orgInit: res.body.data.orgId })).distinct().execute();
    expect(txs).toHaveLength(1);

    const admin = await firstSignIn(server, '13955550001', '新星小学');
    expect(admin.orgApp).toMatchObject({ orgName: '新星小学', orgType: 'trialVersion', agentId: 'agent-localhost' });
    const menu = await call<{ rows: MenuEntry[] }>(server, 'GET', '/v2/permission/user/menu?groupName=pcMenu', as(admin));
    expect(menu.status).toBe(200);
    expect(menu.body.data.rows.map((m) => m.moduleId)).toEqual(expect.arrayContaining(['home', 'baseModule', 'contacts']));
    // the template's departments and the admin as a contact
    const departments = await server.store.db.selectFrom('contact_departments').select('department_name').where('org_id', '=', res.body.data.orgId).execute();
    expect(departments.map((d) => d.department_name).sort()).toEqual(['一年级组', '后厨', '教师', '校领导', '行政办公室', '食堂'].sort());
    const person = await server.store.db.selectFrom('contact_persons').select('name').where('org_id', '=', res.body.data.orgId).execute();
    expect(person.map((p) => p.name)).toEqual(['钱校长']);
    // the user admin role holds the contacts query range "all"
    const range = await server.store.db.selectFrom('role_permissions as rp').innerJoin('roles as r', 'r.role_id', 'rp.role_id').innerJoin('permissions as p', 'p.permission_id', 'rp.permission_id')
      .select('rp.extra_info').where('r.org_id', '=', res.body.data.orgId).where('r.name', '=', 'useradmin').where('p.module_id', '=', 'contactsQuery').executeTakeFirstOrThrow();
    expect(range.extra_info).toEqual({ department: { range: 'all' } });
    // the provider works in it too, and lists it
    const apps = await call<{ rows: OrgApp[] }>(server, 'GET', '/v2/users/org/app', { token: provider.token });
    expect(apps.body.data.rows.some((o) => o.orgName === '新星小学')).toBe(true);
    const list = await call<{ rows: { orgName: string; userCount: number; orgType: string }[] }>(server, 'GET', '/v2/config/orgapp?keyword=新星', as(provider));
    expect(list.body.data.rows).toEqual([expect.objectContaining({ orgName: '新星小学', orgType: 'trialVersion', userCount: 2 })]);
  });

  it('writes nothing when a late step fails (an invalid contacts entry in the template)', async () => {
    const school = (await templates()).find((t) => t.name === '学校模板')!;
    // a template saved before the check existed: its department names a parent it does not have
    const broken = { id: 'tpl-broken', name: '残缺模板', disabled: false, content: { ...school.content, departments: [{ departmentName: '后厨', parentName: '不存在的部门' }] } };
    await server.store.db.transaction().execute((tx) => appendToStream(tx, {
      orgId: 'system', streamId: templateStream(broken.id), streamType: 'initTemplate', expectedVersion: 0,
      events: [{ type: 'InitTemplateCreated', data: broken }], meta: { time: new Date().toISOString() },
    }));
    const before = await rowCounts();
    const res = await call(server, 'POST', '/v3/orgappinit/create', {
      ...as(provider), body: { templateId: broken.id, orgName: '残缺学校', adminPhone: '13955550002' },
    });
    expect(res.status).toBe(422);
    expect(res.body.status_text).toContain('第6步');
    expect(await rowCounts()).toEqual(before);
    const org = await server.store.db.selectFrom('orgs').select('org_id').where('name', '=', '残缺学校').execute();
    expect(org).toEqual([]);
    const user = await server.store.db.selectFrom('users').select('user_id').where('username', '=', '13955550002').execute();
    expect(user).toEqual([]);
  });

  it('refuses bad input with the envelope and writes nothing', async () => {
    const school = (await templates()).find((t) => t.name === '学校模板')!;
    const before = await eventCount(server);
    const cases: [unknown, number][] = [
      [{ templateId: school.id, orgName: '甲', adminPhone: '12345' }, 400],
      [{ templateId: school.id, orgName: '甲', adminPhone: '13955550003', appId: 'app1' }, 400],
      [{ templateId: school.id, orgName: '甲', adminPhone: '13955550003', appId: 'cp1999001' }, 404],
      [{ templateId: 'tpl-none', orgName: '甲', adminPhone: '13955550003' }, 404],
      [{ templateId: school.id, orgName: SCHOOL_A, adminPhone: '13955550003' }, 409],
      [{ templateId: school.id, orgName: '甲', adminPhone: '13955550003', orgType: 'weird' }, 400],
      [{ templateId: school.id, orgName: '甲', adminPhone: '13955550003', agentId: 'agent-none' }, 400],
      [{ orgName: '甲', adminPhone: '13955550003' }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await call(server, 'POST', '/v3/orgappinit/create', { ...as(provider), body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.status_code).toBe(status);
      expect(res.body.status_text).toBeTruthy();
    }
    expect(await eventCount(server)).toBe(before);
  });

  it('refuses every org-init call to a user without the system-provider role, writing nothing', async () => {
    const school = (await templates()).find((t) => t.name === '学校模板')!;
    const sessions = [];
    for (const username of [DEMO.schoolAdmin, DEMO.userAdmin, DEMO.purchaser]) sessions.push({ username, s: await signIn(server, username, SCHOOL_A) });
    const before = await eventCount(server);
    for (const { username, s } of sessions) {
      const calls: [string, string, unknown?][] = [
        ['GET', '/v3/orgappinit/template'],
        ['POST', '/v3/orgappinit/template', { name: 'x', content: school.content }],
        ['PUT', '/v3/orgappinit/template', { id: school.id, name: 'x' }],
        ['POST', '/v3/orgappinit/create', { templateId: school.id, orgName: '偷建学校', adminPhone: '13955550004' }],
        ...ORG_INIT_STEPS.map((step) => ['POST', `/v3/orgappinit/${step}`, { orgId: 'org-x', orgName: 'x', appId: 'cp2020001', appName: 'x', name: '学校模板' }] as [string, string, unknown]),
      ];
      for (const [method, path, body] of calls) {
        const res = await call(server, method, path, { ...as(s), body });
        expect(res.status, `${username} ${method} ${path}`).toBe(403);
        expect(JSON.stringify(res.body.data ?? null)).not.toContain('menus');
      }
    }
    // not signed in, or without an org-app key
    expect((await call(server, 'GET', '/v3/orgappinit/template')).status).toBe(401);
    expect((await call(server, 'GET', '/v3/orgappinit/template', { token: provider.token })).status).toBe(403);
    expect(await eventCount(server)).toBe(before);
  });
});

describe('the seven steps one by one', () => {
  it('builds an org step by step; each step called again writes nothing', async () => {
    const appId = `cp${yearOf(new Date())}001`;
    const body = { orgId: 'org-step', orgName: '逐步学校', appId, appName: '营养餐管理平台', name: '供应商模板' };
    for (const step of ORG_INIT_STEPS) {
      const first = await call<{ events: number }>(server, 'POST', `/v3/orgappinit/${step}`, { ...as(provider), body });
      expect(first.status, `${step}: ${first.body.status_text}`).toBe(200);
      expect(first.body.data.events, step).toBeGreaterThan(0);
      const again = await call<{ events: number }>(server, 'POST', `/v3/orgappinit/${step}`, { ...as(provider), body });
      expect(again.body.data.events, step).toBe(0);
    }
    const config = await server.store.db.selectFrom('org_config').select('value').where('org_id', '=', 'org-step').where('path', '=', 'supplierType').executeTakeFirstOrThrow();
    expect(config.value).toBe('sxps');
    const sxps = await call<{ rows: { orgName: string }[] }>(server, 'GET', '/v2/config/orgapp?supplierType=sxps', as(provider));
    expect(sxps.body.data.rows.map((r) => r.orgName).sort()).toEqual(['逐步学校', '集采配送中心'].sort());
  });

  it('refuses a step for an org-app that does not exist yet, and an unknown template', async () => {
    const appId = `cp${yearOf(new Date())}001`;
    const menu = await call(server, 'POST', '/v3/orgappinit/menu', { ...as(provider), body: { orgId: 'org-later', orgName: '后来', appId, appName: 'x', name: '学校模板' } });
    expect(menu.status).toBe(422);
    const unknown = await call(server, 'POST', '/v3/orgappinit/org', { ...as(provider), body: { orgId: 'org-later', orgName: '后来', appId, appName: 'x', name: '没有的模板' } });
    expect(unknown.status).toBe(404);
    const badId = await call(server, 'POST', '/v3/orgappinit/org', { ...as(provider), body: { orgId: 'org later!', orgName: '后来', appId, appName: 'x', name: '学校模板' } });
    expect(badId.status).toBe(400);
  });
});
