// Bright kitchens (issue 33) over real HTTP on the seeded demo, written as an outsider would try it: a school sees
// only its cameras, a bureau its area's, an installer company only the tickets assigned to it, another org's token
// and ids are refused; every ticket transition is taken by whom it belongs to and refused to everyone else; an edge
// box's alert must carry its device's signature (wrong, replayed, stale and oversized are refused); the health check
// reaches a loopback media server only because this server was told to allow it, and opens a ticket when it is down.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { auth, bureauOfAnotherArea } from './mallApi.ts';
import type { Alert, AlertDaily, AlertList, CheckResult, Company, CompanyList, Device, DeviceList, DeviceOrgList, DeviceWithSecret, Inspection, InspectionList } from '../../contracts/devices.ts';
import { signAlert } from '../../server/modules/devices/alertRoutes.ts';
import { DEMO_INSTALLER_ORG, DEMO_OFFLINE_STREAM, DEMO_STREAM } from '../../server/seed/seedDevices.ts';
import { installerCompanyStream } from '../../domain/aggregates/installerCompany.ts';
import { DEMO_STREAM_PATH, DEVICE_LIMITS, DEVICE_TEXT } from '../../domain/videoDevice.ts';
import { INSPECTION_TEXT } from '../../domain/inspection.ts';
import { runCommand } from '../../server/store/command.ts';
import { appendToStream } from '../../server/store/eventStore.ts';

const INSTALLER = '13800000012';
const A = 'org-ygsy';
const B = 'org-mdzx';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let server: TestServer;
let schoolA: Session;
let schoolB: Session;
let bureau: Session;
let installer: Session;
let platform: Session;
let supplier: Session;
let media: http.Server;
let mediaUp = true;
let mediaPort = 0;

const get = <T>(s: Session, path: string) => call<T>(server, 'GET', path, auth(s));
const send = <T>(s: Session, method: string, path: string, body?: unknown) => call<T>(server, method, path, { ...auth(s), body });

beforeAll(async () => {
  // a stand-in media server on loopback: the playlist answers while it is "up"
  media = http.createServer((req, res) => {
    if (!mediaUp) { res.statusCode = 503; res.end(); return; }
    res.setHeader('content-type', 'application/vnd.apple.mpegurl');
    res.end('#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n');
  });
  await new Promise<void>((r) => media.listen(0, '127.0.0.1', r));
  mediaPort = (media.address() as AddressInfo).port;
  // the outbound guard refuses loopback unless allowed: this server is told to, explicitly
  server = await startTestServer({ outboundAllow: [`127.0.0.1:${mediaPort}`] });
  [schoolA, schoolB, bureau, installer, platform, supplier] = await Promise.all([
    signIn(server, DEMO.purchaser, SCHOOL_A), signIn(server, DEMO.purchaser, '明德中学'), signIn(server, DEMO.bureau), signIn(server, INSTALLER),
    signIn(server, DEMO.provider, '营养餐运营平台'), signIn(server, DEMO.supplier),
  ]);
});
afterAll(async () => {
  await server?.close();
  await new Promise((r) => media?.close(r));
});

/** A school of another district with one camera, written through the events the server writes. */
async function schoolOfAnotherArea(): Promise<string> {
  const orgId = `org-cx-${crypto.randomBytes(3).toString('hex')}`;
  const meta = { time: new Date().toISOString(), route: 'test' };
  await runCommand(server.store.db, async (tx) => {
    await appendToStream(tx, { orgId, streamId: `org-${orgId}`, streamType: 'org', expectedVersion: 0, meta, events: [{ type: 'OrgCreated', data: { orgId, name: `城西小学${orgId.slice(-6)}`, orgType: 'formal', kind: 'school', agentId: null, parentOrgId: null, area: '城西区', expiration: null, userLimit: null } }] });
    const deviceId = crypto.randomUUID();
    await appendToStream(tx, { orgId, streamId: `videoDevice-${deviceId}`, streamType: 'videoDevice', expectedVersion: 0, meta, events: [{ type: 'VideoDeviceRegistered', data: { deviceId, name: '城西厨房', typeId: '', area: '烹饪区', playUrl: 'https://media.example.cn/a.m3u8', protocol: 'hls', enabled: true, companyId: '' } }] });
  });
  return orgId;
}

