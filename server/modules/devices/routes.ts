// Bright kitchens (issue 33): cameras (§2 videoDevice), the orgs with cameras and their health (§7 video device orgs),
// the school's offline threshold, installer companies (§2 companyManage) and inspection tickets (§2 errorDevice).
// Reach is access.ts's (party from the org's kind and roles); every write is a decider of domain/aggregates/.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { route, type OrgAppRequest } from '../../http/route.ts';
import { commaList, flagFilter, paged, pageOf } from '../../http/listQuery.ts';
import { areaKeyOfOrg, orgFacts, orgFactsOf, partyOfRequest } from '../../http/parties.ts';
import { decideAndAppend, lockKey, metaOf, requestCommand, runDecisions } from '../../store/command.ts';
import type { Tx } from '../../store/eventStore.ts';
import { streamVersionOf, withStreamVersions } from '../../store/versions.ts';
import * as api from '../../../contracts/devices.ts';
import { deviceSettingsDecider, deviceSettingsStream, videoDeviceDecider, videoDeviceStream, type VideoDeviceCommand } from '../../../domain/aggregates/videoDevice.ts';
import { installerCompanyDecider, installerCompanyStream } from '../../../domain/aggregates/installerCompany.ts';
import { inspectionDecider, inspectionStream } from '../../../domain/aggregates/inspection.ts';
import {
  DEVICE_LIMITS, DEVICE_TEXT, VIDEO_DEVICE_TYPE_GROUP, mayManageDevices, protocolOf, uptimeOf, type PlayProtocol,
} from '../../../domain/videoDevice.ts';
import {
  INSPECTION_LIMITS, INSPECTION_STATUSES, INSPECTION_TEXT, OPEN_INSPECTION_STATUSES, ageHours, inspectionActionsFor,
  type InspectionSource, type InspectionStatus,
} from '../../../domain/inspection.ts';
import { checkDevice, companyOf, deviceRow, healthFetch, openInspection, scheduleHealthChecks } from './health.ts';
import { orgScope, reachOf, requireCompanyManager, requireDeviceManager, requireDeviceViewer } from './access.ts';
import { base64Bytes } from '../../../domain/videoDevice.ts';
import alertRoutes from './alertRoutes.ts';
import { registerDemoStream } from './demoStream.ts';
import { isSandbox, orgKindOf, type OrgFacts } from '../../../domain/orgKind.ts';
import { companyOrgsRefusal, companySchoolPickable, installerPickable, nameMatches, ORG_PICKER_LIMIT } from '../../../domain/orgPicker.ts';
import { appendWatched } from './notices.ts';

const viewer = { auth: 'orgApp', guard: requireDeviceViewer } as const;
const manager = { auth: 'orgApp', guard: requireDeviceManager } as const;
const companyManager = { auth: 'orgApp', guard: requireCompanyManager } as const;

const newSecret = () => crypto.randomBytes(24).toString('base64url');
const none = [''];

interface DeviceRow {
  org_id: string; org_name: string | null; id: string; name: string; type_id: string; type_name: string | null; area: string; play_url: string; protocol: string;
  enabled: boolean; company_id: string; company_name: string | null; online: boolean | null; since: Date | null; online_ms: string; offline_ms: string; version: string | null;
}
const deviceView = (r: DeviceRow, now: number): api.Device => ({
  id: r.id, orgId: r.org_id, orgName: r.org_name ?? '', name: r.name, typeId: r.type_id, typeName: r.type_name ?? '', area: r.area, playUrl: r.play_url,
  protocol: r.protocol as PlayProtocol, enabled: r.enabled, companyId: r.company_id, companyName: r.company_name ?? '',
  online: r.online, since: r.since ? r.since.toISOString() : null,
  uptime: uptimeOf({ online: r.online, since: r.since?.toISOString() ?? null, onlineMs: Number(r.online_ms), offlineMs: Number(r.offline_ms) }, now),
  version: Number(r.version ?? 0),
});

interface InspectionRow {
  org_id: string; org_name: string | null; id: string; device_id: string; device_name: string; source: string; alert_id: string | null; description: string; status: string;
  company_id: string; company_name: string; fix_note: string; fix_photo_id: string | null; verify_note: string; reopen_note: string; reopen_count: number;
  opened_at: Date; updated_at: Date; version: string | null; company_org_id: string;
}

