// payToBuy 购买服务 (issue 35): an org's service plan. An edition sets how many users the org may have (the org's
// user limit, GET /v2/users/org/userlimit) and is bought by the year at the price the deployment sets (its editions:
// SERVICE_EDITIONS, else DEFAULT_SERVICE_EDITIONS); the plan ends at the org's expiration (§6 the
// org expiration check: domain/orgExpiry.ts warns before it). A renewal or an upgrade is an order
// (domain/aggregates/serviceOrder.ts) whose price is computed here, never sent by the client, and which extends the
// plan only once paid.

/** An edition the platform sells: its key, its name, how many users the org may have, and the price of a year (CNY). */
export interface ServiceEditionOffer { key: string; name: string; userLimit: number; yearlyPrice: number }

/**
 * The editions sold when the deployment names none (SERVICE_EDITIONS, a JSON list of ServiceEditionOffer; README
 * "Service plan editions"). These are a starting point, not the product's prices: a deployment sets its own, and an
 * order keeps the price and user limit it was placed at.
 */
export const DEFAULT_SERVICE_EDITIONS: readonly ServiceEditionOffer[] = [
  { key: 'basic', name: '基础版', userLimit: 20, yearlyPrice: 1200 },
  { key: 'standard', name: '标准版', userLimit: 100, yearlyPrice: 3600 },
  { key: 'professional', name: '专业版', userLimit: 500, yearlyPrice: 9800 },
];
export type ServiceEdition = string;

export const SERVICE_EDITION_LIMITS = { editionsMax: 20, keyMax: 32, nameMax: 30, userLimitMax: 1_000_000, yearlyPriceMax: 10_000_000 } as const;

/** Why a deployment's edition list cannot be used (the server refuses to start with it), else null. */
export function serviceEditionsProblem(value: unknown): string | null {
  const L = SERVICE_EDITION_LIMITS;
  if (!Array.isArray(value) || value.length === 0 || value.length > L.editionsMax) return `SERVICE_EDITIONS: a JSON list of 1 to ${L.editionsMax} editions`;
  const keys = new Set<string>();
  for (const [i, e] of value.entries()) {
    const o = (typeof e === 'object' && e !== null ? e : {}) as Partial<Record<keyof ServiceEditionOffer, unknown>>;
    const at = `SERVICE_EDITIONS[${i}]`;
    if (typeof o.key !== 'string' || !/^[A-Za-z][A-Za-z0-9_-]*$/.test(o.key) || o.key.length > L.keyMax) return `${at}.key: letters, digits, - and _, at most ${L.keyMax}`;
    if (keys.has(o.key)) return `${at}.key: "${o.key}" twice`;
    keys.add(o.key);
    if (typeof o.name !== 'string' || !o.name.trim() || o.name.length > L.nameMax) return `${at}.name: 1 to ${L.nameMax} characters`;
    if (typeof o.userLimit !== 'number' || !Number.isInteger(o.userLimit) || o.userLimit < 1 || o.userLimit > L.userLimitMax) return `${at}.userLimit: a whole number of users, 1 to ${L.userLimitMax}`;
    if (typeof o.yearlyPrice !== 'number' || !Number.isFinite(o.yearlyPrice) || o.yearlyPrice <= 0 || o.yearlyPrice > L.yearlyPriceMax) return `${at}.yearlyPrice: CNY above 0, at most ${L.yearlyPriceMax}`;
  }
  return null;
}

/** The edition of a key among those sold, or null. */
export const editionOf = (editions: readonly ServiceEditionOffer[], key: unknown): ServiceEditionOffer | null =>
  (typeof key === 'string' ? editions.find((e) => e.key === key) ?? null : null);

/** An order buys 1 to 3 years at once. */
export const SERVICE_YEARS_MAX = 3;

/** How an order is paid: a bank transfer the platform confirms, or an online gateway (the simulated one in tests). */
export const PAYMENT_METHODS = ['bankTransfer', 'simulated'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const isPaymentMethod = (value: unknown): value is PaymentMethod => (PAYMENT_METHODS as readonly unknown[]).includes(value);

export const SERVICE_TEXT = {
  badEdition: '请选择有效的版本',
  badYears: `购买年限应为 1 到 ${SERVICE_YEARS_MAX} 年`,
  methodOff: '该支付方式未开通',
  tooManyUsers: (users: number, limit: number) => `本机构已有 ${users} 个用户，超过该版本的 ${limit} 个上限，请选择更高版本`,
  notPending: '订单不是待支付状态',
  notFound: '订单不存在',
  exists: '订单已存在',
  platformConfirms: '银行转账只能由平台确认到账',
  gatewayOnly: '该订单须由支付网关确认',
  badReference: '请填写转账流水号',
} as const;

/** What an order of `years` of an edition costs, in CNY with 2 decimals. */
export function quoteOf(edition: Pick<ServiceEditionOffer, 'yearlyPrice'>, years: number): number {
  return Math.round(edition.yearlyPrice * years * 100) / 100;
}

/** Why an order cannot be placed, else null: the edition (one of those sold) and years, and whether the org's users fit it. */
export function orderProblem(input: { edition: ServiceEditionOffer | null; years: unknown; userCount: number }): string | null {
  if (!input.edition) return SERVICE_TEXT.badEdition;
  if (typeof input.years !== 'number' || !Number.isInteger(input.years) || input.years < 1 || input.years > SERVICE_YEARS_MAX) return SERVICE_TEXT.badYears;
  if (input.userCount > input.edition.userLimit) return SERVICE_TEXT.tooManyUsers(input.userCount, input.edition.userLimit);
  return null;
}

/** `date` plus whole calendar years (29 February lands on 28 February in a common year). */
export function addYears(date: Date, years: number): Date {
  const out = new Date(date.getTime());
  const month = out.getUTCMonth();
  out.setUTCFullYear(out.getUTCFullYear() + years);
  if (out.getUTCMonth() !== month) out.setUTCDate(0);
  return out;
}

/**
 * The plan's new end once an order is paid: the years are added to the current end when the plan still runs (a
 * renewal paid early loses nothing), else to the moment of payment (an expired org does not pay for the gap).
 */
export function extendedExpiration(current: string | null, paidAt: Date, years: number): string {
  const end = current ? new Date(current) : null;
  const from = end && !Number.isNaN(end.getTime()) && end.getTime() > paidAt.getTime() ? end : paidAt;
  return addYears(from, years).toISOString();
}