describe('who sees which cameras', () => {
  it('a school sees its own, a bureau its area, the platform all; an installer those it looks after; others are refused', async () => {
    const other = await schoolOfAnotherArea();
    const own = await get<DeviceList>(schoolA, '/v1/device');
    expect(own.status, own.body.status_text).toBe(200);
    expect(own.body.data.rows.length).toBeGreaterThanOrEqual(4);
    expect(new Set(own.body.data.rows.map((d) => d.orgId))).toEqual(new Set([A]));
    // the demo: one camera offline, one disabled, the rest online with an uptime below 100 % (an outage three days ago)
    expect(own.body.data.rows.filter((d) => d.online === false)).toHaveLength(1);
    expect(own.body.data.rows.some((d) => !d.enabled)).toBe(true);
    expect(own.body.data.rows.filter((d) => d.online).every((d) => d.uptime! > 0.9 && d.uptime! < 1)).toBe(true);
    // no secret in a read
    expect(JSON.stringify(own.body.data)).not.toMatch(/secret/i);

    // another school's id is refused, never answered with the caller's own rows
    expect((await get(schoolA, `/v1/device?orgId=${B}`)).status).toBe(403);
    const area = await get<DeviceList>(bureau, '/v1/device');
    expect(new Set(area.body.data.rows.map((d) => d.orgId))).toEqual(new Set([A, B]));
    expect((await get(bureau, `/v1/device?orgId=${other}`)).status).toBe(403);
    const orgs = await get<DeviceOrgList>(bureau, '/v1/device/orgs?$limit=10000&disabled=0$n');
    expect(orgs.status, orgs.body.status_text).toBe(200);
    expect(orgs.body.data.rows.map((o) => o.orgId).sort()).toEqual([B, A].sort());
    const a = orgs.body.data.rows.find((o) => o.orgId === A)!;
    expect(a).toMatchObject({ devices: 4, enabled: 3, online: 2, offline: 1 });
    expect(a.openInspections).toBeGreaterThanOrEqual(2);
    expect((await get<DeviceList>(platform, '/v1/device')).body.data.rows.some((d) => d.orgId === other)).toBe(true);
    expect((await get<DeviceOrgList>(platform, '/v1/device/orgs')).body.data.rows.some((o) => o.orgId === other)).toBe(true);

    const looked = await get<DeviceList>(installer, '/v1/device');
    expect(looked.status, looked.body.status_text).toBe(200);
    expect(looked.body.data.rows.length).toBe(8);
    expect(looked.body.data.rows.every((d) => d.companyId === 'company-azgs')).toBe(true);

    // a supplier is no party of bright kitchens; the supplier's token with a school's key is no member there
    expect((await get(supplier, '/v1/device')).status).toBe(403);
    expect((await call(server, 'GET', '/v1/device', { token: supplier.token, key: schoolA.key })).status).toBe(403);
    expect((await call(server, 'GET', '/v1/device', { key: schoolA.key })).status).toBe(401);
    // a school cannot change, check or remove another school's camera (it does not exist for it)
    const bDevice = (await get<DeviceList>(schoolB, '/v1/device')).body.data.rows[0]!;
    expect((await send(schoolA, 'PUT', `/v1/device/${bDevice.id}`, { name: 'x' })).status).toBe(404);
    expect((await send(schoolA, 'POST', `/v1/device/${bDevice.id}/check`)).status).toBe(404);
    expect((await send(schoolA, 'POST', `/v1/device/${bDevice.id}/secret`)).status).toBe(404);
    expect((await send(schoolA, 'DELETE', `/v1/device/${bDevice.id}`)).status).toBe(404);
    // a bureau and an installer watch; only the school registers
    expect((await send(bureau, 'POST', '/v1/device', { name: 'x', playUrl: 'https://m.example.cn/x.m3u8' })).status).toBe(403);
    expect((await send(installer, 'POST', '/v1/device', { name: 'x', playUrl: 'https://m.example.cn/x.m3u8' })).status).toBe(403);
  });

  it('refuses bad camera input with a readable 4xx', async () => {
    const bad = async (body: unknown) => {
      const res = await send(schoolA, 'POST', '/v1/device', body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.status_text).toBeTruthy();
      return res;
    };
    expect((await bad({ name: ' ', playUrl: 'https://m.example.cn/x.m3u8' })).body.status_text).toBe(DEVICE_TEXT.badName);
    expect((await bad({ name: '新摄像头', playUrl: 'ftp://m.example.cn/x.m3u8' })).body.status_text).toBe(DEVICE_TEXT.badUrl);
    expect((await bad({ name: '新摄像头', playUrl: 'https://user:pw@m.example.cn/x.m3u8' })).body.status_text).toBe(DEVICE_TEXT.credentialsInUrl);
    expect((await bad({ name: '烹饪区摄像头', playUrl: 'https://m.example.cn/x.m3u8' })).status).toBe(409);
    expect((await bad({ name: '新摄像头', playUrl: 'https://m.example.cn/x.m3u8', typeId: 'no-such-type' })).body.status_text).toBe(DEVICE_TEXT.unknownType);
    expect((await bad({ name: '新摄像头', playUrl: 'https://m.example.cn/x.m3u8', companyId: 'no-such-company' })).body.status_text).toBe(DEVICE_TEXT.unknownCompany);
    await bad({ name: '新摄像头', playUrl: 'https://m.example.cn/x.m3u8', secret: 'mine' });
    expect((await send(schoolA, 'PUT', '/v1/device/settings', { offlineThresholdMinutes: -1 })).status).toBe(400);
  });
});

