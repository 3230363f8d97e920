// §7 users calls the console's services made and the server lacked (issue 15): the activation report
// (POST/GET /v1/users/activation) and self-registration (POST /v2/users/register).
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, ok } from '../../http/envelope.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { perAddressLimit } from '../../http/anonymousRateLimit.ts';
import { decideAndAppend, metaOf, runDecisions } from '../../store/command.ts';
import { hashPassword } from '../../auth/password.ts';
import { issueToken } from '../../http/tokens.ts';
import { isValidPhone } from '../../../domain/phone.ts';
import { dayOf } from '../../../domain/priceCycle.ts';
import { ACTIVATION_PLATFORMS, activationDecider, type ActivationPlatform } from '../../../domain/aggregates/activation.ts';
import { checkSmsCode } from '../passport/smsCodes.ts';
import { findUser, loginResultOf, loginResultSchema, metaFor, recordSignIn, SIGN_IN_TEXT } from '../passport/signIn.ts';
import { userCommand } from './userCommands.ts';
import { SYSTEM_ORG } from './streams.ts';

const tags = ['users'];
const str = { type: 'string' } as const;

export const activationStream = (orgId: string, userId: string) => `activation-${orgId}-${userId}`;

export const REGISTER_TEXT = {
  taken: '该手机号已注册，请直接登录',
  phoneMismatch: '账号与手机号不一致',
  passwordTooShort: '密码长度不能少于 6 位',
} as const;
const PASSWORD_MIN_LENGTH = 6;

