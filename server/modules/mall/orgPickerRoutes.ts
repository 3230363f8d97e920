// Org pickers (issue 28 point 4): search by name the orgs a form may name, in place of typed org ids.
// - GET /v4/mall/route/schools: the schools a supplier's delivery route may stop at, the orgs that buy from the
//   caller's org (their mall_suppliers link names it);
// - GET /v4/mall/supplier/candidates: the supplier orgs the caller's org may link (domain/orgPicker.ts).
// The caller's org is the request's org-app, whose membership the auth checked; no org id is read from the client.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { list, listSchema } from '../../http/envelope.ts';
import { isPlatform, orgFacts, partyOfRequest } from '../../http/parties.ts';
import { orgKindOf } from '../../../domain/orgKind.ts';
import { nameMatches, ORG_PICKER_LIMIT, supplierPickable } from '../../../domain/orgPicker.ts';

const tags = ['mall'];
const query = { type: 'object', additionalProperties: false, properties: { keyword: { type: 'string', maxLength: 100 } } } as const;
const orgRow = { type: 'object', properties: { orgId: { type: 'string' }, name: { type: 'string' } } } as const;
const escape = (s: string) => s.replace(/[%_\\]/g, '\\$&');

export default async function orgPickerRoutes(app: FastifyInstance, { db }: ModuleContext) {
  app.get<{ Querystring: { keyword?: string } }>('/v4/mall/route/schools', {
    config: { auth: 'orgApp' },
    schema: { tags, summary: 'Schools a delivery route of the current org may stop at (those buying from it), by name', querystring: query, response: { 200: listSchema(orgRow) } },
  }, async (request) => {
    const orgId = request.orgApp!.orgId;
    const keyword = request.query.keyword?.trim() ?? '';
    let q = db.selectFrom('mall_suppliers as s').innerJoin('orgs as o', 'o.org_id', 's.org_id').select(['o.org_id', 'o.name'])
      .where('s.supplier_org_id', '=', orgId).where('s.org_id', '<>', orgId).distinct();
    if (keyword) q = q.where((eb) => eb.or([eb('o.name', 'ilike', `%${escape(keyword)}%`), eb('o.org_id', '=', keyword)]));
    const rows = await q.orderBy('o.name').limit(ORG_PICKER_LIMIT).execute();
    return list(rows.map((r) => ({ orgId: r.org_id, name: r.name })));
  });

  app.get<{ Querystring: { keyword?: string } }>('/v4/mall/supplier/candidates', {
    config: { auth: 'orgApp' },
    schema: { tags, summary: 'Supplier orgs the current org may link (its area, its sandbox), by name', querystring: query, response: { 200: listSchema(orgRow) } },
  }, async (request) => {
    const caller = await orgFacts(db, request.orgApp!.orgId);
    if (!caller) return list([]);
    const keyword = request.query.keyword?.trim() ?? '';
    const platform = isPlatform(request) || partyOfRequest(request) === 'platform';
    let q = db.selectFrom('orgs').select(['org_id', 'name', 'kind', 'org_type', 'area', 'parent_org_id']);
    if (keyword) q = q.where((eb) => eb.or([eb('name', 'ilike', `%${escape(keyword)}%`), eb('org_id', '=', keyword)]));
    const rows = (await q.orderBy('name').execute())
      .map((r) => ({ orgId: r.org_id, name: r.name, facts: { orgId: r.org_id, kind: orgKindOf({ kind: r.kind, orgType: r.org_type }), area: r.area, parentOrgId: r.parent_org_id } }))
      .filter((o) => supplierPickable(caller, o.facts, platform) && nameMatches(keyword, o));
    return list(rows.slice(0, ORG_PICKER_LIMIT).map(({ orgId, name }) => ({ orgId, name })));
  });
}
