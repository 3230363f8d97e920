// §7 users: login status, user records of the current org, create/update/delete as commands, the org's user
// limit and the per-org-app user info. Managing users needs the contacts user-management power (admins and
// user admins pass through the §6 bypass).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { holdsPower } from '../../http/auth.ts';
import type { Tx } from '../../store/eventStore.ts';
import { clientVersion, metaOf, runDecisions } from '../../store/command.ts';
import type { Database } from '../../store/schema.ts';
import type { Kysely, Selectable } from 'kysely';
import { PAGE } from '../../../domain/constants.ts';
import type { User } from '../../../domain/types.ts';
import { hashPassword } from '../../auth/password.ts';
import { POWER } from '../permissions/powers.ts';
import { streams, SYSTEM_ORG } from './streams.ts';
import { userChangeRefusal } from '../../../domain/userAccess.ts';
import { userFieldProblem } from '../../../domain/derivedFields.ts';
import { refusalError } from '../../http/refusal.ts';
import { USER_TEXT } from '../../../domain/aggregates/user.ts';
import {
  createUsers, hashAll, isUniqueViolation, membershipCommand, newUserSchema, normalise, orgUserCount, userCommand,
  userLimitOf, type NewUserInput,
} from './userCommands.ts';
import userAccountRoutes from './accountRoutes.ts';
import userPasswordRoutes from './passwordRoutes.ts';
import { openedBySmsCode } from '../../http/tokens.ts';

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
const manage = { auth: 'orgApp' } as const;

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
  if (!user) throw notFound(USER_TEXT.missing);
  const member = await db.selectFrom('org_app_users').select('user_id')
    .where('org_id', '=', request.orgApp!.orgId).where('user_id', '=', user.user_id).executeTakeFirst();
  if (!member) throw forbidden(USER_TEXT.notMember);
  return user;
}

/** The version of the user's account stream, which an editor sends back (its stream lives in the org of his row). */
async function accountVersion(db: Kysely<Database>, user: UserRow): Promise<number> {
  const row = await db.selectFrom('streams').select('stream_position')
    .where('org_id', '=', user.org_id ?? SYSTEM_ORG).where('stream_id', '=', streams.user(user.user_id)).executeTakeFirst();
  return row ? Number(row.stream_position) : 0;
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
    version: await accountVersion(db, user),
    roles: roles.map((r) => ({ roleId: r.role_id, name: r.name, code: r.code, cnName: r.cn_name })),
  };
}

