// Issue 29: the sign-in probed as a script would. Each test is the attack first (as an outsider runs it against the
// real server), then what the legitimate user still can do.
// 1. A captcha a script cannot read: neither the image captcha's markup nor the slide puzzle's gives the answer.
// 2. Throttles that punish the guesser: made-up usernames from one address slow that address (captcha), never refuse
//    a real account's right password; the client address comes from a trusted proxy's header only.
// 3. No account enumeration: register, SMS code and password reset answer a registered and a free number alike.
// 4. Anonymous writes are bounded: QR sign-in codes are rate-limited per address and expired ones purged.
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, DEMO_PASSWORD, type TestServer } from '../support/testServer.ts';
import { DEMO } from './usersApi.ts';
import { CAPTCHA_GATE, SIGN_IN_THROTTLE } from '../../domain/signInThrottle.ts';
import { ANONYMOUS_LIMITS, PURGE } from '../../domain/anonymousLimits.ts';
import { TOKEN } from '../../domain/constants.ts';
import { purgeAnonymousRows } from '../../server/modules/passport/purge.ts';
import { hashToken } from '../../server/http/tokens.ts';
import { settingsFromEnv } from '../../server/settings.ts';

let server: TestServer;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

beforeAll(async () => { server = await startTestServer({ clock }); });
afterAll(async () => { await server?.close(); });
// each test starts outside the previous one's throttle windows
beforeEach(() => { offsetMs += SIGN_IN_THROTTLE.windowMs + 1000; });

