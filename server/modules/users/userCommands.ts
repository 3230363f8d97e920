// User commands shared by the single and the bulk create: validate, then append UserCreated (new phone
// numbers) and the membership of the current org-app with its roles.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { appendToStream, streamVersion, type Tx } from '../../store/eventStore.ts';
import { metaOf } from '../../store/command.ts';
import { badRequest, conflict, forbidden, unprocessable } from '../../http/errors.ts';
import type { AuthOrgApp } from '../../http/auth.ts';
import { isValidPhone } from '../../../domain/phone.ts';
import { mayManageRole } from '../../../domain/roleGroupVisibility.ts';
import { DEFAULT_PASSWORD_ENV } from '../../../domain/constants.ts';
import { hashPassword } from '../../auth/password.ts';
import { streams, SYSTEM_ORG } from './streams.ts';
import type { Membership, UserCreated } from './projection.ts';

export interface NewUserInput {
  username: string;
  name: string;
  password?: string;
  email?: string;
  expiration?: string | null;
  isDev?: boolean;
  enable?: boolean;
  isNotRouterHome?: boolean;
  roleNames?: string[];
  roleIds?: string[];
}

export const USER_TEXT = {
  badPhone: '手机号格式不正确',
  withheldRole: '没有授予该角色的权限',
  badEmail: '邮箱格式不正确',
  badExpiration: '到期时间格式不正确',
  exists: '该用户已是本机构成员',
  duplicate: '手机号重复',
  limit: (n: number) => `机构用户数已达上限（${n}）`,
  unknownRole: (r: string) => `角色不存在：${r}`,
  notMember: '该用户不是本机构的成员',
  self: '不能删除自己',
} as const;

/** JSON schema of a new user, for POST /v2/users and each item of POST /v2/users/bulk. */
export const newUserSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['username', 'name'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 32, description: 'the phone number' },
    name: { type: 'string', minLength: 1, maxLength: 64 },
    password: { type: 'string', maxLength: 256, description: 'empty: the configured default password' },
    email: { type: 'string', maxLength: 128 },
    expiration: { type: ['string', 'null'], maxLength: 64, description: 'ISO date or time; empty or null: never' },
    isDev: { type: 'boolean' },
    enable: { type: 'boolean' },
    isNotRouterHome: { type: 'boolean' },
    roleNames: { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 128 } },
    roleIds: { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 128 } },
  },
} as const;

/** §5: expiration null when empty; otherwise a parseable date. */
export function parseExpiration(v: string | null | undefined): string | null {
  if (v === undefined || v === null || v.trim() === '') return null;
  const d = new Date(v.trim());
  if (Number.isNaN(d.getTime())) throw badRequest(USER_TEXT.badExpiration);
  return d.toISOString();
}

export function checkEmail(email: string | undefined): string {
  const e = (email ?? '').trim();
  if (e && !/^[^\s@]+@[^\s@]+$/.test(e)) throw badRequest(USER_TEXT.badEmail);
  return e;
}

/** §5 / §9: the default password is configured (DEFAULT_USER_PASSWORD), else the demo password. */
export function defaultPassword(demoPassword: string): string {
  return process.env[DEFAULT_PASSWORD_ENV] || demoPassword;
}

/** Hashes each distinct password once (bulk imports mostly share the default one). */
export async function hashAll(passwords: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const p of new Set(passwords)) out.set(p, await hashPassword(p));
  return out;
}

/** The roles named for a new member; a role the caller may not give out (a code-999 role) is refused. */
export async function roleIdsIn(db: Kysely<Database> | Tx, request: FastifyRequest, orgId: string, input: Pick<NewUserInput, 'roleNames' | 'roleIds'>): Promise<string[]> {
  const names = input.roleNames ?? [];
  const ids = input.roleIds ?? [];
  if (names.length === 0 && ids.length === 0) return [];
  const rows = await db.selectFrom('roles').select(['role_id', 'name', 'code']).where('org_id', '=', orgId)
    .where((eb) => eb.or([...(names.length ? [eb('name', 'in', names)] : []), ...(ids.length ? [eb('role_id', 'in', ids)] : [])])).execute();
  for (const n of names) if (!rows.some((r) => r.name === n)) throw badRequest(USER_TEXT.unknownRole(n));
  for (const i of ids) if (!rows.some((r) => r.role_id === i)) throw badRequest(USER_TEXT.unknownRole(i));
  const withheld = rows.find((r) => !mayManageRole(r, request));
  if (withheld) throw forbidden(`${USER_TEXT.withheldRole}：${withheld.name}`);
  return [...new Set(rows.map((r) => r.role_id))];
}

