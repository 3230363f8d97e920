// Issue 34: the storefront's home as a member sees it at a time: the template's blocks in the layout's order, the live
// banners, notices, articles, recommendations, the campaigns serving his level and the open group buys. The console's
// preview (mallHome) asks the same at any time, for every level.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { blocksOf, DEFAULT_TEMPLATE, type MallContent, type StorefrontTemplate } from '../../../domain/mall/content.ts';
import { liveRecommendations, type Recommendation } from '../../../domain/mall/recommendation.ts';
import { campaignAppliesTo, type Campaign } from '../../../domain/mall/campaign.ts';
import { isLiveAt } from '../../../domain/mall/schedule.ts';
import { sanitiseRichText } from '../../http/richText.ts';
import { TEMPLATE_RECORD_ID } from './access.ts';
import { grouponView, grouponViewSchema } from './groupons.ts';

const obj = (properties: Record<string, unknown>) => ({ type: 'object', properties } as const);
const str = { type: 'string' } as const;
const optStr = { type: ['string', 'null'] } as const;

export const homeSchema = obj({
  shopName: str, layout: str, open: { type: 'boolean' }, at: str,
  blocks: { type: 'array', items: obj({ block: str, title: str }) },
  banners: { type: 'array', items: obj({ id: str, title: str, imageUrl: optStr, linkUrl: optStr }) },
  notices: { type: 'array', items: obj({ id: str, title: str, body: str, startsAt: optStr }) },
  articles: { type: 'array', items: obj({ id: str, title: str, imageUrl: optStr, startsAt: optStr }) },
  recommendations: { type: 'array', items: obj({ id: str, position: str, productId: str, title: str, imageUrl: optStr, note: optStr }) },
  campaigns: {
    type: 'array',
    items: obj({
      id: str, name: str, kind: str, percentOff: { type: ['integer', 'null'] }, amountOff: { type: ['number', 'null'] }, threshold: { type: ['number', 'null'] },
      gift: optStr, levels: { type: 'array', items: str }, endsAt: optStr,
    }),
  },
  groupons: { type: 'array', items: grouponViewSchema },
});

type RecordRow = { record_id: string; kind: string; data: unknown };

export async function templateOf(db: Kysely<Database>, orgId: string): Promise<StorefrontTemplate> {
  const row = await db.selectFrom('mall_records').select('data').where('org_id', '=', orgId).where('record_id', '=', TEMPLATE_RECORD_ID).executeTakeFirst();
  return { ...DEFAULT_TEMPLATE, ...((row?.data ?? {}) as Partial<StorefrontTemplate>) };
}

/** `level` null: every campaign (the operator's preview); `memberId`: his quantity in each group buy. */
export async function buildHome(db: Kysely<Database>, orgId: string, now: Date, viewer: { level: string | null; memberId: string | null }) {
  const [template, records, groupons, mine] = await Promise.all([
    templateOf(db, orgId),
    db.selectFrom('mall_records').select(['record_id', 'kind', 'data']).where('org_id', '=', orgId).where('kind', 'in', ['content', 'recommendation', 'campaign'])
      .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .orderBy('sort').orderBy('created_at', 'desc').execute() as Promise<RecordRow[]>,
    db.selectFrom('mall_groupons').selectAll().where('org_id', '=', orgId).where('status', '=', 'open').where('deadline', '>', now).orderBy('deadline').limit(50).execute(),
    viewer.memberId
      ? db.selectFrom('mall_groupon_members').select(['groupon_id', 'quantity']).where('org_id', '=', orgId).where('member_id', '=', viewer.memberId).execute()
      : Promise.resolve([]),
  ]);
  const of = <T,>(kind: string) => records.filter((r) => r.kind === kind).map((r) => ({ id: r.record_id, ...(r.data as T) }));
  const contents = of<MallContent>('content').filter((c) => isLiveAt(c, now));
  const byKind = (k: MallContent['kind']) => contents.filter((c) => c.kind === k);
  const myQuantity = new Map(mine.map((m) => [m.groupon_id, m.quantity]));
  return {
    shopName: template.shopName, layout: template.layout, open: template.open, at: now.toISOString(), blocks: blocksOf(template),
    banners: byKind('banner').map((c) => ({ id: c.id, title: c.title, imageUrl: c.imageUrl ?? null, linkUrl: c.linkUrl ?? null })),
    // §5 sanitised on the way out too: a record stored under an older list is shown by today's
    notices: byKind('notice').map((c) => ({ id: c.id, title: c.title, body: sanitiseRichText(c.body ?? ''), startsAt: c.startsAt ?? null })),
    articles: byKind('article').map((c) => ({ id: c.id, title: c.title, imageUrl: c.imageUrl ?? null, startsAt: c.startsAt ?? null })),
    recommendations: liveRecommendations(of<Recommendation>('recommendation'), now)
      .map((r) => ({ id: r.id, position: r.position, productId: r.productId, title: r.title, imageUrl: r.imageUrl ?? null, note: r.note ?? null })),
    campaigns: of<Campaign>('campaign').filter((c) => (viewer.level === null ? c.enabled && isLiveAt(c, now) : campaignAppliesTo(c, viewer.level, now)))
      .map((c) => ({
        id: c.id, name: c.name, kind: c.kind, percentOff: c.percentOff ?? null, amountOff: c.amountOff ?? null, threshold: c.threshold ?? null,
        gift: c.gift ?? null, levels: c.levels, endsAt: c.endsAt ?? null,
      })),
    groupons: groupons.map((g) => ({ ...grouponView(g, now), myQuantity: myQuantity.get(g.groupon_id) ?? null })),
  };
}
