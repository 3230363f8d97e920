// AI alerts (issue 33): an edge box in the kitchen posts what it saw to POST /v1/device/alerts, signed with its
// device's own secret: x-device-id, x-timestamp (ms since epoch) and x-signature = hex HMAC-SHA256(secret,
// timestamp + '.' + the exact body). The server refuses a wrong signature (401), a timestamp outside the window and
// a signature it has taken before (replay, 409), and a snapshot beyond the limit (413); the snapshot's bytes are kept
// beside the events. Schools and bureaus read them (with the snapshot), the school handles each or tickets it; the
// bureau's and the platform's consoles hear of each live, as the school's does (notices.ts).
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { HttpError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { route, type OrgAppRequest } from '../../http/route.ts';
import { commaList, paged } from '../../http/listQuery.ts';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../../http/inputGuards.ts';
import { clientVersion, decideAndAppend, metaOf, runDecisions } from '../../store/command.ts';
import { streamVersionOf } from '../../store/versions.ts';
import { appendWatched } from './notices.ts';
import { partyOfRequest } from '../../http/parties.ts';
import * as api from '../../../contracts/devices.ts';
import { deviceAlertDecider, deviceAlertStream } from '../../../domain/aggregates/deviceAlert.ts';
import { ALERT_TYPE_NAMES, DEVICE_LIMITS, DEVICE_TEXT, SNAPSHOT_TYPES, alertTimeProblem, base64Bytes, signedText, type AlertType } from '../../../domain/videoDevice.ts';
import { openInspection, systemMeta } from './health.ts';
import { orgScope, reachOf, requireDeviceViewer } from './access.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** the exact JSON text of an alert (its signature covers these bytes) */
    alertBody?: string;
  }
}

/** A body this large is refused before parsing: a snapshot at the limit in base64, and room for the rest. */
const ALERT_BODY_LIMIT = Math.ceil(DEVICE_LIMITS.snapshotBytes * 4 / 3) + 16 * 1024;

const hmac = (secret: string, text: string) => crypto.createHmac('sha256', secret).update(text).digest('hex');
const sameHex = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
const header = (h: unknown) => (typeof h === 'string' ? h : undefined);

/** Signs an alert body as an edge box does (tests and the demo's box simulator use it). */
export const signAlert = (secret: string, timestamp: string, body: string) => hmac(secret, signedText(timestamp, body));

interface AlertRow {
  org_id: string; org_name: string | null; id: string; device_id: string; device_name: string; alert_type: string; at: Date; confidence: string;
  snapshot_id: string | null; status: string; measure: string; inspection_id: string | null; version: string | null;
}
const view = (r: AlertRow): api.Alert => ({
  id: r.id, orgId: r.org_id, orgName: r.org_name ?? '', deviceId: r.device_id, deviceName: r.device_name, type: r.alert_type as AlertType,
  at: r.at.toISOString(), confidence: Number(r.confidence), hasSnapshot: !!r.snapshot_id, status: r.status as api.Alert['status'],
  measure: r.measure, inspectionId: r.inspection_id, version: Number(r.version ?? 0),
});

