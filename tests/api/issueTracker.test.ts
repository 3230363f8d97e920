// §7 issue-tracker role sync against a local stand-in tracker (node:http on 127.0.0.1): the group is created
// only when not found, group users follow the role, every call is retried 5 times 600 ms apart, and after the
// fifth failure the error joins the tracker's texts or is the generic request error (§8).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { HttpIssueTrackerClient } from '../../server/modules/issueTracker/IssueTrackerClient.ts';
import { outboundFetch, OutboundRefused } from '../../server/http/outboundFetch.ts';
import { syncRole } from '../../server/modules/issueTracker/roleSync.ts';
import { GENERIC_REQUEST_ERROR, RetryError } from '../../domain/retry.ts';

/** A tiny tracker: groups with members, plus failures to inject per "METHOD path" (status, body). */
class StandIn {
  groups = new Map<string, { id: string; name: string; members: Map<string, string> }>();
  calls: string[] = [];
  failures: { match: string; status: number; body?: unknown; times: number }[] = [];
  private server = http.createServer((req, res) => void this.handle(req, res));
  url = '';

  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop() { return new Promise<void>((r) => this.server.close(() => r())); }
  reset() { this.groups.clear(); this.calls = []; this.failures = []; }
  created() { return this.calls.filter((c) => c === 'POST /api/groups').length; }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : {};
    const u = new URL(req.url!, this.url);
    const key = `${req.method} ${u.pathname}`;
    this.calls.push(key);
    const send = (status: number, data: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(data)); };
    const failure = this.failures.find((f) => f.times > 0 && key.startsWith(f.match));
    if (failure) { failure.times -= 1; return send(failure.status, failure.body ?? {}); }
    if (key === 'GET /api/groups') return send(200, [...this.groups.values()].filter((g) => g.name.includes(u.searchParams.get('search') ?? '')).map(({ id, name }) => ({ id, name })));
    if (key === 'POST /api/groups') {
      if ([...this.groups.values()].some((g) => g.name === body.name)) return send(422, { message: 'Failed to save group {:path=>["has already been taken"]}' });
      const g = { id: String(this.groups.size + 1), name: body.name as string, members: new Map<string, string>() };
      this.groups.set(g.id, g);
      return send(201, { id: Number(g.id), name: g.name });
    }
    const members = /^GET \/api\/groups\/(\w+)\/members$/.exec(key);
    if (members) return send(200, [...(this.groups.get(members[1])?.members ?? new Map()).entries()].map(([username, name]) => ({ username, name })));
    if (key === 'POST /custom/nutriusers') return send(201, {});
    if (key === 'POST /custom/nutrigroup') {
      const g = this.groups.get(String(body.groupId));
      for (const u of body.users as string[]) g?.members.set(u, u);
      return send(200, {});
    }
    if (key === 'POST /custom/nutrigroupdelusers') {
      const g = this.groups.get(String(body.groupId));
      for (const u of body.users as string[]) g?.members.delete(u);
      return send(200, {});
    }
    return send(404, { message: 'not found' });
  }
}

const tracker = new StandIn();
let server: TestServer;
let admin: Session;
let roleId: string;
let purchaserRoleId: string;
const as = (s: Session) => ({ token: s.token, key: s.key });
const recorder = () => {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => { delays.push(ms); } };
};
const client = (sleep: (ms: number) => Promise<void>) => new HttpIssueTrackerClient({ url: `${tracker.url}/api`, customApiUrl: `${tracker.url}/custom` }, { sleep });
const role = { roleId: 'r1', name: '营养餐研发', users: [{ username: '13800000008', name: '吴静' }, { username: '13800000009', name: '郑凯' }] };

beforeAll(async () => {
  await tracker.start();
  // the stand-in tracker is on loopback: let this one address through, as OUTBOUND_ALLOW would
  server = await startTestServer({ outboundAllow: [new URL(tracker.url).host] });
  admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
  // roles exist before the rd config, so the command hook stays quiet until the hook test
  const created = await call<{ roleId: string }>(server, 'POST', '/v2/roles/role', { ...as(admin), body: { name: 'rd_sync_role' } });
  roleId = created.body.data.roleId;
  const roles = await call<{ rows: { roleId: string; name: string }[] }>(server, 'GET', '/v2/roles/role?name=purchaser', as(admin));
  purchaserRoleId = roles.body.data.rows[0].roleId;
});
afterAll(async () => {
  await server?.close();
  await tracker.stop();
});
beforeEach(() => tracker.reset());