describe('health checks', () => {
  it('reach a loopback media server only when allowed, record online and offline with uptime, and open an assigned ticket', async () => {
    const created = await send<DeviceWithSecret>(schoolA, 'POST', '/v1/device', {
      name: '留样间摄像头', area: '留样区', playUrl: `http://127.0.0.1:${mediaPort}/live/room.m3u8`, companyId: 'company-azgs',
    });
    expect(created.status, created.body.status_text).toBe(200);
    const id = created.body.data.device.id;
    expect(created.body.data.device.online).toBeNull();
    expect(created.body.data.secret.length).toBeGreaterThanOrEqual(32);
    expect((await send(schoolA, 'PUT', '/v1/device/settings', { offlineThresholdMinutes: 0 })).status).toBe(200);

    mediaUp = true;
    const up = await send<CheckResult>(schoolA, 'POST', `/v1/device/${id}/check`);
    expect(up.status, up.body.status_text).toBe(200);
    expect(up.body.data.device.online).toBe(true);
    expect(up.body.data.inspectionId).toBeNull();

    mediaUp = false;
    const down = await send<CheckResult>(schoolA, 'POST', `/v1/device/${id}/check`);
    expect(down.body.data.device.online).toBe(false);
    expect(down.body.data.device.uptime).toBeGreaterThan(0);
    expect(down.body.data.device.uptime).toBeLessThan(1);
    const ticketId = down.body.data.inspectionId!;
    expect(ticketId).toBeTruthy();
    // still down: no second ticket while one is open
    expect((await send<CheckResult>(schoolA, 'POST', `/v1/device/${id}/check`)).body.data.inspectionId).toBeNull();
    const mine = await get<InspectionList>(installer, '/v1/device/inspection?status=assigned');
    expect(mine.body.data.rows.find((t) => t.id === ticketId)).toMatchObject({ source: 'health', status: 'assigned', companyId: 'company-azgs', actions: ['fix'] });
    const events = await server.store.db.selectFrom('events').select('type').where('stream_id', '=', `videoDevice-${id}`).orderBy('stream_version').execute();
    expect(events.map((e) => e.type)).toEqual(['VideoDeviceRegistered', 'VideoDeviceWentOnline', 'VideoDeviceWentOffline']);

    // the same media server by a name the allow list does not hold: the guard refuses it, so the camera reads offline
    const named = await send<DeviceWithSecret>(schoolA, 'POST', '/v1/device', { name: '内网摄像头', playUrl: `http://localhost:${mediaPort}/live/room.m3u8` });
    mediaUp = true;
    const refused = await send<CheckResult>(schoolA, 'POST', `/v1/device/${named.body.data.device.id}/check`);
    expect(refused.body.data.device.online).toBe(false);
    expect((await send(schoolA, 'PUT', '/v1/device/settings', { offlineThresholdMinutes: 10 })).status).toBe(200);
  });
});

