// §2 通知列表: notices of the current org (title, HTML content, publish time) with each user's read state.
// Every member of the org-app reads published notices; the config power (admins pass) writes them and also
// sees the ones scheduled for later. A notice of another org is simply not found: nothing about it leaks.
// The content is stored as sent; the console sanitises it (DOMPurify) whenever it renders it.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { route, type OrgAppRequest } from '../../http/route.ts';
import * as api from '../../../contracts/notices.ts';
import { notFound } from '../../http/errors.ts';
import { handleCommand, requestCommand } from '../../store/command.ts';
import { streamVersionOf } from '../../store/versions.ts';
import { noticeDecider, type NoticeCommand } from '../../../domain/aggregates/notice.ts';
import { holdsPower } from '../../http/auth.ts';
import { POWER } from '../permissions/powers.ts';
import { paged } from '../../http/listQuery.ts';
import { PAGE } from '../../../domain/constants.ts';

const edit = { auth: 'orgApp' } as const;
const member = { auth: 'orgApp' } as const;

export const noticeStream = (noticeId: string) => `notice-${noticeId}`;

interface Row {
  notice_id: string; title: string; content: string; published_at: Date; created_by: string; created_by_name: string;
  created_at: Date; updated_at: Date; read_at: Date | null; version: string | null;
}

function view(r: Row, now: Date): api.Notice {
  return {
    id: r.notice_id, title: r.title, content: r.content, publishedAt: r.published_at.toISOString(),
    createdBy: r.created_by, createdByName: r.created_by_name, createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(),
    read: r.read_at !== null, readAt: r.read_at ? r.read_at.toISOString() : null, scheduled: r.published_at > now, version: Number(r.version ?? 0),
  };
}

export default async function noticeRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  /** Editors (the config power, admins) also see notices scheduled for later. */
  const canEdit = (request: OrgAppRequest) => holdsPower(db, request, POWER.configEdit);

  function rows(request: OrgAppRequest, editor: boolean) {
    let q = db.selectFrom('notices as n')
      .leftJoin('notice_reads as r', (j) => j.onRef('r.org_id', '=', 'n.org_id').onRef('r.notice_id', '=', 'n.notice_id').on('r.user_id', '=', request.user.userId))
      .where('n.org_id', '=', request.orgApp.orgId);
    if (!editor) q = q.where('n.published_at', '<=', clock());
    return q;
  }

  const select = ['n.notice_id', 'n.title', 'n.content', 'n.published_at', 'n.created_by', 'n.created_by_name', 'n.created_at', 'n.updated_at', 'r.read_at', streamVersionOf('n', 'notice', 'notice_id').as('version')] as const;

  route(app, api.listNotices, { ...member, listPage: { size: 100, max: PAGE.generic } }, async (request) => {
    const editor = await canEdit(request);
    const { read, keyword } = request.query;
    let q = rows(request, editor);
    if (read === true) q = q.where('r.read_at', 'is not', null);
    if (read === false) q = q.where('r.read_at', 'is', null);
    if (keyword) q = q.where('n.title', 'ilike', `%${keyword.replace(/[%_\\]/g, '\\$&')}%`);
    const [list, count, unread] = await Promise.all([
      paged(q.select([...select]).orderBy('n.published_at', 'desc').orderBy('n.notice_id'), request).execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      rows(request, false).where('r.read_at', 'is', null).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const now = clock();
    return ok({ rows: (list as Row[]).map((r) => view(r, now)), count: Number(count.n), unread: Number(unread.n) });
  });

  async function findOne(request: OrgAppRequest, id: string, editor: boolean): Promise<Row> {
    const row = await rows(request, editor).select([...select]).where('n.notice_id', '=', id).executeTakeFirst();
    if (!row) throw notFound('通知不存在');
    return row as Row;
  }

  route(app, api.getNotice, member, async (request) => ok(view(await findOne(request, request.params.id, await canEdit(request)), clock())));

  /** Every write: the notice decider on the notice's stream, at the version the editor read (if sent). */
  const command = (request: OrgAppRequest, cmd: NoticeCommand) => handleCommand(db, {
    ...requestCommand(request, clock()), streamId: noticeStream(cmd.noticeId), streamType: 'notice', decider: noticeDecider, command: cmd,
  });

  route(app, api.createNotice, edit, async (request) => {
    const b = request.body;
    const id = crypto.randomUUID();
    await command(request, {
      type: 'CreateNotice', noticeId: id, title: b.title, content: b.content ?? '',
      publishedAt: b.publishedAt ? new Date(b.publishedAt).toISOString() : clock().toISOString(),
      createdBy: request.user.userId, createdByName: request.user.name,
    });
    return ok(view(await findOne(request, id, true), clock()));
  });

  route(app, api.updateNotice, edit, async (request) => {
    const { id } = request.params;
    const b = request.body;
    await findOne(request, id, true);
    await command(request, {
      type: 'UpdateNotice', noticeId: id, title: b.title, content: b.content,
      publishedAt: b.publishedAt !== undefined ? new Date(b.publishedAt).toISOString() : undefined,
    });
    return ok(view(await findOne(request, id, true), clock()));
  });

  route(app, api.deleteNotice, edit, async (request) => {
    const { id } = request.params;
    await findOne(request, id, true);
    await command(request, { type: 'RemoveNotice', noticeId: id });
    return ok({ id });
  });

  route(app, api.markNoticeRead, member, async (request) => {
    const { id } = request.params;
    const row = await findOne(request, id, false);
    if (row.read_at === null) await command(request, { type: 'MarkNoticeRead', noticeId: id, userId: request.user.userId, now: clock().toISOString() });
    return ok(view(await findOne(request, id, false), clock()));
  });
}
