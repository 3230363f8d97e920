// §7 Passport on the real server: SMS codes and their limits, password sign-in, logout, bad input, the dev outbox.
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { appendToStream } from '../../server/store/eventStore.ts';
import { runCommand } from '../../server/store/command.ts';
import { hashPassword, verifyPassword } from '../../server/auth/password.ts';
import { buildApp } from '../../server/app.ts';
import type { SmsAdapter } from '../../server/sms/SmsAdapter.ts';
import { SMS } from '../../domain/constants.ts';

let server: TestServer;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const advance = (ms: number) => { offsetMs += ms; };

// this file's many calls all come from 127.0.0.1 and test the passport's own rules (the SMS limits among them);
// the per-address bounds of issue 29 are tested in signInAttacks.test.ts
beforeAll(async () => { server = await startTestServer({ seed: false, clock, anonymousLimits: { passportWritesPerAddress: 10_000, captchasPerAddress: 10_000, qrCodesPerAddress: 10_000 } }); });
afterAll(async () => { await server?.close(); });
// Every test starts in a fresh rate-limit window: all requests come from 127.0.0.1.
beforeEach(() => advance(SMS.rateWindowMs + 1000));

let phoneSeq = 0;
/** A fresh valid mainland number per call, so tests never share a phone. */
const newPhone = () => `139${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSeq).padStart(5, '0')}`;

async function createUser(opts: { username?: string; password?: string; enable?: boolean; expiration?: string | null } = {}) {
  const username = opts.username ?? newPhone();
  const password = opts.password ?? 'secret123';
  const userId = crypto.randomUUID();
  const passwordHash = await hashPassword(password);
  await runCommand(server.store.db, (tx) => appendToStream(tx, {
    orgId: 'system', streamId: `user-${userId}`, streamType: 'user', expectedVersion: 0,
    events: [{
      type: 'UserCreated',
      data: {
        userId, username, name: `用户${username.slice(-4)}`, email: '', passwordHash, isDev: false,
        enable: opts.enable ?? true, expiration: opts.expiration ?? null, isRegister: false, isNotRouterHome: false,
      },
    }],
    meta: { time: clock().toISOString() },
  }));
  return { userId, username, password };
}

