// §2 通知列表: notices of the current org (title, HTML content, publish time) with each user's read state.
// Every member of the org-app reads published notices; the config power (admins pass) writes them and also
// sees the ones scheduled for later. A notice of another org is simply not found: nothing about it leaks.
// The content is stored as sent; the console sanitises it (DOMPurify) whenever it renders it.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { handleCommand, requestCommand } from '../../store/command.ts';
import { streamVersionOf } from '../../store/versions.ts';
import { noticeDecider, TITLE_MAX, type NoticeCommand } from '../../../domain/aggregates/notice.ts';
import { PAGE } from '../../../domain/constants.ts';
import { holdsPower } from '../../http/auth.ts';
import { POWER } from '../permissions/powers.ts';

const tags = ['notices'];
const edit = { auth: 'orgApp', power: POWER.configEdit } as const;
const noticeId = { type: 'string', minLength: 1, maxLength: 64 } as const;
const title = { type: 'string', minLength: 1, maxLength: TITLE_MAX } as const;
const version = { type: 'integer', minimum: 0 } as const;
const content = { type: 'string', maxLength: 20_000 } as const;
const publishedAt = { type: 'string', format: 'date-time' } as const;

const noticeRow = {
  type: 'object',
  properties: {
    id: { type: 'string' }, title: { type: 'string' }, content: { type: 'string' }, publishedAt: { type: 'string' },
    createdBy: { type: 'string' }, createdByName: { type: 'string' }, createdAt: { type: 'string' }, updatedAt: { type: 'string' },
    read: { type: 'boolean' }, readAt: { type: ['string', 'null'] }, scheduled: { type: 'boolean' }, version: { type: 'integer' },
  },
} as const;

export const noticeStream = (noticeId: string) => `notice-${noticeId}`;

interface Row {
  notice_id: string; title: string; content: string; published_at: Date; created_by: string; created_by_name: string;
  created_at: Date; updated_at: Date; read_at: Date | null; version: string | null;
}

function view(r: Row, now: Date) {
  return {
    id: r.notice_id, title: r.title, content: r.content, publishedAt: r.published_at.toISOString(),
    createdBy: r.created_by, createdByName: r.created_by_name, createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(),
    read: r.read_at !== null, readAt: r.read_at ? r.read_at.toISOString() : null, scheduled: r.published_at > now, version: Number(r.version ?? 0),
  };
}

