// §7 passport, users, org-app key and contacts calls as replays (see replay.ts). The public calls run first on
// phone numbers of their own: a demo account's SMS sign-in (captchas, both v2 variants, verify, login), a trial
// applicant and a self-registered account. SMS codes come from the dev outbox (loopback only) and captcha
// answers from the captchas table, as the passport API tests read them. Then a user admin of school A manages
// users and contacts. Calls that end something run last on accounts made here: deleting a user, resetting the
// registered account's password and signing out the SMS session, so no other replay loses its session.
import { expect } from 'vitest';
import type { TestServer } from '../../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_A, type Session } from '../usersApi.ts';
import type { Replay } from './replay.ts';

type Server = Pick<TestServer, 'url' | 'store'>;

// sessions cost a scrypt each: made once, on first use
let userAdmin: Session | undefined;
let provider: Session | undefined;
const asUserAdmin = async (server: Server) => (userAdmin ??= await signIn(server, DEMO.userAdmin, SCHOOL_A));
const asProvider = async (server: Server) => (provider ??= await signIn(server, DEMO.provider, SCHOOL_A));
/** The app of the demo org-apps (its id carries the seeding year). */
const appIdOf = async (server: Server) => (await asProvider(server)).orgApp!.appId;
const APP_NAME = '营养餐管理平台';
const SCHOOL_A_ID = 'org-ygsy';
const TRIAL_ORG_ID = 'org-tyxx';

/** The last code the dev SMS outbox holds for a phone. */
async function outboxCode(server: Server, phoneNumber: string): Promise<string> {
  const res = await call<{ code: string }>(server, 'GET', `/v1/dev/smsoutbox?phoneNumber=${phoneNumber}`);
  expect(res.status, res.body.status_text).toBe(200);
  return res.body.data.code;
}
/** Sends a code of a purpose through POST /v1/passport/smscode (setup of a later call) and reads it back. */
async function smsCode(server: Server, phoneNumber: string, type: 'register' | 'resetpwd'): Promise<string> {
  const sent = await call(server, 'POST', '/v1/passport/smscode', { body: { username: phoneNumber, phoneNumber, type } });
  expect(sent.status, sent.body.status_text).toBe(200);
  return outboxCode(server, phoneNumber);
}
/** The stored answer of a captcha (only a test may read it). */
async function captchaAnswer(server: Server, id: string): Promise<string> {
  return (await server.store.db.selectFrom('captchas').select('answer').where('id', '=', id).executeTakeFirstOrThrow()).answer;
}

// the SMS sign-in of a demo account: 周丽华, the dietitian of both schools
const SMS_PHONE = DEMO.dietitian;
let slideToken = '';
let smsSession: Session | undefined;
let qrId = '';
// a trial applicant of the trial school and a person who registers himself
const TRIAL_PHONE = '13912340001';
const REGISTER_PHONE = '13912340002';
const REGISTER_PASSWORD = 'Lin@2026';
let registeredToken = '';
// what the user admin creates
const NEW_USER_PHONE = '13912340011';
let newUserId = '';
let departmentId = '';
let childDepartmentId = '';
let siblingDepartmentId = '';
let personId = '';
const PERSON_PHONE = '13912340021';
const BULK_PHONES = ['13912340031', '13912340032'] as const;
let bulkPersonIds: string[] = [];

const rows = <T>(data: unknown) => (data as { rows: T[] }).rows;

