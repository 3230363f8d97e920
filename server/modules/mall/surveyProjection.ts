// Price surveys, projected from their events, and the market average a new price takes from them.
import { sql } from 'kysely';
import { defineProjection } from '../../store/projections.ts';
import type { StoredEvent, Tx } from '../../store/eventStore.ts';
import { cycleOf, dayOf } from '../../../domain/priceCycle.ts';
import { SURVEY_CYCLE_RULE, type PriceSurveyDeleted, type PriceSurveyRecorded } from '../../../domain/aggregates/priceSurvey.ts';
import type { SkuPriceCreated } from './projection.ts';

defineProjection({
  PriceSurveyRecorded: async (tx, { data, orgId }: { data: PriceSurveyRecorded; orgId: string }) => {
    await tx.insertInto('price_surveys').values({
      org_id: orgId, id: data.id, area: data.area, kind: data.kind, supplier_org_id: data.supplierOrgId, product_id: data.productId, sku_id: data.skuId,
      product_name: data.productName, price_class: data.priceClass, price: data.price, survey_date: data.surveyDate, source: data.source, remark: data.remark,
      is_delete: false, created_by: data.createdBy, created_at: data.at,
      supermarket_id: data.supermarketId ?? null, photo: data.photo ?? '',
    }).execute();
  },
  PriceSurveyDeleted: async (tx, { data, orgId }: { orgId: string; data: PriceSurveyDeleted }) => {
    await tx.updateTable('price_surveys').set({ is_delete: true }).where('id', '=', data.id).where('org_id', '=', orgId).execute();
  },
  // a new price without a market average takes the survey average of its area and month (deterministic on replay:
  // the surveys projected so far are the ones recorded before the price); one statement for a whole run of prices
  SkuPriceCreated: {
    one: (tx, event: StoredEvent<SkuPriceCreated>) => fillMarketAvg(tx, [event]),
    many: (tx, events: StoredEvent<SkuPriceCreated>[]) => fillMarketAvg(tx, events),
  },
});

/** Sets market_avg of new prices that came without one: the average of the supplier area's surveys of the SKU in the cycle, else of its product. */
async function fillMarketAvg(tx: Tx, events: StoredEvent<SkuPriceCreated>[]): Promise<void> {
  const open = events.filter((e) => e.data.marketAvg === null || e.data.marketAvg === undefined);
  if (!open.length) return;
  const cycles = open.map((e) => cycleOf(SURVEY_CYCLE_RULE, dayOf(e.data.at))!);
  await sql`
    UPDATE sku_prices sp SET market_avg = a.avg
    FROM unnest(${open.map((e) => e.data.id)}::text[], ${open.map((e) => e.data.skuId)}::text[], ${open.map((e) => e.data.productId)}::text[],
                ${open.map((e) => e.orgId)}::text[], ${cycles.map((c) => c.start)}::date[], ${cycles.map((c) => c.end)}::date[])
           AS v(id, sku_id, product_id, org_id, cycle_start, cycle_end)
    CROSS JOIN LATERAL (
      SELECT round(avg(s.price) FILTER (WHERE s.sku_id = v.sku_id), 2) AS by_sku,
             round(avg(s.price) FILTER (WHERE s.sku_id IS NULL AND s.product_id = v.product_id), 2) AS by_product
      FROM price_surveys s JOIN orgs o ON o.org_id = v.org_id AND o.area <> '' AND s.area = o.area
      WHERE NOT s.is_delete AND s.survey_date BETWEEN v.cycle_start AND v.cycle_end
        AND (s.sku_id = v.sku_id OR s.product_id = v.product_id)
    ) x
    CROSS JOIN LATERAL (SELECT coalesce(x.by_sku, x.by_product) AS avg) a
    WHERE sp.org_id = v.org_id AND sp.id = v.id AND a.avg IS NOT NULL`.execute(tx);
}