describe('the demo wall plays from this deployment', () => {
  it('serves its own small HLS stream to anyone, points the demo cameras at it (and the offline one at a missing path of it), and checks them without the outbound guard opening to internal addresses', async () => {
    const res = await fetch(`${server.url}${DEMO_STREAM}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    // under the console's CSP: media and connections from 'self' (no MEDIA_ORIGINS was given to this server)
    expect(res.headers.get('content-security-policy')).toMatch(/connect-src 'self';/);
    const playlist = await res.text();
    expect(playlist).toMatch(/^#EXTM3U\n/);
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const uris = [...playlist.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!).concat(playlist.split('\n').filter((l) => l && !l.startsWith('#')));
    expect(uris.length).toBeGreaterThanOrEqual(3);
    let total = playlist.length;
    for (const uri of uris) {
      expect(uri).toMatch(/^[\w-]+\.(mp4|m4s)$/);
      const part = await fetch(`${server.url}${DEMO_STREAM_PATH}${uri}`);
      expect(part.status, uri).toBe(200);
      expect(part.headers.get('content-type')).toMatch(/^video\//);
      total += (await part.arrayBuffer()).byteLength;
    }
    expect(total).toBeLessThan(300 * 1024);
    for (const missing of [DEMO_OFFLINE_STREAM, `${DEMO_STREAM_PATH}..%2Fpackage.json`, `${DEMO_STREAM_PATH}foods.json`]) {
      expect((await fetch(`${server.url}${missing}`)).status, missing).toBe(404);
    }

    // the demo's cameras: every play URL a path of this deployment, nothing outside it
    const demo = (await get<DeviceList>(bureau, '/v1/device')).body.data.rows.filter((d) => [A, B].includes(d.orgId) && d.playUrl.startsWith(DEMO_STREAM_PATH));
    expect(demo.length).toBe(8);
    const kitchen = demo.find((d) => d.orgId === A && d.name === '烹饪区摄像头')!;
    const prep = demo.find((d) => d.orgId === A && d.name === '备餐间摄像头')!;
    expect(kitchen.playUrl).toBe(DEMO_STREAM);
    expect(prep.playUrl).toBe(DEMO_OFFLINE_STREAM);
    const up = await send<CheckResult>(schoolA, 'POST', `/v1/device/${kitchen.id}/check`);
    expect(up.status, up.body.status_text).toBe(200);
    expect(up.body.data.device.online).toBe(true);
    const down = await send<CheckResult>(schoolA, 'POST', `/v1/device/${prep.id}/check`);
    expect(down.body.data.device.online).toBe(false);

    // the same stream by this server's own loopback address is an internal address like any other: refused
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
    const byAddress = await send<DeviceWithSecret>(schoolA, 'POST', '/v1/device', { name: '本机地址摄像头', playUrl: `${server.url}${DEMO_STREAM}` });
    expect(byAddress.status, byAddress.body.status_text).toBe(200);
    const refused = await send<CheckResult>(schoolA, 'POST', `/v1/device/${byAddress.body.data.device.id}/check`);
    expect(refused.body.data.device.online).toBe(false);
    const why = await server.store.db.selectFrom('events').select('data').where('stream_id', '=', `videoDevice-${byAddress.body.data.device.id}`).where('type', '=', 'VideoDeviceWentOffline').executeTakeFirstOrThrow();
    expect((why.data as { detail: string }).detail).toBe('不允许访问内部地址');
    // and no other path of the console's origin passes for a camera
    const otherPath = await send(schoolA, 'POST', '/v1/device', { name: '本站其他路径', playUrl: '/v1/dev/smsoutbox' });
    expect(otherPath.status).toBe(400);
    expect(otherPath.body.status_text).toBe(DEVICE_TEXT.badUrl);
    expect((await send(schoolA, 'DELETE', `/v1/device/${byAddress.body.data.device.id}`)).status).toBe(200);
  });
});

describe('inspection tickets', () => {
  it('take every transition by whom it belongs to and refuse it to everyone else', async () => {
    const device = (await get<DeviceList>(schoolA, '/v1/device')).body.data.rows.find((d) => d.name === '仓库摄像头')!;
    const opened = await send<Inspection>(schoolA, 'POST', '/v1/device/inspection', { deviceId: device.id, description: '镜头被遮挡' });
    expect(opened.status, opened.body.status_text).toBe(200);
    const t = opened.body.data;
    // the demo's storeroom camera has the demo company: the ticket goes to it at once
    expect(t).toMatchObject({ status: 'assigned', source: 'manual', actions: ['assign'] });
    const act = (s: Session, body: Record<string, unknown>) => send<Inspection>(s, 'PUT', `/v1/device/inspection/${t.id}`, body);
    const expectStatus = async (s: Session, body: Record<string, unknown>, status: number, text?: string) => {
      const res = await act(s, body);
      expect(res.status, `${JSON.stringify(body)}: ${res.body.status_text}`).toBe(status);
      if (text) expect(res.body.status_text).toBe(text);
      return res;
    };

    // assigned: only the company fixes, with a note; the school may hand it to another company; nobody verifies yet
    await expectStatus(schoolA, { action: 'fix', note: 'x' }, 403, INSPECTION_TEXT.notYourAction('fix'));
    await expectStatus(bureau, { action: 'fix', note: 'x' }, 403);
    await expectStatus(bureau, { action: 'assign', companyId: 'company-azgs' }, 403);
    await expectStatus(schoolB, { action: 'verify' }, 404, INSPECTION_TEXT.notFound);
    await expectStatus(installer, { action: 'verify' }, 403);
    await expectStatus(schoolA, { action: 'verify' }, 409, INSPECTION_TEXT.notAllowed('verify', 'assigned'));
    await expectStatus(schoolA, { action: 'reopen', note: 'x' }, 409);
    await expectStatus(schoolA, { action: 'assign' }, 400, INSPECTION_TEXT.companyRequired);
    await expectStatus(schoolA, { action: 'assign', companyId: 'nope' }, 400);
    await expectStatus(schoolA, { action: 'assign', companyId: 'company-azgs' }, 200);
    await expectStatus(installer, { action: 'fix' }, 400, INSPECTION_TEXT.fixNoteRequired);
    await expectStatus(installer, { action: 'fix', note: '已调整', photo: 'data:text/html;base64,PGI+' }, 400, INSPECTION_TEXT.badPhoto);
    await expectStatus(installer, { action: 'fix', note: '已调整', version: 1 }, 409);
    const fixed = await expectStatus(installer, { action: 'fix', note: '已调整支架', photo: `data:image/png;base64,${PNG}` }, 200);
    expect(fixed.body.data).toMatchObject({ status: 'fixed', fixNote: '已调整支架', hasFixPhoto: true, actions: [] });
    expect((await get<{ dataUrl: string }>(schoolA, `/v1/device/inspection/${t.id}/photo`)).body.data.dataUrl).toBe(`data:image/png;base64,${PNG}`);

    // fixed: the school verifies or sends it back with a reason; the company cannot fix twice
    await expectStatus(installer, { action: 'fix', note: 'again' }, 409);
    await expectStatus(schoolA, { action: 'assign', companyId: 'company-azgs' }, 409);
    await expectStatus(schoolA, { action: 'reopen' }, 400, INSPECTION_TEXT.reopenReasonRequired);
    const reopened = await expectStatus(schoolA, { action: 'reopen', note: '仍有遮挡' }, 200);
    expect(reopened.body.data).toMatchObject({ status: 'assigned', reopenCount: 1, reopenNote: '仍有遮挡' });
    await expectStatus(installer, { action: 'fix', note: '已移除遮挡物' }, 200);
    await expectStatus(installer, { action: 'verify' }, 403);
    const verified = await expectStatus(schoolA, { action: 'verify', note: '正常' }, 200);
    expect(verified.body.data).toMatchObject({ status: 'verified', actions: [] });

    // verified is final
    for (const body of [{ action: 'verify' }, { action: 'reopen', note: 'x' }, { action: 'assign', companyId: 'company-azgs' }]) await expectStatus(schoolA, body, 409);
    await expectStatus(installer, { action: 'fix', note: 'x' }, 409);
    await expectStatus(schoolA, { action: 'close' }, 400);
  });

  it('a company sees and acts on its own tickets only; a bureau follows its area by age', async () => {
    const theirs = await get<InspectionList>(installer, '/v1/device/inspection');
    expect(theirs.body.data.rows.length).toBeGreaterThan(0);
    expect(theirs.body.data.rows.every((t) => t.companyId === 'company-azgs')).toBe(true);
    // a ticket opened by hand on a camera without a company stays the school's until it assigns one
    const bare = (await send<DeviceWithSecret>(schoolA, 'POST', '/v1/device', { name: '无公司摄像头', playUrl: 'https://m.example.cn/n.m3u8' })).body.data.device;
    const t = (await send<Inspection>(schoolA, 'POST', '/v1/device/inspection', { deviceId: bare.id, description: '无画面' })).body.data;
    expect(t).toMatchObject({ status: 'opened', actions: ['assign'] });
    expect((await get<InspectionList>(installer, '/v1/device/inspection')).body.data.rows.some((r) => r.id === t.id)).toBe(false);
    expect((await send(installer, 'PUT', `/v1/device/inspection/${t.id}`, { action: 'fix', note: 'x' })).status).toBe(404);
    expect((await get(installer, `/v1/device/inspection/${t.id}/photo`)).status).toBe(404);
    expect((await send(installer, 'POST', '/v1/device/inspection', { deviceId: bare.id, description: 'x' })).status).toBe(403);
    expect((await get(installer, '/v1/device/alerts')).status).toBe(403);
    // another school reporting on A's camera: not its camera
    expect((await send(schoolB, 'POST', '/v1/device/inspection', { deviceId: bare.id, description: 'x' })).status).toBe(404);

    const open = await get<InspectionList>(bureau, '/v1/device/inspection?status=opened,assigned,fixed');
    expect(open.status, open.body.status_text).toBe(200);
    expect(new Set(open.body.data.rows.map((r) => r.orgId))).toEqual(new Set([A, B]));
    expect(open.body.data.rows.every((r) => r.actions.length === 0)).toBe(true);
    const old = await get<InspectionList>(bureau, '/v1/device/inspection?minAgeHours=24');
    expect(old.body.data.rows.every((r) => r.ageHours >= 24)).toBe(true);
    expect((await get(bureau, '/v1/device/inspection?status=closed')).status).toBe(400);

    // installer companies: the bureau registers only for its area; a school lists those serving it
    const companies = await get<CompanyList>(schoolA, '/v1/device/company');
    expect(companies.body.data.rows.map((c) => c.id)).toContain('company-azgs');
    const mineOnly = await get<CompanyList>(installer, '/v1/device/company');
    expect(mineOnly.body.data.rows.map((c) => c.companyOrgId)).toEqual([DEMO_INSTALLER_ORG]);
    expect((await send(schoolA, 'POST', '/v1/device/company', { companyOrgId: DEMO_INSTALLER_ORG, name: 'x' })).status).toBe(403);
    expect((await send(bureau, 'POST', '/v1/device/company', { companyOrgId: DEMO_INSTALLER_ORG, name: 'x', serviceArea: '城西区' })).status).toBe(403);
    expect((await send(bureau, 'POST', '/v1/device/company', { companyOrgId: A, name: '学校不是安装公司' })).body.status_text).toBe(DEVICE_TEXT.companyOrgNotInstaller);
    const changed = await send<Company>(bureau, 'PUT', '/v1/device/company/company-azgs', { phone: '13800000012' });
    expect(changed.status, changed.body.status_text).toBe(200);
    expect(changed.body.data.phone).toBe('13800000012');
  });
});

describe('the company form picks orgs by name', () => {
  it('a bureau picks installer orgs and schools of its own district only; a school or a company picks nothing', async () => {
    // an installer company of another district, and that district's school: the bureau must not see them
    const farInstaller = `org-far-installer-${crypto.randomBytes(3).toString('hex')}`;
    await server.store.db.insertInto('orgs').values({
      org_id: farInstaller, name: '城西安装工程公司', org_type: 'formal', kind: 'installer', area: '城西区', agent_id: null, parent_org_id: null, expiration: null, user_limit: null, created_at: new Date(),
    }).execute();
    const farSchool = await schoolOfAnotherArea();
    const picked = async (s: Session, path: string) => {
      const res = await get<{ rows: { orgId: string; name: string }[] }>(s, path);
      expect(res.status, res.body.status_text).toBe(200);
      return res.body.data.rows.map((r) => r.orgId).sort();
    };
    expect(await picked(bureau, '/v1/device/company/candidates')).toEqual([DEMO_INSTALLER_ORG]);
    // naming the other district's company by name or by id finds nothing
    expect(await picked(bureau, `/v1/device/company/candidates?keyword=${encodeURIComponent('城西安装')}`)).toEqual([]);
    expect(await picked(bureau, `/v1/device/company/candidates?keyword=${farInstaller}`)).toEqual([]);
    expect(await picked(bureau, '/v1/device/company/schools')).toEqual([A, B].sort());
    expect(await picked(bureau, `/v1/device/company/schools?keyword=${farSchool}`)).toEqual([]);
    expect(await picked(bureau, `/v1/device/company/schools?keyword=${encodeURIComponent('阳光')}`)).toEqual([A]);
    // the platform registers for any district
    expect(await picked(platform, '/v1/device/company/candidates')).toEqual(expect.arrayContaining([DEMO_INSTALLER_ORG, farInstaller]));
    expect(await picked(platform, '/v1/device/company/schools')).toEqual(expect.arrayContaining([A, B, farSchool]));
    expect(await picked(platform, '/v1/device/company/schools')).not.toContain('org-xfsp');
    for (const s of [schoolA, installer, supplier]) {
      expect((await get(s, '/v1/device/company/candidates')).status).toBe(403);
      expect((await get(s, '/v1/device/company/schools')).status).toBe(403);
    }
    expect((await get(bureau, `/v1/device/company/schools?keyword=${'x'.repeat(101)}`)).status).toBe(400);
  });
});

describe('a bureau registers companies of its own district only, whatever the form would have offered', () => {
  it('refuses, by the API, an installer org or a served school of another district (and a served org that is no school); nothing is written', async () => {
    const farInstaller = `org-far-installer-${crypto.randomBytes(3).toString('hex')}`;
    await server.store.db.insertInto('orgs').values({
      org_id: farInstaller, name: '城西安装工程公司二', org_type: 'formal', kind: 'installer', area: '城西区', agent_id: null, parent_org_id: null, expiration: null, user_limit: null, created_at: new Date(),
    }).execute();
    const farSchool = await schoolOfAnotherArea();
    const companyEvents = async () => (await server.store.db.selectFrom('events').select((eb) => eb.fn.countAll<string>().as('n')).where('stream_id', 'like', `${installerCompanyStream('')}%`).executeTakeFirstOrThrow()).n;
    const before = await companyEvents();
    const azgsBefore = (await get<CompanyList>(bureau, '/v1/device/company')).body.data.rows.find((c) => c.id === 'company-azgs')!;
    const refused = async (method: string, path: string, body: unknown, text: string) => {
      const res = await send(bureau, method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}: ${res.body.status_text}`).toBe(403);
      expect(res.body.status_text).toBe(text);
    };
    // another district's installer org, named by id (the picker never offers it), with or without a service area
    await refused('POST', '/v1/device/company', { companyOrgId: farInstaller, name: '越区登记' }, DEVICE_TEXT.companyOrgOutsideArea);
    await refused('POST', '/v1/device/company', { companyOrgId: farInstaller, name: '越区登记', serviceArea: '城东区', schoolOrgIds: [A] }, DEVICE_TEXT.companyOrgOutsideArea);
    // its own district's installer, serving another district's school, or an org of its district that is no school
    await refused('POST', '/v1/device/company', { companyOrgId: DEMO_INSTALLER_ORG, name: '越区服务', schoolOrgIds: [A, farSchool] }, DEVICE_TEXT.companySchoolOutsideArea);
    await refused('POST', '/v1/device/company', { companyOrgId: DEMO_INSTALLER_ORG, name: '供应商不是学校', schoolOrgIds: ['org-xfsp'] }, DEVICE_TEXT.companySchoolOutsideArea);
    await refused('POST', '/v1/device/company', { companyOrgId: DEMO_INSTALLER_ORG, name: '不存在的学校', schoolOrgIds: ['org-no-such-school'] }, DEVICE_TEXT.companySchoolOutsideArea);
    // and by a change of a company it manages
    await refused('PUT', '/v1/device/company/company-azgs', { schoolOrgIds: [A, farSchool] }, DEVICE_TEXT.companySchoolOutsideArea);
    await refused('PUT', '/v1/device/company/company-azgs', { schoolOrgIds: [A, 'org-xfsp'] }, DEVICE_TEXT.companySchoolOutsideArea);
    // nothing was written
    expect(await companyEvents()).toBe(before);
    expect(await server.store.db.selectFrom('installer_companies').select('id').where('org_id', '=', farInstaller).execute()).toEqual([]);
    const azgs = (await get<CompanyList>(bureau, '/v1/device/company')).body.data.rows.find((c) => c.id === 'company-azgs')!;
    expect(azgs.schoolOrgIds).toEqual(azgsBefore.schoolOrgIds);
    expect(azgs.version).toBe(azgsBefore.version);

    // the bureau's own district still works, and the platform registers for any district (the rule, not a blanket refusal)
    const own = await send<Company>(bureau, 'POST', '/v1/device/company', { companyOrgId: DEMO_INSTALLER_ORG, name: '本区第二家', schoolOrgIds: [A] });
    expect(own.status, own.body.status_text).toBe(200);
    const far = await send<Company>(platform, 'POST', '/v1/device/company', { companyOrgId: farInstaller, name: '城西安装', serviceArea: '城西区', schoolOrgIds: [farSchool] });
    expect(far.status, far.body.status_text).toBe(200);
    expect(far.body.data).toMatchObject({ companyOrgId: farInstaller, schoolOrgIds: [farSchool] });
    // even the platform names only schools as the schools served
    const notSchool = await send(platform, 'POST', '/v1/device/company', { companyOrgId: farInstaller, name: '城西安装二', schoolOrgIds: ['org-xfsp'] });
    expect(notSchool.status).toBe(403);
    expect(notSchool.body.status_text).toBe(DEVICE_TEXT.companySchoolOutsideArea);
  });
});

