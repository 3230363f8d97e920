// §7 members: GET/POST/PUT/DELETE /v1/productmembers, PUT /v1/productmembers/movegroup, member groups and the
// member config (levels). Every change is a command; the default group ('ordinary member', sort 1) is created
// on first use; moving without ids or groupId answers 参数异常 (§5, §8). All routes need the member power.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import { ConcurrencyError, type Tx } from '../../store/eventStore.ts';
import { requestAppender, runCommand } from '../../store/command.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../http/errors.ts';
import { PAGE } from '../../../domain/constants.ts';
import { isValidPhone } from '../../../domain/phone.ts';
import {
  defaultLevelOf, defaultMemberConfig, defaultMemberGroup, memberLevelProblem, moveGroupProblem, sortLevels, MEMBER_PARAM_ERROR,
  type MemberConfig, type MemberLevel,
} from '../../../domain/members.ts';
import { MEMBER_POWER, memberStreams } from './powers.ts';
import type { MemberAdded, MemberGroupCreated, MemberUpdated } from './projection.ts';
import './projection.ts';

const tags = ['members'];
const manage = { auth: 'orgApp', power: MEMBER_POWER.memberManage } as const;
const idStr = { type: 'string', minLength: 1, maxLength: 128 } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
const ids = { type: 'array', maxItems: PAGE.userBatch, items: { type: 'string', maxLength: 128 } } as const;
const sortInt = { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 } as const;
const nameStr = { type: 'string', minLength: 1, maxLength: 64, pattern: '\\S' } as const;

export const MEMBER_TEXT = {
  param: MEMBER_PARAM_ERROR,
  memberMissing: (id: string) => `会员不存在：${id}`,
  groupMissing: (id: string) => `会员分组不存在：${id}`,
  memberExists: '该会员已存在',
  notOrgUser: '该用户不是本机构的成员',
  phone: '手机号格式不正确',
  nameRequired: '请填写会员姓名',
  levelMissing: (id: string) => `会员等级不存在：${id}`,
  defaultGroup: '默认分组不能删除',
  groupNameTaken: (n: string) => `会员分组名称已存在：${n}`,
} as const;

type MemberRow = Selectable<Database['product_members']>;
type GroupRow = Selectable<Database['product_member_groups']>;

const groupOut = (g: GroupRow, count?: number) => ({
  groupId: g.group_id, id: g.group_id, name: g.name, sort: g.sort, isDefault: g.is_default, ...(count !== undefined && { memberCount: count }),
});
const memberOut = (m: MemberRow, groups: Map<string, GroupRow>) => ({
  userId: m.user_id, id: m.user_id, name: m.name, phoneNumber: m.phone_number, groupId: m.group_id, groupName: groups.get(m.group_id)?.name ?? '',
  config: (m.config ?? {}) as Record<string, unknown>, createdAt: new Date(m.created_at).toISOString(),
});
const memberSchema = { type: 'object', additionalProperties: true, properties: { userId: { type: 'string' }, groupId: { type: 'string' }, name: { type: 'string' } } } as const;
const groupSchema = { type: 'object', additionalProperties: true, properties: { groupId: { type: 'string' }, name: { type: 'string' }, sort: { type: 'integer' }, isDefault: { type: 'boolean' } } } as const;
const levelSchema = { type: 'object', additionalProperties: false, required: ['id', 'name'], properties: { id: { type: 'string', maxLength: 32 }, name: { type: 'string', maxLength: 64 }, sort: sortInt } } as const;
const configSchema = { type: 'object', additionalProperties: true, properties: { memberLevel: { type: 'array', items: levelSchema } } } as const;

async function configOf(db: Kysely<Database> | Tx, orgId: string): Promise<MemberConfig> {
  const row = await db.selectFrom('product_member_config').select('config').where('org_id', '=', orgId).executeTakeFirst();
  const config = (row?.config ?? null) as MemberConfig | null;
  return config?.memberLevel?.length ? { ...config, memberLevel: sortLevels(config.memberLevel) } : defaultMemberConfig();
}

