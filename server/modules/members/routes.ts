// §7 members: GET/POST/PUT/DELETE /v1/productmembers, PUT /v1/productmembers/movegroup, member groups and the
// member config (levels). Every change is a command of a decider in domain/aggregates/member.ts; the default group
// ('ordinary member', sort 1) is created on first use; moving without ids or groupId answers 参数异常 (§5, §8).
// All routes need the member power.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import type { Tx } from '../../store/eventStore.ts';
import { clientVersion, decideAndAppend, loadLocked, metaOf, runDecisions } from '../../store/command.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { PAGE } from '../../../domain/constants.ts';
import { moveGroupProblem, type MemberConfig, type MemberLevel } from '../../../domain/members.ts';
import {
  defaultGroupId, memberConfigDecider, memberConfigOf, memberDecider, memberGroupDecider, MEMBER_TEXT,
  type MemberCommand, type MemberGroupCommand, type MemberState,
} from '../../../domain/aggregates/member.ts';
import { memberStreams } from './powers.ts';
import { withStreamVersions } from '../../store/versions.ts';
import { paged } from '../../http/listQuery.ts';

const tags = ['members'];
const manage = { auth: 'orgApp' } as const;
const idStr = { type: 'string', minLength: 1, maxLength: 128 } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
const ids = { type: 'array', maxItems: PAGE.userBatch, items: { type: 'string', maxLength: 128 } } as const;
const sortInt = { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 } as const;
const nameStr = { type: 'string', minLength: 1, maxLength: 64, pattern: '\\S' } as const;

type MemberRow = Selectable<Database['product_members']>;
type GroupRow = Selectable<Database['product_member_groups']>;

const groupOut = (g: GroupRow & { version: number }, count?: number) => ({
  version: g.version, groupId: g.group_id, id: g.group_id, name: g.name, sort: g.sort, isDefault: g.is_default, ...(count !== undefined && { memberCount: count }),
});
const memberOut = (m: MemberRow & { version: number }, groups: Map<string, GroupRow>) => ({
  version: m.version, userId: m.user_id, id: m.user_id, name: m.name, phoneNumber: m.phone_number, groupId: m.group_id, groupName: groups.get(m.group_id)?.name ?? '',
  config: (m.config ?? {}) as Record<string, unknown>, createdAt: new Date(m.created_at).toISOString(),
});
const memberSchema = { type: 'object', additionalProperties: true, properties: { userId: { type: 'string' }, groupId: { type: 'string' }, name: { type: 'string' }, version: { type: 'integer' } } } as const;
const groupSchema = {
  type: 'object', additionalProperties: true,
  properties: { groupId: { type: 'string' }, name: { type: 'string' }, sort: { type: 'integer' }, isDefault: { type: 'boolean' }, version: { type: 'integer' } },
} as const;
/** `version` (or If-Match): the version of the member or group the editor read (issue 31) */
const version = { type: 'integer', minimum: 0 } as const;
/** Rows with the version of their stream, which an editor sends back with a change (issue 31). */
const membersVersioned = (db: Kysely<Database>, rows: MemberRow[]) => withStreamVersions(db, rows, (m) => ({ orgId: m.org_id, streamId: memberStreams.member(m.org_id, m.user_id) }));
const groupsVersioned = (db: Kysely<Database>, rows: GroupRow[]) => withStreamVersions(db, rows, (g) => ({ orgId: g.org_id, streamId: memberStreams.group(g.group_id) }));
const levelSchema = { type: 'object', additionalProperties: false, required: ['id', 'name'], properties: { id: { type: 'string', maxLength: 32 }, name: { type: 'string', maxLength: 64 }, sort: sortInt } } as const;
const configSchema = { type: 'object', additionalProperties: true, properties: { memberLevel: { type: 'array', items: levelSchema } } } as const;

async function configOf(db: Kysely<Database> | Tx, orgId: string): Promise<MemberConfig> {
  const row = await db.selectFrom('product_member_config').select('config').where('org_id', '=', orgId).executeTakeFirst();
  return memberConfigOf((row?.config ?? null) as MemberConfig | null);
}

/** The level ids of the org's member config, in order. */
const levelsOf = async (tx: Tx, orgId: string) => (await configOf(tx, orgId)).memberLevel.map((l) => l.id);

