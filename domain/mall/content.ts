// Issue 34 mall content (mallCMS): banners, notices and articles of an org's storefront, each with a schedule, and the
// storefront template (mallTemplateManage): one of a few block layouts the org picks and fills. §5: rich text is
// sanitised with the allowed tag list (domain/richText.ts) before these rules see it.
import { RICH_TEXT_MAX, RICH_TEXT_URI } from '../richText.ts';
import { scheduleProblem, type Schedule } from './schedule.ts';

export const MALL_CONTENT_KINDS = ['banner', 'notice', 'article'] as const;
export type MallContentKind = (typeof MALL_CONTENT_KINDS)[number];

export interface MallContent extends Schedule {
  kind: MallContentKind;
  title: string;
  /** sanitised rich text (notices and articles) */
  body?: string;
  /** a banner's picture, an article's cover */
  imageUrl?: string;
  /** where a banner leads */
  linkUrl?: string;
  sort?: number;
}

export const CONTENT_TITLE_MAX = 60;
const URL_MAX = 1000;

/** A picture or link the storefront may load: http(s) or a path of this site (never javascript: or data:). */
export const isSafeUrl = (url: string) => url.length <= URL_MAX && RICH_TEXT_URI.test(url) && !/^(?:mailto|tel):/i.test(url);

/** What is wrong with a content record, or null. */
export function mallContentProblem(c: MallContent): string | null {
  if (!(MALL_CONTENT_KINDS as readonly string[]).includes(c.kind)) return '内容类型不正确';
  if (!c.title?.trim()) return '标题不能为空';
  if (c.title.trim().length > CONTENT_TITLE_MAX) return `标题不能超过 ${CONTENT_TITLE_MAX} 个字`;
  if (c.kind === 'banner' && !c.imageUrl) return '横幅需要图片';
  if (c.kind === 'article' && !c.body?.trim()) return '文章内容不能为空';
  if ((c.body?.length ?? 0) > RICH_TEXT_MAX) return `内容不能超过 ${RICH_TEXT_MAX} 个字符`;
  if (c.imageUrl && !isSafeUrl(c.imageUrl)) return '图片地址必须是 http(s) 地址或本站路径';
  if (c.linkUrl && !isSafeUrl(c.linkUrl)) return '链接地址必须是 http(s) 地址或本站路径';
  return scheduleProblem(c);
}

/** The blocks a storefront is made of, top to bottom. */
export const STOREFRONT_BLOCKS = ['banners', 'notices', 'campaigns', 'groupons', 'recommendations', 'articles'] as const;
export type StorefrontBlock = (typeof STOREFRONT_BLOCKS)[number];

/** Issue 34: the few layouts an org picks from; each orders the blocks its own way. */
export const STOREFRONT_LAYOUTS = {
  /** the usual shop: pictures, news, deals, then reading */
  classic: ['banners', 'notices', 'campaigns', 'groupons', 'recommendations', 'articles'],
  /** group buys first: a term's opening, when classes buy together */
  grouponFirst: ['banners', 'groupons', 'campaigns', 'recommendations', 'notices', 'articles'],
  /** news first: a nutrition week, when the school speaks to parents */
  newsFirst: ['notices', 'articles', 'banners', 'recommendations', 'groupons', 'campaigns'],
} as const satisfies Record<string, readonly StorefrontBlock[]>;
export type StorefrontLayout = keyof typeof STOREFRONT_LAYOUTS;
export const isStorefrontLayout = (v: unknown): v is StorefrontLayout => typeof v === 'string' && Object.hasOwn(STOREFRONT_LAYOUTS, v);

/** A block as the org filled it: shown or hidden, its heading (else the storefront's own words). */
export interface TemplateBlock { block: StorefrontBlock; hidden?: boolean; title?: string }

export interface StorefrontTemplate {
  layout: StorefrontLayout;
  /** the storefront's name on the phone */
  shopName: string;
  /** the org's fills of the layout's blocks (a block not named shows with its default heading) */
  blocks: TemplateBlock[];
  /** members may sign in and shop only once the org opened its storefront */
  open: boolean;
}

export const DEFAULT_TEMPLATE: StorefrontTemplate = { layout: 'classic', shopName: '', blocks: [], open: false };

export function templateProblem(t: StorefrontTemplate): string | null {
  if (!isStorefrontLayout(t.layout)) return '模板布局不存在';
  if (!t.shopName?.trim()) return '商城名称不能为空';
  if (t.shopName.trim().length > CONTENT_TITLE_MAX) return `商城名称不能超过 ${CONTENT_TITLE_MAX} 个字`;
  const seen = new Set<string>();
  for (const b of t.blocks) {
    if (!(STOREFRONT_BLOCKS as readonly string[]).includes(b.block)) return '模板区块不存在';
    if (seen.has(b.block)) return '模板区块重复';
    seen.add(b.block);
    if ((b.title?.length ?? 0) > CONTENT_TITLE_MAX) return `区块标题不能超过 ${CONTENT_TITLE_MAX} 个字`;
  }
  return null;
}

/** The blocks the storefront shows, in the layout's order, with the org's headings; hidden ones left out. */
export function blocksOf(t: StorefrontTemplate): { block: StorefrontBlock; title?: string }[] {
  const fills = new Map(t.blocks.map((b) => [b.block, b]));
  return STOREFRONT_LAYOUTS[t.layout].filter((b) => !fills.get(b)?.hidden).map((b) => ({ block: b, ...(fills.get(b)?.title?.trim() && { title: fills.get(b)!.title!.trim() }) }));
}
