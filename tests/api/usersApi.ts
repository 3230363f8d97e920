// Helpers for the API tests of users, config, permissions and tenancy: sign in as a demo user, pick an
// org-app, and call the API with the §7 headers.
import type { TestServer } from '../support/testServer.ts';
import { DEMO_PASSWORD, INITIAL_PASSWORD } from '../support/testServer.ts';
import type { Envelope, OrgApp } from '../../domain/types.ts';

export interface Session {
  token: string;
  userId: string;
  key?: string;
  orgApp?: OrgApp;
}

export interface CallOptions {
  token?: string;
  key?: string;
  body?: unknown;
  /** raw request body (for malformed JSON) */
  raw?: string;
  /** more request headers (If-Match …) */
  headers?: Record<string, string>;
}

export async function call<T = unknown>(server: Pick<TestServer, 'url'>, method: string, path: string, opts: CallOptions = {}): Promise<{ status: number; body: Envelope<T>; headers: Headers }> {
  const headers: Record<string, string> = { platform: 'web', ...opts.headers };
  if (opts.token) headers.accesstoken = opts.token;
  if (opts.key) headers.key = opts.key;
  let body: string | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${path}`, { method, headers, body });
  return { status: res.status, body: (await res.json()) as Envelope<T>, headers: res.headers };
}

/** Signs in with the demo password; with `orgName` also picks that org-app and fetches its key. */
export async function signIn(server: Pick<TestServer, 'url'>, username: string, orgName?: string, password = DEMO_PASSWORD): Promise<Session> {
  const login = await call<{ accesstoken: string; userId: string }>(server, 'POST', '/v1/passport/login', { body: { username, password } });
  if (login.status !== 200) throw new Error(`sign-in of ${username} failed: ${login.body.status_text}`);
  const session: Session = { token: login.body.data.accesstoken, userId: login.body.data.userId };
  const apps = await call<{ rows: OrgApp[] }>(server, 'GET', '/v2/users/org/app', { token: session.token });
  const orgApp = orgName ? apps.body.data.rows.find((o) => o.orgName === orgName) : apps.body.data.rows[0];
  if (!orgApp) return session;
  const key = await call<{ key: string }>(server, 'POST', '/v1/token/orgappkey/encrypt', { token: session.token, body: { orgId: orgApp.orgId, appId: orgApp.appId } });
  return { ...session, orgApp, key: key.body.data.key };
}

/** The password a test gives an account made for someone at its first sign-in (issue 27). */
export const OWN_PASSWORD = 'own-password-27';

/**
 * The first sign-in of an account made for someone: with the deployment's initial password, which answers only
 * the password change; then his own password is set and he signs in as anyone would (picking `orgName`).
 */
export async function firstSignIn(server: Pick<TestServer, 'url'>, username: string, orgName?: string): Promise<Session> {
  const login = await call<{ accesstoken: string }>(server, 'POST', '/v1/passport/login', { body: { username, password: INITIAL_PASSWORD } });
  if (login.status !== 200) throw new Error(`first sign-in of ${username} failed: ${login.body.status_text}`);
  const change = await call(server, 'POST', '/v2/users/password', { token: login.body.data.accesstoken, body: { password: INITIAL_PASSWORD, newPassword: OWN_PASSWORD } });
  if (change.status !== 200) throw new Error(`password change of ${username} failed: ${change.body.status_text}`);
  return signIn(server, username, orgName, OWN_PASSWORD);
}

export async function eventCount(server: TestServer): Promise<number> {
  const row = await server.store.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export const SCHOOL_A = '阳光实验小学';
export const SCHOOL_B = '明德中学';
export const DEMO = {
  provider: '13800000001', purchaser: '13800000002', supplier: '13800000003', delivery: '13800000004', bureau: '13800000005',
  dietitian: '13800000006', salesman: '13800000007', schoolAdmin: '13800000008', userAdmin: '13800000009',
  /** the supplier user of the second supplier, 集采配送中心 (org-jcps) */
  supplier2: '13800000010',
  /** the demo fruit org's user, 鲜果园果业有限公司 (org-xgy, issue 34) */
  fruit: '13800000011',
} as const;

/**
 * Gives a role of an org one more menu screen (§6 key pcMenu-<group>-<screen>), as the platform through the
 * role-permission API: for tests of what a role does once its org shows it a screen its demo menu does not.
 */
export async function grantScreen(server: TestServer, orgName: string, roleName: string, screenKey: string): Promise<void> {
  const platform = await signIn(server, DEMO.provider, orgName);
  const orgId = platform.orgApp!.orgId;
  const role = await server.store.db.selectFrom('roles').select('role_id').where('org_id', '=', orgId).where('name', '=', roleName).executeTakeFirstOrThrow();
  const entry = await server.store.db.selectFrom('permissions').select('permission_id').where('org_id', '=', orgId)
    .where('group_name', '=', 'pcMenu').where('module_id', '=', screenKey).executeTakeFirstOrThrow();
  const res = await call(server, 'POST', '/v2/roles/role/permission', { token: platform.token, key: platform.key, body: { roleId: role.role_id, permissions: [entry.permission_id] } });
  if (res.status !== 200) throw new Error(`granting ${screenKey} to ${roleName} failed: ${res.body.status_text}`);
}
