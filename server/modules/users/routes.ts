// §7 users: login status, user records of the current org, create/update/delete as commands, the org's user
// limit and the per-org-app user info. Managing users needs the contacts user-management power (admins and
// user admins pass through the §6 bypass).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors.ts';
import { holdsPower } from '../../http/auth.ts';
import { appendToStream, streamVersion, type NewEvent, type Tx } from '../../store/eventStore.ts';
import { metaOf, runCommand } from '../../store/command.ts';
import type { Database } from '../../store/schema.ts';
import type { Kysely, Selectable } from 'kysely';
import { PAGE } from '../../../domain/constants.ts';
import type { User } from '../../../domain/types.ts';
import { hashPassword } from '../../auth/password.ts';
import { POWER } from '../permissions/powers.ts';
import { streams, SYSTEM_ORG } from './streams.ts';
import type { MemberAccessSet, UserUpdated } from './projection.ts';
import { userChangeRefusal } from '../../../domain/userAccess.ts';
import {
  checkEmail, createUsers, defaultPassword, hashAll, isUniqueViolation, newUserSchema, normalise, orgUserCount, parseExpiration,
  userLimitOf, USER_TEXT, type NewUserInput,
} from './userCommands.ts';

const tags = ['users'];
const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;
const userProps = {
  userId: str, username: str, name: str, personName: str, email: str, mobilePhoneNumber: str, isDev: bool, enable: bool,
  expiration: { type: ['string', 'null'] }, isRegister: bool, isNotRouterHome: bool,
} as const;
const userSchema = { type: 'object', properties: userProps, required: ['userId', 'username'] } as const;
const userDetailSchema = {
  type: 'object',
  properties: {
    ...userProps,
    version: { type: 'integer', description: 'send it back with PUT to detect concurrent edits' },
    canChangePassword: { type: 'boolean', description: 'the caller may set a password: the user himself or the platform' },
    canChangeAccount: { type: 'boolean', description: 'the caller may change name and e-mail: not while the user is also in another org' },
    roles: { type: 'array', items: { type: 'object', properties: { roleId: str, name: str, code: str, cnName: str } } },
  },
  required: ['userId', 'username', 'version'],
} as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 128 } } } as const;
const manage = { auth: 'orgApp', power: POWER.userManage } as const;

type UserRow = Selectable<Database['users']>;

export function userOf(row: UserRow): User {
  return {
    userId: row.user_id, username: row.username, name: row.name, personName: row.name, email: row.email, mobilePhoneNumber: row.username,
    isDev: row.is_dev, enable: row.enable, expiration: row.expiration ? new Date(row.expiration).toISOString() : null,
    isRegister: row.is_register, isNotRouterHome: row.is_not_router_home,
  };
}

/** Whether the user is also a member of an org other than `orgId` (then his account is not this org's to edit). */
async function inOtherOrgs(db: Kysely<Database> | Tx, userId: string, orgId: string): Promise<boolean> {
  return !!(await db.selectFrom('org_app_users').select('org_id').where('user_id', '=', userId).where('org_id', '!=', orgId).executeTakeFirst());
}

/** A user of the current org by id or phone number: 404 when unknown, 403 when not a member of the org. */
async function memberOfOrg(db: Kysely<Database> | Tx, request: FastifyRequest, idOrUsername: string): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll()
    .where((eb) => eb.or([eb('user_id', '=', idOrUsername), eb('username', '=', idOrUsername)])).executeTakeFirst();
  if (!user) throw notFound('用户不存在');
  const member = await db.selectFrom('org_app_users').select('user_id')
    .where('org_id', '=', request.orgApp!.orgId).where('user_id', '=', user.user_id).executeTakeFirst();
  if (!member) throw forbidden(USER_TEXT.notMember);
  return user;
}

