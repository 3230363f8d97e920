// §2 短网址管理 (issue 35): short links for what people share and print (trace pages, recipe shares, storefront
// pages, QR codes on labels). `/s/{code}` redirects only to this deployment's own pages: a target is a path of one of
// the console's entry pages (its hash route, query), never an address another host could answer. The rule is checked
// when a link is made and again when it is followed, so a row written by other means still cannot send anyone away.

/** The console's own pages (vite.config.ts entries, §2 sign-in bridge), the only paths a short link may open. */
export const OWN_PAGES: readonly string[] = ['/', '/index.html', '/jydd.html', '/yyxc.html', '/zzy.html'];

export const SHORT_LINK_PATH = '/s/';
export const SHORT_LINK_LIMITS = { targetMax: 1000, titleMax: 60, codeLength: 7, ensureMax: 200, statsDaysMax: 92 } as const;

export const SHORT_LINK_TEXT = {
  notOwnPage: '参数错误：短网址只能指向本系统的页面',
  titleTooLong: `参数错误：标题不能超过 ${SHORT_LINK_LIMITS.titleMax} 个字`,
  badExpiry: '参数错误：过期时间须晚于现在',
  notFound: '短网址不存在',
  expired: '短网址已过期',
} as const;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** A code as a visitor may type it: the alphabet's letters and digits only (anything else is simply not found). */
export const isShortCode = (code: string) => /^[A-Za-z0-9]{4,16}$/.test(code);

/** A code from random bytes (the caller's CSPRNG): no look-alike letters (0/O, 1/l/I), 57^7 ≈ 2·10^12 codes. */
export function shortCodeOf(random: Uint8Array): string {
  let code = '';
  for (let i = 0; i < SHORT_LINK_LIMITS.codeLength; i++) code += CODE_ALPHABET[random[i % random.length]! % CODE_ALPHABET.length];
  return code;
}

/** Whitespace, control characters, backslashes (browsers read `\` as `/`): never in a target, decoded or not. */
const UNSAFE = /[\s\x00-\x1f\x7f\\]/;

/** One form of the target is a same-origin path: one leading slash, then nothing a browser reads as another host. */
function pathOnly(form: string): boolean {
  return form.startsWith('/') && !form.startsWith('//') && !UNSAFE.test(form);
}

/**
 * The target a short link may open, or null when it is not one of this deployment's pages: a relative reference
 * starting with one `/`, whose page (before `?` or `#`) is an entry page of the console. Absolute URLs (another
 * host's or even ours: the server cannot know which origin a visitor used), protocol-relative `//evil`, `\\evil`,
 * `javascript:` and their percent-encoded forms (decoded as often as a browser or a proxy might) are refused.
 */
export function ownPageTarget(raw: string): string | null {
  const target = raw.trim();
  if (!target || target.length > SHORT_LINK_LIMITS.targetMax) return null;
  let form = target;
  for (let i = 0; i < 4; i++) {
    if (!pathOnly(form)) return null;
    let next: string;
    try { next = decodeURIComponent(form); } catch { return null; }
    if (next === form) break;
    form = next;
  }
  if (!pathOnly(form)) return null;
  const page = target.split(/[?#]/, 1)[0]!;
  return OWN_PAGES.includes(page) ? target : null;
}

/**
 * The target of an address the console shows (window.location based): its path, query and hash when it is on the
 * console's own origin, else null. For the console only; the server takes relative targets alone.
 */
export function targetOfAddress(address: string, origin: string): string | null {
  let url: URL;
  try { url = new URL(address, origin); } catch { return null; }
  if (url.origin !== origin) return null;
  return ownPageTarget(`${url.pathname}${url.search}${url.hash}`);
}

/** A link is live until its expiry (exclusive); null never expires. */
export const isLinkLive = (expiresAt: string | null, now: Date) => expiresAt === null || new Date(expiresAt).getTime() > now.getTime();

/** The calendar day (YYYY-MM-DD) a visit counts on: the deployment's day (§9 Asia/Shanghai), not UTC's. */
export function visitDay(at: Date, timeZone = 'Asia/Shanghai'): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Every day from `from` to `to` (inclusive) with its visits, 0 for days nobody came: the chart shows the gaps. */
export function visitsByDay(rows: readonly { day: string; visits: number }[], from: string, to: string): { day: string; visits: number }[] {
  const counts = new Map(rows.map((r) => [r.day, r.visits]));
  const out: { day: string; visits: number }[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d.getTime() <= new Date(`${to}T00:00:00Z`).getTime(); d.setUTCDate(d.getUTCDate() + 1)) {
    const day = d.toISOString().slice(0, 10);
    out.push({ day, visits: counts.get(day) ?? 0 });
  }
  return out;
}
