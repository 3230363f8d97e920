// Issue 34: the mall operators' routes (mallCMS, mallTemplateManage, recommendManage, activityManage, grouponManage,
// mallHome's preview). Every record is the request's org's: an id of another org is simply not found. The §6 screen
// powers are the table's (server/http/routePowers.ts); the org must be one that sells to members (requireMallOrg).
// Rich text is sanitised (§5, DOMPurify) before the command sees it.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { clientVersion, decideAndAppend, metaOf, runDecisions } from '../../store/command.ts';
import { withStreamVersions } from '../../store/versions.ts';
import { sanitiseRichText } from '../../http/richText.ts';
import { mallRecordDecider, MALL_RECORD_TEXT, type MallRecordData, type MallRecordKind } from '../../../domain/aggregates/mallRecord.ts';
import { GROUPON_TEXT, type GrouponTerms } from '../../../domain/aggregates/groupon.ts';
import { MALL_CONTENT_KINDS, STOREFRONT_BLOCKS, STOREFRONT_LAYOUTS, type MallContent } from '../../../domain/mall/content.ts';
import { CAMPAIGN_KINDS } from '../../../domain/mall/campaign.ts';
import { RECOMMEND_POSITIONS } from '../../../domain/mall/recommendation.ts';
import { scheduleStateAt } from '../../../domain/mall/schedule.ts';
import { mallStreams, requireMallOrg, TEMPLATE_RECORD_ID } from './access.ts';
import { buildHome, homeSchema, templateOf } from './home.ts';
import { grouponCommand, grouponView, grouponViewSchema, settleDue } from './groupons.ts';
import { paymentsOfApp } from '../fruitMall/routes.ts';
import { localizeServerText, serverLocale } from '../../../domain/serverTexts.ts';

const tags = ['mall storefront'];
const operator = { auth: 'orgApp', guard: requireMallOrg } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 } } } as const;
const time = { type: ['string', 'null'], maxLength: 40 } as const;
const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const url = text(1000);
const sort = { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 } as const;
const schedule = { startsAt: time, endsAt: time } as const;

const BODIES: Record<Exclude<MallRecordKind, 'template'>, { required: string[]; properties: Record<string, unknown> }> = {
  content: {
    required: ['kind', 'title'],
    properties: { kind: { type: 'string', enum: [...MALL_CONTENT_KINDS] }, title: text(200), body: text(60_000), imageUrl: url, linkUrl: url, sort, ...schedule },
  },
  recommendation: {
    required: ['position', 'productId', 'title'],
    properties: { position: { type: 'string', enum: [...RECOMMEND_POSITIONS] }, productId: text(128), title: text(200), imageUrl: url, note: text(100), sort, ...schedule },
  },
  campaign: {
    required: ['name', 'kind'],
    properties: {
      name: text(100), kind: { type: 'string', enum: [...CAMPAIGN_KINDS] }, percentOff: { type: 'integer' }, amountOff: { type: 'number' }, threshold: { type: 'number' },
      gift: text(100), levels: { type: 'array', maxItems: 100, items: text(32) }, enabled: { type: 'boolean' }, ...schedule,
    },
  },
};

/** The body as the record's data: rich text sanitised, blanks dropped, defaults filled. */
function dataOf(kind: MallRecordKind, body: Record<string, unknown>): MallRecordData[MallRecordKind] {
  const clean = Object.fromEntries(Object.entries(body).filter(([k, v]) => v !== null && v !== '' && k !== 'version'));
  if (kind === 'content') {
    const c = clean as unknown as MallContent;
    return { ...c, title: String(c.title).trim(), ...(c.body !== undefined && { body: sanitiseRichText(c.body) }) };
  }
  if (kind === 'recommendation') return { sort: 0, ...clean } as unknown as MallRecordData['recommendation'];
  if (kind === 'campaign') return { levels: [], enabled: true, ...clean } as unknown as MallRecordData['campaign'];
  return clean as unknown as MallRecordData['template'];
}

