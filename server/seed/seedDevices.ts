// Demo bright kitchens (issue 33), inside seedDemo's transaction and through the deciders: the camera types of
// §3 videoDeviceType, an installer company serving the district, four cameras per demo school (three checked a week,
// one of them gone offline two hours ago, one disabled), tickets in every state, and a week of AI alerts with a
// snapshot each. The online cameras play the deployment's own demo stream (server/modules/devices/demoStream.ts), so
// the live wall shows video out of the box and nothing is fetched from outside; the offline one points at a path of
// the same deployment that does not exist, so the health check honestly finds it down. Idempotent: a school with
// cameras is left alone.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { appendToStream, type EventMeta, type Tx } from '../store/eventStore.ts';
import type { CategoryCreated } from '../../domain/aggregates/category.ts';
import type { Decider, DomainEvent } from '../../domain/decider.ts';
import { decideAndAppend } from '../store/command.ts';
import { videoDeviceDecider, videoDeviceStream } from '../../domain/aggregates/videoDevice.ts';
import { installerCompanyDecider, installerCompanyStream } from '../../domain/aggregates/installerCompany.ts';
import { inspectionDecider, inspectionStream, type AssignedCompany } from '../../domain/aggregates/inspection.ts';
import { deviceAlertDecider, deviceAlertStream } from '../../domain/aggregates/deviceAlert.ts';
import { ALERT_TYPES, DEMO_STREAM_PATH, VIDEO_DEVICE_TYPE_GROUP, type AlertType } from '../../domain/videoDevice.ts';
import type { InspectionAction } from '../../domain/inspection.ts';

export const DEMO_INSTALLER_ORG = 'org-azgs';
export const DEMO_DEVICE_SCHOOLS = ['org-ygsy', 'org-mdzx'] as const;
/** The deployment's own demo stream (a path of its origin), played by the demo's online cameras. */
export const DEMO_STREAM = `${DEMO_STREAM_PATH}index.m3u8`;
/** A playlist of the same deployment that does not exist: the demo's offline camera. */
export const DEMO_OFFLINE_STREAM = `${DEMO_STREAM_PATH}prep-room.m3u8`;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const DEVICE_TYPES = ['球机', '枪机', '半球'];
const CAMERAS = [
  { name: '烹饪区摄像头', area: '烹饪区', type: 0, enabled: true, offline: false },
  { name: '洗消间摄像头', area: '洗消区', type: 1, enabled: true, offline: false },
  { name: '备餐间摄像头', area: '备餐区', type: 2, enabled: true, offline: true },
  { name: '仓库摄像头', area: '储存区', type: 1, enabled: false, offline: false },
];

/** A small solid-colour PNG (the demo's stand-in for a camera frame). */
export function demoPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
const TYPE_COLOURS: Record<AlertType, [number, number, number]> = {
  noHat: [230, 160, 40], noMask: [40, 140, 230], smoking: [120, 120, 120], phone: [160, 60, 200], rodent: [110, 70, 30], unattendedFlame: [220, 50, 30], noUniform: [40, 170, 90],
};

