// Captchas guarding the SMS sender and the password sign-in (§7 GET /v1/passport/captcha, GET /v1/passport/slidecaptcha,
// POST /v2/passport/smscode, issue 15). Issue 29: the answer is nowhere in what the browser receives. The image captcha
// is drawn by svg-captcha (glyph outlines as <path>s from its bundled font, with noise lines), each glyph then turned
// and jittered here so no two drawings of a character share a shape; the slide puzzle is a raster (PNG through pngjs),
// so no coordinate of the gap is in any markup. Each captcha is single-use, lives TOKEN.captchaTtlMs and is bound to the
// account (phone) whose try it gates.
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { PNG } from 'pngjs';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { sql } from 'kysely';
import { badRequest, HttpError, tooManyRequests } from '../../http/errors.ts';
import { TOKEN } from '../../../domain/constants.ts';
import { CAPTCHA_GATE, CAPTCHA_REQUIRED_STATUS, needsCaptcha } from '../../../domain/signInThrottle.ts';
import { accountFailures } from './passwordThrottle.ts';

// svg-captcha is CommonJS and its typings do not declare the function it exports: drawing a given text
type SvgCaptchaOptions = { width: number; height: number; fontSize: number; noise: number; color: boolean; background: string };
const drawSvgCaptcha = createRequire(import.meta.url)('svg-captcha') as (text: string, options: SvgCaptchaOptions) => string;

/** no 0/O, 1/I/l: a person must be able to read it */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
export const IMAGE_CODE_LENGTH = 4;
/** §7 slide captcha: the drop must land this close to the hole, after at least this many trail points */
export const SLIDE = { width: 280, height: 160, piece: 45, tolerancePx: 6, minTrailPoints: 3 } as const;

export const CAPTCHA_TEXT = {
  imageWrong: '图形验证码错误',
  imageMissing: '图形验证码已失效，请刷新后重试',
  slideWrong: '滑动验证未通过，请重试',
  slideMissing: '滑动验证已失效，请刷新后重试',
  tooMany: '获取图形验证码过于频繁，请稍后再试',
} as const;

const rand = (min: number, max: number) => crypto.randomInt(min, max + 1);
const randomReal = (min: number, max: number) => min + (crypto.randomInt(0, 1_000_001) / 1_000_000) * (max - min);
const color = (lo = 40, hi = 200) => `rgb(${rand(lo, hi)},${rand(lo, hi)},${rand(lo, hi)})`;
const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const pngDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** The image captcha of a username lives under a fixed id so /v2/passport/smscode and the sign-in find it by phone. */
export const imageCaptchaId = (username: string) => `image:${username}`;
const slideCaptchaId = (token: string) => `slide:${token}`;

/**
 * Turns each filled glyph outline about its centre by up to ±25° and moves every point by up to ±0.35 px: the
 * outlines of svg-captcha's font are otherwise the same shape each time, which a script could look up in a table.
 * svg-captcha writes absolute commands (M, L, Q, C, Z) whose numbers are all x y pairs, so the pairs are rewritten.
 */