/** A photo sent as a data: URL of an image, within the limit. */
function photoOf(dataUrl: string | undefined): { type: string; bytes: Buffer } | null {
  if (!dataUrl) return null;
  const m = /^data:(image\/(?:jpeg|png|webp));base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!m) throw badRequest(INSPECTION_TEXT.badPhoto);
  if (base64Bytes(m[2]) > INSPECTION_LIMITS.photoBytes) throw badRequest(INSPECTION_TEXT.photoTooLarge);
  return { type: m[1], bytes: Buffer.from(m[2], 'base64') };
}

export default async function deviceRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db, clock } = ctx;
  scheduleHealthChecks(app, ctx);
  registerDemoStream(app);
  await alertRoutes(app, ctx);

  // ── devices ──
  const selectDevices = () => db.selectFrom('video_devices as d')
    .leftJoin('orgs as o', 'o.org_id', 'd.org_id')
    .leftJoin('categories as c', (j) => j.onRef('c.org_id', '=', 'd.org_id').onRef('c.id', '=', 'd.type_id'))
    .leftJoin('installer_companies as ic', 'ic.id', 'd.company_id')
    .select(['d.org_id', 'o.name as org_name', 'd.id', 'd.name', 'd.type_id', 'c.name as type_name', 'd.area', 'd.play_url', 'd.protocol', 'd.enabled', 'd.company_id',
      'ic.name as company_name', 'd.online', 'd.since', 'd.online_ms', 'd.offline_ms', streamVersionOf('d', 'videoDevice', 'id').as('version')]);

  async function oneDevice(orgId: string, id: string): Promise<api.Device> {
    const row = await selectDevices().where('d.org_id', '=', orgId).where('d.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(DEVICE_TEXT.notFound);
    return deviceView(row as DeviceRow, clock().getTime());
  }

  route(app, api.listDevices, viewer, async (request) => {
    const reach = await reachOf(db, request);
    const scope = orgScope(reach, request.query.orgId);
    let q = selectDevices();
    if (scope) q = q.where('d.org_id', 'in', scope.length ? [...scope] : none);
    if ('companyOrgId' in reach) q = q.where('d.company_id', 'in', db.selectFrom('installer_companies').select('id').where('org_id', '=', reach.companyOrgId));
    if (request.query.online !== undefined) q = q.where('d.online', '=', request.query.online);
    const now = clock().getTime();
    const rows = (await q.orderBy('o.name').orderBy('d.name').execute()).map((r) => deviceView(r as DeviceRow, now));
    return ok({ rows, count: rows.length });
  });

  /** The facts a device command needs, read in the org under its device lock. */
  const deviceFacts = async (tx: Tx, request: OrgAppRequest, b: { name?: string; typeId?: string; companyId?: string }, except: string) => {
    const orgId = request.orgApp.orgId;
    const nameTaken = b.name !== undefined && !!await tx.selectFrom('video_devices').select('id').where('org_id', '=', orgId).where('name', '=', b.name.trim()).where('id', '!=', except).executeTakeFirst();
    const typeKnown = !b.typeId || !!await tx.selectFrom('categories').select('id').where('org_id', '=', orgId).where('id', '=', b.typeId)
      .where('group_name', '=', VIDEO_DEVICE_TYPE_GROUP).where('is_delete', '=', false).executeTakeFirst();
    // a company serving the school: it names the school, or serves the school's area
    const area = await areaKeyOfOrg(tx, orgId);
    const companyKnown = !b.companyId || !!await tx.selectFrom('installer_companies').select('id').where('id', '=', b.companyId)
      .where((eb) => eb.or([sql<boolean>`${orgId} = ANY(school_org_ids)`, ...(area ? [eb('service_area', '=', area)] : [])])).executeTakeFirst();
    return { allowed: mayManageDevices(partyOfRequest(request)), nameTaken, typeKnown, companyKnown };
  };
  const deviceCommand = (request: OrgAppRequest, deviceId: string, build: (tx: Tx) => Promise<VideoDeviceCommand>, after?: (tx: Tx) => Promise<void>) => {
    const spec = requestCommand(request, clock());
    return runDecisions(db, async (tx) => {
      await lockKey(tx, 'videoDevice', spec.orgId);
      const result = await decideAndAppend(tx, { ...spec, streamId: videoDeviceStream(deviceId), streamType: 'videoDevice', decider: videoDeviceDecider, command: await build(tx) });
      await after?.(tx);
      return result;
    }, spec.expectedVersion === undefined);
  };
  const setSecret = (tx: Tx, orgId: string, deviceId: string, secret: string) => tx.insertInto('device_secrets').values({ org_id: orgId, device_id: deviceId, secret })
    .onConflict((oc) => oc.columns(['org_id', 'device_id']).doUpdateSet({ secret })).execute();

  route(app, api.createDevice, manager, async (request) => {
    const orgId = request.orgApp.orgId;
    const b = request.body;
    const deviceId = crypto.randomUUID();
    const secret = newSecret();
    await deviceCommand(request, deviceId, async (tx) => ({
      type: 'RegisterDevice', ...(await deviceFacts(tx, request, b, deviceId)),
      count: Number((await tx.selectFrom('video_devices').select((eb) => eb.fn.countAll<string>().as('n')).where('org_id', '=', orgId).executeTakeFirstOrThrow()).n),
      device: {
        deviceId, name: b.name, typeId: b.typeId ?? '', area: b.area ?? '', playUrl: b.playUrl, protocol: b.protocol ?? protocolOf(b.playUrl),
        enabled: b.enabled ?? true, companyId: b.companyId ?? '',
      },
    }), async (tx) => { await setSecret(tx, orgId, deviceId, secret); });
    return ok({ device: await oneDevice(orgId, deviceId), secret });
  });

  const exists = async (tx: Tx, orgId: string, id: string) => {
    if (!await tx.selectFrom('video_devices').select('id').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst()) throw notFound(DEVICE_TEXT.notFound);
  };

  route(app, api.updateDevice, manager, async (request) => {
    const orgId = request.orgApp.orgId;
    const id = request.params.id;
    const { version: _, ...change } = request.body;
    await deviceCommand(request, id, async (tx) => {
      await exists(tx, orgId, id);
      return { type: 'ChangeDevice', ...(await deviceFacts(tx, request, change, id)), change: { deviceId: id, ...change } };
    });
    return ok(await oneDevice(orgId, id));
  });

  route(app, api.deleteDevice, manager, async (request) => {
    const orgId = request.orgApp.orgId;
    const id = request.params.id;
    await deviceCommand(request, id, async (tx) => {
      await exists(tx, orgId, id);
      return { type: 'RemoveDevice', deviceId: id, allowed: true };
    }, async (tx) => { await tx.deleteFrom('device_secrets').where('org_id', '=', orgId).where('device_id', '=', id).execute(); });
    return ok({ id });
  });

  route(app, api.rotateSecret, manager, async (request) => {
    const orgId = request.orgApp.orgId;
    const id = request.params.id;
    const secret = newSecret();
    await runDecisions(db, async (tx) => {
      await exists(tx, orgId, id);
      await setSecret(tx, orgId, id, secret);
    }, false);
    return ok({ device: await oneDevice(orgId, id), secret });
  });

  route(app, api.checkDevice, manager, async (request) => {
    const orgId = request.orgApp.orgId;
    const row = await deviceRow(db, orgId, request.params.id);
    if (!row) throw notFound(DEVICE_TEXT.notFound);
    const inspectionId = await checkDevice(db, healthFetch(ctx), row, clock);
    return ok({ device: await oneDevice(orgId, row.id), inspectionId });
  });

  // §7 video device orgs: the orgs of the reach with cameras, their health and open tickets, in two grouped queries
  route(app, api.listDeviceOrgs, { ...viewer, listPage: { size: 10000, max: 10000 } }, async (request) => {
    const reach = await reachOf(db, request);
    const scope = orgScope(reach, undefined);
    const disabled = flagFilter(request.query.disabled, 'disabled');
    const now = clock();
    let q = db.selectFrom('video_devices as d').innerJoin('orgs as o', 'o.org_id', 'd.org_id')
      .select((eb) => [
        'd.org_id', 'o.name', 'o.area',
        eb.fn.countAll<string>().as('devices'),
        sql<string>`count(*) FILTER (WHERE d.enabled)`.as('enabled'),
        sql<string>`count(*) FILTER (WHERE d.enabled AND d.online)`.as('online'),
        sql<string>`count(*) FILTER (WHERE d.enabled AND d.online = false)`.as('offline'),
        // uptime of each checked device up to now, averaged (domain/videoDevice.ts uptimeOf, in SQL for the area view)
        sql<string | null>`avg(
          (d.online_ms + CASE WHEN d.online THEN extract(epoch FROM (${now} - d.since)) * 1000 ELSE 0 END)
          / NULLIF(d.online_ms + d.offline_ms + extract(epoch FROM (${now} - d.since)) * 1000, 0)
        ) FILTER (WHERE d.since IS NOT NULL)`.as('uptime'),
      ])
      .groupBy(['d.org_id', 'o.name', 'o.area']);
    if (scope) q = q.where('d.org_id', 'in', scope.length ? [...scope] : none);
    if ('companyOrgId' in reach) q = q.where('d.company_id', 'in', db.selectFrom('installer_companies').select('id').where('org_id', '=', reach.companyOrgId));
    if (disabled !== undefined) {
      // '0$n': not disabled, or not set (an org without the app is not disabled in it)
      const disabledHere = sql<boolean>`EXISTS (SELECT 1 FROM org_apps oa WHERE oa.org_id = d.org_id AND oa.app_id = ${request.orgApp.appId} AND oa.disabled)`;
      q = q.where(disabled ? disabledHere : sql<boolean>`NOT ${disabledHere}`);
    }
    const rows = await q.orderBy('o.name').execute();
    const orgIds = rows.map((r) => r.org_id);
    const open = orgIds.length ? await db.selectFrom('inspections').select(['org_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('org_id', 'in', orgIds).where('status', 'in', [...OPEN_INSPECTION_STATUSES]).groupBy('org_id').execute() : [];
    const openOf = new Map(open.map((r) => [r.org_id, Number(r.n)]));
    const all = rows.map((r) => ({
      orgId: r.org_id, orgName: r.name, area: r.area, devices: Number(r.devices), enabled: Number(r.enabled), online: Number(r.online), offline: Number(r.offline),
      uptime: r.uptime === null ? null : Number(r.uptime), openInspections: openOf.get(r.org_id) ?? 0,
    }));
    return ok({ rows: pageOf(all, request), count: all.length });
  });

  // ── settings ──
  // the settings are one document per school, with the version of its stream (0 before the first save)
  const settingsOf = async (orgId: string) => {
    const row = await db.selectFrom('video_device_settings').select('offline_threshold_minutes').where('org_id', '=', orgId).executeTakeFirst();
    const [{ version }] = await withStreamVersions(db, [{}], () => ({ orgId, streamId: deviceSettingsStream(orgId) }));
    return { offlineThresholdMinutes: row?.offline_threshold_minutes ?? DEVICE_LIMITS.offlineThresholdDefault, version };
  };
  route(app, api.getDeviceSettings, viewer, async (request) => ok(await settingsOf(request.orgApp.orgId)));
  route(app, api.setDeviceSettings, manager, async (request) => {
    const spec = requestCommand(request, clock());
    await runDecisions(db, (tx) => decideAndAppend(tx, {
      ...spec, streamId: deviceSettingsStream(spec.orgId), streamType: 'videoDeviceSettings', decider: deviceSettingsDecider,
      command: { type: 'SetDeviceSettings', allowed: true, settings: { offlineThresholdMinutes: request.body.offlineThresholdMinutes } },
    }), spec.expectedVersion === undefined);
    return ok(await settingsOf(spec.orgId));
  });

  // ── installer companies ──
  const selectCompanies = () => db.selectFrom('installer_companies as ic')
    .select(['ic.org_id', 'ic.id', 'ic.name', 'ic.contact', 'ic.phone', 'ic.service_area', 'ic.school_org_ids', streamVersionOf('ic', 'installerCompany', 'id').as('version'),
      (eb) => eb.selectFrom('inspections as i').select(eb.fn.countAll<string>().as('n')).whereRef('i.company_id', '=', 'ic.id').where('i.status', 'in', [...OPEN_INSPECTION_STATUSES]).as('open')]);
  async function companyViews(rows: Awaited<ReturnType<ReturnType<typeof selectCompanies>['execute']>>): Promise<api.Company[]> {
    const ids = [...new Set(rows.flatMap((r) => r.school_org_ids))];
    const names = new Map(ids.length ? (await db.selectFrom('orgs').select(['org_id', 'name']).where('org_id', 'in', ids).execute()).map((o) => [o.org_id, o.name]) : []);
    return rows.map((r) => ({
      id: r.id, companyOrgId: r.org_id, name: r.name, contact: r.contact, phone: r.phone, serviceArea: r.service_area, schoolOrgIds: r.school_org_ids,
      schoolNames: r.school_org_ids.map((id) => names.get(id) ?? id), openInspections: Number(r.open ?? 0), version: Number(r.version ?? 0),
    }));
  }
  /** Companies the caller reaches: the platform all; a bureau those of its area; a school those serving it; an installer itself. */
  async function companiesOf(request: OrgAppRequest, id?: string): Promise<api.Company[]> {
    const party = partyOfRequest(request);
    const orgId = request.orgApp.orgId;
    let q = selectCompanies();
    if (id) q = q.where('ic.id', '=', id);
    if (party === 'installer') q = q.where('ic.org_id', '=', orgId);
    else if (party === 'bureau' || party === 'school') {
      const area = await areaKeyOfOrg(db, orgId);
      q = q.where((eb) => eb.or([eb('ic.service_area', '=', area || '\u0000'), ...(party === 'school' ? [sql<boolean>`${orgId} = ANY(ic.school_org_ids)`] : [])]));
    } else if (party !== 'platform') throw forbidden(DEVICE_TEXT.mayNotSee);
    return companyViews(await q.orderBy('ic.name').execute());
  }
  // the company form's pickers (in place of typed org ids): the installer orgs and the schools the caller may name,
  // by the domain's rules (domain/orgPicker.ts); the caller's org is the request's, never one the client names
  const pickable = async (request: OrgAppRequest, keyword: string | undefined, rule: (caller: OrgFacts, other: OrgFacts, platform: boolean) => boolean) => {
    const caller = await orgFacts(db, request.orgApp.orgId);
    if (!caller) return ok({ rows: [], count: 0 });
    const platform = request.platform || partyOfRequest(request) === 'platform';
    const k = keyword?.trim() ?? '';
    let q = db.selectFrom('orgs').select(['org_id', 'name', 'kind', 'org_type', 'area', 'parent_org_id']);
    if (!platform && !isSandbox(caller.kind)) q = q.where('area', '=', caller.area || '\u0000');
    if (k) q = q.where((eb) => eb.or([eb('name', 'ilike', `%${k.replace(/[%_\\]/g, '\\$&')}%`), eb('org_id', '=', k)]));
    const rows = (await q.orderBy('name').execute())
      .map((r) => ({ orgId: r.org_id, name: r.name, facts: { orgId: r.org_id, kind: orgKindOf({ kind: r.kind, orgType: r.org_type }), area: r.area, parentOrgId: r.parent_org_id } }))
      .filter((o) => rule(caller, o.facts, platform) && nameMatches(k, o))
      .slice(0, ORG_PICKER_LIMIT).map(({ orgId, name }) => ({ orgId, name }));
    return ok({ rows, count: rows.length });
  };
  route(app, api.companyOrgCandidates, companyManager, (request) => pickable(request, request.query.keyword, installerPickable));
  route(app, api.companySchoolCandidates, companyManager, (request) => pickable(request, request.query.keyword, companySchoolPickable));

  route(app, api.listCompanies, viewer, async (request) => {
    const rows = await companiesOf(request);
    return ok({ rows, count: rows.length });
  });

  /**
   * A bureau registers companies of its own area: its own area as the service area, an installer org of its district
   * and schools of its district only (domain/orgPicker.ts companyOrgsRefusal: the pickers' rules, applied to the ids
   * sent, since a client need not use the pickers). The platform: any district, still installers and schools only.
   */
  const refuseCompanyOrgs = async (request: OrgAppRequest, companyOrgId: string | undefined, serviceArea: string | undefined, schools: readonly string[] | undefined) => {
    const caller = await orgFacts(db, request.orgApp.orgId);
    if (!caller) throw forbidden(DEVICE_TEXT.mayNotManageCompanies);
    if (!request.platform && serviceArea !== undefined && serviceArea !== await areaKeyOfOrg(db, caller.orgId)) throw forbidden(DEVICE_TEXT.companyOutsideArea);
    const facts = await orgFactsOf(db, [...(companyOrgId ? [companyOrgId] : []), ...schools ?? []]);
    const refusal = companyOrgsRefusal(caller, companyOrgId === undefined ? undefined : facts.get(companyOrgId) ?? null, (schools ?? []).map((s) => facts.get(s) ?? null), request.platform);
    if (refusal) throw forbidden(refusal);
  };
  route(app, api.createCompany, companyManager, async (request) => {
    const b = request.body;
    const facts = await orgFacts(db, b.companyOrgId);
    const serviceArea = b.serviceArea ?? (request.platform ? '' : await areaKeyOfOrg(db, request.orgApp.orgId));
    await refuseCompanyOrgs(request, b.companyOrgId, serviceArea, b.schoolOrgIds);
    const companyId = crypto.randomUUID();
    const spec = requestCommand(request, clock());
    await runDecisions(db, (tx) => decideAndAppend(tx, {
      ...spec, orgId: b.companyOrgId, expectedVersion: undefined, streamId: installerCompanyStream(companyId), streamType: 'installerCompany', decider: installerCompanyDecider,
      command: {
        type: 'RegisterCompany', allowed: true, orgIsInstaller: facts?.kind === 'installer',
        company: { companyId, companyOrgId: b.companyOrgId, name: b.name, contact: b.contact ?? '', phone: b.phone ?? '', serviceArea, schoolOrgIds: b.schoolOrgIds ?? [] },
      },
    }), false);
    return ok((await companiesOf(request, companyId))[0]!);
  });
  route(app, api.updateCompany, companyManager, async (request) => {
    const [company] = await companiesOf(request, request.params.id);
    if (!company) throw notFound(DEVICE_TEXT.companyNotFound);
    const { version: _, ...change } = request.body;
    await refuseCompanyOrgs(request, undefined, change.serviceArea, change.schoolOrgIds);
    const spec = requestCommand(request, clock());
    await runDecisions(db, (tx) => decideAndAppend(tx, {
      ...spec, orgId: company.companyOrgId, streamId: installerCompanyStream(company.id), streamType: 'installerCompany', decider: installerCompanyDecider,
      command: { type: 'ChangeCompany', allowed: true, change: { companyId: company.id, ...change } },
    }), spec.expectedVersion === undefined);
    return ok((await companiesOf(request, company.id))[0]!);
  });

  // ── inspections ──
  const selectInspections = () => db.selectFrom('inspections as i').leftJoin('orgs as o', 'o.org_id', 'i.org_id')
    .select(['i.org_id', 'o.name as org_name', 'i.id', 'i.device_id', 'i.device_name', 'i.source', 'i.alert_id', 'i.description', 'i.status', 'i.company_id', 'i.company_org_id',
      'i.company_name', 'i.fix_note', 'i.fix_photo_id', 'i.verify_note', 'i.reopen_note', 'i.reopen_count', 'i.opened_at', 'i.updated_at',
      streamVersionOf('i', 'inspection', 'id').as('version')]);
  const inspectionView = (request: OrgAppRequest, r: InspectionRow, now: number): api.Inspection => {
    const party = partyOfRequest(request);
    // the school acts on its own tickets only (a bureau's area reaches others' but it only reads them)
    const own = party === 'platform' || (party === 'school' && r.org_id === request.orgApp.orgId) || (party === 'installer' && r.company_org_id === request.orgApp.orgId);
    return {
      id: r.id, orgId: r.org_id, orgName: r.org_name ?? '', deviceId: r.device_id, deviceName: r.device_name, source: r.source as InspectionSource, alertId: r.alert_id,
      description: r.description, status: r.status as InspectionStatus, companyId: r.company_id, companyName: r.company_name, fixNote: r.fix_note,
      hasFixPhoto: !!r.fix_photo_id, verifyNote: r.verify_note, reopenNote: r.reopen_note, reopenCount: r.reopen_count,
      openedAt: r.opened_at.toISOString(), updatedAt: r.updated_at.toISOString(), ageHours: ageHours(r.opened_at.toISOString(), now),
      actions: own ? inspectionActionsFor(r.status as InspectionStatus, party) : [], version: Number(r.version ?? 0),
    };
  };
  /** The tickets the caller reaches (an installer: those assigned to it), narrowed to one org when asked. */
  async function scopedInspections(request: OrgAppRequest, orgId?: string) {
    const reach = await reachOf(db, request);
    const scope = orgScope(reach, orgId);
    let q = selectInspections();
    if (scope) q = q.where('i.org_id', 'in', scope.length ? [...scope] : none);
    if ('companyOrgId' in reach) q = q.where('i.company_org_id', '=', reach.companyOrgId);
    return q;
  }
  async function oneInspection(request: OrgAppRequest, id: string): Promise<InspectionRow> {
    const row = await (await scopedInspections(request)).where('i.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(INSPECTION_TEXT.notFound);
    return row as InspectionRow;
  }

  route(app, api.listInspections, { ...viewer, listPage: { size: 100, max: 500 } }, async (request) => {
    const query = request.query;
    let q = await scopedInspections(request, query.orgId);
    if (query.companyId) q = q.where('i.company_id', '=', query.companyId);
    if (query.status) {
      const statuses = commaList(query.status);
      const unknown = statuses.filter((s) => !(INSPECTION_STATUSES as readonly string[]).includes(s));
      if (unknown.length) throw badRequest(`参数错误：未知的状态 ${unknown.join('、')}`);
      if (statuses.length) q = q.where('i.status', 'in', statuses);
    }
    const now = clock();
    if (query.minAgeHours) q = q.where('i.opened_at', '<=', new Date(now.getTime() - query.minAgeHours * 3_600_000));
    const count = Number((await q.clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await paged(q.orderBy('i.opened_at', 'desc').orderBy('i.id'), request).execute();
    return ok({ rows: rows.map((r) => inspectionView(request, r as InspectionRow, now.getTime())), count });
  });

  route(app, api.createInspection, manager, async (request) => {
    const orgId = request.orgApp.orgId;
    const now = clock();
    if (!await deviceRow(db, orgId, request.body.deviceId)) throw notFound(DEVICE_TEXT.notFound);
    const id = await runDecisions(db, (tx) => openInspection(tx, {
      orgId, deviceId: request.body.deviceId, source: 'manual', alertId: null, description: request.body.description,
      openedBy: request.user.username, by: partyOfRequest(request), at: now, meta: metaOf(request, now),
    }), false);
    return ok(inspectionView(request, await oneInspection(request, id), now.getTime()));
  });

  route(app, api.actOnInspection, viewer, async (request) => {
    const ticket = await oneInspection(request, request.params.id);
    const party = partyOfRequest(request);
    const b = request.body;
    const now = clock();
    const spec = requestCommand(request, now);
    const photo = b.action === 'fix' ? photoOf(b.photo) : null;
    await runDecisions(db, async (tx) => {
      let company = null;
      if (b.action === 'assign' && b.companyId) {
        // a company serving the ticket's school
        const known = (await companiesOf(request, b.companyId)).length > 0 || (party === 'school' && !!await tx.selectFrom('installer_companies').select('id').where('id', '=', b.companyId)
          .where(sql<boolean>`${ticket.org_id} = ANY(school_org_ids)`).executeTakeFirst());
        company = known ? await companyOf(tx, b.companyId) : null;
        if (!company) throw badRequest(DEVICE_TEXT.unknownCompany);
      }
      let photoId: string | null = null;
      if (photo) {
        photoId = crypto.randomUUID();
        await tx.insertInto('device_snapshots').values({ org_id: ticket.org_id, id: photoId, content_type: photo.type, bytes: photo.bytes, created_at: now }).execute();
      }
      const own = party === 'platform' || (party === 'school' && ticket.org_id === request.orgApp.orgId) || (party === 'installer' && ticket.company_org_id === request.orgApp.orgId)
        || party === 'bureau';
      // the company it was and is assigned to hears of it live, as the bureau and the platform do (notices.ts)
      await appendWatched(tx, {
        ...spec, orgId: ticket.org_id, streamId: inspectionStream(ticket.id), streamType: 'inspection', decider: inspectionDecider,
        command: {
          type: 'ActOnInspection', inspectionId: ticket.id, action: b.action, by: party, ownTicket: own, note: b.note, photoId, company,
          user: request.user.username, at: now.toISOString(),
        },
      }, [ticket.company_org_id, company?.companyOrgId]);
    }, spec.expectedVersion === undefined);
    return ok(inspectionView(request, await oneInspection(request, ticket.id), now.getTime()));
  });

  route(app, api.inspectionPhoto, viewer, async (request) => {
    const ticket = await oneInspection(request, request.params.id);
    const snap = ticket.fix_photo_id
      ? await db.selectFrom('device_snapshots').select(['content_type', 'bytes']).where('org_id', '=', ticket.org_id).where('id', '=', ticket.fix_photo_id).executeTakeFirst()
      : undefined;
    if (!snap) throw notFound('该巡检单没有维修照片');
    return ok({ dataUrl: `data:${snap.content_type};base64,${snap.bytes.toString('base64')}` });
  });
}
