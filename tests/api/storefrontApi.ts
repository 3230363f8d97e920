// Helpers for the storefront's API tests (issue 34): a member's SMS sign-in as the storefront does it (image captcha,
// storefront code, sign-in) and calls with his member token.
import type { TestServer } from '../support/testServer.ts';
import { call, type Session } from './usersApi.ts';
import type { Envelope } from '../../domain/types.ts';
import crypto from 'node:crypto';
import { runCommand } from '../../server/store/command.ts';
import { appendToStream } from '../../server/store/eventStore.ts';
import { issueMemberToken } from '../../server/http/memberAuth.ts';
import { memberStreams } from '../../server/modules/members/powers.ts';

export interface MemberSession { membertoken: string; memberId: string; orgId: string; level: string }

/** A storefront call with the member token in its own header, as the storefront sends it. */
export async function memberCall<T = unknown>(server: Pick<TestServer, 'url'>, method: string, path: string, token: string | undefined, body?: unknown, headers: Record<string, string> = {}) {
  const h: Record<string, string> = { ...headers };
  if (token) h.membertoken = token;
  if (body !== undefined) h['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${path}`, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Envelope<T>, headers: res.headers };
}

/** The image captcha the server drew for the phone: what a person reads off the picture. */
export async function drawCaptcha(server: TestServer, phone: string): Promise<string> {
  const drawn = await call(server, 'GET', `/v1/passport/captcha?username=${phone}`);
  if (drawn.status !== 200) throw new Error(`captcha for ${phone}: ${drawn.status}`);
  const row = await server.store.db.selectFrom('captchas').select('answer').where('id', '=', `image:${phone}`).executeTakeFirstOrThrow();
  return row.answer;
}

/** Asks the storefront for a code (captcha first) and answers the code the dev outbox got. */
export async function storefrontCode(server: TestServer, orgId: string, phone: string): Promise<string> {
  const captcha = await drawCaptcha(server, phone);
  const sent = await memberCall(server, 'POST', '/v1/storefront/smscode', undefined, { orgId, phoneNumber: phone, captcha });
  if (sent.status !== 200) throw new Error(`storefront code for ${phone}: ${sent.body.status_text}`);
  return server.sms.latest(phone)!;
}

export async function memberSignIn(server: TestServer, orgId: string, phone: string): Promise<MemberSession> {
  const smscode = await storefrontCode(server, orgId, phone);
  const res = await memberCall<{ membertoken: string; member: { memberId: string; orgId: string; level: string } }>(server, 'POST', '/v1/storefront/login', undefined, { orgId, phoneNumber: phone, smscode });
  if (res.status !== 200) throw new Error(`storefront sign-in of ${phone}: ${res.body.status_text}`);
  return { membertoken: res.body.data.membertoken, ...res.body.data.member };
}

/** A staff call (accesstoken + key). */
export const staff = <T = Record<string, unknown>>(server: TestServer, s: Session, method: string, path: string, body?: unknown) =>
  call<T>(server, method, path, { token: s.token, key: s.key, body });

/** Opens an org's storefront (the template, open) as its operator. */
export async function openStorefront(server: TestServer, s: Session, shopName: string, layout = 'classic'): Promise<void> {
  const res = await staff(server, s, 'PUT', '/v4/mall/cms/template', { layout, shopName, open: true, blocks: [] });
  if (res.status !== 200) throw new Error(`opening the storefront: ${res.body.status_text}`);
}

/**
 * Members of an org signed in without the SMS round (the per-address code limits of §9 would stop a test that needs
 * twenty): each added to the org's default group as the sign-in adds a new phone, and given a member session as the
 * sign-in does (server/http/memberAuth.ts issueMemberToken).
 */
export async function fixtureMembers(server: TestServer, orgId: string, phones: string[]): Promise<MemberSession[]> {
  const db = server.store.db;
  const now = new Date();
  const group = await db.selectFrom('product_member_groups').select('group_id').where('org_id', '=', orgId).where('is_default', '=', true).executeTakeFirstOrThrow();
  return runCommand(db, async (tx) => {
    const out: MemberSession[] = [];
    for (const phone of phones) {
      const userId = `pm-${crypto.randomUUID()}`;
      await appendToStream(tx, {
        orgId, streamId: memberStreams.member(orgId, userId), streamType: 'productMember', expectedVersion: 0, meta: { time: now.toISOString(), route: 'test' },
        events: [{ type: 'MemberAdded', data: { userId, name: `会员${phone.slice(-4)}`, phoneNumber: phone, groupId: group.group_id, config: { level: 'LV1' } } }],
      });
      const { token } = await issueMemberToken(tx, { orgId, memberId: userId, phone, now });
      out.push({ membertoken: token, memberId: userId, orgId, level: 'LV1' });
    }
    return out;
  });
}