describe('issue tracker client (stand-in tracker)', () => {
  it('creates the group once when not found, and adds the role users', async () => {
    const { delays, sleep } = recorder();
    const result = await syncRole(client(sleep), role);
    expect(result).toMatchObject({ created: true, groupName: '营养餐研发', added: ['13800000008', '13800000009'], removed: [] });
    expect(tracker.created()).toBe(1);
    expect([...tracker.groups.values()][0].members.size).toBe(2);
    const again = await syncRole(client(sleep), role);
    expect(again).toMatchObject({ created: false, added: [], removed: [] });
    expect(tracker.created()).toBe(1);
    expect(delays).toEqual([]);
  });

  it('uses a group that is found, without creating one, and removes users no longer in the role', async () => {
    tracker.groups.set('7', { id: '7', name: '营养餐研发', members: new Map([['13800000008', '吴静'], ['13900000000', '旧人']]) });
    const result = await syncRole(client(recorder().sleep), role);
    expect(result).toMatchObject({ created: false, groupId: '7', added: ['13800000009'], removed: ['13900000000'] });
    expect(tracker.created()).toBe(0);
    expect([...tracker.groups.get('7')!.members.keys()].sort()).toEqual(['13800000008', '13800000009']);
  });

  it('retries transient 500s 600 ms apart, then goes on', async () => {
    tracker.failures.push({ match: 'GET /api/groups', status: 500, times: 3 });
    const { delays, sleep } = recorder();
    const result = await syncRole(client(sleep), role);
    expect(result.created).toBe(true);
    expect(tracker.calls.slice(0, 4)).toEqual(['GET /api/groups', 'GET /api/groups', 'GET /api/groups', 'GET /api/groups']);
    expect(delays).toEqual([600, 600, 600]);
    expect(tracker.created()).toBe(1);
  });

  it('accepts 422 from a create that lost a race, and takes the existing group', async () => {
    // the group appears between the lookup and the create
    tracker.failures.push({ match: 'GET /api/groups', status: 200, body: [], times: 1 });
    tracker.groups.set('3', { id: '3', name: '营养餐研发', members: new Map() });
    const result = await syncRole(client(recorder().sleep), role);
    expect(result).toMatchObject({ created: true, groupId: '3' });
    expect(tracker.groups.size).toBe(1);
  });

  it('fails after 5 tries with the HTTP statuses joined (never the body), or the generic error when none came', async () => {
    tracker.failures.push({ match: 'GET /api/groups', status: 503, body: { message: 'tracker in maintenance' }, times: 5 });
    const { delays, sleep } = recorder();
    const error = await syncRole(client(sleep), role).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetryError);
    expect((error as Error).message).toBe('问题跟踪系统返回 HTTP 503');
    expect(tracker.calls).toHaveLength(5);
    expect(delays).toEqual([600, 600, 600, 600]);
    expect(tracker.created()).toBe(0);

    // nothing answered (a closed port): the generic request error
    const unreachable = new HttpIssueTrackerClient({ url: 'http://127.0.0.1:1/api' }, { sleep: recorder().sleep });
    const generic = await syncRole(unreachable, role).catch((e: unknown) => e);
    expect((generic as Error).message).toBe(GENERIC_REQUEST_ERROR);
  });

  it('does not accept a status outside the call\'s list (a 404 on the member list is retried, then fails)', async () => {
    tracker.groups.set('9', { id: '9', name: '营养餐研发', members: new Map() });
    tracker.failures.push({ match: 'GET /api/groups/9/members', status: 404, body: { message: '404 Group Not Found' }, times: 5 });
    const error = await syncRole(client(recorder().sleep), role).catch((e: unknown) => e);
    expect((error as Error).message).toBe('问题跟踪系统返回 HTTP 404');
  });
});