export default async function userAccountRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;

  app.post<{ Body: { os?: ActivationPlatform } }>('/v1/users/activation', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: 'Report that the signed-in user is active in the current org-app from a platform (once a day is recorded)',
      body: { type: 'object', additionalProperties: false, properties: { os: { type: 'string', enum: [...ACTIVATION_PLATFORMS], default: 'pc' } } },
      response: { 200: envelopeSchema({ type: 'object', properties: { os: str, day: str, recorded: { type: 'boolean' } }, required: ['os', 'day', 'recorded'] }) },
    },
  }, async (request) => {
    const { orgId, appId } = request.orgApp!;
    const userId = request.user!.userId;
    const os = request.body?.os ?? 'pc';
    const now = ctx.clock();
    const day = dayOf(now);
    const { decided } = await runDecisions(db, async (tx) => {
      // auth found the membership of the key's org-app active; asked again inside the transaction
      const member = !!(await tx.selectFrom('org_app_users').select('user_id').where('org_id', '=', orgId).where('app_id', '=', appId).where('user_id', '=', userId).executeTakeFirst());
      return decideAndAppend(tx, {
        orgId, streamId: activationStream(orgId, userId), streamType: 'activation', decider: activationDecider,
        command: { type: 'RecordActivation', orgId, appId, userId, os, day, member }, meta: metaOf(request, now),
      });
    });
    return ok({ os, day, recorded: decided.length > 0 });
  });

  app.get('/v1/users/activation', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: "The signed-in user's active days in the current org-app, per platform (a view of the activation events)",
      response: {
        200: envelopeSchema({
          type: 'object',
          properties: {
            activated: { type: 'boolean' }, firstDay: { type: ['string', 'null'] }, lastDay: { type: ['string', 'null'] }, days: { type: 'integer' },
            platforms: { type: 'array', items: { type: 'object', properties: { os: str, firstDay: str, lastDay: str, days: { type: 'integer' } } } },
          },
          required: ['activated', 'firstDay', 'lastDay', 'days', 'platforms'],
        }),
      },
    },
  }, async (request) => {
    const { orgId, appId } = request.orgApp!;
    const rows = await db.selectFrom('events').select('data').where('org_id', '=', orgId)
      .where('stream_id', '=', activationStream(orgId, request.user!.userId)).where('type', '=', 'UserActivated').orderBy('position').execute();
    const mine = rows.map((r) => r.data as { appId: string; os: string; day: string }).filter((d) => d.appId === appId);
    const byOs = new Map<string, string[]>();
    for (const d of mine) byOs.set(d.os, [...(byOs.get(d.os) ?? []), d.day]);
    const allDays = [...new Set(mine.map((d) => d.day))].sort();
    return ok({
      activated: allDays.length > 0, firstDay: allDays[0] ?? null, lastDay: allDays.at(-1) ?? null, days: allDays.length,
      platforms: [...byOs].map(([os, days]) => ({ os, firstDay: [...days].sort()[0], lastDay: [...days].sort().at(-1)!, days: new Set(days).size })),
    });
  });

  // §7 POST /v2/users/register {username, name, personName, mobilePhoneNumber, password}. The spec gives the fields
  // only; a public sign-up that takes a phone number must prove it, so a `register` SMS code (POST /v1/passport/smscode
  // type register) comes with it. The account is marked isRegister (§3), belongs to no org yet (an org adds him, or
  // he applies for a trial) and is signed in at once, as the trial sign-up (/v1/passport/formuser) is.
  app.post<{ Body: { username: string; mobilePhoneNumber?: string; name?: string; personName?: string; password: string; smscode: string } }>('/v2/users/register', {
    // issue 29: bounded per client address, as the other anonymous writes of the sign-in are
    config: { auth: 'public', rateLimit: perAddressLimit(ctx.settings, 'passportWritesPerAddress') },
    schema: {
      tags, summary: 'Register an account with a phone number, a register SMS code and a password; answers as sign-in does',
      body: {
        type: 'object', additionalProperties: false, required: ['username', 'password', 'smscode'],
        properties: {
          username: { type: 'string', minLength: 1, maxLength: 32, description: 'the phone number' },
          mobilePhoneNumber: { type: 'string', maxLength: 32, description: 'the same phone number when sent' },
          name: { type: 'string', maxLength: 64 }, personName: { type: 'string', maxLength: 64 },
          password: { type: 'string', maxLength: 256 }, smscode: { type: 'string', minLength: 1, maxLength: 16 },
        },
      },
      response: { 200: envelopeSchema(loginResultSchema) },
    },
  }, async (request) => {
    const now = ctx.clock();
    const b = request.body;
    const phone = b.username.trim();
    if (!isValidPhone(phone)) throw badRequest(SIGN_IN_TEXT.badPhone);
    if (b.mobilePhoneNumber !== undefined && b.mobilePhoneNumber.trim() !== '' && b.mobilePhoneNumber.trim() !== phone) throw badRequest(REGISTER_TEXT.phoneMismatch);
    if (b.password.length < PASSWORD_MIN_LENGTH) throw badRequest(REGISTER_TEXT.passwordTooShort);
    // the code first (issue 29): only whoever holds the phone learns that its number is taken, not a prober
    await checkSmsCode(db, { phone, code: b.smscode.trim(), purpose: 'register', now });
    if (await findUser(db, phone)) throw conflict(REGISTER_TEXT.taken);
    const passwordHash = await hashPassword(b.password);
    const name = (b.personName ?? b.name ?? '').trim() || phone;
    try {
      const { user, token, expiresAt } = await runDecisions(db, async (tx) => {
        const userId = crypto.randomUUID();
        await userCommand(tx, {
          userId, streamOrg: SYSTEM_ORG, meta: metaFor(request, { user_id: userId, username: phone }, now),
          command: {
            type: 'CreateUser',
            user: { userId, username: phone, name, email: '', passwordHash, isDev: false, enable: true, expiration: null, isRegister: true, isNotRouterHome: false },
          },
        });
        const user = (await findUser(tx, phone))!;
        const issued = await issueToken(tx, user.user_id, now, 'register');
        await recordSignIn(tx, request, user, 'register', now);
        return { user, ...issued };
      });
      return ok(loginResultOf(user, token, expiresAt));
    } catch (err) {
      // two registrations of one phone at once: the second hits the unique username
      if ((err as { code?: string }).code === '23505') throw conflict(REGISTER_TEXT.taken);
      throw err;
    }
  });
}
