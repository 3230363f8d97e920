// Issue 34: members sign in on the storefront with an SMS code (§7 passport's code sending, captcha and throttles,
// reused): the image captcha of GET /v1/passport/captcha?username=<phone> first, then a code of the storefront's own
// purpose, then the sign-in, which makes a phone new to the org a member (default group, §9 level LV1). The token
// answered is a member token (server/http/memberAuth.ts): it opens the storefront of that org and nothing else.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import type { Tx } from '../../store/eventStore.ts';
import { envelopeSchema, ok } from '../../http/envelope.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { perAddressLimit } from '../../http/anonymousRateLimit.ts';
import { decideAndAppend, lockKey, loadLocked, runDecisions } from '../../store/command.ts';
import { issueMemberToken, revokeMemberToken, type AuthMember } from '../../http/memberAuth.ts';
import { checkSmsCode, STOREFRONT_SMS_PURPOSE, sendSmsCode } from '../passport/smsCodes.ts';
import { solveImageCaptcha } from '../passport/captcha.ts';
import { recordSmsCodeFailure } from '../passport/passwordThrottle.ts';
import { SIGN_IN_TEXT } from '../passport/signIn.ts';
import { memberStreams } from '../members/powers.ts';
import { isValidPhone } from '../../../domain/phone.ts';
import { SMS } from '../../../domain/constants.ts';
import { runsMall } from '../../../domain/mall/mallOrg.ts';
import { DEFAULT_TEMPLATE, type StorefrontTemplate } from '../../../domain/mall/content.ts';
import { defaultGroupId, memberConfigOf, memberDecider, memberGroupDecider } from '../../../domain/aggregates/member.ts';
import type { MemberConfig } from '../../../domain/members.ts';
import { TEMPLATE_RECORD_ID } from './access.ts';

export const STOREFRONT_TEXT = {
  closed: '该商城未开放',
} as const;

const tags = ['storefront'];
const orgIdStr = { type: 'string', minLength: 1, maxLength: 64 } as const;
const phone = { type: 'string', minLength: 1, maxLength: 32 } as const;

/** The org's storefront as members may see it: a mall org whose template is open; else null. */
export async function openShop(db: ModuleContext['db'] | Tx, orgId: string): Promise<{ orgId: string; template: StorefrontTemplate } | null> {
  const row = await db.selectFrom('orgs as o')
    .leftJoin('mall_records as r', (j) => j.onRef('r.org_id', '=', 'o.org_id').on('r.record_id', '=', TEMPLATE_RECORD_ID))
    .select(['o.org_id', 'o.kind', 'r.data']).where('o.org_id', '=', orgId).executeTakeFirst();
  if (!row || !runsMall(row.kind) || !row.data) return null;
  const template = { ...DEFAULT_TEMPLATE, ...(row.data as StorefrontTemplate) };
  return template.open ? { orgId: row.org_id, template } : null;
}

const memberOut = (m: AuthMember | { memberId: string; name: string; level: string; orgId: string }) => ({ memberId: m.memberId, name: m.name, level: m.level, orgId: m.orgId });
const memberSchema = { type: 'object', properties: { memberId: { type: 'string' }, name: { type: 'string' }, level: { type: 'string' }, orgId: { type: 'string' } } } as const;

/** The org's member with the phone, or a new one: default group, the org's first level (§9 LV1). */
async function memberOfPhone(tx: Tx, orgId: string, phoneNumber: string, meta: Parameters<typeof decideAndAppend>[1]['meta']) {
  // two first sign-ins of one phone at once make one member
  await lockKey(tx, 'memberPhone', `${orgId}:${phoneNumber}`);
  const found = await tx.selectFrom('product_members').select(['user_id', 'name', 'config']).where('org_id', '=', orgId).where('phone_number', '=', phoneNumber).executeTakeFirst();
  if (found) return found;
  const groupId = defaultGroupId(orgId);
  await decideAndAppend(tx, { orgId, streamId: memberStreams.group(groupId), streamType: 'memberGroup', decider: memberGroupDecider, meta, command: { type: 'EnsureDefaultGroup', groupId } });
  const configRow = await tx.selectFrom('product_member_config').select('config').where('org_id', '=', orgId).executeTakeFirst();
  const levels = memberConfigOf((configRow?.config ?? null) as MemberConfig | null).memberLevel.map((l) => l.id);
  const userId = `pm-${crypto.randomUUID()}`;
  const streamId = memberStreams.member(orgId, userId);
  await decideAndAppend(tx, {
    orgId, streamId, streamType: 'productMember', decider: memberDecider, meta,
    load: () => loadLocked(tx, orgId, streamId, async () => ({ member: null })),
    command: {
      type: 'AddMember', userId, name: `会员${phoneNumber.slice(-4)}`, phoneNumber, groupId, groupExists: true, levels, phoneTaken: false,
      config: { signedUpOn: 'storefront' },
    },
  });
  return tx.selectFrom('product_members').select(['user_id', 'name', 'config']).where('org_id', '=', orgId).where('user_id', '=', userId).executeTakeFirstOrThrow();
}

