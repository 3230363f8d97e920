// §2 产品更新 (issue 35): the platform publishes release notes for kinds of org; every member reads those addressed
// to his org's kind (request.orgKind, from the org the platform made, never from the request) and marks them read.
// Only the platform writes (its guard runs before the body is read): an admin of any other org is refused.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { route, type OrgAppRequest } from '../../http/route.ts';
import { notFound } from '../../http/errors.ts';
import { paged } from '../../http/listQuery.ts';
import { PAGE } from '../../../domain/constants.ts';
import { platformOnly } from '../../http/guards.ts';
import { clientVersion, handleCommand, metaOf } from '../../store/command.ts';
import { withStreamVersions } from '../../store/versions.ts';
import * as api from '../../../contracts/productUpdates.ts';
import {
  isAddressedTo, PRODUCT_UPDATE_TEXT, productUpdateDecider, productUpdateReadDecider, productUpdateReadsStream, productUpdateStream,
  type ProductUpdateCommand, type ProductUpdateFields,
} from '../../../domain/aggregates/productUpdate.ts';
import type { OrgKind } from '../../../domain/orgKind.ts';

interface Row { update_id: string; title: string; version: string; content: string; audience: unknown; published_at: Date; created_by_name: string; read_at: Date | null }

const view = (r: Row, revision: number): api.ProductUpdate => ({
  id: r.update_id, title: r.title, version: r.version, content: r.content, audience: r.audience as OrgKind[],
  publishedAt: r.published_at.toISOString(), createdByName: r.created_by_name, read: r.read_at !== null, revision,
});

export default async function productUpdateRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  const platform = { auth: 'orgApp', guard: platformOnly(PRODUCT_UPDATE_TEXT.platformOnly) } as const;
  const member = { auth: 'orgApp' } as const;

  /** The notes the caller may read, with his read state in the org he acts in; scheduled ones only for the platform. */
  function readable(request: OrgAppRequest) {
    let q = db.selectFrom('product_updates as u')
      .leftJoin('product_update_reads as r', (j) => j.onRef('r.update_id', '=', 'u.update_id')
        .on('r.org_id', '=', request.orgApp.orgId).on('r.user_id', '=', request.user.userId));
    if (!request.platform) {
      q = q.where('u.published_at', '<=', clock())
        .where((eb) => eb(eb.ref('u.audience'), '@>', eb.val(JSON.stringify([request.orgKind]))));
    }
    return q;
  }
  const columns = ['u.update_id', 'u.title', 'u.version', 'u.content', 'u.audience', 'u.published_at', 'u.created_by_name', 'r.read_at'] as const;

  async function findOne(request: OrgAppRequest, id: string): Promise<Row> {
    const row = await readable(request).select([...columns]).where('u.update_id', '=', id).executeTakeFirst();
    if (!row || !isAddressedTo(row.audience as string[], request)) throw notFound(PRODUCT_UPDATE_TEXT.notFound);
    return row as Row;
  }

  /** The platform org: where the notes' streams live, whichever org the platform acts in. */
  async function platformOrgId(): Promise<string> {
    const org = await db.selectFrom('orgs').select('org_id').where('kind', '=', 'platform').orderBy('org_id').executeTakeFirst();
    if (!org) throw notFound(PRODUCT_UPDATE_TEXT.notFound);
    return org.org_id;
  }

  /** the notes' views with the version of each one's stream (`revision`: `version` is the note's software version) */
  async function views(rows: Row[]): Promise<api.ProductUpdate[]> {
    const orgId = rows.length ? await platformOrgId() : '';
    const revisions = await withStreamVersions(db, rows.map((r) => ({ id: r.update_id })), (r) => ({ orgId, streamId: productUpdateStream(r.id) }));
    return rows.map((r, i) => view(r, revisions[i].version));
  }
  const one = async (request: OrgAppRequest, id: string) => (await views([await findOne(request, id)]))[0];

  // an edit names the revision it read as If-Match (the body's `version` is the software version text)
  const command = async (request: OrgAppRequest, cmd: ProductUpdateCommand) => handleCommand(db, {
    orgId: await platformOrgId(), meta: metaOf(request, clock()), expectedVersion: cmd.type === 'PublishProductUpdate' ? undefined : clientVersion(request),
    streamId: productUpdateStream(cmd.updateId), streamType: 'productUpdate', decider: productUpdateDecider, command: cmd,
  });

  route(app, api.listProductUpdates, { ...member, listPage: { size: 100, max: PAGE.generic } }, async (request) => {
    const { read } = request.query;
    let q = readable(request);
    if (read === true) q = q.where('r.read_at', 'is not', null);
    if (read === false) q = q.where('r.read_at', 'is', null);
    const unreadQ = readable(request).where('r.read_at', 'is', null).where('u.published_at', '<=', clock());
    const [rows, count, unread] = await Promise.all([
      paged(q.select([...columns]).orderBy('u.published_at', 'desc').orderBy('u.update_id'), request).execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      unreadQ.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ rows: await views(rows as Row[]), count: Number(count.n), unread: Number(unread.n) });
  });

  route(app, api.publishProductUpdate, platform, async (request) => {
    const b = request.body;
    const id = crypto.randomUUID();
    const fields: ProductUpdateFields = {
      title: b.title, version: b.version ?? '', content: b.content ?? '', audience: b.audience,
      publishedAt: (b.publishedAt ? new Date(b.publishedAt) : clock()).toISOString(),
    };
    await command(request, { type: 'PublishProductUpdate', updateId: id, fields, createdByName: request.user.name });
    return ok(await one(request, id));
  });

  route(app, api.changeProductUpdate, platform, async (request) => {
    const { id } = request.params;
    await findOne(request, id);
    const { publishedAt, ...rest } = request.body;
    await command(request, { type: 'ChangeProductUpdate', updateId: id, change: { ...rest, ...(publishedAt && { publishedAt: new Date(publishedAt).toISOString() }) } });
    return ok(await one(request, id));
  });

  route(app, api.withdrawProductUpdate, platform, async (request) => {
    const { id } = request.params;
    await findOne(request, id);
    await command(request, { type: 'WithdrawProductUpdate', updateId: id });
    return ok({ id });
  });

  route(app, api.markProductUpdateRead, member, async (request) => {
    const { id } = request.params;
    const row = await findOne(request, id);
    // a scheduled note (only the platform sees it) is not yet there to be read
    if (row.published_at > clock()) throw notFound(PRODUCT_UPDATE_TEXT.notFound);
    if (row.read_at === null) {
      await handleCommand(db, {
        orgId: request.orgApp.orgId, meta: metaOf(request, clock()), streamId: productUpdateReadsStream(request.user.userId),
        streamType: 'productUpdateReads', decider: productUpdateReadDecider, command: { type: 'MarkProductUpdateRead', updateId: id, userId: request.user.userId },
      });
    }
    return ok(await one(request, id));
  });
}