export default async function memberRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  const append = requestAppender(clock);

  /** §3 the default group ('ordinary member', sort 1), created the first time anything needs it. */
  const ensureDefaultGroup = async (tx: Tx, request: FastifyRequest): Promise<GroupRow> => {
    const orgId = request.orgApp!.orgId;
    const found = await tx.selectFrom('product_member_groups').selectAll().where('org_id', '=', orgId).where('is_default', '=', true).executeTakeFirst();
    if (found) return found;
    // one id per org: two first uses at once meet on the same stream (version 0) instead of making two defaults
    const group: MemberGroupCreated = { groupId: `ordinary-${orgId}`, ...defaultMemberGroup(), isDefault: true };
    await append(tx, request, memberStreams.group(group.groupId), 'memberGroup', [{ type: 'MemberGroupCreated', data: { ...group } }], 0);
    return tx.selectFrom('product_member_groups').selectAll().where('group_id', '=', group.groupId).executeTakeFirstOrThrow();
  };
  const groupIn = async (tx: Kysely<Database> | Tx, orgId: string, groupId: string): Promise<GroupRow> => {
    const g = await tx.selectFrom('product_member_groups').selectAll().where('org_id', '=', orgId).where('group_id', '=', groupId).executeTakeFirst();
    if (!g) throw notFound(MEMBER_TEXT.groupMissing(groupId));
    return g;
  };
  const memberIn = async (tx: Kysely<Database> | Tx, orgId: string, userId: string): Promise<MemberRow> => {
    const m = await tx.selectFrom('product_members').selectAll().where('org_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst();
    if (!m) throw notFound(MEMBER_TEXT.memberMissing(userId));
    return m;
  };
  const checkLevel = async (tx: Tx, orgId: string, config: Record<string, unknown> | undefined) => {
    const level = config?.level;
    if (level === undefined) return;
    const levels = (await configOf(tx, orgId)).memberLevel;
    if (typeof level !== 'string' || !levels.some((l) => l.id === level)) throw unprocessable(MEMBER_TEXT.levelMissing(String(level)));
  };
  const groupsMap = async (orgId: string) => new Map((await db.selectFrom('product_member_groups').selectAll().where('org_id', '=', orgId).execute()).map((g) => [g.group_id, g]));
  const memberById = async (orgId: string, userId: string) => memberOut(await memberIn(db, orgId, userId), await groupsMap(orgId));

  // ---- members
  app.get<{ Querystring: { groupId?: string; keyword?: string; level?: string; userId?: string[]; $limit?: number; $skip?: number } }>('/v1/productmembers', {
    config: manage,
    schema: {
      tags, summary: 'Members of the current org, newest first; filter by group, level, name or phone keyword',
      querystring: {
        type: 'object',
        properties: {
          groupId: idStr, keyword: { type: 'string', maxLength: 64 }, level: { type: 'string', maxLength: 32 }, userId: ids,
          $limit: { type: 'integer', minimum: 0, maximum: PAGE.generic }, $skip: { type: 'integer', minimum: 0 },
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
      base.selectAll().orderBy('created_at', 'desc').orderBy('user_id').limit(q.$limit ?? PAGE.generic).offset(q.$skip ?? 0).execute(),
      groupsMap(orgId),
    ]);
    return list(rows.map((m) => memberOut(m, groups)), Number(total?.n ?? 0));
  });

  type MemberBody = { userId?: string; name?: string; phoneNumber?: string; groupId?: string; config?: Record<string, unknown> };
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
    const userId = await runCommand(db, async (tx) => {
      let member: MemberAdded;
      const orgUser = async (where: { userId?: string; phone?: string }) => tx.selectFrom('users as u')
        .innerJoin('org_app_users as m', (j) => j.onRef('m.user_id', '=', 'u.user_id').on('m.org_id', '=', orgId))
        .select(['u.user_id', 'u.username', 'u.name'])
        .where(where.userId ? 'u.user_id' : 'u.username', '=', (where.userId ?? where.phone)!).executeTakeFirst();
      const phoneNumber = b.phoneNumber?.trim() ?? '';
      if (phoneNumber && !isValidPhone(phoneNumber)) throw badRequest(MEMBER_TEXT.phone);
      if (b.userId) {
        const u = await orgUser({ userId: b.userId });
        if (!u) throw notFound(MEMBER_TEXT.notOrgUser);
        member = { userId: u.user_id, name: b.name?.trim() || u.name, phoneNumber: phoneNumber || u.username, groupId: '', config: {} };
      } else {
        if (!phoneNumber) throw badRequest(MEMBER_TEXT.phone);
        if (!b.name?.trim()) throw badRequest(MEMBER_TEXT.nameRequired);
        const u = await orgUser({ phone: phoneNumber });
        member = { userId: u?.user_id ?? `pm-${crypto.randomUUID()}`, name: b.name.trim(), phoneNumber, groupId: '', config: {} };
      }
      const dup = await tx.selectFrom('product_members').select('user_id').where('org_id', '=', orgId)
        .where((eb) => eb.or([eb('user_id', '=', member.userId), ...(member.phoneNumber ? [eb('phone_number', '=', member.phoneNumber)] : [])])).executeTakeFirst();
      if (dup) throw conflict(MEMBER_TEXT.memberExists);
      member.groupId = b.groupId ? (await groupIn(tx, orgId, b.groupId)).group_id : (await ensureDefaultGroup(tx, request)).group_id;
      await checkLevel(tx, orgId, b.config);
      member.config = { ...(b.config ?? {}), level: (b.config?.level as string | undefined) ?? defaultLevelOf(await configOf(tx, orgId)) };
      await append(tx, request, memberStreams.member(orgId, member.userId), 'productMember', [{ type: 'MemberAdded', data: { ...member } }]);
      return member.userId;
    });
    return ok(await memberById(orgId, userId));
  });

  app.put<{ Body: MemberBody & { userId: string } }>('/v1/productmembers', {
    config: manage,
    schema: {
      tags, summary: 'Edit a member (name, phone, group, config.level): only the fields sent change',
      body: { type: 'object', additionalProperties: false, required: ['userId'], properties: memberBody }, response: { 200: envelopeSchema(memberSchema) },
    },
  }, async (request) => {
    const b = request.body;
    const orgId = request.orgApp!.orgId;
    await runCommand(db, async (tx) => {
      const m = await memberIn(tx, orgId, b.userId);
      const change: MemberUpdated = { userId: m.user_id };
      if (b.name !== undefined) {
        if (!b.name.trim()) throw badRequest(MEMBER_TEXT.nameRequired);
        if (b.name.trim() !== m.name) change.name = b.name.trim();
      }
      if (b.phoneNumber !== undefined && b.phoneNumber.trim() !== m.phone_number) {
        if (!isValidPhone(b.phoneNumber.trim())) throw badRequest(MEMBER_TEXT.phone);
        const dup = await tx.selectFrom('product_members').select('user_id').where('org_id', '=', orgId).where('phone_number', '=', b.phoneNumber.trim()).executeTakeFirst();
        if (dup) throw conflict(MEMBER_TEXT.memberExists);
        change.phoneNumber = b.phoneNumber.trim();
      }
      if (b.groupId !== undefined && b.groupId !== m.group_id) change.groupId = (await groupIn(tx, orgId, b.groupId)).group_id;
      if (b.config !== undefined) {
        await checkLevel(tx, orgId, b.config);
        change.config = { ...((m.config ?? {}) as Record<string, unknown>), ...b.config };
      }
      if (Object.keys(change).length > 1) await append(tx, request, memberStreams.member(orgId, m.user_id), 'productMember', [{ type: 'MemberUpdated', data: { ...change } }]);
    });
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
    const orgId = request.orgApp!.orgId;
    const count = await runCommand(db, async (tx) => {
      for (const id of wanted) await memberIn(tx, orgId, id);
      for (const id of wanted) await append(tx, request, memberStreams.member(orgId, id), 'productMember', [{ type: 'MemberRemoved', data: { userId: id } }]);
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
    const count = await runCommand(db, async (tx) => {
      await groupIn(tx, orgId, groupId);
      const members = await Promise.all(wanted.map((id) => memberIn(tx, orgId, id)));
      let moved = 0;
      for (const m of members) {
        if (m.group_id === groupId) continue;
        await append(tx, request, memberStreams.member(orgId, m.user_id), 'productMember', [{ type: 'MemberMovedToGroup', data: { userId: m.user_id, groupId } }]);
        moved += 1;
      }
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
    if (!has) {
      // a concurrent first use may have created it: that one stands
      await runCommand(db, (tx) => ensureDefaultGroup(tx, request)).catch((e: unknown) => { if (!(e instanceof ConcurrencyError)) throw e; });
    }
    const [groups, counts] = await Promise.all([
      db.selectFrom('product_member_groups').selectAll().where('org_id', '=', orgId).orderBy('sort').orderBy('name').execute(),
      db.selectFrom('product_members').select(['group_id', (eb) => eb.fn.countAll<number>().as('n')]).where('org_id', '=', orgId).groupBy('group_id').execute(),
    ]);
    const byGroup = new Map(counts.map((c) => [c.group_id, Number(c.n)]));
    return list(groups.map((g) => groupOut(g, byGroup.get(g.group_id) ?? 0)));
  });

  const checkGroupName = async (tx: Tx, orgId: string, name: string, except?: string) => {
    const g = await tx.selectFrom('product_member_groups').select('group_id').where('org_id', '=', orgId).where('name', '=', name).executeTakeFirst();
    if (g && g.group_id !== except) throw conflict(MEMBER_TEXT.groupNameTaken(name));
  };

  app.post<{ Body: { name: string; sort?: number } }>('/v1/productmembers/group', {
    config: manage,
    schema: {
      tags, summary: 'Create a member group', body: { type: 'object', additionalProperties: false, required: ['name'], properties: { name: nameStr, sort: sortInt } },
      response: { 200: envelopeSchema(groupSchema) },
    },
  }, async (request) => {
    const orgId = request.orgApp!.orgId;
    const groupId = await runCommand(db, async (tx) => {
      await ensureDefaultGroup(tx, request);
      const name = request.body.name.trim();
      await checkGroupName(tx, orgId, name);
      const max = await tx.selectFrom('product_member_groups').select((eb) => eb.fn.max('sort').as('m')).where('org_id', '=', orgId).executeTakeFirst();
      const group: MemberGroupCreated = { groupId: crypto.randomUUID(), name, sort: request.body.sort ?? Number(max?.m ?? 0) + 1, isDefault: false };
      await append(tx, request, memberStreams.group(group.groupId), 'memberGroup', [{ type: 'MemberGroupCreated', data: { ...group } }], 0);
      return group.groupId;
    });
    return ok(groupOut(await groupIn(db, orgId, groupId)));
  });

  app.put<{ Body: { groupId?: string; id?: string; name?: string; sort?: number } }>('/v1/productmembers/group', {
    config: manage,
    schema: {
      tags, summary: 'Rename or re-sort a member group (groupId or id)',
      body: { type: 'object', additionalProperties: false, properties: { groupId: idStr, id: idStr, name: nameStr, sort: sortInt } },
      response: { 200: envelopeSchema(groupSchema) },
    },
  }, async (request) => {
    const b = request.body;
    const groupId = b.groupId ?? b.id;
    if (!groupId) throw badRequest(MEMBER_TEXT.param);
    const orgId = request.orgApp!.orgId;
    await runCommand(db, async (tx) => {
      const g = await groupIn(tx, orgId, groupId);
      const change = { groupId, ...(b.name !== undefined && b.name.trim() !== g.name && { name: b.name.trim() }), ...(b.sort !== undefined && b.sort !== g.sort && { sort: b.sort }) };
      if (change.name) await checkGroupName(tx, orgId, change.name, groupId);
      if (Object.keys(change).length > 1) await append(tx, request, memberStreams.group(groupId), 'memberGroup', [{ type: 'MemberGroupUpdated', data: change }]);
    });
    return ok(groupOut(await groupIn(db, orgId, groupId)));
  });

  app.delete<{ Body: { groupId?: string; id?: string } | null; Querystring: { groupId?: string } }>('/v1/productmembers/group', {
    config: manage,
    schema: {
      tags, summary: 'Delete a member group; its members move to the default group, which cannot be deleted',
      querystring: { type: 'object', properties: { groupId: idStr } },
      body: { type: ['object', 'null'], additionalProperties: false, properties: { groupId: idStr, id: idStr } },
      response: { 200: envelopeSchema({ type: 'object', properties: { groupId: { type: 'string' }, movedTo: { type: 'string' } } }) },
    },
  }, async (request) => {
    const groupId = request.body?.groupId ?? request.body?.id ?? request.query.groupId;
    if (!groupId) throw badRequest(MEMBER_TEXT.param);
    const orgId = request.orgApp!.orgId;
    const movedTo = await runCommand(db, async (tx) => {
      const g = await groupIn(tx, orgId, groupId);
      if (g.is_default) throw unprocessable(MEMBER_TEXT.defaultGroup);
      const target = await ensureDefaultGroup(tx, request);
      await append(tx, request, memberStreams.group(groupId), 'memberGroup', [{ type: 'MemberGroupDeleted', data: { groupId, movedTo: target.group_id } }]);
      return target.group_id;
    });
    return ok({ groupId, movedTo });
  });

  // ---- config (member levels)
  app.get('/v1/productmembers/config', {
    config: manage,
    schema: { tags, summary: 'Member config of the org: memberLevel list (id, name, sort); LV1 until set', response: { 200: envelopeSchema(configSchema) } },
  }, async (request) => ok(await configOf(db, request.orgApp!.orgId)));

  const setConfig = (merge: boolean) => async (request: FastifyRequest<{ Body: { memberLevel?: MemberLevel[]; [k: string]: unknown } }>) => {
    const orgId = request.orgApp!.orgId;
    const config = await runCommand(db, async (tx) => {
      const current = await configOf(tx, orgId);
      const { memberLevel, ...rest } = request.body;
      const levels = memberLevel?.map((l, i) => ({ id: l.id.trim(), name: l.name.trim(), sort: l.sort ?? i + 1 }));
      const next: MemberConfig = merge ? { ...current, ...rest, memberLevel: levels ?? current.memberLevel } : { ...rest, memberLevel: levels ?? defaultMemberConfig().memberLevel };
      const problem = memberLevelProblem(next.memberLevel);
      if (problem) throw badRequest(problem);
      const inUse = await tx.selectFrom('product_members').select(sql<string | null>`config->>'level'`.as('level')).where('org_id', '=', orgId).distinct().execute();
      const dropped = inUse.map((r) => r.level).find((l) => l && !next.memberLevel.some((x) => x.id === l));
      if (dropped) throw unprocessable(`会员等级仍有会员使用：${dropped}`);
      next.memberLevel = sortLevels(next.memberLevel);
      await append(tx, request, memberStreams.config(orgId), 'memberConfig', [{ type: 'MemberConfigSet', data: { config: next } as unknown as Record<string, unknown> }]);
      return next;
    });
    return ok(config);
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