export default async function memberRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  const meta = (request: FastifyRequest) => metaOf(request, clock());

  /** A member command: the state is the member's row of the org (a deleted group moves members without their events), read under the stream's lock. */
  const memberCommand = (tx: Tx, request: FastifyRequest, command: MemberCommand, expectedVersion?: number) => {
    const orgId = request.orgApp!.orgId;
    const streamId = memberStreams.member(orgId, command.userId);
    return decideAndAppend(tx, {
      orgId, streamId, streamType: 'productMember', decider: memberDecider, command, meta: meta(request), expectedVersion,
      load: () => loadLocked(tx, orgId, streamId, async (): Promise<MemberState> => {
        const m = await tx.selectFrom('product_members').selectAll().where('org_id', '=', orgId).where('user_id', '=', command.userId).executeTakeFirst();
        return { member: m ? { userId: m.user_id, name: m.name, phoneNumber: m.phone_number, groupId: m.group_id, config: (m.config ?? {}) as Record<string, unknown> } : null };
      }),
    });
  };
  /** A group command on a group of the request's org (the caller checked it is one). */
  const groupCommand = (tx: Tx, request: FastifyRequest, command: MemberGroupCommand, expectedVersion?: number) => decideAndAppend(tx, {
    orgId: request.orgApp!.orgId, streamId: memberStreams.group(command.groupId), streamType: 'memberGroup', decider: memberGroupDecider, command,
    meta: meta(request), expectedVersion,
  });

  /** §3 the default group ('ordinary member', sort 1), created the first time anything needs it. */
  const ensureDefaultGroup = async (tx: Tx, request: FastifyRequest): Promise<GroupRow> => {
    const orgId = request.orgApp!.orgId;
    const found = await tx.selectFrom('product_member_groups').selectAll().where('org_id', '=', orgId).where('is_default', '=', true).executeTakeFirst();
    if (found) return found;
    // one id per org: two first uses at once meet on the same stream; the loser decides again and finds it made
    await groupCommand(tx, request, { type: 'EnsureDefaultGroup', groupId: defaultGroupId(orgId) });
    return tx.selectFrom('product_member_groups').selectAll().where('org_id', '=', orgId).where('group_id', '=', defaultGroupId(orgId)).executeTakeFirstOrThrow();
  };
  const groupIn = async (tx: Kysely<Database> | Tx, orgId: string, groupId: string): Promise<GroupRow> => {
    const g = await tx.selectFrom('product_member_groups').selectAll().where('org_id', '=', orgId).where('group_id', '=', groupId).executeTakeFirst();
    if (!g) throw notFound(MEMBER_TEXT.groupMissing(groupId));
    return g;
  };
  const groupExists = async (tx: Tx, orgId: string, groupId: string) =>
    !!await tx.selectFrom('product_member_groups').select('group_id').where('org_id', '=', orgId).where('group_id', '=', groupId).executeTakeFirst();
  /** another member of the org has this phone */
  const phoneTaken = async (tx: Tx, orgId: string, phone: string, userId: string) => !!phone
    && !!await tx.selectFrom('product_members').select('user_id').where('org_id', '=', orgId).where('phone_number', '=', phone).where('user_id', '!=', userId).executeTakeFirst();
  const groupsMap = async (orgId: string) => new Map((await db.selectFrom('product_member_groups').selectAll().where('org_id', '=', orgId).execute()).map((g) => [g.group_id, g]));
  const memberById = async (orgId: string, userId: string) => {
    const m = await db.selectFrom('product_members').selectAll().where('org_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst();
    if (!m) throw notFound(MEMBER_TEXT.memberMissing(userId));
    return memberOut((await membersVersioned(db, [m]))[0], await groupsMap(orgId));
  };

  // ---- members
  app.get<{ Querystring: { groupId?: string; keyword?: string; level?: string; userId?: string[] } }>('/v1/productmembers', {
    config: { ...manage, listPage: { size: PAGE.generic, max: PAGE.generic } },
    schema: {
      tags, summary: 'Members of the current org, newest first; filter by group, level, name or phone keyword',
      querystring: {
        type: 'object',
        properties: {
          groupId: idStr, keyword: { type: 'string', maxLength: 64 }, level: { type: 'string', maxLength: 32 }, userId: ids,
        },
      },
      response: { 200: listSchema(memberSchema) },
    },
  }, async (request) => {
    const orgId = request.orgApp!.orgId;
    const q = request.query;
    let base = db.selectFrom('product_members').where('org_id', '=', orgId);
    if (q.groupId) base = base.where('group_id', '=', q.groupId);
    if (q.level) base = base.where(sql<string>`config->>'level'`, '=', q.level);
    if (q.userId?.length) base = base.where('user_id', 'in', q.userId);
    if (q.keyword?.trim()) {
      const like = `%${q.keyword.trim().replace(/[%_\\]/g, '\\$&')}%`;
      base = base.where((eb) => eb.or([eb('name', 'like', like), eb('phone_number', 'like', like)]));
    }
    const [total, rows, groups] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      paged(base.selectAll().orderBy('created_at', 'desc').orderBy('user_id'), request).execute(),
      groupsMap(orgId),
    ]);
    return list((await membersVersioned(db, rows)).map((m) => memberOut(m, groups)), Number(total?.n ?? 0));
  });

  type MemberBody = { userId?: string; name?: string; phoneNumber?: string; groupId?: string; config?: Record<string, unknown>; version?: number };
  const memberBody = { userId: idStr, name: { type: 'string', maxLength: 64 }, phoneNumber: { type: 'string', maxLength: 20 }, groupId: idStr, config: anyObject } as const;

  app.post<{ Body: MemberBody }>('/v1/productmembers', {
    config: manage,
    schema: {
      tags, summary: 'Add a member: an org user (userId) or a person by name and phone; default group and first level when not given',
      body: { type: 'object', additionalProperties: false, properties: memberBody }, response: { 200: envelopeSchema(memberSchema) },
    },
  }, async (request) => {
    const b = request.body;
    const orgId = request.orgApp!.orgId;
    const phoneNumber = b.phoneNumber?.trim() ?? '';
    const userId = await runDecisions(db, async (tx) => {
      const orgUser = (where: { userId?: string; phone?: string }) => tx.selectFrom('users as u')
        .innerJoin('org_app_users as m', (j) => j.onRef('m.user_id', '=', 'u.user_id').on('m.org_id', '=', orgId))
        .select(['u.user_id', 'u.username', 'u.name'])
        .where(where.userId ? 'u.user_id' : 'u.username', '=', (where.userId ?? where.phone)!).executeTakeFirst();
      // by id: that org user; by name and phone: the org user with that phone, else a new id
      const byId = b.userId ? await orgUser({ userId: b.userId }) ?? null : undefined;
      const byPhone = !b.userId && phoneNumber ? await orgUser({ phone: phoneNumber }) : undefined;
      const id = b.userId ?? byPhone?.user_id ?? `pm-${crypto.randomUUID()}`;
      const groupId = b.groupId ?? (await ensureDefaultGroup(tx, request)).group_id;
      await memberCommand(tx, request, {
        type: 'AddMember', userId: id, name: b.name, phoneNumber: b.phoneNumber, orgUser: byId && { name: byId.name, username: byId.username },
        groupId, groupExists: await groupExists(tx, orgId, groupId), config: b.config, levels: await levelsOf(tx, orgId),
        phoneTaken: await phoneTaken(tx, orgId, phoneNumber || (byId?.username ?? ''), id),
      });
      return id;
    });
    return ok(await memberById(orgId, userId));
  });

  app.put<{ Body: MemberBody & { userId: string } }>('/v1/productmembers', {
    config: manage,
    schema: {
      tags, summary: 'Edit a member (name, phone, group, config.level): only the fields sent change (If-Match: the version read)',
      body: { type: 'object', additionalProperties: false, required: ['userId'], properties: { ...memberBody, version } }, response: { 200: envelopeSchema(memberSchema) },
    },
  }, async (request) => {
    const b = request.body;
    const orgId = request.orgApp!.orgId;
    const expected = clientVersion(request);
    await runDecisions(db, async (tx) => memberCommand(tx, request, {
      type: 'UpdateMember', userId: b.userId, name: b.name, phoneNumber: b.phoneNumber, groupId: b.groupId, config: b.config,
      phoneTaken: b.phoneNumber !== undefined && await phoneTaken(tx, orgId, b.phoneNumber.trim(), b.userId),
      groupExists: b.groupId !== undefined && await groupExists(tx, orgId, b.groupId),
      levels: await levelsOf(tx, orgId),
    }, expected), expected === undefined);
    return ok(await memberById(orgId, b.userId));
  });

  app.delete<{ Body: { ids?: string[]; userId?: string[] } | null }>('/v1/productmembers', {
    config: manage,
    schema: {
      tags, summary: 'Remove members (ids, or userId: the member user ids); none given: 参数异常',
      body: { type: ['object', 'null'], additionalProperties: false, properties: { ids, userId: ids } },
      response: { 200: envelopeSchema({ type: 'object', properties: { count: { type: 'integer' } } }) },
    },
  }, async (request) => {
    const wanted = [...new Set([...(request.body?.ids ?? []), ...(request.body?.userId ?? [])].filter(Boolean))];
    if (!wanted.length) throw badRequest(MEMBER_TEXT.param);
    const count = await runDecisions(db, async (tx) => {
      for (const id of wanted) await memberCommand(tx, request, { type: 'RemoveMember', userId: id });
      return wanted.length;
    });
    return ok({ count });
  });

  app.put<{ Body: { ids?: string[]; groupId?: string } | null }>('/v1/productmembers/movegroup', {
    config: manage,
    schema: {
      tags, summary: 'Move members (ids) to a group (groupId); either missing: 参数异常 (§5, §8)',
      body: { type: ['object', 'null'], additionalProperties: false, properties: { ids, groupId: { type: 'string', maxLength: 128 } } },
      response: { 200: envelopeSchema({ type: 'object', properties: { count: { type: 'integer' }, groupId: { type: 'string' } } }) },
    },
  }, async (request) => {
    const b = request.body ?? {};
    if (moveGroupProblem(b)) throw badRequest(MEMBER_TEXT.param);
    const orgId = request.orgApp!.orgId;
    const groupId = b.groupId!;
    const wanted = [...new Set(b.ids!.filter((x) => x.trim()))];
    const count = await runDecisions(db, async (tx) => {
      const exists = await groupExists(tx, orgId, groupId);
      let moved = 0;
      for (const userId of wanted) moved += (await memberCommand(tx, request, { type: 'MoveMember', userId, groupId, groupExists: exists })).decided.length;
      return moved;
    });
    return ok({ count, groupId });
  });

  // ---- groups
  app.get('/v1/productmembers/group', {
    config: manage,
    schema: { tags, summary: "Member groups of the org by sort, with member counts; the default group 'ordinary member' (sort 1) is created on first use", response: { 200: listSchema(groupSchema) } },
  }, async (request) => {
    const orgId = request.orgApp!.orgId;
    const has = await db.selectFrom('product_member_groups').select('group_id').where('org_id', '=', orgId).where('is_default', '=', true).executeTakeFirst();
    // a concurrent first use may make it meanwhile: the loser decides again and finds it there
    if (!has) await runDecisions(db, (tx) => ensureDefaultGroup(tx, request));
    const [groups, counts] = await Promise.all([
      db.selectFrom('product_member_groups').selectAll().where('org_id', '=', orgId).orderBy('sort').orderBy('name').execute(),
      db.selectFrom('product_members').select(['group_id', (eb) => eb.fn.countAll<number>().as('n')]).where('org_id', '=', orgId).groupBy('group_id').execute(),
    ]);
    const byGroup = new Map(counts.map((c) => [c.group_id, Number(c.n)]));
    return list((await groupsVersioned(db, groups)).map((g) => groupOut(g, byGroup.get(g.group_id) ?? 0)));
  });

  const nameTaken = async (tx: Tx, orgId: string, name: string, except: string) =>
    !!await tx.selectFrom('product_member_groups').select('group_id').where('org_id', '=', orgId).where('name', '=', name.trim()).where('group_id', '!=', except).executeTakeFirst();

  app.post<{ Body: { name: string; sort?: number } }>('/v1/productmembers/group', {
    config: manage,
    schema: {
      tags, summary: 'Create a member group', body: { type: 'object', additionalProperties: false, required: ['name'], properties: { name: nameStr, sort: sortInt } },
      response: { 200: envelopeSchema(groupSchema) },
    },
  }, async (request) => {
    const orgId = request.orgApp!.orgId;
    const groupId = crypto.randomUUID();
    await runDecisions(db, async (tx) => {
      await ensureDefaultGroup(tx, request);
      const max = await tx.selectFrom('product_member_groups').select((eb) => eb.fn.max('sort').as('m')).where('org_id', '=', orgId).executeTakeFirst();
      await groupCommand(tx, request, {
        type: 'CreateGroup', groupId, name: request.body.name, sort: request.body.sort ?? Number(max?.m ?? 0) + 1,
        nameTaken: await nameTaken(tx, orgId, request.body.name, groupId),
      });
    });
    return ok(groupOut((await groupsVersioned(db, [await groupIn(db, orgId, groupId)]))[0]));
  });

  app.put<{ Body: { groupId?: string; id?: string; name?: string; sort?: number; version?: number } }>('/v1/productmembers/group', {
    config: manage,
    schema: {
      tags, summary: 'Rename or re-sort a member group (groupId or id; If-Match: the version read)',
      body: { type: 'object', additionalProperties: false, properties: { groupId: idStr, id: idStr, name: nameStr, sort: sortInt, version } },
      response: { 200: envelopeSchema(groupSchema) },
    },
  }, async (request) => {
    const b = request.body;
    const groupId = b.groupId ?? b.id;
    if (!groupId) throw badRequest(MEMBER_TEXT.param);
    const orgId = request.orgApp!.orgId;
    const expected = clientVersion(request);
    await runDecisions(db, async (tx) => {
      await groupIn(tx, orgId, groupId);
      await groupCommand(tx, request, {
        type: 'UpdateGroup', groupId, name: b.name, sort: b.sort, nameTaken: b.name !== undefined && await nameTaken(tx, orgId, b.name, groupId),
      }, expected);
    }, expected === undefined);
    return ok(groupOut((await groupsVersioned(db, [await groupIn(db, orgId, groupId)]))[0]));
  });

  app.delete<{ Body: { groupId?: string; id?: string; version?: number } | null; Querystring: { groupId?: string } }>('/v1/productmembers/group', {
    config: manage,
    schema: {
      tags, summary: 'Delete a member group; its members move to the default group, which cannot be deleted (If-Match: the version read)',
      querystring: { type: 'object', properties: { groupId: idStr } },
      body: { type: ['object', 'null'], additionalProperties: false, properties: { groupId: idStr, id: idStr, version } },
      response: { 200: envelopeSchema({ type: 'object', properties: { groupId: { type: 'string' }, movedTo: { type: 'string' } } }) },
    },
  }, async (request) => {
    const groupId = request.body?.groupId ?? request.body?.id ?? request.query.groupId;
    if (!groupId) throw badRequest(MEMBER_TEXT.param);
    const orgId = request.orgApp!.orgId;
    const expected = clientVersion(request);
    const movedTo = await runDecisions(db, async (tx) => {
      const g = await groupIn(tx, orgId, groupId);
      // the default group takes the members; deleting it is refused, so it is not made for that
      const target = g.is_default ? g.group_id : (await ensureDefaultGroup(tx, request)).group_id;
      await groupCommand(tx, request, { type: 'DeleteGroup', groupId, movedTo: target }, expected);
      return target;
    }, expected === undefined);
    return ok({ groupId, movedTo });
  });

  // ---- config (member levels)
  app.get('/v1/productmembers/config', {
    config: manage,
    schema: { tags, summary: 'Member config of the org: memberLevel list (id, name, sort); LV1 until set', response: { 200: envelopeSchema(configSchema) } },
  }, async (request) => ok(await configOf(db, request.orgApp!.orgId)));

  const setConfig = (merge: boolean) => async (request: FastifyRequest<{ Body: { memberLevel?: MemberLevel[]; [k: string]: unknown } }>) => {
    const orgId = request.orgApp!.orgId;
    const { memberLevel, ...rest } = request.body;
    const { state } = await runDecisions(db, async (tx) => {
      const inUse = await tx.selectFrom('product_members').select(sql<string | null>`config->>'level'`.as('level')).where('org_id', '=', orgId).distinct().execute();
      return decideAndAppend(tx, {
        orgId, streamId: memberStreams.config(orgId), streamType: 'memberConfig', decider: memberConfigDecider, meta: meta(request),
        command: { type: 'SetMemberConfig', merge, memberLevel, rest, levelsInUse: inUse.map((r) => r.level).filter((l): l is string => !!l) },
      });
    });
    return ok(memberConfigOf(state.config));
  };
  const configBody = { type: 'object', additionalProperties: true, properties: { memberLevel: { type: 'array', maxItems: 100, items: levelSchema } } } as const;
  app.post<{ Body: { memberLevel?: MemberLevel[] } }>('/v1/productmembers/config', {
    config: manage,
    schema: { tags, summary: 'Set the member config (replaces it; memberLevel defaults to LV1)', body: configBody, response: { 200: envelopeSchema(configSchema) } },
  }, setConfig(false));
  app.put<{ Body: { memberLevel?: MemberLevel[] } }>('/v1/productmembers/config', {
    config: manage,
    schema: { tags, summary: 'Update the member config (fields sent replace theirs; levels still used by members cannot be dropped)', body: configBody, response: { 200: envelopeSchema(configSchema) } },
  }, setConfig(true));
}
