// §2 短网址管理 (issue 35): an org's short links (made, expired, their visits by day) and `/s/{code}`, which opens the
// link's page. Links are the org's own: another org's code is simply not found. A link opens only a page of this
// deployment (domain/shortLink.ts ownPageTarget), checked when it is made and again when it is followed.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { route, type OrgAppRequest } from '../../http/route.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { paged } from '../../http/listQuery.ts';
import { PAGE } from '../../../domain/constants.ts';
import { handleCommand, requestCommand } from '../../store/command.ts';
import { streamVersionOf } from '../../store/versions.ts';
import * as api from '../../../contracts/shortLinks.ts';
import { shortLinkDecider, shortLinkStream, type ShortLinkCommand } from '../../../domain/aggregates/shortLink.ts';
import { isLinkLive, isShortCode, ownPageTarget, shortCodeOf, SHORT_LINK_LIMITS, SHORT_LINK_TEXT, visitDay, visitsByDay } from '../../../domain/shortLink.ts';
import { localizeServerText, serverLocale } from '../../../domain/serverTexts.ts';

interface Row {
  code: string; target: string; title: string; expires_at: Date | null; created_by_name: string; created_at: Date; visits: string | number | null; version: string | null;
}

const columns = ['l.code', 'l.target', 'l.title', 'l.expires_at', 'l.created_by_name', 'l.created_at', streamVersionOf('l', 'shortLink', 'code').as('version')] as const;

