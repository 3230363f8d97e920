// Price surveys (priceSurveyVoucher, educationPriceSurveyVoucher): a market price a bureau recorded, one stream
// per survey (`pricesurvey-<id>`). The handler looks up the SKU, its product and the supplier's area; the rules
// of a valid record are decided here.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { isPriceClass } from '../mallCatalogue.ts';
import { parseDay } from '../priceCycle.ts';
import { isPhotoLink } from '../supermarketPrice.ts';

/** The cycle whose surveys make the market average: the current calendar month. */
export const SURVEY_CYCLE_RULE = '0m';

export interface PriceSurveyRecorded {
  id: string; area: string; kind: 'supplier' | 'education'; supplierOrgId: string | null; productId: string | null; skuId: string | null; productName: string;
  priceClass: string; price: number; surveyDate: string; source: string; remark: string; createdBy: string | null; at: string;
  /** issue 35: a shelf price read in a supermarket of the area (absent on surveys recorded before), and its photo */
  supermarketId?: string | null; photo?: string;
}
export interface PriceSurveyDeleted { id: string }

export type PriceSurveyEvent = DomainEvent<'PriceSurveyRecorded', PriceSurveyRecorded> | DomainEvent<'PriceSurveyDeleted', PriceSurveyDeleted>;

export interface RecordSurvey {
  type: 'RecordSurvey';
  id: string; area: string; kind: 'supplier' | 'education'; createdBy: string | null; at: string;
  /** as sent */
  input: {
    skuId?: string; productId?: string; productName?: string; priceClass: string; price: number | string; surveyDate: string; source?: string; remark?: string;
    supermarketId?: string; photo?: string;
  };
  /** the supermarket named, as the handler found it among the surveying org's (null: named but not found) */
  supermarket?: { id: string; name: string } | null;
  /** what the handler found: the SKU named (null when not found), its product or the product named, and the product's supplier area */
  sku: { skuId: string; productId: string } | null;
  product: { id: string; name: string; orgId: string; area: string } | null;
  /** the platform may survey goods of any area */
  anyArea: boolean;
}

export type PriceSurveyCommand = RecordSurvey | { type: 'DeleteSurvey'; id: string };

export type PriceSurveyState = 'none' | 'live' | 'deleted';

/** Every reason a survey row is refused, in the order the form shows its fields. */
export function surveyErrors(c: RecordSurvey): string[] {
  const { input } = c;
  const errs: string[] = [];
  const price = Number(input.price);
  if (input.price === '' || !Number.isFinite(price) || price < 0) errs.push('价格必须是不小于 0 的数字');
  if (!isPriceClass(input.priceClass)) errs.push('价格分类应为 jyjxj、dqbd 或 cqwd');
  if (!parseDay(input.surveyDate)) errs.push('询价日期应为 YYYY-MM-DD');
  if (input.skuId && !c.sku) errs.push('SKU 不存在');
  const productId = c.sku?.productId ?? input.productId;
  if (productId && !c.product) errs.push('商品不存在');
  if (c.product && !c.anyArea && c.product.area !== c.area) errs.push('只能为本区域供应商的商品询价');
  if (!(c.product?.name ?? input.productName ?? '').trim()) errs.push('请选择商品或填写商品名称');
  if (input.supermarketId && !c.supermarket) errs.push('商超不存在');
  if (input.photo && !isPhotoLink(input.photo)) errs.push('照片应为图片链接或不超过 300KB 的图片');
  return errs;
}

export const priceSurveyDecider: Decider<PriceSurveyCommand, PriceSurveyState, PriceSurveyEvent> = {
  initialState: () => 'none',
  decide(command, state) {
    if (command.type === 'DeleteSurvey') {
      if (state !== 'live') return refuse('notFound', '询价记录不存在');
      return [{ type: 'PriceSurveyDeleted', data: { id: command.id } }];
    }
    if (state !== 'none') return refuse('conflict', '询价记录已存在');
    const errs = surveyErrors(command);
    if (errs.length) return refuse('invalid', errs.join('；'));
    const { input, product, sku } = command;
    return [{
      type: 'PriceSurveyRecorded',
      data: {
        id: command.id, area: command.area, kind: command.kind, supplierOrgId: product?.orgId ?? null, productId: product?.id ?? null, skuId: sku?.skuId ?? null,
        productName: (product?.name ?? input.productName ?? '').trim(), priceClass: input.priceClass, price: Math.round(Number(input.price) * 100) / 100,
        surveyDate: input.surveyDate,
        // a shelf price's source is its supermarket, so the vouchers name where the price was read
        source: command.supermarket?.name ?? input.source?.trim() ?? '', remark: input.remark?.trim() ?? '', createdBy: command.createdBy, at: command.at,
        // only a shelf price (or a survey with a photo) carries them: other surveys keep the shape they always had
        ...(command.supermarket && { supermarketId: command.supermarket.id }), ...(input.photo && { photo: input.photo }),
      },
    }];
  },
  evolve: (_state, event) => (event.type === 'PriceSurveyRecorded' ? 'live' : 'deleted'),
};