export const replays: Replay[] = [
  // ── passport: captchas, SMS codes and sign-in ──
  {
    call: 'GET /v1/passport/captcha',
    request: () => ({ path: '/v1/passport/captcha', query: { height: 40, fontSize: 28, username: SMS_PHONE } }),
    check: (data) => expect(data).toMatchObject({ id: `image:${SMS_PHONE}`, image: expect.stringMatching(/^data:image\/svg\+xml;base64,/) }),
  },
  {
    call: 'GET /v1/passport/slidecaptcha',
    // a slide puzzle is bound to the phone whose SMS it gates (issue 29)
    request: () => ({ path: '/v1/passport/slidecaptcha', query: { username: SMS_PHONE } }),
    check: (data) => {
      slideToken = (data as { token: string }).token;
      expect(slideToken).not.toBe('');
    },
  },
  {
    call: 'POST /v1/passport/smscode',
    request: async ({ server }) => ({
      path: '/v1/passport/smscode',
      body: { username: SMS_PHONE, phoneNumber: SMS_PHONE, appName: APP_NAME, type: 'loginsmscode', smsAppId: await appIdOf(server) },
    }),
    check: (data) => expect(data).toEqual({ phoneNumber: SMS_PHONE, expiresIn: 300 }),
  },
  {
    call: 'POST /v2/passport/smscode',
    omit: {
      token: 'the slide answer {token, trail} is the other captcha: this request answers the image captcha with code (the slide one is replayed next)',
      trail: 'the slide answer {token, trail} is the other captcha: this request answers the image captcha with code (the slide one is replayed next)',
    },
    request: async ({ server }) => ({
      path: '/v2/passport/smscode',
      body: {
        phoneNumber: SMS_PHONE, code: (await captchaAnswer(server, `image:${SMS_PHONE}`)).toUpperCase(),
        appId: await appIdOf(server), smsAppId: await appIdOf(server), type: 'loginsmscode',
      },
    }),
    check: (data) => expect(data).toEqual({ phoneNumber: SMS_PHONE, expiresIn: 300 }),
  },
  {
    call: 'POST /v2/passport/smscode',
    omit: { code: 'code answers the image captcha: this request answers the slide captcha with {token, trail} instead (§7 gives the two shapes)' },
    request: async ({ server }) => {
      const x = Number(await captchaAnswer(server, `slide:${slideToken}`));
      return {
        path: '/v2/passport/smscode',
        body: { phoneNumber: SMS_PHONE, appId: await appIdOf(server), smsAppId: await appIdOf(server), token: slideToken, trail: [0, 12.5, x / 2, x - 3, x + 1] },
      };
    },
    check: (data) => expect(data).toEqual({ phoneNumber: SMS_PHONE, expiresIn: 300 }),
  },
  {
    call: 'POST /v1/passport/verifysmscode',
    request: async ({ server }) => ({ path: '/v1/passport/verifysmscode', body: { phoneNumber: SMS_PHONE, code: await outboxCode(server, SMS_PHONE) } }),
    check: (data) => expect(data).toEqual({ valid: true }),
  },
  {
    // the code verify only checked is still good for the sign-in
    call: 'POST /v1/passport/login',
    request: async ({ server }) => ({ path: '/v1/passport/login', body: { username: SMS_PHONE, password: await outboxCode(server, SMS_PHONE), type: 'loginsmscode' } }),
    check: (data) => {
      const login = data as { accesstoken: string; userId: string; username: string; orgApps: { orgId: string }[] };
      expect(login.username).toBe(SMS_PHONE);
      expect(login.orgApps.map((o) => o.orgId)).toContain(SCHOOL_A_ID);
      smsSession = { token: login.accesstoken, userId: login.userId };
    },
  },
  {
    call: 'POST /v1/passport/qrcode',
    request: () => ({ path: '/v1/passport/qrcode' }),
    check: (data) => {
      const qr = data as { id: string; status: string };
      expect(qr.status).toBe('waiting');
      qrId = qr.id;
    },
  },
  {
    call: 'GET /v1/passport/qrcode/{id}',
    request: () => ({ path: `/v1/passport/qrcode/${encodeURIComponent(qrId)}` }),
    check: (data) => expect(data).toMatchObject({ id: qrId, status: 'waiting' }),
  },
  {
    call: 'POST /v1/passport/formuser',
    request: async ({ server }) => ({
      path: '/v1/passport/formuser',
      body: { appId: await appIdOf(server), orgId: TRIAL_ORG_ID, phoneNumber: TRIAL_PHONE, smscode: await smsCode(server, TRIAL_PHONE, 'register') },
    }),
    check: async (data, { server }) => {
      const login = data as { accesstoken: string; username: string; isRegister: boolean };
      expect(login).toMatchObject({ username: TRIAL_PHONE, isRegister: true });
      const apps = await call<{ rows: { orgId: string }[] }>(server, 'GET', '/v2/users/org/app', { token: login.accesstoken });
      expect(apps.body.data.rows.map((r) => r.orgId)).toEqual([TRIAL_ORG_ID]);
    },
  },
  {
    call: 'POST /v2/users/register',
    request: async ({ server }) => ({
      path: '/v2/users/register',
      body: {
        username: REGISTER_PHONE, name: '林晓雨', personName: '林晓雨', mobilePhoneNumber: REGISTER_PHONE, password: REGISTER_PASSWORD,
        smscode: await smsCode(server, REGISTER_PHONE, 'register'),
      },
    }),
    check: (data) => {
      const login = data as { accesstoken: string; name: string; isRegister: boolean; mobilePhoneNumber: string };
      expect(login).toMatchObject({ name: '林晓雨', isRegister: true, mobilePhoneNumber: REGISTER_PHONE });
      registeredToken = login.accesstoken;
    },
  },
  {
    call: 'GET /v2/users/loginstatus',
    request: () => ({ as: { token: registeredToken, userId: '' }, path: '/v2/users/loginstatus' }),
    // he chose his password at registration: no initial password to change (issue 27)
    check: (data) => expect(data).toMatchObject({ firstLogin: false, user: { username: REGISTER_PHONE, name: '林晓雨' } }),
  },
  {
    call: 'GET /v2/users/org/app',
    request: () => ({
      as: smsSession, path: '/v2/users/org/app',
      query: { configPath: 'isExperienceOrg,appEdition,nutritiousmeals.mallRecipeCycleEntrance,isOnlyXGApp' },
    }),
    check: (data) => expect(rows<{ orgName: string }>(data).map((r) => r.orgName)).toEqual(expect.arrayContaining([SCHOOL_A, '明德中学'])),
  },
  {
    call: 'POST /v1/token/orgappkey/encrypt',
    request: async ({ server }) => ({ as: smsSession, path: '/v1/token/orgappkey/encrypt', body: { orgId: SCHOOL_A_ID, appId: await appIdOf(server) } }),
    check: async (data, { server }) => {
      const { key } = data as { key: string };
      // the key opens the org-app for this session
      const check = await call<{ orgId: string }>(server, 'GET', '/v2/users/checkorg', { token: smsSession!.token, key });
      expect(check.body.data.orgId).toBe(SCHOOL_A_ID);
    },
  },

  // ── users of school A, managed by its user admin ──
  {
    call: 'POST /v1/users/activation',
    request: async ({ server }) => ({ as: await asUserAdmin(server), path: '/v1/users/activation', body: { os: 'pc' } }),
    check: (data) => expect(data).toMatchObject({ os: 'pc', recorded: true }),
  },
  {
    call: 'GET /v1/users/activation',
    request: async ({ server }) => ({ as: await asUserAdmin(server), path: '/v1/users/activation' }),
    check: (data) => expect(data).toMatchObject({ activated: true, days: 1, platforms: [{ os: 'pc', days: 1 }] }),
  },
  {
    call: 'GET /v2/users/checkorg',
    request: async ({ server }) => ({ as: await asUserAdmin(server), path: '/v2/users/checkorg' }),
    check: (data) => expect(data).toMatchObject({ orgId: SCHOOL_A_ID, expired: false }),
  },
  {
    call: 'GET /v2/users/org/userlimit',
    request: async ({ server }) => ({ as: await asUserAdmin(server), path: '/v2/users/org/userlimit' }),
    check: (data) => expect(data).toMatchObject({ userLimit: null, remaining: null, userCount: expect.any(Number) }),
  },
  {
    call: 'POST /v2/users',
    request: async ({ server }) => ({
      as: await asUserAdmin(server), path: '/v2/users',
      body: {
        username: NEW_USER_PHONE, name: '王芳', personName: '王芳', email: 'wangfang@ygsy.edu.cn', mobilePhoneNumber: NEW_USER_PHONE,
        password: 'Wf@2026ygsy', enable: true, expiration: '2027-08-31', isRegister: true, isNotRouterHome: false,
      },
    }),
    check: (data) => {
      const user = data as { userId: string; name: string; email: string; expiration: string };
      expect(user).toMatchObject({ username: NEW_USER_PHONE, name: '王芳', email: 'wangfang@ygsy.edu.cn', isRegister: true, enable: true });
      expect(user.expiration.slice(0, 10)).toBe('2027-08-31');
      newUserId = user.userId;
    },
  },
  {
    call: 'GET /v2/users/account/{id}',
    request: async ({ server }) => ({ as: await asUserAdmin(server), path: `/v2/users/account/${newUserId}` }),
    check: (data) => expect(data).toMatchObject({ userId: newUserId, username: NEW_USER_PHONE, name: '王芳' }),
  },
  {
    call: 'GET /v2/users/{id}',
    request: async ({ server }) => ({ as: await asUserAdmin(server), path: `/v2/users/${newUserId}` }),
    check: (data) => expect(data).toMatchObject({ userId: newUserId, username: NEW_USER_PHONE, version: expect.any(Number), roles: [] }),
  },
  {
    // a password is set only by the user or the platform: the platform's provider edits the account
    call: 'PUT /v2/users/{username}',
    request: async ({ server }) => ({
      as: await asProvider(server), path: `/v2/users/${NEW_USER_PHONE}`,
      body: {
        name: '王芳芳', personName: '王芳芳', email: 'wangff@ygsy.edu.cn', mobilePhoneNumber: NEW_USER_PHONE, password: 'Wff@2027ygsy',
        enable: true, expiration: '2028-08-31', isRegister: true, isNotRouterHome: true,
      },
    }),
    check: async (data, { server }) => {
      expect(data).toMatchObject({ userId: newUserId, name: '王芳芳', email: 'wangff@ygsy.edu.cn', isNotRouterHome: true });
      expect((data as { expiration: string }).expiration.slice(0, 10)).toBe('2028-08-31');
      const login = await call(server, 'POST', '/v1/passport/login', { body: { username: NEW_USER_PHONE, password: 'Wff@2027ygsy' } });
      expect(login.status, login.body.status_text).toBe(200);
    },
  },
  {
    call: 'POST /v2/users/bulk',
    request: async ({ server }) => ({
      as: await asUserAdmin(server), path: '/v2/users/bulk',
      body: {
        users: [
          { username: '13912340012', name: '赵丽', personName: '赵丽', email: 'zhaoli@ygsy.edu.cn', mobilePhoneNumber: '13912340012', enable: true, expiration: null, isRegister: true, isNotRouterHome: false },
          { username: '13912340013', name: '钱进', personName: '钱进', email: '', mobilePhoneNumber: '13912340013', enable: true, expiration: '2027-07-31', isRegister: true, isNotRouterHome: false },
        ],
      },
    }),
    check: (data) => expect(rows<{ username: string; name: string }>(data).map((u) => [u.username, u.name])).toEqual([['13912340012', '赵丽'], ['13912340013', '钱进']]),
  },
  {
    call: 'PUT /v2/users/orgapp/user',
    request: async ({ server }) => ({
      as: await asUserAdmin(server), path: '/v2/users/orgapp/user',
      body: { userId: newUserId, extraInfo: { category: '食堂', homeScreen: 'mallHome' } },
    }),
    check: (data) => expect(data).toMatchObject({ userId: newUserId, orgId: SCHOOL_A_ID, extraInfo: { category: '食堂', homeScreen: 'mallHome' } }),
  },
  {
    call: 'GET /v2/users/orgapp/user',
    request: async ({ server }) => ({ as: await asUserAdmin(server), path: '/v2/users/orgapp/user', query: { userId: newUserId } }),
    check: (data) => expect(data).toMatchObject({ userId: newUserId, extraInfo: { category: '食堂', homeScreen: 'mallHome' } }),
  },
  {
    call: 'GET /v1/org/fjzzorg',
    request: async ({ server }) => ({ as: await asUserAdmin(server), path: '/v1/org/fjzzorg' }),
    check: (data) => expect(rows<{ orgId: string }>(data).map((r) => r.orgId)).toEqual([SCHOOL_A_ID]),
  },

  // ── contacts of school A ──
  {
    call: 'GET /v3/contacts/department',
    request: async ({ server }) => ({ as: await asUserAdmin(server), path: '/v3/contacts/department' }),
    check: (data) => expect((data as { departmentName: string }[]).map((d) => d.departmentName)).toEqual(expect.arrayContaining(['行政办公室', '食堂', '后厨'])),
  },
  {
    call: 'POST /v3/contacts/department',
    request: async ({ server }) => ({
      as: await asUserAdmin(server), path: '/v3/contacts/department',
      body: {
        parentId: '-1', departmentName: '后勤保障部', type: 1, roleConfig: { createPermision: { enable: true, roleNames: ['useradmin', 'admin_school'] } },
        isHide: 0, isAllHide: 0, sort: 7,
      },
    }),
    check: (data) => {
      const d = data as { departmentId: string };
      expect(d).toMatchObject({ parentId: '-1', departmentName: '后勤保障部', type: 1, isHide: 0, isAllHide: 0, sort: 7 });
      departmentId = d.departmentId;
    },
  },
  {
    call: 'POST /v3/contacts/department/bulk',
    request: async ({ server }) => ({
      as: await asUserAdmin(server), path: '/v3/contacts/department/bulk',
      body: {
        departments: [
          { parentId: departmentId, departmentName: '物资仓库', type: 1, isHide: 0, isAllHide: 0, sort: 1 },
          { parentName: '后勤保障部', departmentName: '维修班', type: 1, isHide: 0, isAllHide: 0, sort: 2 },
        ],
      },
    }),
    check: (data) => {
      const created = data as { departmentId: string; parentId: string; departmentName: string }[];
      expect(created.map((d) => [d.departmentName, d.parentId])).toEqual([['物资仓库', departmentId], ['维修班', departmentId]]);
      [childDepartmentId, siblingDepartmentId] = created.map((d) => d.departmentId);
    },
  },
  {
    call: 'PUT /v3/contacts/department/{id}',
    request: async ({ server }) => ({
      as: await asUserAdmin(server), path: `/v3/contacts/department/${childDepartmentId}`,
      body: {
        parentId: departmentId, departmentName: '物资仓库组', type: 1, roleConfig: { createPermision: { enable: false, roleNames: [] } },
        isHide: 0, isAllHide: 0, sort: 3,
      },
    }),
    check: (data) => expect(data).toMatchObject({ departmentId: childDepartmentId, parentId: departmentId, departmentName: '物资仓库组', sort: 3 }),
  },
  {
    call: 'GET /v3/contacts/department/path',
    request: async ({ server }) => ({ as: await asUserAdmin(server), path: '/v3/contacts/department/path', query: { departmentId: childDepartmentId } }),
    check: (data) => expect((data as { departmentName: string }[]).map((d) => d.departmentName)).toEqual(['后勤保障部', '物资仓库组']),
  },
  {
    call: 'GET /v3/contacts/department/suborg',
    request: async ({ server }) => ({ as: await asUserAdmin(server), path: '/v3/contacts/department/suborg', query: { currentOrgId: SCHOOL_A_ID, departmentId } }),
    check: (data) => expect((data as { departmentName: string }[]).map((d) => d.departmentName).sort()).toEqual(['物资仓库组', '维修班'].sort()),
  },
  {
    call: 'GET /v3/contacts/department/permision',
    request: async ({ server }) => ({ as: await asUserAdmin(server), path: '/v3/contacts/department/permision', query: { departmentId } }),
    check: (data) => expect(data).toMatchObject({ departmentId, canCreate: true, createPermision: { enable: true, roleNames: ['useradmin', 'admin_school'] } }),
  },
  {
    call: 'POST /v3/contacts/person',
    request: async ({ server }) => ({
      as: await asUserAdmin(server), path: '/v3/contacts/person',
      body: { name: '欧阳建华', phoneNumber: PERSON_PHONE, showPhoneNumber: true, gender: '男', unit: '后勤保障部', status: 1, department: [departmentId] },
    }),
    check: (data) => {
      const p = data as { userId: string };
      expect(p).toMatchObject({ name: '欧阳建华', phoneNumber: PERSON_PHONE, gender: '男', unit: '后勤保障部', status: 1, department: [{ departmentId }] });
      personId = p.userId;
    },
  },
  {
    call: 'POST /v3/contacts/person/bulk',
    request: async ({ server }) => ({
      as: await asUserAdmin(server), path: '/v3/contacts/person/bulk',
      body: {
        persons: [
          { name: '孙丽娟', phoneNumber: BULK_PHONES[0], showPhoneNumber: true, gender: '女', unit: '物资仓库组', status: 1, duties: '保管员', department: [childDepartmentId] },
          { name: '周大勇', phoneNumber: BULK_PHONES[1], showPhoneNumber: false, gender: '男', unit: '维修班', status: 1, duties: '电工', department: [siblingDepartmentId] },
        ],
      },
    }),
    check: (data) => {
      const result = data as { count: number; existing: number; userIds: string[] };
      expect(result).toMatchObject({ count: 2, existing: 0 });
      bulkPersonIds = result.userIds;
    },
  },
  {
    call: 'PUT /v3/contacts/person/bulk',
    request: async ({ server }) => ({
      as: await asUserAdmin(server), path: '/v3/contacts/person/bulk',
      body: { persons: [{ phoneNumber: BULK_PHONES[0], duties: '仓库主管', sort: 1 }, { userId: bulkPersonIds[1], unit: '维修班（水电）', sort: 2 }] },
    }),
    check: async (data, { server }) => {
      expect(data).toEqual({ count: 2 });
      const after = await call<{ userId: string; duties: string; unit: string }[]>(server, 'GET', `/v3/contacts/person?userId=${bulkPersonIds[0]}&userId=${bulkPersonIds[1]}`, await asUserAdmin(server));
      expect(after.body.data.map((p) => [p.duties, p.unit])).toEqual([['仓库主管', '物资仓库组'], ['电工', '维修班（水电）']]);
    },
  },
  {
    call: 'PUT /v3/contacts/person/{id}',
    request: async ({ server }) => ({
      as: await asUserAdmin(server), path: `/v3/contacts/person/${personId}`,
      body: {
        name: '欧阳建华', phoneNumber: PERSON_PHONE, showPhoneNumber: false, gender: '男', unit: '后勤保障部（采购）', status: 1,
        department: [departmentId, childDepartmentId],
      },
    }),
    check: (data) => {
      const p = data as { showPhoneNumber: boolean; unit: string; department: { departmentId: string }[] };
      expect(p).toMatchObject({ userId: personId, showPhoneNumber: false, unit: '后勤保障部（采购）' });
      expect(p.department.map((d) => d.departmentId).sort()).toEqual([departmentId, childDepartmentId].sort());
    },
  },
  {
    call: 'GET /v3/contacts/person',
    request: async ({ server }) => ({ as: await asUserAdmin(server), path: '/v3/contacts/person', query: { search: '欧阳' } }),
    check: (data) => expect((data as { userId: string }[]).map((p) => p.userId)).toEqual([personId]),
  },
  {
    call: 'GET /v3/contacts/person/department',
    request: async ({ server }) => ({ as: await asUserAdmin(server), path: '/v3/contacts/person/department', query: { userId: personId } }),
    check: (data) => expect((data as { departmentId: string }[]).map((d) => d.departmentId).sort()).toEqual([departmentId, childDepartmentId].sort()),
  },
  {
    call: 'GET /v3/contacts/department/person',
    request: async ({ server }) => ({ as: await asUserAdmin(server), path: '/v3/contacts/department/person', query: { departmentId: childDepartmentId } }),
    check: (data) => expect((data as { name: string }[]).map((p) => p.name).sort()).toEqual(['孙丽娟', '欧阳建华'].sort()),
  },
  {
    call: 'POST /v3/contacts/person/department',
    request: async ({ server }) => ({
      as: await asUserAdmin(server), path: '/v3/contacts/person/department', body: { userId: [personId], department: [siblingDepartmentId] },
    }),
    check: (data) => expect((data as { department: { departmentId: string }[] }[])[0].department.map((d) => d.departmentId).sort())
      .toEqual([departmentId, childDepartmentId, siblingDepartmentId].sort()),
  },
  {
    call: 'PUT /v3/contacts/person/department',
    request: async ({ server }) => ({
      as: await asUserAdmin(server), path: '/v3/contacts/person/department', body: { userId: [bulkPersonIds[0]], department: [siblingDepartmentId] },
    }),
    check: (data) => expect((data as { department: { departmentId: string }[] }[])[0].department.map((d) => d.departmentId)).toEqual([siblingDepartmentId]),
  },
  {
    call: 'DELETE /v3/contacts/person/department',
    request: async ({ server }) => ({
      as: await asUserAdmin(server), path: '/v3/contacts/person/department', body: { userId: [personId], departmentId: [childDepartmentId] },
    }),
    check: (data) => expect((data as { department: { departmentId: string }[] }[])[0].department.map((d) => d.departmentId).sort())
      .toEqual([departmentId, siblingDepartmentId].sort()),
  },
  {
    call: 'DELETE /v3/contacts/person',
    request: async ({ server }) => ({ as: await asUserAdmin(server), path: '/v3/contacts/person', body: { userId: [personId, ...bulkPersonIds] } }),
    check: async (data, { server }) => {
      expect(data).toEqual({ count: 3 });
      const left = await call<unknown[]>(server, 'GET', `/v3/contacts/department/person?departmentId=${siblingDepartmentId}`, await asUserAdmin(server));
      expect(left.body.data).toEqual([]);
    },
  },
  {
    // 物资仓库组 is empty now: nobody in it, no department below it
    call: 'DELETE /v3/contacts/department/{id}',
    request: async ({ server }) => ({ as: await asUserAdmin(server), path: `/v3/contacts/department/${childDepartmentId}` }),
    check: async (data, { server }) => {
      expect(data).toEqual({ departmentId: childDepartmentId });
      const left = await call<{ departmentId: string }[]>(server, 'GET', '/v3/contacts/department', await asUserAdmin(server));
      expect(left.body.data.some((d) => d.departmentId === childDepartmentId)).toBe(false);
    },
  },

  // ── calls that end something, last ──
  {
    call: 'DELETE /v2/users/{id}',
    request: async ({ server }) => ({ as: await asUserAdmin(server), path: `/v2/users/${newUserId}` }),
    // 王芳芳 was in school A only: the account goes with the membership
    check: (data) => expect(data).toEqual({ userId: newUserId, deleted: true }),
  },
  {
    call: 'POST /v1/passport/resetpwd',
    request: async ({ server }) => ({
      path: '/v1/passport/resetpwd',
      body: { username: REGISTER_PHONE, phoneNumber: REGISTER_PHONE, smscode: await smsCode(server, REGISTER_PHONE, 'resetpwd'), password: 'Lin@2027new', type: 'encrypt' },
    }),
    check: async (_data, { server }) => {
      expect((await call(server, 'POST', '/v1/passport/login', { body: { username: REGISTER_PHONE, password: 'Lin@2027new' } })).status).toBe(200);
      // the reset ended the registration's session
      expect((await call(server, 'GET', '/v2/users/loginstatus', { token: registeredToken })).status).toBe(401);
    },
  },
  {
    call: 'POST /v2/passport/logout',
    request: () => ({ as: smsSession, path: '/v2/passport/logout' }),
    check: async (data, { server }) => {
      expect(data).toEqual({ userId: smsSession!.userId });
      expect((await call(server, 'GET', '/v2/users/loginstatus', { token: smsSession!.token })).status).toBe(401);
    },
  },
];