describe('POST /v1/issuetracker/sync/role/{roleId}', () => {
  it('needs the rd config, a role of the org and the role power', async () => {
    const missing = await call(server, 'POST', `/v1/issuetracker/sync/role/${roleId}`, as(admin));
    expect(missing.status).toBe(400);
    const purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
    expect((await call(server, 'POST', `/v1/issuetracker/sync/role/${roleId}`, as(purchaser))).status).toBe(403);
    const supplier = await signIn(server, DEMO.supplier);
    expect((await call(server, 'POST', `/v1/issuetracker/sync/role/${roleId}`, { token: supplier.token, key: admin.key })).status).toBe(403);
  });

  it('syncs a role of the org through the real client; a tracker down for 5 tries is a 502 with its status, not its body', async () => {
    const rd = await call(server, 'PUT', '/v1/config/org', { ...as(admin), body: { path: 'rd', value: { url: `${tracker.url}/api`, customApiUrl: `${tracker.url}/custom` } } });
    expect(rd.status, rd.body.status_text).toBe(200);
    expect((await call(server, 'POST', '/v1/issuetracker/sync/role/no-such-role', as(admin))).status).toBe(404);
    const res = await call<{ created: boolean; groupName: string; added: string[] }>(server, 'POST', `/v1/issuetracker/sync/role/${purchaserRoleId}`, as(admin));
    expect(res.status, res.body.status_text).toBe(200);
    expect(res.body.data).toMatchObject({ created: true, groupName: 'purchaser', added: [DEMO.purchaser] });
    const again = await call<{ created: boolean }>(server, 'POST', `/v1/issuetracker/sync/role/${purchaserRoleId}`, as(admin));
    expect(again.body.data.created).toBe(false);
    expect(tracker.created()).toBe(1);

    tracker.failures.push({ match: 'GET /api/groups', status: 500, body: { message: 'tracker down' }, times: 5 });
    const down = await call(server, 'POST', `/v1/issuetracker/sync/role/${purchaserRoleId}`, as(admin));
    expect(down.status).toBe(502);
    expect(down.body.status_text).toBe('问题跟踪系统返回 HTTP 500');
    expect(JSON.stringify(down.body)).not.toContain('tracker down');
  });

  it('syncs on role changes through the command hook when rd is configured', async () => {
    const created = await call<{ userId: string }>(server, 'POST', '/v2/users', { ...as(admin), body: { username: '13912340001', name: '研发新人' } });
    expect(created.status, created.body.status_text).toBe(200);
    const granted = await call(server, 'POST', `/v2/roles/${created.body.data.userId}`, { ...as(admin), body: { roleName: 'rd_sync_role' } });
    expect(granted.status, granted.body.status_text).toBe(200);
    await expect.poll(() => [...tracker.groups.values()].find((g) => g.name === 'rd_sync_role')?.members.has('13912340001') ?? false, { timeout: 10_000 }).toBe(true);
    expect(tracker.created()).toBe(1);
  });
});

describe('the tracker address an org sets (issue 16: SSRF)', () => {
  const sync = () => call(server, 'POST', `/v1/issuetracker/sync/role/${purchaserRoleId}`, as(admin));
  const setUrl = (url: string) => call(server, 'PUT', '/v1/config/org', { ...as(admin), body: { path: 'rd', value: { url } } });
  // an internal service with something to hide, on loopback but not on the allow list
  const internal = new StandIn();
  beforeAll(async () => { await internal.start(); });
  afterAll(async () => { await internal.stop(); });

  it('is refused when it is internal, whatever the spelling, and nothing is called', async () => {
    internal.failures.push({ match: 'GET /api/groups', status: 500, body: { message: 'internal secret 42' }, times: 99 });
    for (const url of [
      `${internal.url}/api`, 'http://169.254.169.254/latest/meta-data', 'http://10.1.2.3/api', 'http://[::1]:8080/api',
      'http://[::ffff:127.0.0.1]/api', 'http://localhost:8080/api', 'file:///etc/passwd', 'gopher://127.0.0.1:25/', 'http://user:pw@example.com/api',
    ]) {
      expect((await setUrl(url)).status, url).toBe(200);
      const res = await sync();
      // rdConfigOf takes http(s) only: other schemes read as not configured, still a 400
      expect(res.status, url).toBe(400);
      expect(JSON.stringify(res.body), url).not.toContain('secret');
    }
    expect(internal.calls).toEqual([]);
  });

  it('is refused when a name resolves to an internal address: the address connected to is the one checked', async () => {
    // DNS is a third party here: a resolver that answers what a hostile name server would
    const hostile = outboundFetch([], (_host, _opts, cb) => cb(null, [{ address: '127.0.0.1', family: 4 }]));
    const error = await hostile(`http://tracker.example.com:${new URL(internal.url).port}/api/groups`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundRefused);
    expect(internal.calls).toEqual([]);
    // the same fetch reaches a name that resolves to an allowed address
    const allowed = outboundFetch([`tracker.example.com:${new URL(internal.url).port}`], (_host, _opts, cb) => cb(null, [{ address: '127.0.0.1', family: 4 }]));
    expect((await allowed(`http://tracker.example.com:${new URL(internal.url).port}/api/groups`)).status).toBe(500);
    expect(internal.calls).toEqual(['GET /api/groups']);
  });

  it('is called without following redirects', async () => {
    internal.calls = [];
    internal.failures.push({ match: 'GET /api/redirect', status: 302, body: '', times: 1 });
    const res = await outboundFetch([new URL(internal.url).host])(`${internal.url}/api/redirect`);
    expect(res.status).toBe(302);
    expect(internal.calls).toEqual(['GET /api/redirect']);
  });
});