type Body = { status_code: number; status_text: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
let addressSeq = 0;
/** A fresh client address per test (the per-address rate limits count real time, not the test's clock). */
const freshAddress = () => { addressSeq += 1; return `198.18.${Math.floor(addressSeq / 250)}.${(addressSeq % 250) + 1}`; };
async function send(method: 'GET' | 'POST', url: string, payload: object | undefined, remoteAddress: string, headers: Record<string, string> = {}) {
  const res = await server.app.inject({ method, url, payload, remoteAddress, headers });
  return { status: res.statusCode, body: res.json() as Body };
}
const dataUrlBody = (url: string) => {
  const m = /^data:([^;,]+);base64,(.*)$/.exec(url);
  if (!m) throw new Error(`not a data URL: ${url.slice(0, 40)}`);
  return { type: m[1], bytes: Buffer.from(m[2], 'base64') };
};
/** What the server keeps as the answer (a test may read it; a browser never sees it). */
const storedAnswer = async (id: string) =>
  (await server.store.db.selectFrom('captchas').select('answer').where('id', '=', id).executeTakeFirstOrThrow()).answer;

/** Puts an account past the captcha gate, from its own address. */
async function failTimes(username: string, address: string, n = CAPTCHA_GATE.afterFailures) {
  for (let i = 0; i < n; i += 1) expect((await send('POST', '/v1/passport/login', { username, password: `wrong-${i}` }, address)).status).toBe(400);
}

describe('1. a captcha a script cannot read', () => {
  /** The script of the issue: the characters of the SVG's <text> elements. */
  const readSvgText = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join('');

  it('the image captcha carries no text: a script reading its markup does not sign in; the answer (server side) does', async () => {
    const address = freshAddress();
    const username = DEMO.purchaser;
    await failTimes(username, address);
    const drawn = await send('GET', `/v1/passport/captcha?username=${username}`, undefined, address);
    expect(drawn.status).toBe(200);
    const image = dataUrlBody(drawn.body.data.image);
    const svg = image.bytes.toString('utf8');
    const answer = await storedAnswer(drawn.body.data.id);
    // the answer is nowhere in what the browser gets: no text elements, no font-drawn characters, not in any attribute
    expect(svg).not.toMatch(/<text|<tspan|font-family/);
    expect(svg.toLowerCase()).not.toContain(`>${answer}<`);
    const scripted = readSvgText(svg) || 'abcd';
    const byScript = await send('POST', '/v1/passport/login', { username, password: DEMO_PASSWORD, captcha: scripted }, address);
    expect(byScript.status).toBe(428);
    // each is used once: the script's try used it up, a new one is drawn and the person reading it signs in
    const again = await send('GET', `/v1/passport/captcha?username=${username}`, undefined, address);
    const right = await send('POST', '/v1/passport/login', { username, password: DEMO_PASSWORD, captcha: await storedAnswer(again.body.data.id) }, address);
    expect(right.status).toBe(200);
  });

  it('two drawings of the same account differ in their paths (noise), so a shape table is no shortcut either', async () => {
    const address = freshAddress();
    const a = dataUrlBody((await send('GET', '/v1/passport/captcha?username=13700000001', undefined, address)).body.data.image).bytes.toString('utf8');
    const b = dataUrlBody((await send('GET', '/v1/passport/captcha?username=13700000001', undefined, address)).body.data.image).bytes.toString('utf8');
    expect(a).toMatch(/<path/);
    expect(a).not.toBe(b);
  });

  it('the slide puzzle is a raster: no viewBox or coordinate gives the gap; the drag to the gap (server side) sends the code, once, for its phone only', async () => {
    const address = freshAddress();
    const phone = DEMO.dietitian;
    const puzzle = (await send('GET', `/v1/passport/slidecaptcha?username=${phone}`, undefined, address)).body.data;
    const background = dataUrlBody(puzzle.background);
    const piece = dataUrlBody(puzzle.piece);
    expect([background.type, piece.type]).toEqual(['image/png', 'image/png']);
    // a PNG: its signature, and pixels compressed in IDAT chunks, not markup
    expect(piece.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(piece.bytes.toString('latin1')).not.toMatch(/viewBox|<svg/);
    // the script of the issue: the x of the piece's viewBox (none now: it drags to 0)
    const viewBoxX = Number(/viewBox="(-?[\d.]+)/.exec(piece.bytes.toString('latin1'))?.[1] ?? 0);
    const trail = (x: number) => [0, x / 3, (2 * x) / 3, x];
    const byScript = await send('POST', '/v2/passport/smscode', { phoneNumber: phone, token: puzzle.token, trail: trail(viewBoxX) }, address);
    expect(byScript.status).toBe(400);
    expect(byScript.body.status_text).toBe('滑动验证未通过，请重试');

    const solve = async (forPhone: string) => {
      const p = (await send('GET', `/v1/passport/slidecaptcha?username=${phone}`, undefined, address)).body.data;
      const x = Number(await storedAnswer(`slide:${p.token}`));
      return { token: p.token as string, x, answer: (to: string) => send('POST', '/v2/passport/smscode', { phoneNumber: to, token: p.token, trail: trail(x) }, address), forPhone };
    };
    // bound to the try it gates: a puzzle drawn for one phone does not send a code to another
    const other = await solve(phone);
    expect((await other.answer(DEMO.salesman)).status).toBe(400);
    const own = await solve(phone);
    expect((await own.answer(phone)).status).toBe(200);
    // one-time
    expect((await own.answer(phone)).status).toBe(400);
  });
});

describe('2. throttles that punish the guesser, not the guessed', () => {
  it('20 made-up usernames from one address: a real account there still signs in with its right password (after a captcha at most)', async () => {
    const address = freshAddress();
    for (let i = 0; i < SIGN_IN_THROTTLE.perAddress; i += 1) {
      const guess = await send('POST', '/v1/passport/login', { username: `1390000${String(i).padStart(4, '0')}`, password: 'guess' }, address);
      expect([400, 428]).toContain(guess.status);
    }
    for (const username of [DEMO.provider, DEMO.schoolAdmin]) {
      let res = await send('POST', '/v1/passport/login', { username, password: DEMO_PASSWORD }, address);
      if (res.status === 428) {
        const drawn = await send('GET', `/v1/passport/captcha?username=${username}`, undefined, address);
        res = await send('POST', '/v1/passport/login', { username, password: DEMO_PASSWORD, captcha: await storedAnswer(drawn.body.data.id) }, address);
      }
      expect(`${res.status} ${res.body.status_text}`).toMatch(/^200 /);
    }
  });

  it('the sprayer keeps guessing only through captchas: past the limit every try from that address needs one', async () => {
    const address = freshAddress();
    for (let i = 0; i < SIGN_IN_THROTTLE.perAddress; i += 1) {
      await send('POST', '/v1/passport/login', { username: `1380001${String(i).padStart(4, '0')}`, password: 'guess' }, address);
    }
    const next = await send('POST', '/v1/passport/login', { username: '13800019999', password: 'guess' }, address);
    expect(next.status).toBe(428);
    // another address is not slowed
    expect((await send('POST', '/v1/passport/login', { username: DEMO.supplier, password: DEMO_PASSWORD }, freshAddress())).status).toBe(200);
  });

  it('the per-account limit stays: 5 wrong passwords of one account from one address make even the right one wait there', async () => {
    const address = freshAddress();
    const username = DEMO.delivery;
    for (let i = 0; i < SIGN_IN_THROTTLE.perAccountAndAddress; i += 1) {
      let captcha: string | undefined;
      if (i >= CAPTCHA_GATE.afterFailures) captcha = await storedAnswer((await send('GET', `/v1/passport/captcha?username=${username}`, undefined, address)).body.data.id);
      expect((await send('POST', '/v1/passport/login', { username, password: `wrong-${i}`, captcha }, address)).status).toBe(400);
    }
    expect((await send('POST', '/v1/passport/login', { username, password: DEMO_PASSWORD }, address)).status).toBe(429);
  });

  it('a forwarded-for header from an untrusted peer is ignored: spoofed addresses do not escape the per-address limit', async () => {
    const address = freshAddress();
    for (let i = 0; i < SIGN_IN_THROTTLE.perAddress; i += 1) {
      await send('POST', '/v1/passport/login', { username: `1380002${String(i).padStart(4, '0')}`, password: 'guess' }, address, { 'x-forwarded-for': `203.0.113.${i + 1}` });
    }
    const spoofed = await send('POST', '/v1/passport/login', { username: '13800029999', password: 'guess' }, address, { 'x-forwarded-for': '203.0.113.200' });
    expect(spoofed.status).toBe(428);
  });
});

describe('2b. behind a trusted proxy', () => {
  let proxied: TestServer;
  beforeAll(async () => { proxied = await startTestServer({ trustProxy: ['10.0.0.1'] }); });
  afterAll(async () => { await proxied?.close(); });
  const via = async (remoteAddress: string, client: string, body: object) =>
    (await proxied.app.inject({ method: 'POST', url: '/v1/passport/login', payload: body, remoteAddress, headers: { 'x-forwarded-for': client } })).statusCode;

  it("the proxy's clients are told apart by its header: one client's guesses do not slow another behind the same proxy", async () => {
    for (let i = 0; i < SIGN_IN_THROTTLE.perAddress; i += 1) {
      expect(await via('10.0.0.1', '203.0.113.66', { username: `1380003${String(i).padStart(4, '0')}`, password: 'guess' })).toBe(400);
    }
    expect(await via('10.0.0.1', '203.0.113.66', { username: '13800039999', password: 'guess' })).toBe(428);
    expect(await via('10.0.0.1', '203.0.113.67', { username: DEMO.salesman, password: DEMO_PASSWORD })).toBe(200);
  });

  it('TRUST_PROXY takes a list of proxy addresses only: "trust everyone" would let a client name its own address', () => {
    expect(settingsFromEnv({}).trustProxy).toEqual([]);
    expect(settingsFromEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    for (const value of ['true', '1', 'loopback', '*']) expect(() => settingsFromEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});

describe('3. no account enumeration', () => {
  const known = DEMO.bureau;
  const unknown = '13912345678';
  /** The answer without the number it names: what must not differ between a registered and a free number. */
  const shape = (r: { status: number; body: Body }, phone: string) =>
    JSON.stringify({ status: r.status, body: r.body }).replaceAll(phone, '<phone>');

  const probes: [string, (phone: string) => [string, object]][] = [
    ['register', (p) => ['/v2/users/register', { username: p, password: 'secret-29', smscode: '000000' }]],
    ['SMS sign-in code', (p) => ['/v1/passport/smscode', { phoneNumber: p, type: 'loginsmscode' }]],
    ['reset code', (p) => ['/v1/passport/smscode', { phoneNumber: p, type: 'resetpwd' }]],
    ['register code', (p) => ['/v1/passport/smscode', { phoneNumber: p, type: 'register' }]],
    ['password reset', (p) => ['/v1/passport/resetpwd', { username: p, phoneNumber: p, smscode: '000000', password: 'secret-29' }]],
  ];

  for (const [name, probe] of probes) {
    it(`${name}: a registered and a free number get the same answer`, async () => {
      const address = freshAddress();
      const [path, a] = probe(known);
      const [, b] = probe(unknown);
      const k = await send('POST', path, a, address);
      const u = await send('POST', path, b, address);
      expect(k.status).toBeLessThan(500);
      expect(shape(u, unknown)).toBe(shape(k, known));
    });
  }

  it('sign-in and reset codes go only to registered numbers; register codes to anyone (the owner may be joining an org)', async () => {
    const address = freshAddress();
    const outbox = async (phone: string) => (await send('GET', `/v1/dev/smsoutbox?phoneNumber=${phone}`, undefined, '127.0.0.1')).status;
    const fresh = '13912340001';
    expect((await send('POST', '/v1/passport/smscode', { phoneNumber: fresh, type: 'loginsmscode' }, address)).status).toBe(200);
    expect((await send('POST', '/v1/passport/smscode', { phoneNumber: fresh, type: 'resetpwd' }, address)).status).toBe(200);
    expect(await outbox(fresh)).not.toBe(200);
    expect((await send('POST', '/v1/passport/smscode', { phoneNumber: DEMO.userAdmin, type: 'resetpwd' }, address)).status).toBe(200);
    expect(await outbox(DEMO.userAdmin)).toBe(200);
  });

  it('registering a taken number fails only after its SMS code: the owner learns it is taken, a prober does not', async () => {
    const address = freshAddress();
    const taken = DEMO.userAdmin;
    expect((await send('POST', '/v1/passport/smscode', { phoneNumber: taken, type: 'register' }, address)).status).toBe(200);
    const code = (await send('GET', `/v1/dev/smsoutbox?phoneNumber=${taken}`, undefined, '127.0.0.1')).body.data.code as string;
    const owner = await send('POST', '/v2/users/register', { username: taken, password: 'secret-29', smscode: code }, address);
    expect(owner.status).toBe(409);
    // a free number with its code registers
    const free = '13912340002';
    expect((await send('POST', '/v1/passport/smscode', { phoneNumber: free, type: 'register' }, address)).status).toBe(200);
    const freeCode = (await send('GET', `/v1/dev/smsoutbox?phoneNumber=${free}`, undefined, '127.0.0.1')).body.data.code as string;
    expect((await send('POST', '/v2/users/register', { username: free, password: 'secret-29', smscode: freeCode }, address)).status).toBe(200);
  });

  it('600 probes from one address, known and unknown numbers interleaved: throttled, and every pair answered alike', async () => {
    const address = freshAddress();
    // both kinds of number start without codes (earlier tests' expired codes would answer "expired" for their numbers)
    await server.store.db.deleteFrom('sms_codes').execute();
    const numbers = Object.values(DEMO);
    let throttled = 0;
    for (let i = 0; i < 600; i += 2) {
      const [, probe] = probes[(i / 2) % probes.length];
      const knownPhone = numbers[(i / 2) % numbers.length];
      const unknownPhone = `1391234${String(5000 + i).padStart(4, '0')}`;
      const [path, a] = probe(knownPhone);
      const [, b] = probe(unknownPhone);
      const k = await send('POST', path, a, address);
      const u = await send('POST', path, b, address);
      expect(k.status).toBeLessThan(500);
      expect(shape(u, unknownPhone)).toBe(shape(k, knownPhone));
      throttled += [k, u].filter((r) => r.status === 429).length;
    }
    expect(throttled).toBeGreaterThan(500);
  });
});

describe('4. bounded anonymous writes', () => {
  it('3,000 QR codes from one address: all but a few are refused; expired codes are purged', async () => {
    const address = freshAddress();
    const before = Number((await server.store.db.selectFrom('qr_codes').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const statuses: number[] = [];
    for (let i = 0; i < 3000; i += 1) statuses.push((await send('POST', '/v1/passport/qrcode', undefined, address)).status);
    const created = statuses.filter((s) => s === 200).length;
    expect(created).toBeLessThanOrEqual(ANONYMOUS_LIMITS.qrCodesPerAddress);
    expect(statuses.filter((s) => s === 429).length).toBe(3000 - created);
    const after = Number((await server.store.db.selectFrom('qr_codes').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    expect(after - before).toBe(created);
    // another address still gets its code
    expect((await send('POST', '/v1/passport/qrcode', undefined, freshAddress())).status).toBe(200);

    // past their life and the grace the console needs to see "expired", the next write purges them
    offsetMs += TOKEN.qrCodeTtlMs + PURGE.graceMs + 1000;
    expect((await send('POST', '/v1/passport/qrcode', undefined, freshAddress())).status).toBe(200);
    const left = await server.store.db.selectFrom('qr_codes').select('id').where('expires_at', '<', clock()).execute();
    expect(left).toEqual([]);
  });

  it('the scheduled purge removes expired SMS codes, captchas and their request logs, and revokes an uncollected QR token', async () => {
    const address = freshAddress();
    expect((await send('POST', '/v1/passport/smscode', { phoneNumber: DEMO.salesman, type: 'loginsmscode' }, address)).status).toBe(200);
    expect((await send('GET', '/v1/passport/captcha?username=13700000002', undefined, address)).status).toBe(200);
    // a QR code confirmed on the phone whose console never came for the token: the token dies with the row
    const phone = await send('POST', '/v1/passport/login', { username: DEMO.supplier2, password: DEMO_PASSWORD }, address);
    const qr = (await send('POST', '/v1/passport/qrcode', undefined, address)).body.data.id as string;
    const asPhone = { accesstoken: phone.body.data.accesstoken as string };
    expect((await send('POST', `/v1/passport/qrcode/${qr}/confirm`, undefined, address, asPhone)).status).toBe(200);
    const { token } = await server.store.db.selectFrom('qr_codes').select('token').where('id', '=', qr).executeTakeFirstOrThrow();
    offsetMs += SIGN_IN_THROTTLE.windowMs + PURGE.graceMs + 1000;
    await purgeAnonymousRows(server.store.db, clock());
    const count = async (table: 'sms_codes' | 'captchas' | 'captcha_requests' | 'sign_in_failures') =>
      Number((await server.store.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count('sms_codes')).toBe(0);
    expect(await count('captchas')).toBe(0);
    expect(await count('captcha_requests')).toBe(0);
    expect(await count('sign_in_failures')).toBe(0);
    expect(await server.store.db.selectFrom('qr_codes').select('id').where('id', '=', qr).execute()).toEqual([]);
    const issued = await server.store.db.selectFrom('access_tokens').select('revoked_at').where('token_hash', '=', hashToken(token!)).executeTakeFirstOrThrow();
    expect(issued.revoked_at).not.toBeNull();
  });

  it('register, SMS code and reset calls are rate-limited per address', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < ANONYMOUS_LIMITS.passportWritesPerAddress + 5; i += 1) {
      statuses.push((await send('POST', '/v1/passport/resetpwd', { username: '13912349999', phoneNumber: '13912349999', smscode: '000000', password: 'secret-29' }, address)).status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const refused = await send('POST', '/v1/passport/resetpwd', { username: '13912349999', phoneNumber: '13912349999', smscode: '000000', password: 'secret-29' }, address);
    expect(refused.body.status_text).toBe('请求过于频繁，请稍后再试');
  });
});

// a raster is not just an SVG renamed: the slide piece decodes as a PNG with its own pixels
it('the slide piece is a real PNG', async () => {
  const puzzle = (await send('GET', '/v1/passport/slidecaptcha', undefined, freshAddress())).body.data;
  const png = dataUrlBody(puzzle.piece).bytes;
  const idat = png.indexOf('IDAT');
  expect(idat).toBeGreaterThan(0);
  const len = png.readUInt32BE(idat - 4);
  expect(zlib.inflateSync(png.subarray(idat + 4, idat + 4 + len)).length).toBeGreaterThan(100);
});