async function detailOf(db: Kysely<Database>, request: FastifyRequest, user: UserRow) {
  const orgId = request.orgApp!.orgId;
  const membership = await db.selectFrom('org_app_users').select(['enable', 'expiration']).where('org_id', '=', orgId).where('user_id', '=', user.user_id).executeTakeFirst();
  const caller = { self: user.user_id === request.user!.userId, platform: request.platform, inOtherOrgs: await inOtherOrgs(db, user.user_id, orgId) };
  const roles = await db.selectFrom('user_roles as ur').innerJoin('roles as r', 'r.role_id', 'ur.role_id')
    .select(['r.role_id', 'r.name', 'r.code', 'r.cn_name']).where('ur.user_id', '=', user.user_id).where('ur.org_id', '=', orgId).orderBy('r.sort').execute();
  return {
    ...userOf(user),
    // enabled and valid-until as this org decided (issue 16)
    ...(membership && { enable: membership.enable, expiration: membership.expiration ? new Date(membership.expiration).toISOString() : null }),
    // what the caller may change here, so that a screen offers only that (issue 16)
    canChangePassword: !userChangeRefusal({ password: true, account: false }, caller),
    canChangeAccount: !userChangeRefusal({ password: false, account: true }, caller),
    version: await streamVersion(db, streams.user(user.user_id)),
    roles: roles.map((r) => ({ roleId: r.role_id, name: r.name, code: r.code, cnName: r.cn_name })),
  };
}

