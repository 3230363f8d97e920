// §7 form service (issue 9): the item calls of the custom tables the recipe user limit reads
// (mallRecipeCycleOrgAllowlist, whiteList, mallRecipeCycleUserLimite; domain/aggregates/formItem.ts).
// Tenancy and powers: an item belongs to the org it is about. Reads: the platform any org's; a system provider
// or admin of the org (§6) their org's; any other member only what names their own phone (and whether their org
// is allowlisted). Writes: the platform operator only; the limit is the operator's to grant, never an org's.
import { flagFilter, paged } from '../../http/listQuery.ts';
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { requireSameOrg } from '../../http/auth.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { route, type OrgAppRequest } from '../../http/route.ts';
import type { Tx } from '../../store/eventStore.ts';
import { clientVersion, decideAndAppend, lockKey, metaOf, runDecisions } from '../../store/command.ts';
import { withStreamVersions } from '../../store/versions.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import * as api from '../../../contracts/forms.ts';
import { PAGE } from '../../../domain/constants.ts';
import { isSystemProvider } from '../../../domain/roles.ts';
import {
  FORM_TEXT, formItemDecider, formItemKeyOf, formItemStream, isFormTableId, type FormData, type FormItemCommand, type FormTableId,
} from '../../../domain/aggregates/formItem.ts';

const member = { auth: 'orgApp' } as const;
function requirePlatform(request: FastifyRequest): void {
  if (!request.platform) throw forbidden(FORM_TEXT.cannotWrite);
}
const operator = { auth: 'orgApp', guard: requirePlatform } as const;

interface ItemRow { org_id: string; table_id: string; item_id: string; app_id: string; form_data: unknown; is_delete: boolean; created_at: Date; updated_at: Date }
const itemView = (r: ItemRow): Omit<api.FormItem, 'version'> => ({
  itemId: r.item_id, tableId: r.table_id, orgId: r.org_id, appId: r.app_id, formData: r.form_data as FormData, isDelete: r.is_delete ? 1 : 0,
  createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(),
});
/** the items' views with the version of each one's stream, which an edit sends back */
const itemViews = (db: Kysely<Database>, rows: ItemRow[]): Promise<api.FormItem[]> =>
  withStreamVersions(db, rows.map(itemView), (i) => ({ orgId: i.orgId, streamId: formItemStream(i.tableId, i.itemId) }));

function tableOf(tableId: string | undefined): FormTableId {
  if (!tableId) throw badRequest(FORM_TEXT.param);
  if (!isFormTableId(tableId)) throw notFound(FORM_TEXT.unknownTable);
  return tableId;
}