type Reply = { status: number; body: { status_code: number; status_text: string; data: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(method: string, path: string, body?: unknown, token?: string): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.accesstoken = token;
  const res = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

const sendCode = (phoneNumber: string, type = 'loginsmscode') => call('POST', '/v1/passport/smscode', { username: phoneNumber, phoneNumber, type });
async function outbox(phoneNumber: string): Promise<string> {
  const res = await call('GET', `/v1/dev/smsoutbox?phoneNumber=${phoneNumber}`);
  expect(res.status).toBe(200);
  return res.body.data.code;
}
const smsLogin = (username: string, code: string) => call('POST', '/v1/passport/login', { username, password: code, type: 'loginsmscode' });
const passwordLogin = (username: string, password: string) => call('POST', '/v1/passport/login', { username, password });
const anotherCode = (code: string) => String((Number(code) + 1) % 10 ** SMS.codeLength).padStart(SMS.codeLength, '0');

async function counts() {
  const db = server.store.db;
  const n = async (table: 'events' | 'access_tokens' | 'sms_codes' | 'qr_codes') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { events: await n('events'), tokens: await n('access_tokens'), codes: await n('sms_codes'), qr: await n('qr_codes') };
}

async function eventsOf(userId: string) {
  return server.store.db.selectFrom('events').select(['type', 'data', 'org_id']).where('stream_id', '=', `user-${userId}`).orderBy('position').execute();
}

/** A route that needs a signed-in user: scanning a fresh QR code. */
async function tokenWorks(token: string): Promise<number> {
  const qr = await call('POST', '/v1/passport/qrcode');
  return (await call('POST', `/v1/passport/qrcode/${qr.body.data.id}/scan`, undefined, token)).status;
}

describe('password hashing', () => {
  it('salts scrypt hashes and verifies only the right password', async () => {
    const a = await hashPassword('demo1234');
    const b = await hashPassword('demo1234');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('demo1234', a)).toBe(true);
    expect(await verifyPassword('demo1235', a)).toBe(false);
    expect(await verifyPassword('demo1234', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('demo1234', 'scrypt$99999999$8$1$abc$def')).toBe(false);
  });
});

describe('SMS sign-in', () => {
  it('sends a 6-digit code to a registered phone, stores only its hash, and signs in with it', async () => {
    const user = await createUser();
    const sent = await sendCode(user.username);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status_code: 200, data: { phoneNumber: user.username, expiresIn: 300 } });
    const code = await outbox(user.username);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await server.store.db.selectFrom('sms_codes').selectAll().where('phone', '=', user.username).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    expect(stored.purpose).toBe('loginsmscode');
    expect(stored.expires_at.getTime() - stored.created_at.getTime()).toBe(SMS.codeTtlMs);

    const login = await smsLogin(user.username, code);
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ userId: user.userId, username: user.username, mobilePhoneNumber: user.username, enable: true });
    expect(login.body.data.accesstoken).toEqual(expect.any(String));
    expect(new Date(login.body.data.expiresAt).getTime()).toBeGreaterThan(clock().getTime());
    expect(await tokenWorks(login.body.data.accesstoken)).toBe(200);
    const signedIn = (await eventsOf(user.userId)).filter((e) => e.type === 'UserSignedIn');
    expect(signedIn).toEqual([{ type: 'UserSignedIn', data: { userId: user.userId, method: 'smscode' }, org_id: 'system' }]);
  });

  it('uses a code up: the same code does not sign in twice', async () => {
    const user = await createUser();
    await sendCode(user.username);
    const code = await outbox(user.username);
    expect((await smsLogin(user.username, code)).status).toBe(200);
    const again = await smsLogin(user.username, code);
    expect(again.status).toBe(400);
    expect(again.body.status_text).toBe('验证码错误');
  });

  it('sends nothing to an unregistered phone, answering as for a registered one (issue 29: no enumeration)', async () => {
    const phone = newPhone();
    const res = await sendCode(phone);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status_code: 200, data: { phoneNumber: phone, expiresIn: 300 } });
    expect((await call('GET', `/v1/dev/smsoutbox?phoneNumber=${phone}`)).status).toBe(404);
  });

  it('refuses a malformed phone number with 400 手机号格式不正确', async () => {
    for (const phoneNumber of ['12800000000', '1380000000', 'abcdefghijk', '']) {
      const res = await call('POST', '/v1/passport/smscode', { phoneNumber });
      expect(res.status).toBe(400);
      if (phoneNumber) expect(res.body.status_text).toBe('手机号格式不正确');
    }
  });

  it('answers a wrong code with 400 验证码错误', async () => {
    const user = await createUser();
    await sendCode(user.username);
    const code = await outbox(user.username);
    const res = await smsLogin(user.username, anotherCode(code));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status_code: 400, status_text: '验证码错误', data: null });
  });

  it('answers a code older than 5 minutes with 400 验证码已过期', async () => {
    const user = await createUser();
    await sendCode(user.username);
    const code = await outbox(user.username);
    advance(SMS.codeTtlMs + 1000);
    const res = await smsLogin(user.username, code);
    expect(res.status).toBe(400);
    expect(res.body.status_text).toBe('验证码已过期');
  });

  it('after 5 wrong tries even the right code fails until a new one is sent', async () => {
    const user = await createUser();
    await sendCode(user.username);
    const code = await outbox(user.username);
    for (let i = 0; i < SMS.maxTries; i++) expect((await smsLogin(user.username, anotherCode(code))).body.status_text).toBe('验证码错误');
    const right = await smsLogin(user.username, code);
    expect(right.status).toBe(400);
    expect(right.body.status_text).toBe('验证码错误次数过多，请重新获取');
    // issue 15: after these failures a new sign-in code comes only with the account's captcha solved (v2)
    expect((await sendCode(user.username)).status).toBe(428);
    const { id } = (await call('GET', `/v1/passport/captcha?username=${user.username}`)).body.data;
    const { answer } = await server.store.db.selectFrom('captchas').select('answer').where('id', '=', id).executeTakeFirstOrThrow();
    expect((await call('POST', '/v2/passport/smscode', { phoneNumber: user.username, code: answer })).status).toBe(200);
    expect((await smsLogin(user.username, await outbox(user.username))).status).toBe(200);
  });

  it('four wrong tries still leave the fifth for the right code', async () => {
    const user = await createUser();
    await sendCode(user.username);
    const code = await outbox(user.username);
    for (let i = 0; i < SMS.maxTries - 1; i++) await smsLogin(user.username, anotherCode(code));
    expect((await smsLogin(user.username, code)).status).toBe(200);
  });

  it('verifysmscode checks a code without using it up', async () => {
    const user = await createUser();
    await sendCode(user.username);
    const code = await outbox(user.username);
    const wrong = await call('POST', '/v1/passport/verifysmscode', { phoneNumber: user.username, code: anotherCode(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.status_text).toBe('验证码错误');
    const right = await call('POST', '/v1/passport/verifysmscode', { phoneNumber: user.username, code });
    expect(right.body).toMatchObject({ status_code: 200, data: { valid: true } });
    expect((await smsLogin(user.username, code)).status).toBe(200);
    expect((await call('POST', '/v1/passport/verifysmscode', { phoneNumber: user.username, code })).status).toBe(400);
  });

  it('limits codes per phone within the window with 429, and allows them again after it', async () => {
    const user = await createUser();
    for (let i = 0; i < SMS.perPhoneLimit; i++) expect((await sendCode(user.username)).status).toBe(200);
    const before = await counts();
    const limited = await sendCode(user.username);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status_code: 429, status_text: '该手机号获取验证码过于频繁，请稍后再试', data: null });
    expect((await counts()).codes).toBe(before.codes);
    advance(SMS.rateWindowMs + 1000);
    expect((await sendCode(user.username)).status).toBe(200);
  });

  it('limits codes per client address with 429', async () => {
    for (let i = 0; i < SMS.perAddressLimit; i++) expect((await sendCode(newPhone(), 'register')).status).toBe(200);
    const limited = await sendCode(newPhone(), 'register');
    expect(limited.status).toBe(429);
    expect(limited.body.status_text).toBe('获取验证码过于频繁，请稍后再试');
  });

  it('codes of one purpose do not sign in for another', async () => {
    const user = await createUser();
    await sendCode(user.username, 'resetpwd');
    const res = await smsLogin(user.username, await outbox(user.username));
    expect(res.status).toBe(400);
  });
});

