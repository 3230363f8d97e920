// Issue 16 points 1 and 5: SMS codes are unreadable unless the dev outbox is asked for (and then from this
// machine only), secrets travel in headers only, and the live feed opens with a one-time ticket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { buildApp } from '../../server/app.ts';
import { settingsFromEnv } from '../../server/settings.ts';
import { ConsoleSmsAdapter, smsAdapterFromEnv } from '../../server/sms/SmsAdapter.ts';
import { redactUrl } from '../../server/http/logging.ts';
import { call, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';

let server: TestServer;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
let admin: Session;

beforeAll(async () => {
  server = await startTestServer({ clock });
  admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

describe('SMS codes by default', () => {
  it('a plain start serves loopback only, with no SMS adapter and no outbox', () => {
    const s = settingsFromEnv({});
    expect(s).toMatchObject({ host: '127.0.0.1', smsAdapter: 'none', smsOutbox: false });
    expect(settingsFromEnv({ SMS_DEV_OUTBOX: 'true' })).toMatchObject({ smsAdapter: 'console', smsOutbox: true });
    expect(() => settingsFromEnv({ SMS_DEV_OUTBOX: 'true', NODE_ENV: 'production' })).toThrow(/SMS_DEV_OUTBOX/);
    expect(() => smsAdapterFromEnv('console', {})).toThrow(/SMS_DEV_OUTBOX/);
  });

  it('refuses to send a code and has no outbox when nothing is configured', async () => {
    const s = settingsFromEnv({});
    const app = await buildApp({ db: server.store.db, sms: smsAdapterFromEnv(s.smsAdapter, {}), clock, settings: s });
    try {
      const send = await app.inject({ method: 'POST', url: '/v1/passport/smscode', payload: { phoneNumber: DEMO.purchaser } });
      expect(send.statusCode).toBe(503);
      expect(send.json().status_text).toBe('短信服务未配置，请使用密码登录');
      const outbox = await app.inject({ method: 'GET', url: `/v1/dev/smsoutbox?phoneNumber=${DEMO.purchaser}` });
      expect(outbox.statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/v1/dev/smsnotices?phoneNumber=${DEMO.purchaser}` })).statusCode).toBe(404);
      expect(await server.store.db.selectFrom('sms_codes').selectAll().where('phone', '=', DEMO.purchaser).execute()).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('with the outbox on, answers callers on this machine only', async () => {
    const sms = new ConsoleSmsAdapter(() => {});
    const app = await buildApp({ db: server.store.db, sms, clock, settings: { smsAdapter: 'console', defaultPassword: 'initial-secret-27', smsOutbox: true } });
    try {
      expect((await app.inject({ method: 'POST', url: '/v1/passport/smscode', payload: { phoneNumber: DEMO.bureau } })).statusCode).toBe(200);
      const local = await app.inject({ method: 'GET', url: `/v1/dev/smsoutbox?phoneNumber=${DEMO.bureau}` });
      expect(local.json().data.code).toMatch(/^\d{6}$/);
      for (const remoteAddress of ['192.168.1.20', '203.0.113.9', '::ffff:10.0.0.1']) {
        const remote = await app.inject({ method: 'GET', url: `/v1/dev/smsoutbox?phoneNumber=${DEMO.bureau}`, remoteAddress });
        expect(remote.statusCode, remoteAddress).toBe(404);
        expect(remote.body).not.toContain(local.json().data.code);
      }
      // a forwarded-for header does not make a remote caller local
      const forwarded = await app.inject({
        method: 'GET', url: `/v1/dev/smsoutbox?phoneNumber=${DEMO.bureau}`, remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(forwarded.statusCode).toBe(404);

      // the notices it keeps (an activity cancelled): the same rule
      const notice = { template: 'activityCancelled', params: { org: '阳光实验小学', title: '开放厨房日', reason: '天气原因' } };
      await sms.notify(DEMO.bureau, notice);
      const notices = await app.inject({ method: 'GET', url: `/v1/dev/smsnotices?phoneNumber=${DEMO.bureau}` });
      expect(notices.json().data.rows).toEqual([notice]);
      for (const remoteAddress of ['192.168.1.20', '203.0.113.9', '::ffff:10.0.0.1']) {
        const remote = await app.inject({ method: 'GET', url: `/v1/dev/smsnotices?phoneNumber=${DEMO.bureau}`, remoteAddress });
        expect(remote.statusCode, remoteAddress).toBe(404);
        expect(remote.body).not.toContain('开放厨房日');
      }
      const forwardedNotices = await app.inject({
        method: 'GET', url: `/v1/dev/smsnotices?phoneNumber=${DEMO.bureau}`, remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(forwardedNotices.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('the console adapter never writes the code to the log', async () => {
    const lines: string[] = [];
    const sms = new ConsoleSmsAdapter((line) => lines.push(line));
    await sms.send('13900000000', '482913', 'loginsmscode');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('482913');
    expect(sms.latest('13900000000')).toBe('482913');
  });
});

describe('secrets in headers only', () => {
  it('a token or key in the query string authenticates nothing', async () => {
    const byQuery = await call(server, 'GET', `/v2/users/org/app?accesstoken=${admin.token}`);
    expect(byQuery.status).toBe(401);
    const keyByQuery = await call(server, 'GET', `/v2/permission/user/menu?key=${admin.key}`, { token: admin.token });
    expect(keyByQuery.status).toBe(403);
    expect((await call(server, 'GET', '/v2/users/org/app', { token: admin.token })).status).toBe(200);
  });

  it('the request log shows query parameter names, not their values', () => {
    expect(redactUrl('/v1/events?ticket=abc&x=1')).toBe('/v1/events?ticket=…&x=…');
    expect(redactUrl('/v1/dev/smsoutbox?phoneNumber=13800000002')).not.toContain('13800000002');
    expect(redactUrl('/v2/users')).toBe('/v2/users');
  });
});

describe('live feed tickets', () => {
  async function ticket(s: Session): Promise<string> {
    const res = await call<{ ticket: string }>(server, 'POST', '/v1/live/ticket', { token: s.token, key: s.key });
    expect(res.status).toBe(200);
    return res.body.data.ticket;
  }
  async function open(query: string): Promise<{ status: number; type: string | null }> {
    const controller = new AbortController();
    const res = await fetch(`${server.url}/v1/events?${query}`, { signal: controller.signal });
    const out = { status: res.status, type: res.headers.get('content-type') };
    controller.abort();
    return out;
  }

  it('opens the stream once per ticket', async () => {
    const t = await ticket(admin);
    expect(await open(`ticket=${t}`)).toEqual({ status: 200, type: 'text/event-stream' });
    expect((await open(`ticket=${t}`)).status).toBe(401);
  });

  it('a ticket expires after 60 s; a token and key in the URL open nothing', async () => {
    const t = await ticket(admin);
    offsetMs += 61_000;
    try {
      expect((await open(`ticket=${t}`)).status).toBe(401);
    } finally {
      offsetMs -= 61_000;
    }
    expect((await open(`accesstoken=${admin.token}&key=${admin.key}`)).status).toBe(400);
    expect((await open('ticket=made-up')).status).toBe(401);
  });

  it('the ticket is stored hashed', async () => {
    const t = await ticket(admin);
    const rows = await server.store.db.selectFrom('live_tickets').select('ticket_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.ticket_hash === t)).toBe(false);
  });
});
