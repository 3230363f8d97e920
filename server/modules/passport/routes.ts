// §7 Passport: captchas, SMS codes, password / SMS sign-in, trial registration, password reset, logout.
// QR sign-in lives in qrRoutes.ts. Events are decided by the user and membership deciders (domain/aggregates/
// user.ts) through userCommands.ts; captchas, SMS codes, the password throttle's counters and tokens are sign-in
// state, not domain events: plain table writes.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { claimPasswordTry, forgiveTry, recordSmsCodeFailure, settleFailedTry } from './passwordThrottle.ts';
import { ok, envelopeSchema } from '../../http/envelope.ts';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from '../../http/errors.ts';
import { perAddressLimit } from '../../http/anonymousRateLimit.ts';
import { signInRefusal } from '../../../domain/aggregates/user.ts';
import { revokeToken, issueToken } from '../../http/tokens.ts';
import { runDecisions } from '../../store/command.ts';
import { hashPassword, verifyPassword, dummyPasswordHash } from '../../auth/password.ts';
import { isValidPhone } from '../../../domain/phone.ts';
import { SMS } from '../../../domain/constants.ts';
import { SYSTEM_ORG } from '../users/streams.ts';
import { membershipCommand, seatsOf, userCommand } from '../users/userCommands.ts';
import { checkSmsCode, sendSmsCode, SMS_PURPOSES, SMS_TEXT, type SmsPurpose } from './smsCodes.ts';
import {
  assertNoCaptchaNeeded, claimCaptchaRequest, createImageCaptcha, createSlideCaptcha, solveImageCaptcha, solveSignInCaptcha, solveSlideCaptcha,
} from './captcha.ts';
import {
  assertMaySignIn, findUser, loginResultOf, loginResultSchema, metaFor, recordSignIn, signIn, SIGN_IN_TEXT, type UserRow,
} from './signIn.ts';
import qrRoutes from './qrRoutes.ts';
import { grantTrialRole } from '../roles/trialRoleGrant.ts';
import { isMemberOfOrgApp, orgAppTakesSignUps } from './selfRegistration.ts';
import { SELF_REGISTRATION_TEXT } from '../../../domain/selfRegistration.ts';
import { TRIAL_ROLE_CODES, type TrialRoleCode } from '../../../domain/trialRole.ts';
import { orgAppSchema, orgAppsOfUser } from '../orgApps/orgAppView.ts';
import type { LoginResult } from '../../../domain/types.ts';

const tags = ['passport'];
const phone = { type: 'string', minLength: 1, maxLength: 32 } as const;
const shortText = { type: 'string', maxLength: 128 } as const;
const purpose = { type: 'string', enum: [...SMS_PURPOSES] } as const;
const smsSentSchema = envelopeSchema({
  type: 'object', properties: { phoneNumber: { type: 'string' }, expiresIn: { type: 'integer' } }, required: ['phoneNumber', 'expiresIn'],
});
const loginEnvelope = envelopeSchema(loginResultSchema);
/**
 * The password and SMS sign-in answer with the user's org-apps too (as GET /v2/users/org/app lists them): the
 * console shows its chooser without another round trip (issue 12). The list call stays for other clients.
 */
const loginWithOrgAppsEnvelope = envelopeSchema({
  ...loginResultSchema, properties: { ...loginResultSchema.properties, orgApps: { type: 'array', items: orgAppSchema } },
});
/** A sign-in's answer with the user's org-apps (the chooser needs no call of its own), the two read side by side. */
const withOrgApps = async (db: ModuleContext['db'], userId: string, now: Date, login: Promise<LoginResult>) => {
  const [signedIn, orgApps] = await Promise.all([login, orgAppsOfUser(db, userId, now)]);
  return { ...signedIn, orgApps };
};

export const PASSPORT_TEXT = {
  needCaptcha: '请先完成图形验证或滑动验证',
  orgAppMissing: '机构应用不存在',
  orgAppDisabled: '该机构应用已停用',
  usernameMismatch: '账号与手机号不一致',
  passwordTooShort: '密码长度不能少于 6 位',
  alreadyRegistered: '该手机号正在注册，请稍后重试',
} as const;
const PASSWORD_MIN_LENGTH = 6;

function requirePhone(phoneNumber: string): string {
  const p = phoneNumber.trim();
  if (!isValidPhone(p)) throw badRequest(SIGN_IN_TEXT.badPhone);
  return p;
}

