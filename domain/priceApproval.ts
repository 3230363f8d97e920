// SKU price states, decisions, validation and the effective price (§3 SKU price, §4 isCheck and dates).
import type { Party } from './orgKind.ts';
import { dayOf, parseDay } from './priceCycle.ts';

/** §4 isCheck: 0 pending approval, 1 approved, -2 rejected */
export const IS_CHECK = { pending: 0, approved: 1, rejected: -2 } as const;
export type IsCheck = (typeof IS_CHECK)[keyof typeof IS_CHECK];

/** §4 default price dates */
export const DEFAULT_PRICE_START = '2000-01-01';
export const DEFAULT_PRICE_END = '3000-01-01';

/** Largest price accepted (yuan); anything above is a typing slip. */
export const MAX_PRICE = 10_000_000;

export const PRICE_TEXT = {
  notNumber: '价格必须是数字',
  notPositive: '价格必须大于 0',
  decimals: '价格最多保留两位小数',
  tooLarge: `价格不能超过 ${MAX_PRICE}`,
  badStart: '开始日期格式应为 YYYY-MM-DD',
  badEnd: '结束日期格式应为 YYYY-MM-DD',
  endBeforeStart: '结束日期不能早于开始日期',
  notPending: '该价格已审核，不能重复审核',
  remarkRequired: '驳回价格时请填写驳回原因',
  addFailed: '价格信息添加失败', // §8 price creation failure
} as const;

/** §4: a new or changed price starts pending (0) when its role group needs approval, else approved (1). */
export function initialIsCheck(approvalEnabled: boolean | null | undefined): IsCheck {
  return approvalEnabled ? IS_CHECK.pending : IS_CHECK.approved;
}

export type Decision = { approve: true; remark?: string } | { approve: false; remark: string };
export type DecisionResult = { ok: true; isCheck: IsCheck; checkRemark: string } | { ok: false; reason: string };

/** §4 transitions of a decision: only a pending price (0) can be approved (1) or rejected (-2, with a remark). */
export function decide(price: { isCheck: number }, decision: Decision): DecisionResult {
  if (price.isCheck !== IS_CHECK.pending) return { ok: false, reason: PRICE_TEXT.notPending };
  const remark = (decision.remark ?? '').trim();
  if (decision.approve) return { ok: true, isCheck: IS_CHECK.approved, checkRemark: remark };
  if (!remark) return { ok: false, reason: PRICE_TEXT.remarkRequired };
  return { ok: true, isCheck: IS_CHECK.rejected, checkRemark: remark };
}

export interface PriceInput {
  price: unknown;
  startDate?: string | null;
  endDate?: string | null;
}

export interface ValidPrice {
  price: number;
  startDate: string;
  endDate: string;
}

/**
 * A price is a positive number (or numeric text) with at most two decimals (fen), not above MAX_PRICE.
 * Empty dates take the §4 defaults; dates are calendar days and the end may not be before the start.
 */
export function validatePrice(input: PriceInput): { ok: true; value: ValidPrice } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const raw = input.price;
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  const numeric = /^-?\d+(\.\d+)?$/.test(text) || (typeof raw === 'number' && Number.isFinite(raw));
  const price = numeric ? Number(text) : NaN;
  if (!numeric || !Number.isFinite(price)) errors.push(PRICE_TEXT.notNumber);
  else if (price <= 0) errors.push(PRICE_TEXT.notPositive);
  else if (Math.round(price * 100) !== Number((price * 100).toFixed(6))) errors.push(PRICE_TEXT.decimals);
  else if (price > MAX_PRICE) errors.push(PRICE_TEXT.tooLarge);
  const startDate = input.startDate ? input.startDate : DEFAULT_PRICE_START;
  const endDate = input.endDate ? input.endDate : DEFAULT_PRICE_END;
  const start = parseDay(startDate);
  const end = parseDay(endDate);
  if (!start) errors.push(PRICE_TEXT.badStart);
  if (!end) errors.push(PRICE_TEXT.badEnd);
  if (start && end && end < start) errors.push(PRICE_TEXT.endBeforeStart);
  if (errors.length) return { ok: false, errors };
  return { ok: true, value: { price: Math.round(price * 100) / 100, startDate, endDate } };
}

export interface PriceLike {
  isCheck: number;
  enable: boolean;
  isDelete: boolean;
  startDate: string;
  endDate: string;
  /** when the price became approved (decision time, or creation when no approval was needed) */
  checkedAt?: string | null;
  createdAt: string;
}

/** Whether a price may be used for ordering on `date`: approved, enabled, not deleted, and in its dates. */
export function isEffective(price: PriceLike, date: Date | string): boolean {
  const day = dayOf(date);
  return price.isCheck === IS_CHECK.approved && price.enable && !price.isDelete && price.startDate <= day && day <= price.endDate;
}

/** §4 the price a school sees for a SKU and role group on `date`: the most recently approved effective one. */
export function effectivePrice<P extends PriceLike>(prices: readonly P[], date: Date | string): P | null {
  let best: P | null = null;
  for (const p of prices) {
    if (!isEffective(p, date)) continue;
    if (!best || approvedOrder(p) > approvedOrder(best)) best = p;
  }
  return best;
}

const approvedOrder = (p: PriceLike) => `${p.checkedAt ?? p.createdAt}|${p.createdAt}`;

export type PriceStatus = 'pending' | 'rejected' | 'effective' | 'approved' | 'expired' | 'deleted';

/** What a price is on `date`, for lists and the approval machine: approved-but-not-yet-started is 'approved'. */
export function priceStatus(price: PriceLike, date: Date | string): PriceStatus {
  if (price.isDelete) return 'deleted';
  if (price.isCheck === IS_CHECK.pending) return 'pending';
  if (price.isCheck === IS_CHECK.rejected) return 'rejected';
  const day = dayOf(date);
  if (day > price.endDate) return 'expired';
  return isEffective(price, date) ? 'effective' : 'approved';
}

export interface ApproverInput {
  /** the caller's party (domain/orgKind.ts partyOf: his org's kind with his roles there) */
  party: Party;
  approverOrgId: string;
  /** the supplier org whose price it is lies in the approver's area (domain/orgKind.ts inAreaOf: a sandbox's is the sandbox) */
  supplierInArea: boolean;
  /** orgs named by the role group's priceApprovalGroup (empty when none is configured) */
  approvalGroupOrgIds: readonly string[];
}

/**
 * §4/§6 who may decide a price: the platform, an org of the role group's configured priceApprovalGroup, or a
 * bureau (a code-4 member of a bureau org, issue 27) of the supplier's own area. Schools, a code-4 role of a school
 * and bureaus of other areas may not; a trial org's bureau has its sandbox for an area.
 */
export function approvalStanding(input: ApproverInput): { ok: true } | { ok: false; reason: string } {
  if (input.party === 'platform') return { ok: true };
  if (input.approvalGroupOrgIds.includes(input.approverOrgId)) return { ok: true };
  if (input.party === 'bureau') {
    if (input.supplierInArea) return { ok: true };
    return { ok: false, reason: '不能审核其他区域供应商的价格' };
  }
  return { ok: false, reason: '只有教育局或指定的审核单位可以审核价格' };
}
