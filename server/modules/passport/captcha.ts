// Captchas guarding the SMS sender (§7 GET /v1/passport/captcha, GET /v1/passport/slidecaptcha,
// POST /v2/passport/smscode): an SVG text image and a slide puzzle, drawn here without libraries.
// Each is single-use and lives TOKEN.captchaTtlMs.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { sql } from 'kysely';
import { badRequest, HttpError, tooManyRequests } from '../../http/errors.ts';
import { TOKEN } from '../../../domain/constants.ts';
import { CAPTCHA_GATE, CAPTCHA_REQUIRED_STATUS, needsCaptcha } from '../../../domain/signInThrottle.ts';
import { accountFailures } from './passwordThrottle.ts';

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
const color = (lo = 40, hi = 200) => `rgb(${rand(lo, hi)},${rand(lo, hi)},${rand(lo, hi)})`;
const dataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/** The image captcha of a username lives under a fixed id so /v2/passport/smscode can find it by phone. */
export const imageCaptchaId = (username: string) => `image:${username}`;
const slideCaptchaId = (token: string) => `slide:${token}`;

export function renderImageCaptcha(text: string, height: number, fontSize: number): string {
  const step = Math.round(fontSize * 0.9);
  const width = step * text.length + Math.round(fontSize * 0.6);
  const chars = [...text].map((ch, i) => {
    const x = Math.round(fontSize * 0.3 + step * i + step / 2);
    const y = Math.round(height / 2 + fontSize * 0.35);
    const angle = rand(-25, 25);
    return `<text x="${x}" y="${y}" font-size="${fontSize}" font-family="Arial, sans-serif" font-weight="bold" text-anchor="middle" fill="${color(20, 140)}" transform="rotate(${angle} ${x} ${y})">${ch}</text>`;
  });
  const lines = Array.from({ length: 5 }, () =>
    `<path d="M${rand(0, width)} ${rand(0, height)} Q${rand(0, width)} ${rand(0, height)} ${rand(0, width)} ${rand(0, height)}" stroke="${color()}" stroke-width="${rand(1, 2)}" fill="none"/>`);
  const dots = Array.from({ length: 20 }, () => `<circle cx="${rand(0, width)}" cy="${rand(0, height)}" r="1" fill="${color()}"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`
    + `<rect width="100%" height="100%" fill="${color(225, 250)}"/>${dots.join('')}${chars.join('')}${lines.join('')}</svg>`;
}

export async function createImageCaptcha(db: Kysely<Database>, opts: { username?: string; height: number; fontSize: number; now: Date }) {
  const text = Array.from({ length: IMAGE_CODE_LENGTH }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
  const id = imageCaptchaId(opts.username ?? crypto.randomBytes(12).toString('base64url'));
  const expiresAt = new Date(opts.now.getTime() + TOKEN.captchaTtlMs);
  await db.insertInto('captchas').values({ id, kind: 'image', answer: text.toLowerCase(), expires_at: expiresAt, solved_at: null })
    .onConflict((c) => c.column('id').doUpdateSet({ kind: 'image', answer: text.toLowerCase(), expires_at: expiresAt, solved_at: null }))
    .execute();
  return { id, image: dataUrl(renderImageCaptcha(text, opts.height, opts.fontSize)) };
}

/** Case-insensitive; single-use: a wrong answer also burns the captcha so it cannot be guessed at. */
export async function solveImageCaptcha(db: Kysely<Database>, username: string, answer: string, now: Date): Promise<void> {
  const row = await db.deleteFrom('captchas').where('id', '=', imageCaptchaId(username)).where('kind', '=', 'image')
    .where('solved_at', 'is', null).returning(['answer', 'expires_at']).executeTakeFirst();
  if (!row || row.expires_at <= now) throw badRequest(CAPTCHA_TEXT.imageMissing);
  if (row.answer !== answer.trim().toLowerCase()) throw badRequest(CAPTCHA_TEXT.imageWrong);
}

/** A puzzle-piece outline of side `s` at (x, y): a square with a knob on top and one on the right. */
function piecePath(x: number, y: number, s: number): string {
  const k = s / 5;
  return `M${x} ${y + k} h${s / 2 - k} a${k} ${k} 0 1 1 ${2 * k} 0 h${s / 2 - k} v${s / 2 - k} a${k} ${k} 0 1 1 0 ${2 * k} v${s / 2 - k} h${-s} z`;
}

export function renderSlidePuzzle(x: number, y: number) {
  const { width, height, piece } = SLIDE;
  const shapes = [
    `<rect width="${width}" height="${height}" fill="${color(150, 230)}"/>`,
    ...Array.from({ length: 14 }, () =>
      rand(0, 1)
        ? `<circle cx="${rand(0, width)}" cy="${rand(0, height)}" r="${rand(8, 40)}" fill="${color()}" fill-opacity="0.7"/>`
        : `<rect x="${rand(0, width)}" y="${rand(0, height)}" width="${rand(10, 70)}" height="${rand(10, 50)}" fill="${color()}" fill-opacity="0.7" transform="rotate(${rand(-40, 40)})"/>`),
  ].join('');
  const outline = piecePath(x, y, piece);
  const background = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`
    + `${shapes}<path d="${outline}" fill="rgba(0,0,0,0.45)" stroke="rgba(255,255,255,0.8)" stroke-width="1"/></svg>`;
  // The piece is the same picture seen through the outline, cropped to its box (the knob reaches above y).
  const top = y - piece / 5;
  const box = piece + piece / 5;
  const pieceSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${box}" height="${box}" viewBox="${x} ${top} ${box} ${box}">`
    + `<defs><clipPath id="p"><path d="${outline}"/></clipPath></defs><g clip-path="url(#p)">${shapes}</g>`
    + `<path d="${outline}" fill="none" stroke="rgba(255,255,255,0.9)" stroke-width="1.5"/></svg>`;
  return { background: dataUrl(background), piece: dataUrl(pieceSvg), pieceTop: top };
}

export async function createSlideCaptcha(db: Kysely<Database>, now: Date) {
  const { width, height, piece } = SLIDE;
  const x = rand(piece + 20, width - piece - 20);
  const y = rand(piece / 5 + 4, height - piece - 4);
  const token = crypto.randomBytes(18).toString('base64url');
  await db.insertInto('captchas').values({
    id: slideCaptchaId(token), kind: 'slide', answer: String(x), expires_at: new Date(now.getTime() + TOKEN.captchaTtlMs), solved_at: null,
  }).execute();
  const drawn = renderSlidePuzzle(x, y);
  // `y` is where the piece image's top edge sits on the background; the client slides it along x from 0.
  return { token, width, height, y: drawn.pieceTop, background: drawn.background, piece: drawn.piece };
}

/** The trail is the x positions of the drag; its last point must land within ±6 px of the hole. Single-use. */
export async function solveSlideCaptcha(db: Kysely<Database>, token: string, trail: number[], now: Date): Promise<void> {
  const row = await db.deleteFrom('captchas').where('id', '=', slideCaptchaId(token)).where('kind', '=', 'slide')
    .where('solved_at', 'is', null).returning(['answer', 'expires_at']).executeTakeFirst();
  if (!row || row.expires_at <= now) throw badRequest(CAPTCHA_TEXT.slideMissing);
  if (trail.length < SLIDE.minTrailPoints) throw badRequest(CAPTCHA_TEXT.slideWrong);
  const last = trail[trail.length - 1];
  if (Math.abs(last - Number(row.answer)) > SLIDE.tolerancePx) throw badRequest(CAPTCHA_TEXT.slideWrong);
}

/**
 * Drawing captchas is limited per client address (CAPTCHA_GATE.perAddress per window, 429 beyond): each request is
 * logged under a per-address lock, so parallel requests cannot slip past the limit.
 */
export async function claimCaptchaRequest(db: Kysely<Database>, address: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - CAPTCHA_GATE.windowMs);
  await db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${'captcha:' + address}))`.execute(tx);
    await tx.deleteFrom('captcha_requests').where('address', '=', address).where('at', '<=', since).execute();
    const { n } = await tx.selectFrom('captcha_requests').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('address', '=', address).executeTakeFirstOrThrow();
    if (Number(n) >= CAPTCHA_GATE.perAddress) throw tooManyRequests(CAPTCHA_TEXT.tooMany);
    await tx.insertInto('captcha_requests').values({ address, at: now }).execute();
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