export default async function formRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  route(app, api.listFormItems, { ...member, listPage: { size: PAGE.allowlist[0], max: PAGE.allowlist[2] } }, async (request) => {
    const q = request.query;
    const tableId = tableOf(q.tableId);
    requireSameOrg(request, q.orgId);
    const orgId = q.orgId ?? request.orgApp.orgId;
    let b = db.selectFrom('form_items').where('org_id', '=', orgId).where('table_id', '=', tableId);
    // '0$n' (or nothing): live items; '1': deleted ones
    b = b.where('is_delete', '=', flagFilter(q.isDelete, 'isDelete') ?? false);
    if (q.appId) b = b.where((eb) => eb.or([eb('app_id', '=', q.appId!), eb('app_id', '=', '')]));
    if (q['formData.userphoneNumber']) b = b.where(sql<string>`form_data->>'userphoneNumber'`, '=', q['formData.userphoneNumber']);
    if (q['formData.orgId']) b = b.where(sql<string>`form_data->>'orgId'`, '=', q['formData.orgId']);
    // a member who is not the org's admin sees only the records about their own phone
    if (!request.platform && !isSystemProvider(request.roles) && tableId !== 'mallRecipeCycleOrgAllowlist') {
      b = b.where(sql<string>`form_data->>'userphoneNumber'`, '=', request.user.username);
    }
    const [rows, count] = await Promise.all([
      paged(b.selectAll().orderBy('created_at').orderBy('item_id'), request).execute(),
      b.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ rows: await itemViews(db, rows), count: Number(count.n) });
  });

  /** Does a live item of the table in the org already carry this key (another than `except`)? */
  async function duplicate(tx: Tx, orgId: string, tableId: FormTableId, data: FormData, except: string): Promise<boolean> {
    const field = tableId === 'mallRecipeCycleOrgAllowlist' ? 'orgId' : 'userphoneNumber';
    const row = await tx.selectFrom('form_items').select('item_id').where('org_id', '=', orgId).where('table_id', '=', tableId).where('is_delete', '=', false)
      .where(sql<string>`form_data->>${field}`, '=', formItemKeyOf(tableId, data)).where('item_id', '!=', except).executeTakeFirst();
    return !!row;
  }
  const orgExists = async (tx: Tx, data: FormData) => typeof data.orgId === 'string' && data.orgId !== ''
    && !!await tx.selectFrom('orgs').select('org_id').where('org_id', '=', data.orgId).executeTakeFirst();

  const command = (tx: Tx, request: OrgAppRequest, orgId: string, cmd: FormItemCommand, expectedVersion?: number) => decideAndAppend(tx, {
    orgId, streamId: formItemStream(cmd.type === 'CreateFormItem' ? cmd.item.tableId : cmd.tableId, cmd.type === 'CreateFormItem' ? cmd.item.itemId : cmd.itemId),
    streamType: 'formItem', decider: formItemDecider, command: cmd, meta: metaOf(request, clock()), expectedVersion,
  });
  const one = async (orgId: string, tableId: string, itemId: string) =>
    (await itemViews(db, [await db.selectFrom('form_items').selectAll().where('org_id', '=', orgId).where('table_id', '=', tableId).where('item_id', '=', itemId).executeTakeFirstOrThrow()]))[0];

  route(app, api.createFormItem, operator, async (request) => {
    const tableId = tableOf(request.params.tableId);
    const formData = request.body.formData;
    // an allowlist item is about the org it lists; a user record about the org named (default: the current one)
    const orgId = tableId === 'mallRecipeCycleOrgAllowlist' && typeof formData.orgId === 'string' && formData.orgId ? formData.orgId : request.body.orgId ?? request.orgApp.orgId;
    const itemId = crypto.randomUUID();
    await runDecisions(db, async (tx) => {
      await lockKey(tx, `formItem/${tableId}`, orgId);
      await command(tx, request, orgId, {
        type: 'CreateFormItem', item: { tableId, itemId, appId: request.orgApp.appId, formData },
        orgExists: await orgExists(tx, formData), duplicate: await duplicate(tx, orgId, tableId, formData, itemId),
      });
    });
    return ok(await one(orgId, tableId, itemId));
  });

  /** The live or deleted item with its org (the platform names items of any org by id). */
  const find = async (tx: Tx, tableId: string, itemId: string) => {
    const row = await tx.selectFrom('form_items').select(['org_id', 'form_data']).where('table_id', '=', tableId).where('item_id', '=', itemId).executeTakeFirst();
    if (!row) throw notFound(FORM_TEXT.notFound);
    return row;
  };

  route(app, api.updateFormItem, operator, async (request) => {
    const tableId = tableOf(request.params.tableId);
    const { itemId } = request.params;
    const expectedVersion = clientVersion(request);
    const orgId = await runDecisions(db, async (tx) => {
      const row = await find(tx, tableId, itemId);
      await lockKey(tx, `formItem/${tableId}`, row.org_id);
      const next = { ...(row.form_data as FormData), ...request.body.formData };
      if (tableId === 'mallRecipeCycleOrgAllowlist' && next.orgId !== (row.form_data as FormData).orgId) throw badRequest('参数错误：允许名单的机构不能修改，请删除后重新添加');
      await command(tx, request, row.org_id, {
        type: 'UpdateFormItem', tableId, itemId, formData: request.body.formData,
        orgExists: await orgExists(tx, next), duplicate: await duplicate(tx, row.org_id, tableId, next, itemId),
      }, expectedVersion);
      return row.org_id;
    }, expectedVersion === undefined);
    return ok(await one(orgId, tableId, itemId));
  });

  route(app, api.deleteFormItems, operator, async (request) => {
    const tableId = tableOf(request.params.tableId);
    const ids = [...new Set([request.body.itemId ?? []].flat().filter((i) => i !== ''))];
    if (ids.length === 0) throw badRequest(FORM_TEXT.param);
    // the versions read, one per item in the order of itemId (as sent, before duplicates are dropped)
    const sent = [request.body.itemId ?? []].flat().filter((i) => i !== '');
    const versions = request.body.versions;
    if (versions && versions.length !== sent.length) throw badRequest('参数错误：versions 须与 itemId 一一对应');
    const versionOf = new Map(versions ? sent.map((id, i) => [id, versions[i]]) : []);
    const count = await runDecisions(db, async (tx) => {
      for (const itemId of ids) {
        const row = await find(tx, tableId, itemId);
        if (request.body.orgId && row.org_id !== request.body.orgId) throw notFound(FORM_TEXT.notFound);
        await command(tx, request, row.org_id, { type: 'DeleteFormItem', tableId, itemId }, versionOf.get(itemId));
      }
      return ids.length;
    }, !versions);
    return ok({ count });
  });
}