export default async function noticeRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  /** Editors (the config power, admins) also see notices scheduled for later. */
  const canEdit = (request: FastifyRequest) => holdsPower(db, request, POWER.configEdit);

  function rows(request: FastifyRequest, editor: boolean) {
    const { orgId } = request.orgApp!;
    let q = db.selectFrom('notices as n')
      .leftJoin('notice_reads as r', (j) => j.onRef('r.org_id', '=', 'n.org_id').onRef('r.notice_id', '=', 'n.notice_id').on('r.user_id', '=', request.user!.userId))
      .where('n.org_id', '=', orgId);
    if (!editor) q = q.where('n.published_at', '<=', clock());
    return q;
  }

  const select = ['n.notice_id', 'n.title', 'n.content', 'n.published_at', 'n.created_by', 'n.created_by_name', 'n.created_at', 'n.updated_at', 'r.read_at', streamVersionOf('n', 'notice', 'notice_id').as('version')] as const;

  app.get<{ Querystring: { read?: boolean; keyword?: string; $limit?: number; $skip?: number } }>('/v1/notices', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: "Notices of the current org, newest first, with the caller's read state; unread counts the caller's unread published notices",
      querystring: {
        type: 'object',
        properties: {
          read: { type: 'boolean' }, keyword: { type: 'string', maxLength: 100 },
          $limit: { type: 'integer', minimum: 0, maximum: PAGE.generic }, $skip: { type: 'integer', minimum: 0 },
        },
      },
      response: {
        200: envelopeSchema({
          type: 'object', required: ['rows', 'count', 'unread'],
          properties: { rows: { type: 'array', items: noticeRow }, count: { type: 'integer' }, unread: { type: 'integer' } },
        }),
      },
    },
  }, async (request) => {
    const editor = await canEdit(request);
    const { read, keyword, $limit = 100, $skip = 0 } = request.query;
    let q = rows(request, editor);
    if (read === true) q = q.where('r.read_at', 'is not', null);
    if (read === false) q = q.where('r.read_at', 'is', null);
    if (keyword) q = q.where('n.title', 'ilike', `%${keyword.replace(/[%_\\]/g, '\\$&')}%`);
    const [list, count, unread] = await Promise.all([
      q.select([...select]).orderBy('n.published_at', 'desc').orderBy('n.notice_id').limit($limit).offset($skip).execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      rows(request, false).where('r.read_at', 'is', null).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const now = clock();
    return ok({ rows: (list as Row[]).map((r) => view(r, now)), count: Number(count.n), unread: Number(unread.n) });
  });

  async function findOne(request: FastifyRequest, id: string, editor: boolean): Promise<Row> {
    const row = await rows(request, editor).select([...select]).where('n.notice_id', '=', id).executeTakeFirst();
    if (!row) throw notFound('通知不存在');
    return row as Row;
  }

  app.get<{ Params: { id: string } }>('/v1/notices/:id', {
    config: { auth: 'orgApp' },
    schema: { tags, summary: 'One notice of the current org', params: { type: 'object', properties: { id: noticeId } }, response: { 200: envelopeSchema(noticeRow) } },
  }, async (request) => ok(view(await findOne(request, request.params.id, await canEdit(request)), clock())));

  /** Every write: the notice decider on the notice's stream, at the version the editor read (if sent). */
  const command = (request: FastifyRequest, cmd: NoticeCommand) => handleCommand(db, {
    ...requestCommand(request, clock()), streamId: noticeStream(cmd.noticeId), streamType: 'notice', decider: noticeDecider, command: cmd,
  });

  app.post<{ Body: { title: string; content?: string; publishedAt?: string } }>('/v1/notices', {
    config: edit,
    schema: {
      tags, summary: 'Create a notice (publishedAt: now when not given; a later time schedules it)',
      body: { type: 'object', additionalProperties: false, required: ['title'], properties: { title, content, publishedAt } },
      response: { 200: envelopeSchema(noticeRow) },
    },
  }, async (request) => {
    const b = request.body;
    const id = crypto.randomUUID();
    await command(request, {
      type: 'CreateNotice', noticeId: id, title: b.title, content: b.content ?? '',
      publishedAt: b.publishedAt ? new Date(b.publishedAt).toISOString() : clock().toISOString(),
      createdBy: request.user!.userId, createdByName: request.user!.name,
    });
    return ok(view(await findOne(request, id, true), clock()));
  });

  app.put<{ Params: { id: string }; Body: { title?: string; content?: string; publishedAt?: string; version?: number } }>('/v1/notices/:id', {
    config: edit,
    schema: {
      tags, summary: 'Change a notice (only the fields sent; `version` or If-Match: the version read, a stale one is refused with 409)',
      params: { type: 'object', properties: { id: noticeId } },
      body: { type: 'object', additionalProperties: false, minProperties: 1, properties: { title, content, publishedAt, version } },
      response: { 200: envelopeSchema(noticeRow) },
    },
  }, async (request) => {
    const { id } = request.params;
    const b = request.body;
    await findOne(request, id, true);
    await command(request, {
      type: 'UpdateNotice', noticeId: id, title: b.title, content: b.content,
      publishedAt: b.publishedAt !== undefined ? new Date(b.publishedAt).toISOString() : undefined,
    });
    return ok(view(await findOne(request, id, true), clock()));
  });

  app.delete<{ Params: { id: string } }>('/v1/notices/:id', {
    config: edit,
    schema: {
      tags, summary: 'Delete a notice (If-Match: the version read, a stale one is refused with 409)',
      params: { type: 'object', properties: { id: noticeId } }, response: { 200: envelopeSchema({ type: 'object', properties: { id: { type: 'string' } } }) },
    },
  }, async (request) => {
    const { id } = request.params;
    await findOne(request, id, true);
    await command(request, { type: 'RemoveNotice', noticeId: id });
    return ok({ id });
  });

  app.put<{ Params: { id: string } }>('/v1/notices/:id/read', {
    config: { auth: 'orgApp' },
    schema: { tags, summary: 'Mark a published notice read by the caller (idempotent)', params: { type: 'object', properties: { id: noticeId } }, response: { 200: envelopeSchema(noticeRow) } },
  }, async (request) => {
    const { id } = request.params;
    const row = await findOne(request, id, false);
    if (row.read_at === null) await command(request, { type: 'MarkNoticeRead', noticeId: id, userId: request.user!.userId, now: clock().toISOString() });
    return ok(view(await findOne(request, id, false), clock()));
  });

}