export async function seedDevices(tx: Tx, opts: { meta: EventMeta; now: Date; appId: string }): Promise<number> {
  let events = 0;
  const at = (ms: number) => ({ ...opts.meta, time: new Date(ms).toISOString() });
  const append = async <C, S, E extends DomainEvent>(orgId: string, streamId: string, streamType: string, decider: Decider<C, S, E>, command: C, when = opts.now.getTime()) => {
    const r = await decideAndAppend(tx, { orgId, streamId, streamType, decider, command, meta: at(when) });
    events += r.events.length;
  };
  const now = opts.now.getTime();

  const companyId = 'company-azgs';
  const company: AssignedCompany = { companyId, companyOrgId: DEMO_INSTALLER_ORG, companyName: '安心智能安装工程有限公司' };
  if (!await tx.selectFrom('installer_companies').select('id').where('id', '=', companyId).executeTakeFirst()) {
    await append(DEMO_INSTALLER_ORG, installerCompanyStream(companyId), 'installerCompany', installerCompanyDecider, {
      type: 'RegisterCompany', allowed: true, orgIsInstaller: true,
      company: { companyId, companyOrgId: DEMO_INSTALLER_ORG, name: company.companyName, contact: '黄师傅', phone: '13800000012', serviceArea: '城东区', schoolOrgIds: [...DEMO_DEVICE_SCHOOLS] },
    });
  }

  for (const orgId of DEMO_DEVICE_SCHOOLS) {
    if (await tx.selectFrom('video_devices').select('id').where('org_id', '=', orgId).limit(1).executeTakeFirst()) continue;
    const typeIds: string[] = [];
    for (const [i, name] of DEVICE_TYPES.entries()) {
      const id = crypto.randomUUID();
      typeIds.push(id);
      await appendToStream(tx, { orgId, streamId: `category-${id}`, streamType: 'category', expectedVersion: 0, meta: opts.meta, events: [{ type: 'CategoryCreated', data: {
        id, appId: opts.appId, parentId: '-1', name, groupName: VIDEO_DEVICE_TYPE_GROUP, enable: true, sort: i + 1, isPackage: false, extraInfo: {},
      } satisfies CategoryCreated }] });
      events += 1;
    }
    const deviceIds: string[] = [];
    for (const cam of CAMERAS) {
      const deviceId = crypto.randomUUID();
      deviceIds.push(deviceId);
      const stream = videoDeviceStream(deviceId);
      await append(orgId, stream, 'videoDevice', videoDeviceDecider, {
        type: 'RegisterDevice', allowed: true, nameTaken: false, typeKnown: true, companyKnown: true, count: 0,
        device: {
          deviceId, name: cam.name, typeId: typeIds[cam.type]!, area: cam.area, enabled: cam.enabled, companyId,
          playUrl: cam.offline ? DEMO_OFFLINE_STREAM : DEMO_STREAM, protocol: 'hls',
        },
      }, now - 8 * DAY);
      await tx.insertInto('device_secrets').values({ org_id: orgId, device_id: deviceId, secret: crypto.randomBytes(24).toString('base64url') }).execute();
      if (!cam.enabled) continue;
      // checked a week: online since then (with an hour's outage three days ago); the offline one lost two hours ago
      const health = (online: boolean, when: number) => append(orgId, stream, 'videoDevice', videoDeviceDecider,
        { type: 'RecordHealth', deviceId, online, at: new Date(when).toISOString(), detail: online ? 'HTTP 200' : 'timeout' }, when);
      await health(true, now - 7 * DAY);
      await health(false, now - 3 * DAY);
      await health(true, now - 3 * DAY + HOUR);
      if (cam.offline) await health(false, now - 2 * HOUR);
    }

    // tickets in every state: an offline camera's (assigned), one fixed awaiting verification, one verified, one opened by hand
    const ticket = async (deviceIndex: number, description: string, openedAt: number, steps: { action: InspectionAction; note?: string; by: 'school' | 'installer' }[], withCompany: boolean) => {
      const inspectionId = crypto.randomUUID();
      const stream = inspectionStream(inspectionId);
      await append(orgId, stream, 'inspection', inspectionDecider, {
        type: 'OpenInspection', by: 'school', company: withCompany ? company : null,
        inspection: { inspectionId, deviceId: deviceIds[deviceIndex]!, deviceName: CAMERAS[deviceIndex]!.name, source: withCompany ? 'health' : 'manual', alertId: null, description, openedBy: withCompany ? 'system' : '13800000002', at: new Date(openedAt).toISOString() },
      }, openedAt);
      let when = openedAt;
      for (const s of steps) {
        when += 3 * HOUR;
        await append(orgId, stream, 'inspection', inspectionDecider, {
          type: 'ActOnInspection', inspectionId, action: s.action, by: s.by, ownTicket: true, note: s.note, photoId: null, company,
          user: s.by === 'installer' ? '13800000012' : '13800000002', at: new Date(when).toISOString(),
        }, when);
      }
    };
    await ticket(2, '设备离线超过 10 分钟', now - 2 * HOUR + 10 * 60_000, [], true);
    await ticket(1, '画面模糊，镜头有油污', now - 2 * DAY, [{ action: 'fix', note: '已清洁镜头并加装防油罩', by: 'installer' }], true);
    await ticket(0, '夜间画面无红外', now - 6 * DAY, [{ action: 'fix', note: '更换红外灯板', by: 'installer' }, { action: 'verify', note: '画面正常', by: 'school' }], true);
    await ticket(0, '云台转动异响', now - 5 * HOUR, [], false);

    // a week of alerts: a few a day, each with a snapshot; older ones handled, a couple made tickets
    let n = 0;
    for (let day = 6; day >= 0; day--) {
      const perDay = 2 + ((day * 7 + orgId.length) % 3);
      for (let k = 0; k < perDay; k++) {
        const type = ALERT_TYPES[(day + k + n) % ALERT_TYPES.length]!;
        const when = now - day * DAY - (k + 1) * 2 * HOUR;
        const alertId = crypto.randomUUID();
        const snapshotId = crypto.randomUUID();
        await tx.insertInto('device_snapshots').values({ org_id: orgId, id: snapshotId, content_type: 'image/png', bytes: demoPng(64, 36, TYPE_COLOURS[type]), created_at: new Date(when) }).execute();
        const stream = deviceAlertStream(alertId);
        const cam = k % 2;
        await append(orgId, stream, 'deviceAlert', deviceAlertDecider, {
          type: 'RaiseAlert', alert: { alertId, deviceId: deviceIds[cam]!, deviceName: CAMERAS[cam]!.name, alertType: type, at: new Date(when).toISOString(), confidence: 0.8 + ((n % 19) / 100), snapshotId },
        }, when);
        if (day >= 1) {
          await append(orgId, stream, 'deviceAlert', deviceAlertDecider, {
            type: 'HandleAlert', alertId, measure: '已现场提醒并纠正', allowed: true, by: '13800000002', at: new Date(when + HOUR).toISOString(),
          }, when + HOUR);
        }
        n++;
      }
    }
  }
  return events;
}
