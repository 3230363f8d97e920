// §4 online restriction on the server: while a menu entry's online rule blocks it, the calls of its screen are
// refused with a 403 whose text is the rule's message, by the server's clock; admins pass (§6); other orgs,
// other modules and the console's own reads are not touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import type { OnlineRule } from '../../domain/types.ts';
import { MODULE_APIS } from '../../domain/moduleApis.ts';
import { call, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';
import { yearOf } from '../../domain/priceCycle.ts';

let server: TestServer;
/** the server's clock, moved by the tests */
let now = new Date();
const year = yearOf(new Date()); // the demo holidays are the seeding year's
const china = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);

beforeAll(async () => { server = await startTestServer({ clock: () => now }); });
afterAll(async () => { await server?.close(); });

/** Sets the clock, then signs in (a token lives a week of the server's clock, so each moment signs in anew). */
async function at(date: string, time: string, username: string, orgName = SCHOOL_A): Promise<Session> {
  now = china(date, time);
  return signIn(server, username, orgName);
}

const get = (s: Session, path: string) => call(server, 'GET', path, { token: s.token, key: s.key });

/** The school's org admin sets the online rule of its contacts menu entry. */
async function setContactsRule(online: OnlineRule | undefined): Promise<void> {
  const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
  const found = await call<{ rows: { id: string; groupName: string; extraInfo: Record<string, unknown> }[] }>(
    server, 'GET', '/v2/permission?moduleId=contacts&groupName=pcMenu', { token: admin.token, key: admin.key },
  );
  const entry = found.body.data.rows.find((r) => r.groupName === 'pcMenu');
  expect(entry).toBeDefined();
  const { online: _old, ...rest } = entry!.extraInfo;
  const put = await call(server, 'PUT', `/v2/permission/${entry!.id}`, {
    token: admin.token, key: admin.key, body: { extraInfo: online ? { ...rest, online } : rest },
  });
  expect(put.status).toBe(200);
}

const OFFICE_HOURS: OnlineRule = { enable: true, type: 'time', datetime: ['08:00', '17:00'], msg: '通讯录仅在 08:00-17:00 开放', title: '下班时间' };
const TODAY = `${year}-06-12`;