function view(r: Row, now: Date): api.ShortLink {
  const expiresAt = r.expires_at ? r.expires_at.toISOString() : null;
  return {
    code: r.code, target: r.target, title: r.title, expiresAt, live: isLinkLive(expiresAt, now),
    createdByName: r.created_by_name, createdAt: r.created_at.toISOString(), visits: Number(r.visits ?? 0), version: Number(r.version ?? 0),
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export default async function shortLinkRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  const base = () => db.selectFrom('short_links as l')
    .select([...columns, (eb) => eb.selectFrom('short_link_visits as v').whereRef('v.code', '=', 'l.code').select((e) => e.fn.sum<string>('v.visits').as('n')).as('visits')]);

  async function findOwn(request: OrgAppRequest, code: string): Promise<Row> {
    const row = await base().where('l.org_id', '=', request.orgApp.orgId).where('l.code', '=', code).executeTakeFirst();
    if (!row) throw notFound(SHORT_LINK_TEXT.notFound);
    return row as Row;
  }

  const command = (request: OrgAppRequest, cmd: ShortLinkCommand) => handleCommand(db, {
    ...requestCommand(request, clock()), streamId: shortLinkStream(cmd.code), streamType: 'shortLink', decider: shortLinkDecider, command: cmd,
  });

  /** A fresh code nobody holds (a clash among 2·10^12 codes is retried, not trusted away). */
  async function freshCode(): Promise<string> {
    for (;;) {
      const code = shortCodeOf(crypto.randomBytes(SHORT_LINK_LIMITS.codeLength));
      if (!(await db.selectFrom('short_links').select('code').where('code', '=', code).executeTakeFirst())) return code;
    }
  }

  async function create(request: OrgAppRequest, target: string, title: string, expiresAt: string | null): Promise<string> {
    const code = await freshCode();
    await command(request, {
      type: 'CreateShortLink', code, target, title, expiresAt, createdBy: request.user.userId, createdByName: request.user.name, now: clock().toISOString(),
    });
    return code;
  }

  route(app, api.listShortLinks, { auth: 'orgApp', listPage: { size: 100, max: PAGE.generic } }, async (request) => {
    const { keyword, live } = request.query;
    const now = clock();
    let q = base().where('l.org_id', '=', request.orgApp.orgId);
    if (keyword) {
      const like = `%${keyword.replace(/[%_\\]/g, '\\$&')}%`;
      q = q.where((eb) => eb.or([eb('l.title', 'ilike', like), eb('l.target', 'ilike', like), eb('l.code', '=', keyword)]));
    }
    if (live === true) q = q.where((eb) => eb.or([eb('l.expires_at', 'is', null), eb('l.expires_at', '>', now)]));
    if (live === false) q = q.where('l.expires_at', '<=', now);
    const [rows, count] = await Promise.all([
      paged(q.orderBy('l.created_at', 'desc').orderBy('l.code'), request).execute(),
      q.clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ rows: (rows as Row[]).map((r) => view(r, now)), count: Number(count.n) });
  });

  route(app, api.createShortLink, { auth: 'orgApp' }, async (request) => {
    const b = request.body;
    const code = await create(request, b.target, b.title ?? '', b.expiresAt ? new Date(b.expiresAt).toISOString() : null);
    return ok(view(await findOwn(request, code), clock()));
  });

  route(app, api.ensureShortLinks, { auth: 'orgApp' }, async (request) => {
    const now = clock();
    const { orgId } = request.orgApp;
    // every target is checked before anything is made: one bad target refuses the whole request
    const targets = request.body.targets.map((t) => ({ target: ownPageTarget(t.target), title: t.title ?? '' }));
    if (targets.some((t) => t.target === null)) throw badRequest(SHORT_LINK_TEXT.notOwnPage);
    const wanted = [...new Set(targets.map((t) => t.target!))];
    const existing = await base().where('l.org_id', '=', orgId).where('l.target', 'in', wanted)
      .where((eb) => eb.or([eb('l.expires_at', 'is', null), eb('l.expires_at', '>', now)])).orderBy('l.created_at').execute();
    const byTarget = new Map<string, string>();
    for (const r of existing) if (!byTarget.has(r.target)) byTarget.set(r.target, r.code);
    for (const t of targets) if (!byTarget.has(t.target!)) byTarget.set(t.target!, await create(request, t.target!, t.title, null));
    const rows = await base().where('l.org_id', '=', orgId).where('l.code', 'in', [...byTarget.values()]).execute();
    const byCode = new Map((rows as Row[]).map((r) => [r.code, view(r, now)]));
    return ok({ rows: targets.map((t) => byCode.get(byTarget.get(t.target!)!)!) });
  });

  route(app, api.setShortLinkExpiry, { auth: 'orgApp' }, async (request) => {
    const { code } = request.params;
    await findOwn(request, code);
    const { expiresAt } = request.body;
    await command(request, { type: 'SetShortLinkExpiry', code, expiresAt: expiresAt ? new Date(expiresAt).toISOString() : null });
    return ok(view(await findOwn(request, code), clock()));
  });

  route(app, api.shortLinkVisits, { auth: 'orgApp' }, async (request) => {
    const { code } = request.params;
    await findOwn(request, code);
    const { from, to } = request.query;
    const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
    if (!Number.isFinite(span) || span < 0 || span >= SHORT_LINK_LIMITS.statsDaysMax) throw badRequest(`参数错误：日期范围最多 ${SHORT_LINK_LIMITS.statsDaysMax} 天`);
    const rows = await db.selectFrom('short_link_visits').select(['day', 'visits']).where('code', '=', code)
      .where('day', '>=', from).where('day', '<=', to).execute();
    const days = visitsByDay(rows, from, to);
    return ok({ code, days, total: days.reduce((s, d) => s + d.visits, 0) });
  });

  /** The page a visitor sees for a code that opens nothing: in his language, nothing about whose link it was. */
  function gone(request: FastifyRequest, reply: FastifyReply, status: 404 | 410, text: string) {
    const message = escapeHtml(localizeServerText(text, serverLocale(request.headers['accept-language'])));
    return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8')
      .send(`<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${message}</title><p style="font:16px sans-serif;text-align:center;margin-top:30vh">${message}</p>`);
  }

  app.get<{ Params: { code: string } }>('/s/:code', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const { code } = request.params;
    const row = isShortCode(code)
      ? await db.selectFrom('short_links').select(['target', 'expires_at']).where('code', '=', code).executeTakeFirst()
      : undefined;
    // checked again here: a row that reached the table some other way still sends nobody to another host
    const target = row ? ownPageTarget(row.target) : null;
    if (!row || !target) return gone(request, reply, 404, SHORT_LINK_TEXT.notFound);
    const now = clock();
    if (!isLinkLive(row.expires_at ? row.expires_at.toISOString() : null, now)) return gone(request, reply, 410, SHORT_LINK_TEXT.expired);
    await countVisit(db, code, visitDay(now));
    return reply.code(302).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(target);
  });
}

/** One more visit of a link on a day (an upsert: concurrent visits each count). */
async function countVisit(db: ModuleContext['db'], code: string, day: string): Promise<void> {
  await db.insertInto('short_link_visits').values({ code, day, visits: 1 })
    .onConflict((c) => c.columns(['code', 'day']).doUpdateSet((eb) => ({ visits: eb('short_link_visits.visits', '+', 1) }))).execute();
}