function distortGlyphs(svg: string): string {
  return svg.replace(/<path fill="([^"]+)" d="([^"]+)"\/>/g, (whole, fill: string, d: string) => {
    if (fill === 'none') return whole;
    const numbers = [...d.matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
    if (numbers.length < 2) return whole;
    let cx = 0;
    let cy = 0;
    for (let i = 0; i + 1 < numbers.length; i += 2) { cx += numbers[i]; cy += numbers[i + 1]; }
    const pairs = Math.floor(numbers.length / 2);
    cx /= pairs;
    cy /= pairs;
    const angle = (randomReal(-25, 25) * Math.PI) / 180;
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    let index = 0;
    let pendingX = 0;
    const out = d.replace(/-?\d+(?:\.\d+)?/g, (n) => {
      const isX = index % 2 === 0;
      index += 1;
      if (isX) { pendingX = Number(n); return '\u0000'; }
      const dx = pendingX - cx;
      const dy = Number(n) - cy;
      const x = cx + dx * cos - dy * sin + randomReal(-0.35, 0.35);
      const y = cy + dx * sin + dy * cos + randomReal(-0.35, 0.35);
      return `${x.toFixed(2)} ${y.toFixed(2)}`;
    }).replace(/\u0000\s*/g, '');
    return `<path fill="${fill}" d="${out}"/>`;
  });
}

export function renderImageCaptcha(text: string, height: number, fontSize: number): string {
  const width = Math.round(fontSize * 0.95 * text.length + fontSize * 0.8);
  const svg = drawSvgCaptcha(text, { width, height, fontSize: Math.round(fontSize * 1.25), noise: 4, color: true, background: color(225, 250) });
  return distortGlyphs(svg);
}

export async function createImageCaptcha(db: Kysely<Database>, opts: { username?: string; height: number; fontSize: number; now: Date }) {
  const text = Array.from({ length: IMAGE_CODE_LENGTH }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
  const username = opts.username ?? crypto.randomBytes(12).toString('base64url');
  const id = imageCaptchaId(username);
  const expiresAt = new Date(opts.now.getTime() + TOKEN.captchaTtlMs);
  const row = { kind: 'image', answer: text.toLowerCase(), expires_at: expiresAt, solved_at: null, subject: username };
  await db.insertInto('captchas').values({ id, ...row })
    .onConflict((c) => c.column('id').doUpdateSet(row))
    .execute();
  return { id, image: svgDataUrl(renderImageCaptcha(text, opts.height, opts.fontSize)) };
}

/** Case-insensitive; single-use: a wrong answer also burns the captcha so it cannot be guessed at. */
export async function solveImageCaptcha(db: Kysely<Database>, username: string, answer: string, now: Date): Promise<void> {
  const row = await db.deleteFrom('captchas').where('id', '=', imageCaptchaId(username)).where('kind', '=', 'image')
    .where('solved_at', 'is', null).returning(['answer', 'expires_at']).executeTakeFirst();
  if (!row || row.expires_at <= now) throw badRequest(CAPTCHA_TEXT.imageMissing);
  if (row.answer !== answer.trim().toLowerCase()) throw badRequest(CAPTCHA_TEXT.imageWrong);
}

/** Whether (px, py) of the piece's box lies in the piece: a square of side s below a knob on top, with a knob on the right. */
function inPiece(px: number, py: number, s: number): boolean {
  const k = s / 5;
  const inSquare = px >= 0 && px < s && py >= k && py < k + s;
  const topKnob = (px - s / 2) ** 2 + (py - k) ** 2 <= k * k;
  const rightKnob = (px - s) ** 2 + (py - k - s / 2) ** 2 <= k * k;
  return inSquare || topKnob || rightKnob;
}

type Rgb = [number, number, number];
const randomRgb = (lo = 40, hi = 220): Rgb => [rand(lo, hi), rand(lo, hi), rand(lo, hi)];

/** A random picture: a gradient, overlapping discs and bars, and grain, as RGB bytes. */
function randomPicture(width: number, height: number): Uint8Array {
  const pixels = new Uint8Array(width * height * 3);
  const [from, to] = [randomRgb(120, 230), randomRgb(120, 230)];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const t = (x + y) / (width + height);
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c += 1) pixels[i + c] = from[c] + (to[c] - from[c]) * t;
    }
  }
  for (let n = 0; n < 18; n += 1) {
    const fill = randomRgb();
    const alpha = randomReal(0.4, 0.8);
    const disc = rand(0, 1) === 1;
    const [cx, cy, r] = [rand(0, width), rand(0, height), rand(8, 40)];
    const [bx, by, bw, bh] = [rand(-20, width), rand(-20, height), rand(10, 90), rand(6, 40)];
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const inside = disc ? (x - cx) ** 2 + (y - cy) ** 2 <= r * r : x >= bx && x < bx + bw && y >= by && y < by + bh;
        if (!inside) continue;
        const i = (y * width + x) * 3;
        for (let c = 0; c < 3; c += 1) pixels[i + c] = pixels[i + c] * (1 - alpha) + fill[c] * alpha;
      }
    }
  }
  const grain = crypto.randomBytes(pixels.length);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.max(0, Math.min(255, pixels[i] + (grain[i] % 25) - 12));
  return pixels;
}

/**
 * The slide puzzle as two PNGs: the background with the hole darkened at (x, top), and the piece cut from the same
 * picture (transparent outside its outline). Nothing but pixels: where the hole is, only the picture tells.
 */
export function renderSlidePuzzle(x: number, y: number) {
  const { width, height, piece } = SLIDE;
  const k = piece / 5;
  const top = y - k;
  const box = piece + k;
  const picture = randomPicture(width, height);
  const background = new PNG({ width, height });
  const pieceImage = new PNG({ width: box, height: box });
  const edge = (px: number, py: number) => inPiece(px, py, piece)
    && [[-2, 0], [2, 0], [0, -2], [0, 2]].some(([dx, dy]) => !inPiece(px + dx, py + dy, piece));
  for (let py = 0; py < height; py += 1) {
    for (let px = 0; px < width; px += 1) {
      const src = (py * width + px) * 3;
      const dst = (py * width + px) * 4;
      const [lx, ly] = [px - x, py - top];
      const hole = inPiece(lx, ly, piece);
      for (let c = 0; c < 3; c += 1) {
        const v = picture[src + c];
        background.data[dst + c] = hole ? (edge(lx, ly) ? 235 : v * 0.45) : v;
      }
      background.data[dst + 3] = 255;
      if (lx >= 0 && lx < box && ly >= 0 && ly < box) {
        const p = (ly * box + lx) * 4;
        for (let c = 0; c < 3; c += 1) pieceImage.data[p + c] = edge(lx, ly) ? 250 : picture[src + c];
        pieceImage.data[p + 3] = hole ? 255 : 0;
      }
    }
  }
  return { background: pngDataUrl(PNG.sync.write(background, { filterType: 0 })), piece: pngDataUrl(PNG.sync.write(pieceImage, { filterType: 0 })), pieceTop: top };
}