export default async function operatorRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db, clock } = ctx;
  const meta = (request: FastifyRequest) => metaOf(request, clock());
  const orgOf = (request: FastifyRequest) => request.orgApp!.orgId;

  // an edit names the version it read (body `version` or If-Match): a stale one is a 409 (docs/versions.md)
  const save = (request: FastifyRequest, kind: MallRecordKind, recordId: string, data: MallRecordData[MallRecordKind], create: boolean) => {
    const expectedVersion = create ? undefined : clientVersion(request);
    return runDecisions(db, (tx) => decideAndAppend(tx, {
      orgId: orgOf(request), streamId: mallStreams.record(orgOf(request), recordId), streamType: 'mallRecord', decider: mallRecordDecider, meta: meta(request),
      command: { type: 'SaveMallRecord', kind, recordId, data, create }, expectedVersion,
    }), expectedVersion === undefined);
  };
  /** views with the version of each record's stream, which an edit sends back */
  const versioned = <R extends { id: string }>(request: FastifyRequest, rows: R[]) => withStreamVersions(db, rows, (r) => ({ orgId: orgOf(request), streamId: mallStreams.record(orgOf(request), r.id) }));

  const recordView = (r: { record_id: string; data: unknown; created_at: Date; updated_at: Date }, now: Date) => {
    const data = r.data as Record<string, unknown>;
    return { id: r.record_id, ...data, state: scheduleStateAt(data, now), createdAt: new Date(r.created_at).toISOString(), updatedAt: new Date(r.updated_at).toISOString() };
  };
  const findRecord = async (request: FastifyRequest, kind: MallRecordKind, id: string) => {
    const r = await db.selectFrom('mall_records').select(['record_id', 'data', 'created_at', 'updated_at'])
      .where('org_id', '=', orgOf(request)).where('kind', '=', kind).where('record_id', '=', id).executeTakeFirst();
    if (!r) throw notFound(MALL_RECORD_TEXT.missing[kind]);
    return (await versioned(request, [recordView(r, clock())]))[0];
  };
  const recordSchema = { type: 'object', additionalProperties: true, properties: { id: { type: 'string' }, state: { type: 'string' }, version: { type: 'integer' } } } as const;
  const version = { type: 'integer', minimum: 0, description: 'the version read: a stale one is refused with 409 (docs/versions.md)' } as const;

  /** list, create, edit, remove of one kind of record under `base` */
  function recordRoutes(kind: Exclude<MallRecordKind, 'template'>, base: string, filter?: { name: string; values: readonly string[] }) {
    const body = BODIES[kind];
    app.get<{ Querystring: Record<string, string> }>(base, {
      config: operator,
      schema: {
        tags, summary: `The org's ${kind} records, by sort then newest${filter ? `; filter by ${filter.name}` : ''}`,
        querystring: { type: 'object', additionalProperties: false, properties: filter ? { [filter.name]: { type: 'string', enum: [...filter.values] } } : {} },
        response: { 200: listSchema(recordSchema) },
      },
    }, async (request) => {
      let q = db.selectFrom('mall_records').select(['record_id', 'data', 'created_at', 'updated_at']).where('org_id', '=', orgOf(request)).where('kind', '=', kind);
      const wanted = filter && request.query[filter.name];
      if (wanted) q = q.where(sql<string>`data->>${filter.name}`, '=', wanted);
      const rows = await q.orderBy('sort').orderBy('created_at', 'desc').limit(500).execute();
      const now = clock();
      return list(await versioned(request, rows.map((r) => recordView(r, now))));
    });
    app.post<{ Body: Record<string, unknown> }>(base, {
      config: operator,
      schema: { tags, summary: `Create a ${kind} record`, body: { type: 'object', additionalProperties: false, ...body }, response: { 200: envelopeSchema(recordSchema) } },
    }, async (request) => {
      const id = crypto.randomUUID();
      await save(request, kind, id, dataOf(kind, request.body), true);
      return ok(await findRecord(request, kind, id));
    });
    app.put<{ Params: { id: string }; Body: Record<string, unknown> }>(`${base}/:id`, {
      config: operator,
      schema: {
        tags, summary: `Replace a ${kind} record (every field as it should be; \`version\` or If-Match: the version read, a stale one is refused with 409)`, params: idParams,
        body: { type: 'object', additionalProperties: false, required: body.required, properties: { ...body.properties, version } }, response: { 200: envelopeSchema(recordSchema) },
      },
    }, async (request) => {
      await findRecord(request, kind, request.params.id);
      await save(request, kind, request.params.id, dataOf(kind, request.body), false);
      return ok(await findRecord(request, kind, request.params.id));
    });
    app.delete<{ Params: { id: string } }>(`${base}/:id`, {
      config: operator,
      schema: { tags, summary: `Remove a ${kind} record (If-Match: the version read, a stale one is refused with 409)`, params: idParams, response: { 200: envelopeSchema({ type: 'object', properties: { id: { type: 'string' } } }) } },
    }, async (request) => {
      await findRecord(request, kind, request.params.id);
      const expectedVersion = clientVersion(request);
      await runDecisions(db, (tx) => decideAndAppend(tx, {
        orgId: orgOf(request), streamId: mallStreams.record(orgOf(request), request.params.id), streamType: 'mallRecord', decider: mallRecordDecider,
        meta: meta(request), command: { type: 'RemoveMallRecord', kind, recordId: request.params.id }, expectedVersion,
      }), expectedVersion === undefined);
      return ok({ id: request.params.id });
    });
  }

  recordRoutes('content', '/v4/mall/cms/content', { name: 'kind', values: MALL_CONTENT_KINDS });
  recordRoutes('recommendation', '/v4/mall/recommend', { name: 'position', values: RECOMMEND_POSITIONS });
  recordRoutes('campaign', '/v4/mall/campaign', { name: 'kind', values: CAMPAIGN_KINDS });

  // ---- the template
  const templateSchema = {
    type: 'object',
    properties: {
      layout: { type: 'string' }, shopName: { type: 'string' }, open: { type: 'boolean' },
      blocks: { type: 'array', items: { type: 'object', properties: { block: { type: 'string' }, hidden: { type: 'boolean' }, title: { type: 'string' } } } },
      layouts: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
      version: { type: 'integer' },
    },
  } as const;
  /** the template with the version of its stream (0 before the first save), which a save sends back */
  const templateView = async (request: FastifyRequest) => {
    const [{ version: v }] = await versioned(request, [{ id: TEMPLATE_RECORD_ID }]);
    return { ...(await templateOf(db, orgOf(request))), layouts: STOREFRONT_LAYOUTS, version: v };
  };
  app.get('/v4/mall/cms/template', {
    config: operator,
    schema: { tags, summary: "The org's storefront template, with the layouts to pick from", response: { 200: envelopeSchema(templateSchema) } },
  }, async (request) => ok(await templateView(request)));
  app.put<{ Body: Record<string, unknown> }>('/v4/mall/cms/template', {
    config: operator,
    schema: {
      tags, summary: 'Pick and fill the storefront template: layout, shop name, block headings or hidden blocks, and whether members may shop (`version` or If-Match: the version read; stale → 409)',
      body: {
        type: 'object', additionalProperties: false, required: ['layout', 'shopName'],
        properties: {
          layout: { type: 'string', enum: Object.keys(STOREFRONT_LAYOUTS) }, shopName: text(200), open: { type: 'boolean' },
          blocks: {
            type: 'array', maxItems: STOREFRONT_BLOCKS.length,
            items: { type: 'object', additionalProperties: false, required: ['block'], properties: { block: { type: 'string', enum: [...STOREFRONT_BLOCKS] }, hidden: { type: 'boolean' }, title: text(200) } },
          },
          version,
        },
      },
      response: { 200: envelopeSchema(templateSchema) },
    },
  }, async (request) => {
    const b = request.body;
    await save(request, 'template', TEMPLATE_RECORD_ID, { layout: b.layout, shopName: String(b.shopName).trim(), blocks: b.blocks ?? [], open: b.open ?? false } as MallRecordData['template'], false);
    return ok(await templateView(request));
  });

  app.get<{ Querystring: { at?: string } }>('/v4/mall/cms/preview', {
    config: operator,
    schema: {
      tags, summary: 'The storefront home as members will see it at `at` (default now): scheduled records show from their time; every level\'s campaigns',
      querystring: { type: 'object', additionalProperties: false, properties: { at: { type: 'string', format: 'date-time' } } },
      response: { 200: envelopeSchema(homeSchema) },
    },
  }, async (request) => ok(await buildHome(db, orgOf(request), request.query.at ? new Date(request.query.at) : clock(), { level: null, memberId: null })));

  // ---- group buys
  const termsBody = {
    type: 'object', additionalProperties: false, required: ['title', 'productId', 'unitPrice', 'groupPrice', 'minPeople', 'deadline'],
    properties: {
      title: text(200), productId: text(128), imageUrl: url, unitPrice: { type: 'number' }, groupPrice: { type: 'number' },
      minPeople: { type: 'integer' }, maxPeople: { type: ['integer', 'null'] }, deadline: { type: 'string', format: 'date-time' },
    },
  } as const;
  const changeBody = { ...termsBody, properties: { ...termsBody.properties, version } } as const;
  const groupStreamKey = (request: FastifyRequest) => (g: { id: string }) => ({ orgId: orgOf(request), streamId: mallStreams.groupon(orgOf(request), g.id) });
  const termsOf = (b: Record<string, unknown>): GrouponTerms => ({
    title: String(b.title), productId: String(b.productId), ...(b.imageUrl ? { imageUrl: String(b.imageUrl) } : {}),
    unitPrice: Number(b.unitPrice), groupPrice: Number(b.groupPrice), minPeople: Number(b.minPeople),
    ...(b.maxPeople != null ? { maxPeople: Number(b.maxPeople) } : {}), deadline: new Date(String(b.deadline)).toISOString(),
  });
  const settle = (request: FastifyRequest) => settleDue(db, orgOf(request), clock(), meta(request), paymentsOfApp(app), (msg) => app.log.warn(msg));
  const findGroupon = async (request: FastifyRequest, id: string) => {
    const g = await db.selectFrom('mall_groupons').selectAll().where('org_id', '=', orgOf(request)).where('groupon_id', '=', id).executeTakeFirst();
    if (!g) throw notFound(GROUPON_TEXT.missing);
    return g;
  };
  const detailSchema = {
    ...grouponViewSchema,
    properties: {
      ...grouponViewSchema.properties,
      participants: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            memberId: { type: 'string' }, name: { type: 'string' }, quantity: { type: 'integer' }, joinedAt: { type: 'string' },
            // once a fruit group buy succeeded: the order placed for him, or why it could not be placed
            orderNo: { type: ['string', 'null'] }, orderFailure: { type: ['string', 'null'] },
          },
        },
      },
    },
  } as const;
  const detail = async (request: FastifyRequest, id: string) => {
    const [g, people] = await Promise.all([
      findGroupon(request, id),
      db.selectFrom('mall_groupon_members').select(['member_id', 'name', 'quantity', 'joined_at', 'order_no', 'order_failure'])
        .where('org_id', '=', orgOf(request)).where('groupon_id', '=', id).orderBy('joined_at').execute(),
    ]);
    const [view] = await withStreamVersions(db, [grouponView(g, clock())], groupStreamKey(request));
    const locale = serverLocale(request.headers['accept-language']);
    return {
      ...view,
      participants: people.map((p) => ({
        memberId: p.member_id, name: p.name, quantity: p.quantity, joinedAt: new Date(p.joined_at).toISOString(),
        orderNo: p.order_no, orderFailure: p.order_failure && localizeServerText(p.order_failure, locale),
      })),
    };
  };

  app.get<{ Querystring: { status?: string } }>('/v4/mall/groupon', {
    config: operator,
    schema: {
      tags, summary: "The org's group buys, newest first (those past their deadline are settled first)",
      querystring: { type: 'object', additionalProperties: false, properties: { status: { type: 'string', enum: ['open', 'succeeded', 'failed', 'cancelled'] } } },
      response: { 200: listSchema(grouponViewSchema) },
    },
  }, async (request) => {
    await settle(request);
    let q = db.selectFrom('mall_groupons').selectAll().where('org_id', '=', orgOf(request));
    if (request.query.status) q = q.where('status', '=', request.query.status);
    const rows = await q.orderBy('created_at', 'desc').limit(500).execute();
    const now = clock();
    return list(await withStreamVersions(db, rows.map((g) => grouponView(g, now)), groupStreamKey(request)));
  });
  app.get<{ Params: { id: string } }>('/v4/mall/groupon/:id', {
    config: operator,
    schema: { tags, summary: 'A group buy with who joined', params: idParams, response: { 200: envelopeSchema(detailSchema) } },
  }, async (request) => {
    await settle(request);
    return ok(await detail(request, request.params.id));
  });
  app.post<{ Body: Record<string, unknown> }>('/v4/mall/groupon', {
    config: operator,
    schema: { tags, summary: 'Start a group buy: goods, prices, minimum members, deadline', body: termsBody, response: { 200: envelopeSchema(detailSchema) } },
  }, async (request) => {
    const id = crypto.randomUUID();
    await runDecisions(db, (tx) => grouponCommand(tx, orgOf(request), { type: 'CreateGroupon', grouponId: id, terms: termsOf(request.body), now: clock().toISOString() }, meta(request)));
    return ok(await detail(request, id));
  });
  app.put<{ Params: { id: string }; Body: Record<string, unknown> }>('/v4/mall/groupon/:id', {
    config: operator,
    schema: { tags, summary: 'Change a group buy nobody joined yet (`version` or If-Match: the version read; stale → 409)', params: idParams, body: changeBody, response: { 200: envelopeSchema(detailSchema) } },
  }, async (request) => {
    await findGroupon(request, request.params.id);
    const expectedVersion = clientVersion(request);
    await runDecisions(db, (tx) => grouponCommand(tx, orgOf(request), { type: 'UpdateGroupon', grouponId: request.params.id, terms: termsOf(request.body), now: clock().toISOString() }, meta(request), expectedVersion), expectedVersion === undefined);
    return ok(await detail(request, request.params.id));
  });
  app.post<{ Params: { id: string } }>('/v4/mall/groupon/:id/cancel', {
    config: operator,
    schema: { tags, summary: 'Cancel an open group buy: nothing is charged (If-Match: the version read; stale → 409)', params: idParams, response: { 200: envelopeSchema(detailSchema) } },
  }, async (request) => {
    await findGroupon(request, request.params.id);
    const expectedVersion = clientVersion(request);
    await runDecisions(db, (tx) => grouponCommand(tx, orgOf(request), { type: 'CancelGroupon', grouponId: request.params.id }, meta(request), expectedVersion), expectedVersion === undefined);
    return ok(await detail(request, request.params.id));
  });
  app.post('/v4/mall/groupon/settle', {
    config: operator,
    schema: {
      tags, summary: 'Settle the org\'s group buys past their deadline now (the server also does it by itself every minute)',
      response: { 200: envelopeSchema({ type: 'object', properties: { settled: { type: 'integer' } } }) },
    },
  }, async (request) => ok({ settled: await settle(request) }));
}
