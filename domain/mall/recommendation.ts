// Issue 34 recommendations (recommendManage): goods placed on the storefront by position and period.
import { isSafeUrl } from './content.ts';
import { isLiveAt, scheduleProblem, type Schedule } from './schedule.ts';

export const RECOMMEND_POSITIONS = ['top', 'middle', 'bottom'] as const;
export type RecommendPosition = (typeof RECOMMEND_POSITIONS)[number];

export interface Recommendation extends Schedule {
  position: RecommendPosition;
  /** the goods recommended: a product or SKU of the org's catalogue */
  productId: string;
  title: string;
  imageUrl?: string;
  /** a note on the card: "当季", "本周特价" */
  note?: string;
  sort: number;
}

export function recommendationProblem(r: Recommendation): string | null {
  if (!(RECOMMEND_POSITIONS as readonly string[]).includes(r.position)) return '推荐位置不正确';
  if (!r.productId?.trim()) return '请选择推荐的商品';
  if (!r.title?.trim()) return '标题不能为空';
  if (r.title.trim().length > 60) return '标题不能超过 60 个字';
  if ((r.note?.length ?? 0) > 20) return '备注不能超过 20 个字';
  if (r.imageUrl && !isSafeUrl(r.imageUrl)) return '图片地址必须是 http(s) 地址或本站路径';
  if (!Number.isInteger(r.sort)) return '排序必须是整数';
  return scheduleProblem(r);
}

/** The recommendations showing at `now`, by position then sort. */
export function liveRecommendations<R extends Recommendation>(rows: readonly R[], now: Date): R[] {
  const order = (p: RecommendPosition) => RECOMMEND_POSITIONS.indexOf(p);
  return rows.filter((r) => isLiveAt(r, now)).sort((a, b) => order(a.position) - order(b.position) || a.sort - b.sort);
}
