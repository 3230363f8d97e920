// payToBuy 购买服务 (issue 35): an org's service plan. An edition sets how many users the org may have (the org's
// user limit, GET /v2/users/org/userlimit) and is bought by the year; the plan ends at the org's expiration (§6 the
// org expiration check: domain/orgExpiry.ts warns before it). A renewal or an upgrade is an order
// (domain/aggregates/serviceOrder.ts) whose price is computed here, never sent by the client, and which extends the
// plan only once paid.

/** The editions the platform sells: users the org may have, and the price of a year in CNY. */
export const SERVICE_EDITIONS = {
  basic: { userLimit: 20, yearlyPrice: 1200 },
  standard: { userLimit: 100, yearlyPrice: 3600 },
  professional: { userLimit: 500, yearlyPrice: 9800 },
} as const;
export type ServiceEdition = keyof typeof SERVICE_EDITIONS;
export const SERVICE_EDITION_KEYS = Object.keys(SERVICE_EDITIONS) as ServiceEdition[];
export const isServiceEdition = (value: unknown): value is ServiceEdition => typeof value === 'string' && value in SERVICE_EDITIONS;

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

/** What an order of `years` of `edition` costs, in CNY with 2 decimals. */
export function quoteOf(edition: ServiceEdition, years: number): number {
  return Math.round(SERVICE_EDITIONS[edition].yearlyPrice * years * 100) / 100;
}

/** Why an order cannot be placed, else null: the edition and years, and whether the org's users fit the edition. */
export function orderProblem(input: { edition: unknown; years: unknown; userCount: number }): string | null {
  if (!isServiceEdition(input.edition)) return SERVICE_TEXT.badEdition;
  if (typeof input.years !== 'number' || !Number.isInteger(input.years) || input.years < 1 || input.years > SERVICE_YEARS_MAX) return SERVICE_TEXT.badYears;
  const limit = SERVICE_EDITIONS[input.edition].userLimit;
  if (input.userCount > limit) return SERVICE_TEXT.tooManyUsers(input.userCount, limit);
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