/** A puzzle drawn for a phone (`username`) sends a code to that phone only; one drawn for nobody gates nothing. */
export async function createSlideCaptcha(db: Kysely<Database>, now: Date, username?: string) {
  const { width, height, piece } = SLIDE;
  const x = rand(piece + 20, width - piece - 20);
  const y = rand(piece / 5 + 4, height - piece - 4);
  const token = crypto.randomBytes(18).toString('base64url');
  await db.insertInto('captchas').values({
    id: slideCaptchaId(token), kind: 'slide', answer: String(x), expires_at: new Date(now.getTime() + TOKEN.captchaTtlMs), solved_at: null,
    subject: username ?? null,
  }).execute();
  const drawn = renderSlidePuzzle(x, y);
  // `y` is where the piece image's top edge sits on the background; the client slides it along x from 0.
  return { token, width, height, y: drawn.pieceTop, background: drawn.background, piece: drawn.piece };
}

/**
 * The trail is the x positions of the drag; its last point must land within ±6 px of the hole. Single-use, and only
 * for the phone it was drawn for: one solved puzzle is not a pass for another number.
 */
export async function solveSlideCaptcha(db: Kysely<Database>, token: string, phone: string, trail: number[], now: Date): Promise<void> {
  const row = await db.deleteFrom('captchas').where('id', '=', slideCaptchaId(token)).where('kind', '=', 'slide')
    .where('solved_at', 'is', null).returning(['answer', 'expires_at', 'subject']).executeTakeFirst();
  if (!row || row.expires_at <= now || row.subject !== phone) throw badRequest(CAPTCHA_TEXT.slideMissing);
  if (trail.length < SLIDE.minTrailPoints) throw badRequest(CAPTCHA_TEXT.slideWrong);
  const last = trail[trail.length - 1];
  if (Math.abs(last - Number(row.answer)) > SLIDE.tolerancePx) throw badRequest(CAPTCHA_TEXT.slideWrong);
}

/**
 * Drawing captchas is limited per client address and account (CAPTCHA_GATE.perAddressAndAccount per window, 429
 * beyond): each request is logged under a lock of that pair, so parallel requests cannot slip past the limit. Per
 * account, not per address alone (issue 29): behind one NAT a script drawing captchas for made-up names must not leave
 * the people there without one when they need it; the flood itself is bounded per minute (ANONYMOUS_LIMITS.captchasPerAddress).
 */
export async function claimCaptchaRequest(db: Kysely<Database>, address: string, username: string | undefined, now: Date): Promise<void> {
  const since = new Date(now.getTime() - CAPTCHA_GATE.windowMs);
  const key = `${address}|${username ?? ''}`;
  await db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${'captcha:' + key}))`.execute(tx);
    await tx.deleteFrom('captcha_requests').where('address', '=', key).where('at', '<=', since).execute();
    const { n } = await tx.selectFrom('captcha_requests').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('address', '=', key).executeTakeFirstOrThrow();
    if (Number(n) >= CAPTCHA_GATE.perAddressAndAccount) throw tooManyRequests(CAPTCHA_TEXT.tooMany);
    await tx.insertInto('captcha_requests').values({ address: key, at: now }).execute();
  });
}

/**
 * Issue 15: the captcha answer a password sign-in brings (GET /v1/passport/captcha?username=…). Wrong or expired
 * answers get 428, so the client draws a new one; the captcha is used up either way. Whether one was needed at all
 * is decided under the password throttle's lock (claimPasswordTry), so parallel guesses cannot slip past it.
 */
export async function solveSignInCaptcha(db: Kysely<Database>, username: string, answer: string, now: Date): Promise<void> {
  try {
    await solveImageCaptcha(db, username, answer, now);
  } catch (e) {
    if (e instanceof HttpError) throw new HttpError(CAPTCHA_REQUIRED_STATUS, e.message);
    throw e;
  }
}

/** The gate of a plain SMS send (POST /v1/passport/smscode): past the failures, codes go only through v2 with a captcha. */
export async function assertNoCaptchaNeeded(db: Kysely<Database>, phone: string, now: Date, text: string): Promise<void> {
  if (needsCaptcha(await accountFailures(db, phone, now))) throw new HttpError(CAPTCHA_REQUIRED_STATUS, text);
}