describe('password sign-in', () => {
  it('signs in with the right password and records UserSignedIn', async () => {
    const user = await createUser({ password: 'demo1234' });
    const res = await passwordLogin(user.username, 'demo1234');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ userId: user.userId, username: user.username, isRegister: false, expiration: null });
    expect(await tokenWorks(res.body.data.accesstoken)).toBe(200);
    expect((await eventsOf(user.userId)).map((e) => e.type)).toEqual(['UserCreated', 'UserSignedIn']);
    const first = await server.store.db.selectFrom('users').select('first_login').where('user_id', '=', user.userId).executeTakeFirstOrThrow();
    expect(first.first_login).toBe(false);
  });

  it('gives a wrong password and an unknown user the same 400 and no token', async () => {
    const user = await createUser({ password: 'demo1234' });
    const before = await counts();
    const wrong = await passwordLogin(user.username, 'demo12345');
    const unknown = await passwordLogin(newPhone(), 'demo1234');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status_code: 400, status_text: '用户名或密码错误', data: null });
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses disabled and expired accounts with 403', async () => {
    const disabled = await createUser({ enable: false });
    const expired = await createUser({ expiration: new Date(clock().getTime() - 60_000).toISOString() });
    const a = await passwordLogin(disabled.username, disabled.password);
    expect(a.status).toBe(403);
    expect(a.body.status_text).toBe('账号已停用');
    const b = await passwordLogin(expired.username, expired.password);
    expect(b.status).toBe(403);
    expect(b.body.status_text).toBe('账号已过期');
  });
});

describe('logout and tokens', () => {
  it('revokes the token: every later call with it gets 401', async () => {
    const user = await createUser();
    const { accesstoken } = (await passwordLogin(user.username, user.password)).body.data;
    const out = await call('POST', '/v2/passport/logout', undefined, accesstoken);
    expect(out.status).toBe(200);
    expect(out.body.data).toEqual({ userId: user.userId });
    expect((await eventsOf(user.userId)).map((e) => e.type)).toContain('UserSignedOut');
    const again = await call('POST', '/v2/passport/logout', undefined, accesstoken);
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ status_code: 401, data: null });
    expect(await tokenWorks(accesstoken)).toBe(401);
  });

  it('logging out one session leaves the others signed in', async () => {
    const user = await createUser();
    const a = (await passwordLogin(user.username, user.password)).body.data.accesstoken;
    const b = (await passwordLogin(user.username, user.password)).body.data.accesstoken;
    await call('POST', '/v2/passport/logout', undefined, a);
    expect(await tokenWorks(b)).toBe(200);
  });

  it('answers 401 without a token and with an unknown token', async () => {
    const none = await call('POST', '/v2/passport/logout');
    expect(none.status).toBe(401);
    expect(none.body.status_text).toBe('未登录，请先登录');
    expect((await call('POST', '/v2/passport/logout', undefined, 'made-up-token')).status).toBe(401);
  });

  it('a token dies when it expires', async () => {
    const user = await createUser();
    const { accesstoken, expiresAt } = (await passwordLogin(user.username, user.password)).body.data;
    offsetMs += new Date(expiresAt).getTime() - clock().getTime() + 1000;
    expect(await tokenWorks(accesstoken)).toBe(401);
  });
});