export default async function memberSignInRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  const writes = { rateLimit: perAddressLimit(ctx.settings, 'passportWritesPerAddress') };
  const requirePhone = (p: string) => {
    const t = p.trim();
    if (!isValidPhone(t)) throw badRequest(SIGN_IN_TEXT.badPhone);
    return t;
  };
  const requireOpenShop = async (orgId: string) => {
    const shop = await openShop(db, orgId);
    if (!shop) throw notFound(STOREFRONT_TEXT.closed);
    return shop;
  };

  app.get<{ Params: { orgId: string } }>('/v1/storefront/shop/:orgId', {
    config: { auth: 'public' },
    schema: {
      tags, summary: "A storefront's name and languages before sign-in (404 when the org has no open storefront)",
      params: { type: 'object', required: ['orgId'], properties: { orgId: orgIdStr } },
      response: { 200: envelopeSchema({ type: 'object', properties: { orgId: { type: 'string' }, shopName: { type: 'string' } } }) },
    },
  }, async (request) => {
    const shop = await requireOpenShop(request.params.orgId);
    return ok({ orgId: shop.orgId, shopName: shop.template.shopName });
  });

  app.post<{ Body: { orgId: string; phoneNumber: string; captcha: string } }>('/v1/storefront/smscode', {
    config: { auth: 'public', ...writes },
    schema: {
      tags, summary: 'Send a storefront sign-in code: after the image captcha of GET /v1/passport/captcha?username=<phone> (always: a new phone may sign up)',
      body: {
        type: 'object', additionalProperties: false, required: ['orgId', 'phoneNumber', 'captcha'],
        properties: { orgId: orgIdStr, phoneNumber: phone, captcha: { type: 'string', minLength: 1, maxLength: 16 } },
      },
      response: { 200: envelopeSchema({ type: 'object', properties: { phoneNumber: { type: 'string' }, expiresIn: { type: 'integer' } } }) },
    },
  }, async (request) => {
    const now = ctx.clock();
    const phoneNumber = requirePhone(request.body.phoneNumber);
    await requireOpenShop(request.body.orgId);
    await solveImageCaptcha(db, phoneNumber, request.body.captcha.trim(), now);
    await sendSmsCode(db, ctx.sms, { phone: phoneNumber, purpose: STOREFRONT_SMS_PURPOSE, address: request.ip, now });
    return ok({ phoneNumber, expiresIn: SMS.codeTtlMs / 1000 });
  });

  app.post<{ Body: { orgId: string; phoneNumber: string; smscode: string } }>('/v1/storefront/login', {
    config: { auth: 'public', ...writes },
    schema: {
      tags, summary: "Sign in to an org's storefront with its SMS code: a member token (header membertoken); a new phone becomes a member (LV1)",
      body: {
        type: 'object', additionalProperties: false, required: ['orgId', 'phoneNumber', 'smscode'],
        properties: { orgId: orgIdStr, phoneNumber: phone, smscode: { type: 'string', minLength: 1, maxLength: 16 } },
      },
      response: {
        200: envelopeSchema({
          type: 'object', properties: { membertoken: { type: 'string' }, expiresAt: { type: 'string' }, member: memberSchema },
        }),
      },
    },
  }, async (request) => {
    const now = ctx.clock();
    const phoneNumber = requirePhone(request.body.phoneNumber);
    const { orgId } = await requireOpenShop(request.body.orgId);
    try {
      await checkSmsCode(db, { phone: phoneNumber, code: request.body.smscode.trim(), purpose: STOREFRONT_SMS_PURPOSE, now });
    } catch (e) {
      // as the staff sign-in: a wrong code counts toward the captcha gate of the phone (issue 15)
      if (e instanceof HttpError && e.statusCode === 400) await recordSmsCodeFailure(db, phoneNumber, request.ip, now);
      throw e;
    }
    const meta = { username: phoneNumber, route: 'POST /v1/storefront/login', requestId: request.id, time: now.toISOString() };
    const { member, token, expiresAt } = await runDecisions(db, async (tx) => {
      const m = await memberOfPhone(tx, orgId, phoneNumber, meta);
      const issued = await issueMemberToken(tx, { orgId, memberId: m.user_id, phone: phoneNumber, now });
      const level = (m.config as { level?: string } | null)?.level ?? '';
      return { member: { orgId, memberId: m.user_id, name: m.name, level }, ...issued };
    });
    return ok({ membertoken: token, expiresAt: expiresAt.toISOString(), member: memberOut(member) });
  });

  app.get('/v1/storefront/me', {
    config: { auth: 'member' },
    schema: { tags, summary: 'The signed-in member', response: { 200: envelopeSchema(memberSchema) } },
  }, async (request) => ok(memberOut(request.member!)));

  app.post('/v1/storefront/logout', {
    config: { auth: 'member' },
    schema: { tags, summary: 'Sign the member out: this member token stops working', response: { 200: envelopeSchema({ type: 'object', properties: { memberId: { type: 'string' } } }) } },
  }, async (request) => {
    await revokeMemberToken(db, request.member!.token, ctx.clock());
    return ok({ memberId: request.member!.memberId });
  });
}