/**
 * Login codes go only to accounts that exist and may sign in; reset codes only to accounts that exist; register codes
 * to anyone (the owner of a registered number signs in to a trial org with one, /v1/passport/formuser). The caller is
 * answered alike either way (issue 29): whether a code went out is the phone owner's to know.
 */
async function mayReceive(ctx: ModuleContext, phoneNumber: string, type: SmsPurpose, now: Date): Promise<boolean> {
  if (type === 'register') return true;
  const user = await findUser(ctx.db, phoneNumber);
  if (!user) return false;
  return type !== 'loginsmscode' || signInRefusal(user, now) === null;
}

export default async function passportRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  /** issue 29: the calls that send, create or guess, and the captchas drawn, bounded per client address */
  const passportWrites = { rateLimit: perAddressLimit(ctx.settings, 'passportWritesPerAddress') };
  const captchaDraws = { rateLimit: perAddressLimit(ctx.settings, 'captchasPerAddress') };

  app.get<{ Querystring: { height: number; fontSize: number; username?: string } }>('/v1/passport/captcha', {
    config: { auth: 'public', ...captchaDraws },
    schema: {
      tags, summary: 'Image captcha (SVG data URL); with username it guards /v2/passport/smscode for that phone',
      querystring: {
        type: 'object', additionalProperties: false,
        properties: {
          height: { type: 'integer', minimum: 16, maximum: 200, default: 40 },
          fontSize: { type: 'integer', minimum: 8, maximum: 120, default: 30 },
          username: shortText,
        },
      },
      response: { 200: envelopeSchema({ type: 'object', properties: { id: { type: 'string' }, image: { type: 'string' } }, required: ['id', 'image'] }) },
    },
  }, async (request) => {
    const { height, fontSize } = request.query;
    const username = request.query.username?.trim() || undefined;
    await claimCaptchaRequest(db, request.ip, username, ctx.clock());
    return ok(await createImageCaptcha(db, { username, height, fontSize, now: ctx.clock() }));
  });

  app.get<{ Querystring: { username?: string } }>('/v1/passport/slidecaptcha', {
    config: { auth: 'public', ...captchaDraws },
    schema: {
      tags, summary: 'Slide puzzle (two PNGs): drag the piece (placed at top y) along x to the hole; answer with /v2/passport/smscode {token, trail} for the phone given as username',
      querystring: { type: 'object', additionalProperties: false, properties: { username: shortText } },
      response: {
        200: envelopeSchema({
          type: 'object',
          properties: {
            token: { type: 'string' }, width: { type: 'integer' }, height: { type: 'integer' }, y: { type: 'number' },
            background: { type: 'string' }, piece: { type: 'string' },
          },
          required: ['token', 'width', 'height', 'y', 'background', 'piece'],
        }),
      },
    },
  }, async (request) => {
    const username = request.query.username?.trim() || undefined;
    await claimCaptchaRequest(db, request.ip, username, ctx.clock());
    return ok(await createSlideCaptcha(db, ctx.clock(), username));
  });

  app.post<{ Body: { phoneNumber: string; type?: SmsPurpose } }>('/v1/passport/smscode', {
    config: { auth: 'public', ...passportWrites },
    schema: {
      tags, summary: 'Send an SMS code (login, password reset or registration); a login code after failed sign-ins is 428: send it through /v2/passport/smscode with a captcha',
      body: {
        type: 'object', additionalProperties: false, required: ['phoneNumber'],
        properties: { username: shortText, phoneNumber: phone, appName: shortText, appId: shortText, type: purpose, smsAppId: shortText },
      },
      response: { 200: smsSentSchema },
    },
  }, async (request) => {
    const now = ctx.clock();
    const phoneNumber = requirePhone(request.body.phoneNumber);
    const type = request.body.type ?? 'loginsmscode';
    // issue 15: sign-in codes of an account that failed CAPTCHA_GATE.afterFailures times need a captcha (v2). A register
    // code is one too: POST /v1/passport/formuser signs an existing account in with it, so it must not be a way round.
    if (type === 'loginsmscode' || type === 'register') await assertNoCaptchaNeeded(db, phoneNumber, now, PASSPORT_TEXT.needCaptcha);
    const deliver = await mayReceive(ctx, phoneNumber, type, now);
    await sendSmsCode(db, ctx.sms, { phone: phoneNumber, purpose: type, address: request.ip, now, deliver });
    return ok({ phoneNumber, expiresIn: SMS.codeTtlMs / 1000 });
  });

  app.post<{ Body: { phoneNumber: string; code?: string; token?: string; trail?: number[]; type?: SmsPurpose } }>('/v2/passport/smscode', {
    config: { auth: 'public', ...passportWrites },
    schema: {
      tags, summary: 'Send an SMS code after an image captcha {code} or a slide captcha {token, trail}',
      body: {
        // appId is accepted as §7 sends it, not required: the sign-in screen asks for a code before any app is chosen
        type: 'object', additionalProperties: false, required: ['phoneNumber'],
        properties: {
          phoneNumber: phone, appId: shortText, smsAppId: shortText, type: purpose,
          code: { type: 'string', minLength: 1, maxLength: 16 },
          token: { type: 'string', minLength: 1, maxLength: 64 },
          trail: { type: 'array', maxItems: 5000, items: { type: 'number' } },
        },
      },
      response: { 200: smsSentSchema },
    },
  }, async (request) => {
    const now = ctx.clock();
    const { code, token, trail } = request.body;
    const phoneNumber = requirePhone(request.body.phoneNumber);
    if (code !== undefined) await solveImageCaptcha(db, phoneNumber, code, now);
    else if (token !== undefined && trail !== undefined) await solveSlideCaptcha(db, token, phoneNumber, trail, now);
    else throw badRequest(PASSPORT_TEXT.needCaptcha);
    const type = request.body.type ?? 'loginsmscode';
    const deliver = await mayReceive(ctx, phoneNumber, type, now);
    await sendSmsCode(db, ctx.sms, { phone: phoneNumber, purpose: type, address: request.ip, now, deliver });
    return ok({ phoneNumber, expiresIn: SMS.codeTtlMs / 1000 });
  });

  app.post<{ Body: { phoneNumber: string; code: string; type?: SmsPurpose } }>('/v1/passport/verifysmscode', {
    config: { auth: 'public', ...passportWrites },
    schema: {
      tags, summary: 'Check an SMS code without using it up (a wrong answer still counts as a try)',
      body: {
        type: 'object', additionalProperties: false, required: ['phoneNumber', 'code'],
        properties: { phoneNumber: phone, code: { type: 'string', minLength: 1, maxLength: 16 }, type: purpose },
      },
      response: { 200: envelopeSchema({ type: 'object', properties: { valid: { type: 'boolean' } }, required: ['valid'] }) },
    },
  }, async (request) => {
    const phoneNumber = requirePhone(request.body.phoneNumber);
    await checkSmsCode(db, { phone: phoneNumber, code: request.body.code.trim(), purpose: request.body.type, now: ctx.clock(), consume: false });
    return ok({ valid: true });
  });

  app.post<{ Body: { username: string; password: string; type?: string; captcha?: string } }>('/v1/passport/login', {
    config: { auth: 'public' },
    schema: {
      tags, summary: 'Sign in with password, or with type loginsmscode and the SMS code as password; after failed tries a password sign-in needs {captcha} (428 without)',
      body: {
        type: 'object', additionalProperties: false, required: ['username', 'password'],
        properties: {
          username: { type: 'string', minLength: 1, maxLength: 64 },
          password: { type: 'string', minLength: 1, maxLength: 256 },
          type: shortText, appId: shortText, smsAppId: shortText,
          /** the answer to GET /v1/passport/captcha?username=…, needed after CAPTCHA_GATE.afterFailures failed tries */
          captcha: { type: 'string', minLength: 1, maxLength: 16 },
        },
      },
      response: { 200: loginWithOrgAppsEnvelope },
    },
  }, async (request) => {
    const now = ctx.clock();
    const username = request.body.username.trim();
    if (request.body.type === 'loginsmscode') {
      const phoneNumber = requirePhone(username);
      try {
        await checkSmsCode(db, { phone: phoneNumber, code: request.body.password.trim(), purpose: 'loginsmscode', now });
      } catch (e) {
        // a wrong code counts toward the captcha gate: the next code of this phone needs one
        if (e instanceof HttpError && e.statusCode === 400) await recordSmsCodeFailure(db, phoneNumber, request.ip, now);
        throw e;
      }
      const user = await findUser(db, phoneNumber);
      if (!user) throw badRequest(SMS_TEXT.wrong);
      return ok(await withOrgApps(db, user.user_id, now, signIn(db, request, user, 'smscode', now)));
    }
    // issue 15: after failed tries a captcha first (428 without one), so a script cannot keep guessing unseen
    const { captcha } = request.body;
    if (captcha !== undefined) await solveSignInCaptcha(db, username, captcha, now);
    // guessing is limited per account and address (429 with the wait); a right password forgives its try
    // the try is claimed and the user read side by side (issue 12: sign-in to menu)
    const [attempt, user] = await Promise.all([
      claimPasswordTry(db, username, request.ip, now, { captchaPassed: captcha !== undefined }), findUser(db, username),
    ]);
    // Unknown user and wrong password take the same time and get the same answer.
    const matches = await verifyPassword(request.body.password, user?.password_hash ?? await dummyPasswordHash());
    if (!user || !matches) {
      await settleFailedTry(db, attempt);
      throw badRequest(SIGN_IN_TEXT.badCredentials);
    }
    const [, answer] = await Promise.all([forgiveTry(db, attempt), withOrgApps(db, user.user_id, now, signIn(db, request, user, 'password', now))]);
    return ok(answer);
  });

  app.post<{ Body: { appId: string; orgId: string; phoneNumber: string; smscode: string; roleCode?: TrialRoleCode } }>('/v1/passport/formuser', {
    config: { auth: 'public', ...passportWrites },
    schema: {
      tags, summary: 'Trial applicant: sign up (or in) with a register SMS code and join the org-app',
      description: 'Only a trial or experience org, or a formal org whose admin switched on self-registration (org config '
        + 'selfRegistrationEnable; never the platform org), takes a new member (else 403); a member of the org-app signs in. '
        + 'In a trial org an applicant without a role there gets one (domain/trialRole.ts): the role of the §1 code he '
        + 'applies as (roleCode), else the org\'s most limited read role.',
      body: {
        type: 'object', additionalProperties: false, required: ['appId', 'orgId', 'phoneNumber', 'smscode'],
        properties: {
          appId: { type: 'string', minLength: 1, maxLength: 64 }, orgId: { type: 'string', minLength: 1, maxLength: 64 },
          phoneNumber: phone, smscode: { type: 'string', minLength: 1, maxLength: 16 },
          roleCode: { type: 'string', enum: [...TRIAL_ROLE_CODES], description: 'the §1 identity he applies as (1 school/purchaser … 6 supplier salesman)' },
        },
      },
      response: { 200: loginEnvelope },
    },
  }, async (request) => {
    const now = ctx.clock();
    const { appId, orgId } = request.body;
    const phoneNumber = requirePhone(request.body.phoneNumber);
    const orgApp = await db.selectFrom('org_apps').select(['disabled']).where('org_id', '=', orgId).where('app_id', '=', appId).executeTakeFirst();
    if (!orgApp) throw notFound(PASSPORT_TEXT.orgAppMissing);
    if (orgApp.disabled) throw forbidden(PASSPORT_TEXT.orgAppDisabled);
    const existing = await findUser(db, phoneNumber);
    if (existing) assertMaySignIn(existing, now);
    // issue 27: an outsider joins only an org that takes sign-ups (a trial org, or a formal one whose admin switched
    // it on; never the platform org); a member of the org-app signs in (refused before his code is used up)
    const member = existing ? await isMemberOfOrgApp(db, orgId, appId, existing.user_id) : false;
    if (!member && !(await orgAppTakesSignUps(db, orgId, appId))) throw forbidden(SELF_REGISTRATION_TEXT.closed);
    try {
      await checkSmsCode(db, { phone: phoneNumber, code: request.body.smscode.trim(), purpose: 'register', now });
    } catch (e) {
      // as at the SMS sign-in: a wrong code counts toward the captcha gate of the phone's next code (issue 15)
      if (e instanceof HttpError && e.statusCode === 400) await recordSmsCodeFailure(db, phoneNumber, request.ip, now);
      throw e;
    }
    const passwordHash = await hashPassword(crypto.randomBytes(24).toString('base64url'));
    try {
      const { user, token, expiresAt } = await runDecisions(db, async (tx) => {
        let user: UserRow | undefined = await findUser(tx, phoneNumber);
        if (!user) {
          const userId = crypto.randomUUID();
          await userCommand(tx, {
            userId, streamOrg: SYSTEM_ORG, meta: metaFor(request, { user_id: userId, username: phoneNumber }, now),
            command: {
              type: 'CreateUser',
              user: {
                userId, username: phoneNumber, name: phoneNumber, email: '', passwordHash, isDev: false, enable: true,
                expiration: null, isRegister: true, isNotRouterHome: false,
              },
            },
          });
          user = (await findUser(tx, phoneNumber))!;
        }
        assertMaySignIn(user, now);
        // joins the org-app unless he is in it; the org's user limit counts people, not memberships (someone
        // already in the org takes no new seat)
        const meta = metaFor(request, user, now);
        await membershipCommand(tx, orgId, user.user_id, { type: 'EnsureInOrgApp', orgId, appId, userId: user.user_id, seats: await seatsOf(tx, orgId) }, meta);
        // a trial org gives him a role, so his menu is not empty (in the same transaction: all or nothing)
        await grantTrialRole(tx, { orgId, appId, userId: user.user_id, appliedAs: request.body.roleCode, meta });
        const issued = await issueToken(tx, user.user_id, now, 'smscode');
        await recordSignIn(tx, request, user, 'register', now);
        return { user, ...issued };
      });
      return ok(loginResultOf(user, token, expiresAt));
    } catch (err) {
      // Two registrations of one phone at once: the second hits the unique username.
      if ((err as { code?: string }).code === '23505') throw conflict(PASSPORT_TEXT.alreadyRegistered);
      throw err;
    }
  });

  app.post<{ Body: { username: string; phoneNumber: string; smscode: string; password: string } }>('/v1/passport/resetpwd', {
    config: { auth: 'public', ...passportWrites },
    schema: {
      tags, summary: 'Reset the password with a resetpwd SMS code; every token of the user is revoked',
      body: {
        type: 'object', additionalProperties: false, required: ['username', 'phoneNumber', 'smscode', 'password'],
        properties: {
          username: { type: 'string', minLength: 1, maxLength: 64 }, phoneNumber: phone,
          smscode: { type: 'string', minLength: 1, maxLength: 16 }, password: { type: 'string', maxLength: 256 },
          type: { type: 'string', enum: ['encrypt', 'plain'], default: 'encrypt' },
        },
      },
      response: { 200: envelopeSchema({ type: 'object', properties: { userId: { type: 'string' } }, required: ['userId'] }) },
    },
  }, async (request) => {
    const now = ctx.clock();
    const phoneNumber = requirePhone(request.body.phoneNumber);
    if (request.body.username.trim() !== phoneNumber) throw badRequest(PASSPORT_TEXT.usernameMismatch);
    const { password } = request.body;
    if (password.length < PASSWORD_MIN_LENGTH) throw badRequest(PASSPORT_TEXT.passwordTooShort);
    // the code first (issue 29): a free number never got one, so it is refused as a wrong code is, not as "unregistered"
    await checkSmsCode(db, { phone: phoneNumber, code: request.body.smscode.trim(), purpose: 'resetpwd', now });
    const user = await findUser(db, phoneNumber);
    if (!user) throw badRequest(SMS_TEXT.wrong);
    const passwordHash = await hashPassword(password);
    await runDecisions(db, async (tx) => {
      await userCommand(tx, {
        userId: user.user_id, streamOrg: user.org_id, meta: metaFor(request, user, now),
        command: { type: 'ResetPassword', userId: user.user_id, passwordHash },
      });
      // every session ends (tokens are session state, a plain write)
      await tx.updateTable('access_tokens').set({ revoked_at: now }).where('user_id', '=', user.user_id).where('revoked_at', 'is', null).execute();
    });
    return ok({ userId: user.user_id });
  });

  app.post('/v2/passport/logout', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Sign out: the access token of this request stops working',
      response: { 200: envelopeSchema({ type: 'object', properties: { userId: { type: 'string' } }, required: ['userId'] }) },
    },
  }, async (request) => {
    const now = ctx.clock();
    const auth = request.user;
    if (!auth) throw unauthorized();
    const user = await db.selectFrom('users').select(['org_id']).where('user_id', '=', auth.userId).executeTakeFirst();
    await runDecisions(db, async (tx) => {
      if (!(await revokeToken(tx, auth.token, now))) throw unauthorized('登录已过期，请重新登录');
      await userCommand(tx, {
        userId: auth.userId, streamOrg: user?.org_id ?? SYSTEM_ORG, meta: metaFor(request, { user_id: auth.userId, username: auth.username }, now),
        command: { type: 'RecordSignOut', userId: auth.userId },
      });
    });
    return ok({ userId: auth.userId });
  });

  await qrRoutes(app, ctx);
}
