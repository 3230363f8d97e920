// Device health (issue 33): the server asks each enabled camera's play URL on a schedule, through the guarded
// outbound fetch (server/http/outboundFetch.ts: no internal address unless the deployment allows it; the
// deployment's own demo stream, a bare path, is answered from what this server serves: demoStream.ts), and records a
// change of online/offline as an event on the device's stream. A device offline longer than its school's threshold
// gets an inspection ticket, assigned to its installer company, unless one is still open for it.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { EventMeta, Tx } from '../../store/eventStore.ts';
import type { ModuleContext } from '../../context.ts';
import { runDecisions } from '../../store/command.ts';
import { appendWatched } from './notices.ts';
import { outboundFetch } from '../../http/outboundFetch.ts';
import { demoStreamProbe } from './demoStream.ts';
import { videoDeviceDecider, videoDeviceStream } from '../../../domain/aggregates/videoDevice.ts';
import { inspectionDecider, inspectionStream, type AssignedCompany } from '../../../domain/aggregates/inspection.ts';
import { OPEN_INSPECTION_STATUSES, type InspectionSource } from '../../../domain/inspection.ts';
import { DEVICE_LIMITS, offlineTooLong, type HealthState } from '../../../domain/videoDevice.ts';
import type { Party } from '../../../domain/orgKind.ts';

/** How long one check waits for the media server. */
const CHECK_TIMEOUT_MS = 5_000;

export const systemMeta = (now: Date, route: string): EventMeta => ({ time: now.toISOString(), route, username: 'system' });

/** The installer company of a device (for assigning its tickets), or null. */
export async function companyOf(db: Kysely<Database> | Tx, companyId: string): Promise<AssignedCompany | null> {
  if (!companyId) return null;
  const c = await db.selectFrom('installer_companies').select(['id', 'org_id', 'name']).where('id', '=', companyId).executeTakeFirst();
  return c ? { companyId: c.id, companyOrgId: c.org_id, companyName: c.name } : null;
}

export interface OpenSpec {
  orgId: string; deviceId: string; source: InspectionSource; alertId: string | null; description: string;
  openedBy: string; by: Party; at: Date; meta: EventMeta;
}

/** Opens a ticket for a device of `orgId` (assigned to the device's company when it has one); its id. */
export async function openInspection(tx: Tx, spec: OpenSpec): Promise<string> {
  const device = await tx.selectFrom('video_devices').select(['id', 'name', 'company_id']).where('org_id', '=', spec.orgId).where('id', '=', spec.deviceId).executeTakeFirst();
  const inspectionId = crypto.randomUUID();
  const company = await companyOf(tx, device?.company_id ?? '');
  // the bureau, the platform and the company it is assigned to see the new ticket on their screens at once
  await appendWatched(tx, {
    orgId: spec.orgId, streamId: inspectionStream(inspectionId), streamType: 'inspection', decider: inspectionDecider, meta: spec.meta,
    command: {
      type: 'OpenInspection', by: spec.by, company,
      inspection: {
        inspectionId, deviceId: spec.deviceId, deviceName: device?.name ?? '', source: spec.source, alertId: spec.alertId,
        description: spec.description, openedBy: spec.openedBy, at: spec.at.toISOString(),
      },
    },
  }, [company?.companyOrgId]);
  return inspectionId;
}

/** Whether the media server answers the play URL (a 2xx), and what it said. */
export async function probe(fetchImpl: typeof fetch, url: string): Promise<{ online: boolean; detail: string }> {
  // a path of this deployment (its demo stream) is read from here: the fetch below never opens to our own address
  const own = demoStreamProbe(url);
  if (own) return own;
  try {
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    return { online: res.ok, detail: `HTTP ${res.status}` };
  } catch (e) {
    return { online: false, detail: (e as Error).message.slice(0, 200) };
  }
}

interface DeviceRow { org_id: string; id: string; name: string; play_url: string; online: boolean | null; since: Date | null; online_ms: string; offline_ms: string }

/**
 * Checks one device and records what changed; opens a ticket when it has been offline too long. Returns the ticket
 * opened, if any.
 */
export async function checkDevice(db: Kysely<Database>, fetchImpl: typeof fetch, row: DeviceRow, now: () => Date): Promise<string | null> {
  const result = await probe(fetchImpl, row.play_url);
  const at = now();
  return runDecisions(db, async (tx) => {
    // a camera going offline or back shows on its bureau's area view at once too
    const { state } = await appendWatched(tx, {
      orgId: row.org_id, streamId: videoDeviceStream(row.id), streamType: 'videoDevice', decider: videoDeviceDecider, meta: systemMeta(at, 'deviceHealth'),
      command: { type: 'RecordHealth', deviceId: row.id, online: result.online, at: at.toISOString(), detail: result.detail },
    });
    return openIfTooLong(tx, row.org_id, row.id, state.health, at);
  });
}

async function openIfTooLong(tx: Tx, orgId: string, deviceId: string, health: HealthState, at: Date): Promise<string | null> {
  const settings = await tx.selectFrom('video_device_settings').select('offline_threshold_minutes').where('org_id', '=', orgId).executeTakeFirst();
  const threshold = settings?.offline_threshold_minutes ?? DEVICE_LIMITS.offlineThresholdDefault;
  if (!offlineTooLong(health, threshold, at.getTime())) return null;
  const open = await tx.selectFrom('inspections').select('id').where('org_id', '=', orgId).where('device_id', '=', deviceId)
    .where('status', 'in', [...OPEN_INSPECTION_STATUSES]).executeTakeFirst();
  if (open) return null;
  return openInspection(tx, {
    orgId, deviceId, source: 'health', alertId: null, by: 'platform', openedBy: 'system',
    description: `设备离线超过 ${threshold} 分钟（自 ${health.since}）`, at, meta: systemMeta(at, 'deviceHealth'),
  });
}

const deviceColumns = ['org_id', 'id', 'name', 'play_url', 'online', 'since', 'online_ms', 'offline_ms'] as const;

/** One round over every enabled device, a few at a time. */
export async function checkAll(db: Kysely<Database>, fetchImpl: typeof fetch, now: () => Date): Promise<void> {
  const rows = await db.selectFrom('video_devices').select([...deviceColumns]).where('enabled', '=', true).execute();
  const parallel = 8;
  for (let i = 0; i < rows.length; i += parallel) {
    await Promise.all(rows.slice(i, i + parallel).map((r) => checkDevice(db, fetchImpl, r as DeviceRow, now).catch(() => null)));
  }
}

export async function deviceRow(db: Kysely<Database>, orgId: string, id: string): Promise<DeviceRow | undefined> {
  return await db.selectFrom('video_devices').select([...deviceColumns]).where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst() as DeviceRow | undefined;
}

/** The guarded fetch health checks use: public addresses, or the deployment's OUTBOUND_ALLOW entries. */
export const healthFetch = (ctx: ModuleContext) => outboundFetch(ctx.settings.outboundAllow ?? []);

/** Runs checkAll every `settings.deviceHealthEveryMs` (none when unset or 0), one round at a time, until the server closes. */
export function scheduleHealthChecks(app: FastifyInstance, ctx: ModuleContext): void {
  const every = ctx.settings.deviceHealthEveryMs ?? 0;
  if (!every) return;
  const fetchImpl = healthFetch(ctx);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    checkAll(ctx.db, fetchImpl, ctx.clock).catch((e: unknown) => app.log.warn({ err: e }, 'device health round failed')).finally(() => { running = false; });
  }, every);
  timer.unref();
  app.addHook('onClose', async () => { clearInterval(timer); });
}