export default async function alertRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  // the signed post, in its own context: its JSON parser keeps the exact text for the signature
  await app.register(async (signed) => {
    const parseJson = signed.getDefaultJsonParser('error', 'error');
    signed.removeContentTypeParser('application/json');
    signed.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: ALERT_BODY_LIMIT }, (request, body, done) => {
      if (jsonDepthExceeds(body as string)) return done(badRequest(`参数错误：请求体嵌套超过 ${MAX_JSON_DEPTH} 层`), undefined);
      request.alertBody = body as string;
      parseJson(request, body as string, done);
    });

    route(signed, api.postAlert, { auth: 'public' }, async (request) => {
      const deviceId = header(request.headers['x-device-id']);
      const timestamp = header(request.headers['x-timestamp']);
      const signature = header(request.headers['x-signature'])?.toLowerCase();
      if (!deviceId || !timestamp || !signature || !/^[0-9a-f]{64}$/.test(signature) || request.alertBody === undefined) throw unauthorized(DEVICE_TEXT.badSignature);
      const device = await db.selectFrom('video_devices as d').innerJoin('device_secrets as s', (j) => j.onRef('s.org_id', '=', 'd.org_id').onRef('s.device_id', '=', 'd.id'))
        .select(['d.org_id', 'd.id', 'd.name', 's.secret']).where('d.id', '=', deviceId).executeTakeFirst();
      // an unknown device and a wrong signature read alike: the caller learns nothing about which ids exist
      if (!device || !sameHex(hmac(device.secret, signedText(timestamp, request.alertBody)), signature)) throw unauthorized(DEVICE_TEXT.badSignature);
      const now = clock();
      const late = alertTimeProblem(timestamp, now.getTime());
      if (late) throw unauthorized(late);
      const b = request.body;
      let snapshot: { type: string; bytes: Buffer } | null = null;
      if (b.snapshot !== undefined) {
        if (base64Bytes(b.snapshot) > DEVICE_LIMITS.snapshotBytes) throw new HttpError(413, DEVICE_TEXT.snapshotTooLarge);
        const type = b.snapshotType ?? 'image/jpeg';
        if (!(SNAPSHOT_TYPES as readonly string[]).includes(type) || !/^[A-Za-z0-9+/=\s]*$/.test(b.snapshot)) throw badRequest(DEVICE_TEXT.badSnapshot);
        snapshot = { type, bytes: Buffer.from(b.snapshot, 'base64') };
        if (!snapshot.bytes.length) throw badRequest(DEVICE_TEXT.badSnapshot);
      }
      const alertId = crypto.randomUUID();
      await runDecisions(db, async (tx) => {
        // a signature is taken once: the same request again (a replay) finds it
        const taken = await tx.insertInto('device_alert_signatures').values({ org_id: device.org_id, device_id: device.id, signature, at: now })
          .onConflict((oc) => oc.doNothing()).returning('signature').executeTakeFirst();
        if (!taken) throw conflict(DEVICE_TEXT.replayed);
        // signatures older than the window cannot be replayed anyway (their timestamp is refused)
        await tx.deleteFrom('device_alert_signatures').where('org_id', '=', device.org_id).where('device_id', '=', device.id)
          .where('at', '<', new Date(now.getTime() - 2 * DEVICE_LIMITS.alertWindowMs)).execute();
        let snapshotId: string | null = null;
        if (snapshot) {
          snapshotId = crypto.randomUUID();
          await tx.insertInto('device_snapshots').values({ org_id: device.org_id, id: snapshotId, content_type: snapshot.type, bytes: snapshot.bytes, created_at: now }).execute();
        }
        await appendWatched(tx, {
          orgId: device.org_id, streamId: deviceAlertStream(alertId), streamType: 'deviceAlert', decider: deviceAlertDecider, meta: systemMeta(now, 'POST /v1/device/alerts'),
          command: { type: 'RaiseAlert', alert: { alertId, deviceId: device.id, deviceName: device.name, alertType: b.type, at: new Date(b.time).toISOString(), confidence: b.confidence, snapshotId } },
        });
      }, false);
      return ok({ id: alertId });
    });
  });

  const viewer = { auth: 'orgApp', guard: requireDeviceViewer } as const;
  const select = () => db.selectFrom('device_alerts as a').leftJoin('orgs as o', 'o.org_id', 'a.org_id')
    .select(['a.org_id', 'o.name as org_name', 'a.id', 'a.device_id', 'a.device_name', 'a.alert_type', 'a.at', 'a.confidence', 'a.snapshot_id', 'a.status', 'a.measure', 'a.inspection_id', streamVersionOf('a', 'deviceAlert', 'id').as('version')]);

  /** The alerts' orgs the caller reaches; an installer reaches none. */
  const alertScope = async (request: OrgAppRequest, orgId?: string) => {
    const reach = await reachOf(db, request);
    if ('companyOrgId' in reach) throw forbidden(DEVICE_TEXT.mayNotSee);
    return orgScope(reach, orgId);
  };

  route(app, api.listAlerts, { ...viewer, listPage: { size: 50, max: 500 } }, async (request) => {
    const q = request.query;
    const scope = await alertScope(request, q.orgId);
    let query = select();
    if (scope) query = query.where('a.org_id', 'in', scope.length ? [...scope] : ['']);
    const statuses = commaList(q.status);
    if (statuses.length) query = query.where('a.status', 'in', statuses);
    if (q.type) query = query.where('a.alert_type', '=', q.type);
    const count = Number((await query.clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await paged(query.orderBy('a.at', 'desc').orderBy('a.id'), request).execute();
    return ok({ rows: rows.map((r) => view(r as AlertRow)), count });
  });

  route(app, api.alertDaily, viewer, async (request) => {
    const scope = await alertScope(request, request.query.orgId);
    const days = request.query.days ?? 7;
    const since = new Date(clock().getTime() - days * 86_400_000);
    const day = sql<string>`to_char(a.at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`;
    let q = db.selectFrom('device_alerts as a').leftJoin('orgs as o', 'o.org_id', 'a.org_id')
      .select([day.as('day'), 'a.alert_type', 'a.org_id', 'o.name as org_name', (eb) => eb.fn.countAll<string>().as('n')])
      .where('a.at', '>=', since).groupBy([day, 'a.alert_type', 'a.org_id', 'o.name']);
    if (scope) q = q.where('a.org_id', 'in', scope.length ? [...scope] : ['']);
    const rows = (await q.orderBy('day').execute()).map((r) => ({ day: r.day, type: r.alert_type as AlertType, orgId: r.org_id, orgName: r.org_name ?? '', count: Number(r.n) }));
    return ok({ rows, count: rows.length });
  });

  async function oneAlert(request: OrgAppRequest, id: string): Promise<AlertRow> {
    const scope = await alertScope(request);
    let q = select().where('a.id', '=', id);
    if (scope) q = q.where('a.org_id', 'in', scope.length ? [...scope] : ['']);
    const row = await q.executeTakeFirst();
    if (!row) throw notFound(DEVICE_TEXT.alertNotFound);
    return row as AlertRow;
  }

  route(app, api.alertSnapshot, viewer, async (request) => {
    const alert = await oneAlert(request, request.params.id);
    const snap = alert.snapshot_id
      ? await db.selectFrom('device_snapshots').select(['content_type', 'bytes']).where('org_id', '=', alert.org_id).where('id', '=', alert.snapshot_id).executeTakeFirst()
      : undefined;
    if (!snap) throw notFound('该告警没有抓拍图片');
    return ok({ dataUrl: `data:${snap.content_type};base64,${snap.bytes.toString('base64')}` });
  });

  route(app, api.actOnAlert, viewer, async (request) => {
    const alert = await oneAlert(request, request.params.id);
    // only the school the alert is in handles it (the platform may too); a bureau follows up, it does not act
    const party = partyOfRequest(request);
    const allowed = (party === 'school' && alert.org_id === request.orgApp.orgId) || party === 'platform';
    const now = clock();
    const meta = metaOf(request, now);
    const by = request.user.username;
    // the version the caller read (body or If-Match): a stale one is a 409 (docs/versions.md)
    const expectedVersion = clientVersion(request);
    await runDecisions(db, async (tx) => {
      if (request.body.action === 'handle') {
        await appendWatched(tx, {
          orgId: alert.org_id, streamId: deviceAlertStream(alert.id), streamType: 'deviceAlert', decider: deviceAlertDecider, meta,
          command: { type: 'HandleAlert', alertId: alert.id, measure: request.body.measure ?? '', allowed, by, at: now.toISOString() }, expectedVersion,
        });
        return;
      }
      if (!allowed) throw forbidden(DEVICE_TEXT.mayNotManage);
      await decideAndAppend(tx, {
        orgId: alert.org_id, streamId: deviceAlertStream(alert.id), streamType: 'deviceAlert', decider: deviceAlertDecider, meta,
        command: { type: 'TicketAlert', alertId: alert.id, inspectionId: '', allowed, by, at: now.toISOString() }, expectedVersion,
      }, true);
      if (alert.status !== 'open') throw conflict(DEVICE_TEXT.alertHandled);
      const inspectionId = await openInspection(tx, {
        orgId: alert.org_id, deviceId: alert.device_id, source: 'alert', alertId: alert.id, by: party, openedBy: by, at: now, meta,
        description: `AI 告警：${ALERT_TYPE_NAMES[alert.alert_type as AlertType] ?? alert.alert_type}（${alert.at.toISOString()}）`,
      });
      await appendWatched(tx, {
        orgId: alert.org_id, streamId: deviceAlertStream(alert.id), streamType: 'deviceAlert', decider: deviceAlertDecider, meta,
        command: { type: 'TicketAlert', alertId: alert.id, inspectionId, allowed, by, at: now.toISOString() },
      });
    }, false);
    return ok(view(await oneAlert(request, alert.id)));
  });
}