export async function orgUserCount(db: Kysely<Database> | Tx, orgId: string): Promise<number> {
  const row = await db.selectFrom('org_app_users').select((eb) => eb.fn.count<number>('user_id').distinct().as('n')).where('org_id', '=', orgId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function userLimitOf(db: Kysely<Database> | Tx, orgId: string): Promise<number | null> {
  const org = await db.selectFrom('orgs').select('user_limit').where('org_id', '=', orgId).executeTakeFirst();
  return org?.user_limit ?? null;
}

/** Validates one input before any write (phone, email, expiration). */
export function normalise(input: NewUserInput): NewUserInput & { email: string; expiration: string | null } {
  const username = input.username.trim();
  if (!isValidPhone(username)) throw badRequest(`${USER_TEXT.badPhone}：${input.username}`);
  return { ...input, username, name: input.name.trim(), email: checkEmail(input.email), expiration: parseExpiration(input.expiration) };
}

/**
 * Creates (or, for a known phone number, joins) the users into the current org-app; all in the caller's
 * transaction. A known user only joins: his password and account stay his (issue 16).
 */
export async function createUsers(
  tx: Tx, request: FastifyRequest, now: Date, orgApp: AuthOrgApp, inputs: NewUserInput[], hashes: Map<string, string>, demoPassword: string,
): Promise<string[]> {
  const seen = new Set<string>();
  for (const i of inputs) {
    if (seen.has(i.username)) throw badRequest(`${USER_TEXT.duplicate}：${i.username}`);
    seen.add(i.username);
  }
  const limit = await userLimitOf(tx, orgApp.orgId);
  let count = limit === null ? 0 : await orgUserCount(tx, orgApp.orgId);
  const meta = metaOf(request, now);
  const userIds: string[] = [];
  for (const input of inputs) {
    const roleIds = await roleIdsIn(tx, request, orgApp.orgId, input);
    let user = await tx.selectFrom('users').select('user_id').where('username', '=', input.username).executeTakeFirst();
    if (user) {
      const member = await tx.selectFrom('org_app_users').select('user_id')
        .where('org_id', '=', orgApp.orgId).where('app_id', '=', orgApp.appId).where('user_id', '=', user.user_id).executeTakeFirst();
      if (member) throw conflict(`${USER_TEXT.exists}：${input.username}`);
    }
    const alreadyInOrg = user
      ? !!(await tx.selectFrom('org_app_users').select('user_id').where('org_id', '=', orgApp.orgId).where('user_id', '=', user.user_id).executeTakeFirst())
      : false;
    if (limit !== null && !alreadyInOrg) {
      if (count >= limit) throw unprocessable(USER_TEXT.limit(limit));
      count += 1;
    }
    if (!user) {
      const password = input.password || defaultPassword(demoPassword);
      const created: UserCreated = {
        userId: crypto.randomUUID(), username: input.username, name: input.name, email: input.email ?? '', passwordHash: hashes.get(password)!,
        // enable and expiration are the org's, on the membership below (issue 16)
        isDev: input.isDev ?? false, enable: true, expiration: null, isRegister: true,
        isNotRouterHome: input.isNotRouterHome ?? false,
      };
      await appendToStream(tx, {
        orgId: SYSTEM_ORG, streamId: streams.user(created.userId), streamType: 'user', expectedVersion: 0,
        events: [{ type: 'UserCreated', data: { ...created } }], meta,
      });
      user = { user_id: created.userId };
    }
    const membership: Membership = { orgId: orgApp.orgId, appId: orgApp.appId, userId: user.user_id, extraInfo: {} };
    const memberStream = streams.member(orgApp.orgId, user.user_id);
    await appendToStream(tx, {
      orgId: orgApp.orgId, streamId: memberStream, streamType: 'member', expectedVersion: await streamVersion(tx, memberStream),
      events: [
        { type: 'UserJoinedOrgApp', data: { ...membership } },
        ...roleIds.map((roleId) => ({ type: 'UserRoleGranted', data: { userId: user.user_id, roleId } })),
        ...(input.enable === false || input.expiration
          ? [{ type: 'MemberAccessSet', data: { orgId: orgApp.orgId, userId: user.user_id, enable: input.enable ?? true, expiration: input.expiration ?? null } }]
          : []),
      ],
      meta,
    });
    userIds.push(user.user_id);
  }
  return userIds;
}

/** A unique-key race (two creates of one phone number at once) is a conflict, not a server error. */
export function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';
}