export default async function userRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  // activation and self-registration (issue 15)
  await userAccountRoutes(app, ctx);
  // the password change a first sign-in with the initial password must make (issue 27)
  await userPasswordRoutes(app, ctx);

  app.get('/v2/users/loginstatus', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Whether this is a first sign-in that must choose a password (the initial one stands: every call but POST /v2/users/password is refused until then), and the user',
      response: { 200: envelopeSchema({ type: 'object', properties: { firstLogin: bool, currentPasswordNeeded: bool, user: userSchema }, required: ['firstLogin', 'currentPasswordNeeded', 'user'] }) },
    },
  }, async (request) => {
    const user = await db.selectFrom('users').selectAll().where('user_id', '=', request.user!.userId).executeTakeFirstOrThrow();
    // §7 firstLogin (issue 27): the password someone else gave him still stands, so the console asks for his own
    // signed in by SMS code, he proved his phone and may never have been told the initial password: he only chooses his own
    return ok({ firstLogin: user.password_change_required, currentPasswordNeeded: !(await openedBySmsCode(db, request.user!.token)), user: userOf(user) });
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
    const hashes = await hashAll([input.password || ctx.settings.defaultPassword]);
    const meta = metaOf(request, ctx.clock());
    const [userId] = await createGuarded(() => runDecisions(db, (tx) => createUsers(tx, request, meta, request.orgApp!, [input], hashes, ctx.settings.defaultPassword)));
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
    const hashes = await hashAll(inputs.map((i) => i.password || ctx.settings.defaultPassword));
    const meta = metaOf(request, ctx.clock());
    const ids = await createGuarded(() => runDecisions(db, (tx) => createUsers(tx, request, meta, request.orgApp!, inputs, hashes, ctx.settings.defaultPassword)));
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
          // §3 fields the server derives (issue 15): accepted when they agree with the account, never taken on trust
          mobilePhoneNumber: { type: 'string', maxLength: 32 }, personName: { type: 'string', minLength: 1, maxLength: 64 }, isRegister: bool,
        },
      },
      response: { 200: envelopeSchema(userDetailSchema) },
    },
  }, async (request) => {
    const body = request.body;
    const now = ctx.clock();
    const meta = metaOf(request, now);
    const { orgId } = request.orgApp!;
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    // the version the editor read is the account's; without one, a lost race is decided again on the winner's state
    const expectedVersion = clientVersion(request);
    const userId = await runDecisions(db, async (tx) => {
      const user = await memberOfOrg(tx, request, request.params.username);
      const derived = userFieldProblem(body, { username: user.username, isRegister: user.is_register, isNew: false });
      if (derived) throw refusalError(derived);
      // account fields every org of the user sees
      await userCommand(tx, {
        userId: user.user_id, streamOrg: user.org_id ?? SYSTEM_ORG, meta, expectedVersion,
        command: {
          type: 'UpdateUser', userId: user.user_id, name: body.name ?? body.personName, email: body.email, isDev: body.isDev, isNotRouterHome: body.isNotRouterHome, passwordHash,
          caller: { self: user.user_id === request.user!.userId, platform: request.platform, inOtherOrgs: await inOtherOrgs(tx, user.user_id, orgId) },
        },
      });
      // enable and expiration are this org's membership (issue 16)
      if (body.enable !== undefined || body.expiration !== undefined) {
        await membershipCommand(tx, orgId, user.user_id, { type: 'SetAccess', orgId, userId: user.user_id, enable: body.enable, expiration: body.expiration }, meta);
      }
      // A password set by someone else (the platform) ends the user's other sessions. Tokens are session state, not
      // events: a plain write in the command's transaction.
      if (passwordHash && user.user_id !== request.user!.userId) {
        await tx.updateTable('access_tokens').set({ revoked_at: now }).where('user_id', '=', user.user_id).where('revoked_at', 'is', null).execute();
      }
      return user.user_id;
    }, expectedVersion === undefined);
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
    const meta = metaOf(request, now);
    return ok(await runDecisions(db, async (tx) => {
      const user = await memberOfOrg(tx, request, request.params.id);
      // his roles there revoked, every app of the org left
      await membershipCommand(tx, orgId, user.user_id, { type: 'LeaveOrg', orgId, userId: user.user_id, self: user.user_id === request.user!.userId }, meta);
      const elsewhere = !!(await tx.selectFrom('org_app_users').select('org_id').where('user_id', '=', user.user_id).executeTakeFirst());
      const { decided } = await userCommand(tx, { userId: user.user_id, streamOrg: user.org_id ?? SYSTEM_ORG, meta, command: { type: 'DeleteIfInNoOrg', userId: user.user_id, inAnyOrg: elsewhere } });
      const deleted = decided.length > 0;
      // a deleted user's sessions end (tokens are session state, a plain write)
      if (deleted) await tx.updateTable('access_tokens').set({ revoked_at: now }).where('user_id', '=', user.user_id).where('revoked_at', 'is', null).execute();
      return { userId: user.user_id, deleted };
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
      tags, summary: "A user's info in the current org-app (default: the signed-in user; another user's needs the user-management power)",
      querystring: { type: 'object', properties: { userId: { type: 'string', minLength: 1, maxLength: 128 } } },
      response: { 200: membershipSchema },
    },
  }, async (request) => {
    const { orgId, appId } = request.orgApp!;
    const userId = request.query.userId ?? request.user!.userId;
    // as the PUT: a member reads his own; the shell lets a roleless member call this route for his own only (issue 12)
    if (userId !== request.user!.userId && !(await holdsPower(db, request, POWER.userManage))) throw forbidden('没有该操作的权限');
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
    const meta = metaOf(request, ctx.clock());
    await runDecisions(db, (tx) => membershipCommand(tx, orgId, userId, { type: 'SetOrgAppInfo', orgId, appId, userId, extraInfo: request.body.extraInfo }, meta));
    return ok({ userId, orgId, appId, extraInfo: request.body.extraInfo });
  });
}

interface UpdateBody {
  name?: string; email?: string; password?: string; enable?: boolean; isDev?: boolean; isNotRouterHome?: boolean;
  expiration?: string | null; version?: number; mobilePhoneNumber?: string; personName?: string; isRegister?: boolean;
}

async function createGuarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(USER_TEXT.taken);
    throw e;
  }
}