describe('AI alerts', () => {
  it('take a correctly signed alert once, and refuse a wrong, replayed, stale or oversized one', async () => {
    const device = (await get<DeviceList>(schoolA, '/v1/device')).body.data.rows.find((d) => d.name === '烹饪区摄像头')!;
    const { secret } = (await send<DeviceWithSecret>(schoolA, 'POST', `/v1/device/${device.id}/secret`)).body.data;
    const post = (body: string, headers: Record<string, string>) => fetch(`${server.url}/v1/device/alerts`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
      .then(async (r) => ({ status: r.status, body: await r.json() as { status_text: string; data: { id: string } } }));
    const signed = (body: string, ts = String(Date.now()), key = secret) => ({ 'x-device-id': device.id, 'x-timestamp': ts, 'x-signature': signAlert(key, ts, body) });
    const body = JSON.stringify({ type: 'noHat', time: new Date().toISOString(), confidence: 0.93, snapshot: PNG, snapshotType: 'image/png' });

    const headers = signed(body);
    const good = await post(body, headers);
    expect(good.status, good.body.status_text).toBe(200);
    const replay = await post(body, headers);
    expect(replay.status).toBe(409);
    expect(replay.body.status_text).toBe(DEVICE_TEXT.replayed);
    expect((await post(body, signed(body, String(Date.now()), 'not-the-secret'))).status).toBe(401);
    // the body changed after signing (a confidence raised on the way)
    expect((await post(body.replace('0.93', '0.99'), headers)).status).toBe(401);
    expect((await post(body, { ...signed(body), 'x-device-id': crypto.randomUUID() })).status).toBe(401);
    expect((await post(body, {})).status).toBe(401);
    const stale = await post(body, signed(body, String(Date.now() - DEVICE_LIMITS.alertWindowMs - 60_000)));
    expect(stale.status).toBe(401);
    expect(stale.body.status_text).toBe(DEVICE_TEXT.staleAlert);
    const big = JSON.stringify({ type: 'smoking', time: new Date().toISOString(), confidence: 0.9, snapshot: Buffer.alloc(DEVICE_LIMITS.snapshotBytes + 1024, 7).toString('base64') });
    const oversized = await post(big, signed(big));
    expect(oversized.status).toBe(413);
    expect(oversized.body.status_text).toBe(DEVICE_TEXT.snapshotTooLarge);
    const huge = JSON.stringify({ type: 'smoking', time: new Date().toISOString(), confidence: 0.9, snapshot: 'A'.repeat(3 * 1024 * 1024) });
    expect((await post(huge, signed(huge))).status).toBe(413);
    // a secret rotated away no longer signs
    const fresh = JSON.stringify({ type: 'phone', time: new Date().toISOString(), confidence: 0.8 });
    await send(schoolA, 'POST', `/v1/device/${device.id}/secret`);
    expect((await post(fresh, signed(fresh))).status).toBe(401);

    // the school and its bureau see it with its snapshot; the school handles it once
    const id = good.body.data.id;
    const list = await get<AlertList>(schoolA, '/v1/device/alerts?status=open');
    expect(list.body.data.rows.find((a) => a.id === id)).toMatchObject({ type: 'noHat', hasSnapshot: true, status: 'open', orgId: A });
    expect((await get<AlertList>(schoolB, '/v1/device/alerts')).body.data.rows.some((a) => a.id === id)).toBe(false);
    expect((await get<AlertList>(bureau, '/v1/device/alerts')).body.data.rows.some((a) => a.id === id)).toBe(true);
    expect((await get<{ dataUrl: string }>(bureau, `/v1/device/alerts/${id}/snapshot`)).body.data.dataUrl).toBe(`data:image/png;base64,${PNG}`);
    expect((await get(schoolB, `/v1/device/alerts/${id}/snapshot`)).status).toBe(404);
    expect((await send(bureau, 'PUT', `/v1/device/alerts/${id}`, { action: 'handle', measure: 'x' })).status).toBe(403);
    expect((await send(schoolB, 'PUT', `/v1/device/alerts/${id}`, { action: 'handle', measure: 'x' })).status).toBe(404);
    expect((await send(schoolA, 'PUT', `/v1/device/alerts/${id}`, { action: 'handle', measure: ' ' })).status).toBe(400);
    const handled = await send<Alert>(schoolA, 'PUT', `/v1/device/alerts/${id}`, { action: 'handle', measure: '已提醒厨师佩戴帽子' });
    expect(handled.body.data).toMatchObject({ status: 'handled', measure: '已提醒厨师佩戴帽子' });
    expect((await send(schoolA, 'PUT', `/v1/device/alerts/${id}`, { action: 'ticket' })).status).toBe(409);

    // an open demo alert becomes a ticket for the camera's company
    const openOne = (await get<AlertList>(schoolA, '/v1/device/alerts?status=open')).body.data.rows[0]!;
    const ticketed = await send<Alert>(schoolA, 'PUT', `/v1/device/alerts/${openOne.id}`, { action: 'ticket' });
    expect(ticketed.body.data.status).toBe('ticketed');
    const ticket = (await get<InspectionList>(installer, '/v1/device/inspection')).body.data.rows.find((t) => t.id === ticketed.body.data.inspectionId);
    expect(ticket).toMatchObject({ source: 'alert', alertId: openOne.id, status: 'assigned' });

    // the bureau's chart: a week of days, counted by type and school
    const daily = await get<AlertDaily>(bureau, '/v1/device/alerts/daily?days=7');
    expect(daily.status, daily.body.status_text).toBe(200);
    expect(new Set(daily.body.data.rows.map((r) => r.orgId))).toEqual(new Set([A, B]));
    expect(new Set(daily.body.data.rows.map((r) => r.day)).size).toBeGreaterThanOrEqual(7);
    const stored = await server.store.db.selectFrom('device_alerts').select((eb) => eb.fn.countAll<string>().as('n')).where('org_id', 'in', [A, B]).where('at', '>=', new Date(Date.now() - 7 * 86_400_000)).executeTakeFirstOrThrow();
    expect(daily.body.data.rows.reduce((s, r) => s + r.count, 0)).toBe(Number(stored.n));
    expect((await get(schoolA, `/v1/device/alerts/daily?orgId=${B}`)).status).toBe(403);
  });
});

describe('alerts live on the school\'s and the bureau\'s screens', () => {
  /** Opens `s`'s live feed; `heard()` is every notice it had so far, `close()` ends it. */
  async function listen(s: Session) {
    const controller = new AbortController();
    const ticket = await call<{ ticket: string }>(server, 'POST', '/v1/live/ticket', auth(s));
    expect(ticket.status, ticket.body.status_text).toBe(200);
    const res = await fetch(`${server.url}/v1/events?ticket=${ticket.body.data.ticket}`, { signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const heard: { orgId: string; type: string; streamId: string }[] = [];
    let buffer = '';
    const pump = (async () => {
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
        if (chunk.done) return;
        buffer += decoder.decode(chunk.value, { stream: true });
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) if (line.startsWith('data: ')) heard.push(JSON.parse(line.slice(6)) as { orgId: string; type: string; streamId: string });
      }
    })();
    return { heard: () => [...heard], close: async () => { controller.abort(); await pump; } };
  }

  it('reach the school, the bureau of its area and the platform; never another area\'s bureau, another school or the installer', async () => {
    // an outsider's try: a bureau of another district, holding the bright-kitchen screen, listens for this school's alerts
    const westName = await bureauOfAnotherArea(server, bureau.userId, { groupName: 'baseModule', parentId: 'baseModule', moduleId: 'videoDevice', powerName: '视频设备管理' });
    const west = await signIn(server, DEMO.bureau, westName);
    const device = (await get<DeviceList>(schoolA, '/v1/device')).body.data.rows.find((d) => d.name === '洗消间摄像头')!;
    const { secret } = (await send<DeviceWithSecret>(schoolA, 'POST', `/v1/device/${device.id}/secret`)).body.data;
    const feeds = await Promise.all([schoolA, bureau, platform, west, schoolB, installer].map(listen));
    const [own, area, all, other, otherSchool, company] = feeds;
    try {
      const body = JSON.stringify({ type: 'smoking', time: new Date().toISOString(), confidence: 0.88 });
      const ts = String(Date.now());
      const posted = await fetch(`${server.url}/v1/device/alerts`, {
        method: 'POST', body, headers: { 'content-type': 'application/json', 'x-device-id': device.id, 'x-timestamp': ts, 'x-signature': signAlert(secret, ts, body) },
      });
      expect(posted.status).toBe(200);
      const alertId = ((await posted.json()) as { data: { id: string } }).data.id;
      const raised = (f: typeof own) => f.heard().filter((m) => m.type === 'DeviceAlertRaised' && m.streamId === `deviceAlert-${alertId}`);
      await expect.poll(() => raised(own).length, { timeout: 5_000 }).toBe(1);
      await expect.poll(() => raised(area).length, { timeout: 5_000 }).toBe(1);
      await expect.poll(() => raised(all).length, { timeout: 5_000 }).toBe(1);
      // each console hears it in its own org's feed
      expect(raised(area)[0]!.orgId).toBe('org-cdjyj');
      // the school handles it: its bureau's screen follows that too
      expect((await send(schoolA, 'PUT', `/v1/device/alerts/${alertId}`, { action: 'handle', measure: '已制止' })).status).toBe(200);
      await expect.poll(() => area.heard().some((m) => m.type === 'DeviceAlertHandled' && m.streamId === `deviceAlert-${alertId}`), { timeout: 5_000 }).toBe(true);
      // a ticket on the camera: its installer company's console hears of it too, and the bureau's
      const opened = await send<Inspection>(schoolA, 'POST', '/v1/device/inspection', { deviceId: device.id, description: '画面抖动' });
      expect(opened.status, opened.body.status_text).toBe(200);
      const ticketStream = `inspection-${opened.body.data.id}`;
      await expect.poll(() => company.heard().some((m) => m.type === 'InspectionAssigned' && m.streamId === ticketStream), { timeout: 5_000 }).toBe(true);
      await expect.poll(() => area.heard().some((m) => m.type === 'InspectionOpened' && m.streamId === ticketStream), { timeout: 5_000 }).toBe(true);
      // the notices were delivered together on commit: a moment more, and the others have still heard nothing of it
      await new Promise((r) => setTimeout(r, 300));
      for (const [name, f] of [['another area\'s bureau', other], ['another school', otherSchool], ['the installer', company]] as const) {
        expect(f.heard().filter((m) => m.type.startsWith('DeviceAlert')), name).toEqual([]);
      }
      for (const [name, f] of [['another area\'s bureau', other], ['another school', otherSchool]] as const) {
        expect(f.heard().filter((m) => m.type.startsWith('Inspection') || m.type.startsWith('VideoDevice')), name).toEqual([]);
      }
    } finally {
      await Promise.all(feeds.map((f) => f.close()));
    }
  });
});

export type { Device };
