// Issue 34 marketing campaigns (activityManage): a time-limited discount, a coupon (so much off from a threshold) or a
// gift, for some member levels or all. The server decides at order time which applies (never the client): the one
// that takes most off the order; gifts come with any order of a level they serve.
import { fromFen, toFen } from '../money.ts';
import { isLiveAt, scheduleProblem, type Schedule } from './schedule.ts';

export const CAMPAIGN_KINDS = ['discount', 'coupon', 'gift'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];

export interface Campaign extends Schedule {
  name: string;
  kind: CampaignKind;
  /** discount: percent off, 1-90 */
  percentOff?: number;
  /** coupon: yuan off an order of at least `threshold` yuan */
  amountOff?: number;
  threshold?: number;
  /** gift: what comes with the order */
  gift?: string;
  /** member level ids it serves (§9 levels, LV1 default); empty: every level */
  levels: string[];
  enabled: boolean;
}

export const CAMPAIGN_NAME_MAX = 40;
const MAX_PERCENT = 90;

export function campaignProblem(c: Campaign): string | null {
  if (!c.name?.trim()) return '活动名称不能为空';
  if (c.name.trim().length > CAMPAIGN_NAME_MAX) return `活动名称不能超过 ${CAMPAIGN_NAME_MAX} 个字`;
  if (!(CAMPAIGN_KINDS as readonly string[]).includes(c.kind)) return '活动类型不正确';
  if (!c.startsAt || !c.endsAt) return '活动需要开始和结束时间';
  if (c.kind === 'discount' && !(Number.isInteger(c.percentOff) && c.percentOff! >= 1 && c.percentOff! <= MAX_PERCENT)) return `折扣须为 1 到 ${MAX_PERCENT} 的整数（减免的百分比）`;
  if (c.kind === 'coupon') {
    if (!(typeof c.amountOff === 'number' && c.amountOff > 0 && Math.abs(c.amountOff * 100 - toFen(c.amountOff)) < 1e-6)) return '优惠券金额须大于 0，最多两位小数';
    if (!(typeof c.threshold === 'number' && c.threshold >= c.amountOff)) return '优惠券门槛不能低于优惠金额';
  }
  if (c.kind === 'gift' && !c.gift?.trim()) return '赠品不能为空';
  if (c.levels.some((l) => !l.trim())) return '会员等级不能为空';
  return scheduleProblem(c);
}

/** Whether the campaign serves a member of `level` at `now`. */
export const campaignAppliesTo = (c: Campaign, level: string, now: Date) =>
  c.enabled && isLiveAt(c, now) && (c.levels.length === 0 || c.levels.includes(level));

/** Yuan a campaign takes off an order of `amount` yuan (0 when it does not reduce it). */
export function campaignDiscount(c: Campaign, amount: number): number {
  const fen = toFen(amount);
  if (c.kind === 'discount') return fromFen(Math.round((fen * c.percentOff!) / 100));
  if (c.kind === 'coupon' && fen >= toFen(c.threshold!)) return fromFen(Math.min(fen, toFen(c.amountOff!)));
  return 0;
}

export interface PricedOrder<C> {
  /** yuan before any campaign */
  amount: number;
  /** the campaign that takes most off, if any */
  campaign: (C & Campaign) | null;
  discount: number;
  /** yuan to pay */
  total: number;
  /** gifts of every applicable gift campaign */
  gifts: (C & Campaign)[];
}

/** Issue 34: the order's price after campaigns, as the server decides it: the best reduction for the member's level now. */
export function priceWithCampaigns<C>(campaigns: readonly (C & Campaign)[], level: string, now: Date, amount: number): PricedOrder<C> {
  const live = campaigns.filter((c) => campaignAppliesTo(c, level, now));
  let best: (C & Campaign) | null = null;
  let discount = 0;
  for (const c of live) {
    const off = campaignDiscount(c, amount);
    if (off > discount) { best = c; discount = off; }
  }
  return { amount, campaign: best, discount, total: fromFen(toFen(amount) - toFen(discount)), gifts: live.filter((c) => c.kind === 'gift') };
}