export default async function userRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;

  app.get('/v2/users/loginstatus', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Whether this is the first sign-in of the user, and the user',
      response: { 200: envelopeSchema({ type: 'object', properties: { firstLogin: bool, user: userSchema }, required: ['firstLogin', 'user'] }) },
    },
  }, async (request) => {
    const user = await db.selectFrom('users').selectAll().where('user_id', '=', request.user!.userId).executeTakeFirstOrThrow();
    const signIns = await db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('stream_id', '=', streams.user(user.user_id)).where('type', '=', 'UserSignedIn').executeTakeFirst();
    return ok({ firstLogin: Number(signIns?.n ?? 0) <= 1, user: userOf(user) });
  });

  app.get<{ Params: { id: string } }>('/v2/users/account/:id', {
    config: { auth: 'orgApp' },
    schema: { tags, summary: 'A user of the current org by user id or phone number', params: idParams, response: { 200: envelopeSchema(userSchema) } },
  }, async (request) => ok(userOf(await memberOfOrg(db, request, request.params.id))));

  app.get<{ Params: { id: string } }>('/v2/users/:id', {
    config: { auth: 'orgApp' },
    schema: { tags, summary: 'A user of the current org with roles and stream version', params: idParams, response: { 200: envelopeSchema(userDetailSchema) } },
  }, async (request) => ok(await detailOf(db, request, await memberOfOrg(db, request, request.params.id))));

  app.post<{ Body: NewUserInput }>('/v2/users', {
    config: manage,
    schema: {
      tags, summary: 'Create a user in the current org-app (an existing phone number joins it); password defaults to the configured default',
      body: newUserSchema, response: { 200: envelopeSchema(userDetailSchema) },
    },
  }, async (request) => {
    const input = normalise(request.body);
    const hashes = await hashAll([input.password || defaultPassword(ctx.settings.demoPassword)]);
    const [userId] = await createGuarded(() => runCommand(db, (tx) => createUsers(tx, request, ctx.clock(), request.orgApp!, [input], hashes, ctx.settings.demoPassword)));
    const row = await db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    return ok(await detailOf(db, request, row));
  });

  app.post<{ Body: { users: NewUserInput[] } }>('/v2/users/bulk', {
    config: manage,
    schema: {
      tags, summary: 'Create many users at once: all or nothing',
      body: {
        type: 'object', additionalProperties: false, required: ['users'],
        properties: { users: { type: 'array', minItems: 1, maxItems: PAGE.userBatch, items: newUserSchema } },
      },
      response: { 200: listSchema(userSchema) },
    },
  }, async (request) => {
    const inputs = request.body.users.map(normalise);
    const hashes = await hashAll(inputs.map((i) => i.password || defaultPassword(ctx.settings.demoPassword)));
    const ids = await createGuarded(() => runCommand(db, (tx) => createUsers(tx, request, ctx.clock(), request.orgApp!, inputs, hashes, ctx.settings.demoPassword)));
    const rows = await db.selectFrom('users').selectAll().where('user_id', 'in', ids).execute();
    const byId = new Map(rows.map((r) => [r.user_id, r]));
    return list(ids.map((id) => userOf(byId.get(id)!)));
  });

  app.put<{ Params: { username: string }; Body: UpdateBody }>('/v2/users/:username', {
    config: manage,
    schema: {
      tags, summary: 'Update a user of the current org: enable and expiration for this org; password only by the user or the platform; name and e-mail only while the user is in no other org; send version to detect concurrent edits (409)',
      params: { type: 'object', required: ['username'], properties: { username: { type: 'string', minLength: 1, maxLength: 128 } } },
      body: {
        type: 'object', additionalProperties: false,
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 64 }, email: { type: 'string', maxLength: 128 }, password: { type: 'string', maxLength: 256 },
          enable: bool, isDev: bool, isNotRouterHome: bool, expiration: { type: ['string', 'null'], maxLength: 64 },
          version: { type: 'integer', minimum: 0 },
        },
      },
      response: { 200: envelopeSchema(userDetailSchema) },
    },
  }, async (request) => {
    const body = request.body;
    const now = ctx.clock();
    const { orgId } = request.orgApp!;
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    // account fields every org of the user sees; enable and expiration are this org's membership (issue 16)
    const update: UserUpdated = { userId: '' };
    if (body.name !== undefined) update.name = body.name.trim();
    if (body.email !== undefined) update.email = checkEmail(body.email);
    if (body.isDev !== undefined) update.isDev = body.isDev;
    if (body.isNotRouterHome !== undefined) update.isNotRouterHome = body.isNotRouterHome;
    const access: MemberAccessSet = { orgId, userId: '' };
    if (body.enable !== undefined) access.enable = body.enable;
    if (body.expiration !== undefined) access.expiration = parseExpiration(body.expiration);
    const userId = await runCommand(db, async (tx) => {
      const user = await memberOfOrg(tx, request, request.params.username);
      const refusal = userChangeRefusal(
        { password: !!passwordHash, account: Object.keys(update).length > 1 },
        { self: user.user_id === request.user!.userId, platform: request.platform, inOtherOrgs: await inOtherOrgs(tx, user.user_id, orgId) },
      );
      if (refusal) throw forbidden(refusal);
      update.userId = user.user_id;
      access.userId = user.user_id;
      const events: NewEvent[] = [];
      if (Object.keys(update).length > 1) events.push({ type: 'UserUpdated', data: { ...update } });
      if (passwordHash) events.push({ type: 'UserPasswordChanged', data: { userId: user.user_id, passwordHash } });
      const streamId = streams.user(user.user_id);
      await appendToStream(tx, {
        orgId: user.org_id ?? SYSTEM_ORG, streamId, streamType: 'user', expectedVersion: body.version ?? await streamVersion(tx, streamId),
        events, meta: metaOf(request, now),
      });
      if (Object.keys(access).length > 2) {
        const memberStream = streams.member(orgId, user.user_id);
        await appendToStream(tx, {
          orgId, streamId: memberStream, streamType: 'member', expectedVersion: await streamVersion(tx, memberStream),
          events: [{ type: 'MemberAccessSet', data: { ...access } }], meta: metaOf(request, now),
        });
      }
      // A password set by someone else (the platform) ends the user's other sessions.
      if (passwordHash && user.user_id !== request.user!.userId) {
        await tx.updateTable('access_tokens').set({ revoked_at: now }).where('user_id', '=', user.user_id).where('revoked_at', 'is', null).execute();
      }
      return user.user_id;
    });
    const row = await db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    return ok(await detailOf(db, request, row));
  });

  app.delete<{ Params: { id: string } }>('/v2/users/:id', {
    config: manage,
    schema: {
      tags, summary: 'Remove a user from the current org (roles there revoked); a user left in no org is deleted',
      params: idParams, response: { 200: envelopeSchema({ type: 'object', properties: { userId: str, deleted: bool } }) },
    },
  }, async (request) => {
    const { orgId } = request.orgApp!;
    const now = ctx.clock();
    return ok(await runCommand(db, async (tx) => {
      const user = await memberOfOrg(tx, request, request.params.id);
      if (user.user_id === request.user!.userId) throw unprocessable(USER_TEXT.self);
      const apps = await tx.selectFrom('org_app_users').select('app_id').where('org_id', '=', orgId).where('user_id', '=', user.user_id).execute();
      const roles = await tx.selectFrom('user_roles').select('role_id').where('org_id', '=', orgId).where('user_id', '=', user.user_id).execute();
      const memberStream = streams.member(orgId, user.user_id);
      await appendToStream(tx, {
        orgId, streamId: memberStream, streamType: 'member', expectedVersion: await streamVersion(tx, memberStream), meta: metaOf(request, now),
        events: [
          ...roles.map((r) => ({ type: 'UserRoleRevoked', data: { userId: user.user_id, roleId: r.role_id } })),
          ...apps.map((a) => ({ type: 'UserLeftOrgApp', data: { orgId, appId: a.app_id, userId: user.user_id } })),
        ],
      });
      const elsewhere = await tx.selectFrom('org_app_users').select('org_id').where('user_id', '=', user.user_id).executeTakeFirst();
      if (!elsewhere) {
        const userStream = streams.user(user.user_id);
        await appendToStream(tx, {
          orgId: user.org_id ?? SYSTEM_ORG, streamId: userStream, streamType: 'user', expectedVersion: await streamVersion(tx, userStream),
          events: [{ type: 'UserDeleted', data: { userId: user.user_id } }], meta: metaOf(request, now),
        });
        await tx.updateTable('access_tokens').set({ revoked_at: now }).where('user_id', '=', user.user_id).where('revoked_at', 'is', null).execute();
      }
      return { userId: user.user_id, deleted: !elsewhere };
    }));
  });

  app.get('/v2/users/org/userlimit', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: "The current org's user limit (null: unlimited), its user count and what remains",
      response: { 200: envelopeSchema({ type: 'object', properties: { userLimit: { type: ['integer', 'null'] }, userCount: { type: 'integer' }, remaining: { type: ['integer', 'null'] } } }) },
    },
  }, async (request) => {
    const { orgId } = request.orgApp!;
    const [userLimit, userCount] = await Promise.all([userLimitOf(db, orgId), orgUserCount(db, orgId)]);
    return ok({ userLimit, userCount, remaining: userLimit === null ? null : Math.max(0, userLimit - userCount) });
  });

  const membershipSchema = envelopeSchema({
    type: 'object', properties: { userId: str, orgId: str, appId: str, extraInfo: { type: 'object', additionalProperties: true } },
  });

  app.get<{ Querystring: { userId?: string } }>('/v2/users/orgapp/user', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: "A user's info in the current org-app (default: the signed-in user)",
      querystring: { type: 'object', properties: { userId: { type: 'string', minLength: 1, maxLength: 128 } } },
      response: { 200: membershipSchema },
    },
  }, async (request) => {
    const { orgId, appId } = request.orgApp!;
    const userId = request.query.userId ?? request.user!.userId;
    const row = await db.selectFrom('org_app_users').select(['user_id', 'extra_info'])
      .where('org_id', '=', orgId).where('app_id', '=', appId).where('user_id', '=', userId).executeTakeFirst();
    if (!row) throw forbidden(USER_TEXT.notMember);
    return ok({ userId, orgId, appId, extraInfo: (row.extra_info ?? {}) as Record<string, unknown> });
  });

  app.put<{ Body: { userId?: string; extraInfo: Record<string, unknown> } }>('/v2/users/orgapp/user', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: "Set a user's info in the current org-app (another user's needs the user-management power)",
      body: {
        type: 'object', additionalProperties: false, required: ['extraInfo'],
        properties: { userId: { type: 'string', minLength: 1, maxLength: 128 }, extraInfo: { type: 'object', additionalProperties: true } },
      },
      response: { 200: membershipSchema },
    },
  }, async (request) => {
    const { orgId, appId } = request.orgApp!;
    const userId = request.body.userId ?? request.user!.userId;
    if (userId !== request.user!.userId && !(await holdsPower(db, request, POWER.userManage))) throw forbidden('没有该操作的权限');
    const now = ctx.clock();
    await runCommand(db, async (tx) => {
      const row = await tx.selectFrom('org_app_users').select('user_id')
        .where('org_id', '=', orgId).where('app_id', '=', appId).where('user_id', '=', userId).executeTakeFirst();
      if (!row) throw forbidden(USER_TEXT.notMember);
      const streamId = streams.member(orgId, userId);
      await appendToStream(tx, {
        orgId, streamId, streamType: 'member', expectedVersion: await streamVersion(tx, streamId), meta: metaOf(request, now),
        events: [{ type: 'UserOrgAppInfoSet', data: { orgId, appId, userId, extraInfo: request.body.extraInfo } }],
      });
    });
    return ok({ userId, orgId, appId, extraInfo: request.body.extraInfo });
  });
}

interface UpdateBody {
  name?: string; email?: string; password?: string; enable?: boolean; isDev?: boolean; isNotRouterHome?: boolean;
  expiration?: string | null; version?: number;
}

async function createGuarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('该手机号已被注册，请刷新后重试');
    throw e;
  }
}