describe('online restriction on the server (§4)', () => {
  it('refuses a blocked module of a purchaser with the rule message, and serves it in the allowed hours', async () => {
    await setContactsRule(OFFICE_HOURS);
    const late = await at(TODAY, '22:30', DEMO.purchaser);
    const refused = await get(late, '/v3/contacts/department');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ status_code: 403, status_text: OFFICE_HOURS.msg, data: null });
    // every call of the module: the person list and a person search too
    const persons = await get(late, '/v3/contacts/person?search=李');
    expect(persons.status).toBe(403);
    expect(persons.body.status_text).toBe(OFFICE_HOURS.msg);

    const day = await at(TODAY, '10:00', DEMO.purchaser);
    const served = await get(day, '/v3/contacts/department');
    expect(served.status).toBe(200);
    expect(Array.isArray(served.body.data)).toBe(true);
    // the limits of the range are open
    expect((await get(await at(TODAY, '17:00', DEMO.purchaser), '/v3/contacts/department')).status).toBe(200);
    expect((await get(await at(TODAY, '17:01', DEMO.purchaser), '/v3/contacts/department')).status).toBe(403);
  });

  it('lets the org admin through in the blocked window', async () => {
    await setContactsRule(OFFICE_HOURS);
    const admin = await at(TODAY, '22:30', DEMO.schoolAdmin);
    const res = await get(admin, '/v3/contacts/department');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.data)).toBe(true);
  });

  it("touches neither the purchaser's other modules, nor the console's own reads, nor another org", async () => {
    await setContactsRule(OFFICE_HOURS);
    const late = await at(TODAY, '22:30', DEMO.purchaser);
    expect((await get(late, '/v3/contacts/department')).status).toBe(403);
    expect((await get(late, '/v2/permission/user/menu?groupName=pcMenu')).status).toBe(200);
    expect((await get(late, '/v2/permission/user/power')).status).toBe(200);
    expect((await get(late, `/v1/datetime/holidays?date=${year}`)).status).toBe(200);
    expect((await get(late, '/v5/mall/sku/price')).status).toBe(200);
    // the same purchaser in the other school, whose contacts entry has no rule
    const otherSchool = await at(TODAY, '22:30', DEMO.purchaser, SCHOOL_B);
    expect(otherSchool.orgApp?.orgName).toBe(SCHOOL_B);
    expect((await get(otherSchool, '/v3/contacts/department')).status).toBe(200);
  });

  it('answers with a default text naming the module when the rule has no message', async () => {
    await setContactsRule({ enable: true, type: 'time', datetime: ['08:00', '17:00'] });
    const res = await get(await at(TODAY, '06:00', DEMO.purchaser), '/v3/contacts/department');
    expect(res.status).toBe(403);
    expect(res.body.status_text).toContain('通讯录管理');
  });

  it('with model 2 also refuses holidays and weekends, but not make-up working days', async () => {
    await setContactsRule({ enable: true, type: 'time', datetime: ['08:00', '17:00'], model: 2, msg: '节假日不开放' });
    // seeded: 10-01 a holiday (type 1), 09-28 a make-up working day (type 0)
    const holiday = await get(await at(`${year}-10-01`, '10:00', DEMO.purchaser), '/v3/contacts/department');
    expect(holiday.status).toBe(403);
    expect(holiday.body.status_text).toBe('节假日不开放');
    expect((await get(await at(`${year}-09-28`, '10:00', DEMO.purchaser), '/v3/contacts/department')).status).toBe(200);
    const saturday = firstUnlistedSaturday();
    expect((await get(await at(saturday, '10:00', DEMO.purchaser), '/v3/contacts/department')).status).toBe(403);
    // without model 2 the same Saturday is open
    await setContactsRule(OFFICE_HOURS);
    expect((await get(await at(saturday, '10:00', DEMO.purchaser), '/v3/contacts/department')).status).toBe(200);
  });

  it('limits by dates with type date, and stops when the rule is disabled or removed', async () => {
    await setContactsRule({ enable: true, type: 'date', datetime: [`${year}-06-01`, `${year}-06-30`], msg: '仅六月开放' });
    expect((await get(await at(`${year}-06-30`, '23:59', DEMO.purchaser), '/v3/contacts/department')).status).toBe(200);
    const july = await get(await at(`${year}-07-01`, '00:00', DEMO.purchaser), '/v3/contacts/department');
    expect(july.status).toBe(403);
    expect(july.body.status_text).toBe('仅六月开放');

    await setContactsRule({ ...OFFICE_HOURS, enable: false });
    expect((await get(await at(TODAY, '22:30', DEMO.purchaser), '/v3/contacts/department')).status).toBe(200);
    await setContactsRule(undefined);
    expect((await get(await at(TODAY, '22:30', DEMO.purchaser), '/v3/contacts/department')).status).toBe(200);
  });

  it('names only routes the server has in its module table', async () => {
    const doc = (await (await fetch(`${server.url}/docs/json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`));
    for (const [screen, patterns] of Object.entries(MODULE_APIS)) {
      for (const p of patterns) {
        const [methods, raw] = p.includes(' ') ? [p.split(' ')[0].split('|'), p.split(' ')[1]] : [null, p];
        const below = raw.endsWith('/*');
        const path = below ? raw.slice(0, -2) : raw;
        const hit = routes.some((r) => {
          const [m, u] = r.split(' ');
          const paramless = (s: string) => s.replace(/:\w+/g, ':');
          return (!methods || methods.includes(m)) && (paramless(u) === paramless(path) || (below && u.startsWith(`${path}/`)));
        });
        expect(hit, `${screen}: ${p}`).toBe(true);
      }
    }
  });
});

function firstUnlistedSaturday(): string {
  const listed = new Set([`${year}-01-01`, `${year}-04-05`, `${year}-04-27`, `${year}-05-01`, `${year}-05-02`, `${year}-05-03`, `${year}-09-28`, `${year}-10-01`, `${year}-10-02`, `${year}-10-03`]);
  for (let d = new Date(Date.UTC(year, 5, 1)); ; d = new Date(d.getTime() + 86_400_000)) {
    const iso = d.toISOString().slice(0, 10);
    if (d.getUTCDay() === 6 && !listed.has(iso)) return iso;
  }
}