describe('bad input', () => {
  it('answers malformed JSON, wrong types, missing and unknown fields with 400 and writes nothing', async () => {
    const user = await createUser();
    await sendCode(user.username);
    const before = await counts();
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['POST', '/v1/passport/login', '{"username": "1380', /不是合法的 JSON/],
      ['POST', '/v1/passport/login', { username: user.username }, /缺少 body\.password/],
      ['POST', '/v1/passport/login', { username: user.username, password: { guess: 1 } }, /password/],
      ['POST', '/v1/passport/login', { username: user.username, password: 'x', admin: true }, /不支持的字段 body\.admin/],
      ['POST', '/v1/passport/smscode', { phoneNumber: ['a', 'b'] }, /phoneNumber/],
      ['POST', '/v1/passport/smscode', { phoneNumber: user.username, type: 'steal' }, /type/],
      ['POST', '/v1/passport/verifysmscode', { phoneNumber: user.username }, /缺少 body\.code/],
      ['POST', '/v1/passport/resetpwd', { username: user.username, phoneNumber: user.username, password: 'abcdefg' }, /缺少 body\.smscode/],
      ['POST', '/v2/passport/smscode', { phoneNumber: user.username, appId: 'x', trail: 'right' }, /trail/],
      ['GET', '/v1/passport/captcha?height=tall', undefined, /height/],
    ];
    for (const [method, path, body, text] of cases) {
      const res = await call(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.status_code).toBe(400);
      expect(res.body.data).toBeNull();
      expect(res.body.status_text).toMatch(text);
    }
    expect(await counts()).toEqual(before);
    // and the code sent before is untouched: none of those requests counted a try
    const row = await server.store.db.selectFrom('sms_codes').select(['tries', 'used_at']).where('phone', '=', user.username).executeTakeFirstOrThrow();
    expect(row).toEqual({ tries: 0, used_at: null });
  });

  it('v2 smscode without a captcha answer is 400', async () => {
    const user = await createUser();
    const res = await call('POST', '/v2/passport/smscode', { phoneNumber: user.username, appId: 'cp2024001' });
    expect(res.status).toBe(400);
    expect(res.body.status_text).toBe('请先完成图形验证或滑动验证');
  });
});

describe('dev SMS outbox', () => {
  it('answers 404 for a phone that was sent nothing', async () => {
    const res = await call('GET', `/v1/dev/smsoutbox?phoneNumber=${newPhone()}`);
    expect(res.status).toBe(404);
    expect(res.body.status_text).toBe('没有发送给该手机号的验证码');
  });

  it('does not exist with another SMS adapter, which still gets the codes', async () => {
    const sent: Array<{ phoneNumber: string; code: string; purpose: string }> = [];
    const gateway: SmsAdapter = { name: 'http', send: async (phoneNumber, code, purpose) => { sent.push({ phoneNumber, code, purpose }); }, notify: async () => { throw new Error('no notice here'); } };
    const app = await buildApp({ db: server.store.db, sms: gateway, clock, settings: { smsAdapter: 'http', defaultPassword: 'initial-secret-27', smsOutbox: false } });
    try {
      const user = await createUser();
      const outboxRes = await app.inject({ method: 'GET', url: `/v1/dev/smsoutbox?phoneNumber=${user.username}` });
      expect(outboxRes.statusCode).toBe(404);
      expect(outboxRes.json().status_text).toMatch(/接口不存在/);
      const res = await app.inject({ method: 'POST', url: '/v1/passport/smscode', payload: { phoneNumber: user.username } });
      expect(res.statusCode).toBe(200);
      expect(sent).toEqual([{ phoneNumber: user.username, code: expect.stringMatching(/^\d{6}$/), purpose: 'loginsmscode' }]);
      const login = await app.inject({ method: 'POST', url: '/v1/passport/login', payload: { username: user.username, password: sent[0].code, type: 'loginsmscode' } });
      expect(login.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('a failing SMS gateway is a 502 and leaves no usable code', async () => {
    const gateway: SmsAdapter = { name: 'http', send: async () => { throw new Error('gateway down'); }, notify: async () => { throw new Error('gateway down'); } };
    const app = await buildApp({ db: server.store.db, sms: gateway, clock, settings: { smsAdapter: 'http', defaultPassword: 'initial-secret-27', smsOutbox: false } });
    try {
      const user = await createUser();
      const res = await app.inject({ method: 'POST', url: '/v1/passport/smscode', payload: { phoneNumber: user.username } });
      expect(res.statusCode).toBe(502);
      expect(res.json().status_text).toBe('短信发送失败，请稍后重试');
      const rows = await server.store.db.selectFrom('sms_codes').select('id').where('phone', '=', user.username).execute();
      expect(rows).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
