// Bright kitchens (明厨亮灶, issue 33; §2 videoDevice, errorDevice, companyManage; §7 video device orgs). §7 shows the
// device host's calls only by name ("video device orgs ($limit 10000, disabled '0$n')"); these follow its shape:
// `/v1/device/…`, lists as `{rows, count}`. The rules are domain/videoDevice.ts's and domain/inspection.ts's.
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { Id, IdParams, Removed, Version } from './common.ts';
import type { AlertType as DomainAlertType, PlayProtocol as DomainProtocol } from '../domain/videoDevice.ts';
import type { InspectionAction as DomainAction, InspectionSource as DomainSource, InspectionStatus as DomainStatus } from '../domain/inspection.ts';

const tags = ['devices'];
const lit = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v))) as unknown as ReturnType<typeof Type.Unsafe<T>>;

export const PlayProtocol = lit<DomainProtocol>(['hls', 'flv', 'webrtc']);
export const AlertType = lit<DomainAlertType>(['noHat', 'noMask', 'smoking', 'phone', 'rodent', 'unattendedFlame', 'noUniform']);
export const InspectionStatus = lit<DomainStatus>(['opened', 'assigned', 'fixed', 'verified']);
export const InspectionAction = lit<DomainAction>(['assign', 'fix', 'verify', 'reopen']);
export const InspectionSource = lit<DomainSource>(['health', 'alert', 'manual']);

const deviceFields = {
  name: Type.String({ maxLength: 100 }),
  typeId: Type.String({ maxLength: 128 }),
  area: Type.String({ maxLength: 50 }),
  playUrl: Type.String({ maxLength: 1000 }),
  protocol: PlayProtocol,
  enabled: Type.Boolean(),
  companyId: Type.String({ maxLength: 128 }),
};

export const DeviceInput = Type.Object({
  name: deviceFields.name, playUrl: deviceFields.playUrl,
  typeId: Type.Optional(deviceFields.typeId), area: Type.Optional(deviceFields.area), protocol: Type.Optional(deviceFields.protocol),
  enabled: Type.Optional(deviceFields.enabled), companyId: Type.Optional(deviceFields.companyId),
}, { additionalProperties: false });
export type DeviceInput = Static<typeof DeviceInput>;

export const DeviceChange = Type.Object({
  name: Type.Optional(deviceFields.name), playUrl: Type.Optional(deviceFields.playUrl), typeId: Type.Optional(deviceFields.typeId),
  area: Type.Optional(deviceFields.area), protocol: Type.Optional(deviceFields.protocol), enabled: Type.Optional(deviceFields.enabled),
  companyId: Type.Optional(deviceFields.companyId), version: Type.Optional(Version),
}, { additionalProperties: false });
export type DeviceChange = Static<typeof DeviceChange>;

export const Device = Type.Object({
  id: Type.String(), orgId: Type.String(), orgName: Type.String(), ...deviceFields, typeName: Type.String(), companyName: Type.String(),
  /** null: never checked */
  online: Type.Union([Type.Boolean(), Type.Null()]),
  since: Type.Union([Type.String(), Type.Null()]),
  /** share of checked time online, 0 … 1; null: never checked */
  uptime: Type.Union([Type.Number(), Type.Null()]),
  version: Type.Integer(),
});
export type Device = Static<typeof Device>;

/** A new device answers its signing secret once (the edge box is configured with it); later reads never show it. */
export const DeviceWithSecret = Type.Object({ device: Device, secret: Type.String() });
export type DeviceWithSecret = Static<typeof DeviceWithSecret>;

export const DeviceQuery = Type.Object({
  /** a bureau or the platform: one school of its reach */
  orgId: Type.Optional(Id),
  online: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type DeviceQuery = Static<typeof DeviceQuery>;
export const DeviceList = Type.Object({ rows: Type.Array(Device), count: Type.Integer() });
export type DeviceList = Static<typeof DeviceList>;

export const DeviceOrg = Type.Object({
  orgId: Type.String(), orgName: Type.String(), area: Type.String(),
  devices: Type.Integer(), enabled: Type.Integer(), online: Type.Integer(), offline: Type.Integer(),
  /** mean uptime of its checked devices, 0 … 1; null: none checked */
  uptime: Type.Union([Type.Number(), Type.Null()]),
  openInspections: Type.Integer(),
});
export type DeviceOrg = Static<typeof DeviceOrg>;
export const DeviceOrgQuery = Type.Object({
  $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000 })),
  $skip: Type.Optional(Type.Integer({ minimum: 0 })),
  /** §7 `disabled '0$n'`: 0 (as a number, `$n`) = the orgs not disabled */
  disabled: Type.Optional(Type.String({ maxLength: 10 })),
}, { additionalProperties: false });
export const DeviceOrgList = Type.Object({ rows: Type.Array(DeviceOrg), count: Type.Integer() });
export type DeviceOrgList = Static<typeof DeviceOrgList>;

export const DeviceSettings = Type.Object({ offlineThresholdMinutes: Type.Integer(), version: Type.Integer() }, { additionalProperties: false });
export const DeviceSettingsInput = Type.Object({ offlineThresholdMinutes: Type.Integer(), version: Type.Optional(Version) }, { additionalProperties: false });
export type DeviceSettings = Static<typeof DeviceSettings>;
export type DeviceSettingsInput = Static<typeof DeviceSettingsInput>;

export const CheckResult = Type.Object({ device: Device, inspectionId: Type.Union([Type.String(), Type.Null()]) });
export type CheckResult = Static<typeof CheckResult>;

// ── installer companies ──
const companyFields = {
  name: Type.String({ maxLength: 100 }), contact: Type.String({ maxLength: 50 }), phone: Type.String({ maxLength: 20 }),
  serviceArea: Type.String({ maxLength: 50 }), schoolOrgIds: Type.Array(Id, { maxItems: 2000 }),
};
export const CompanyInput = Type.Object({
  companyOrgId: Id, name: companyFields.name, contact: Type.Optional(companyFields.contact), phone: Type.Optional(companyFields.phone),
  serviceArea: Type.Optional(companyFields.serviceArea), schoolOrgIds: Type.Optional(companyFields.schoolOrgIds),
}, { additionalProperties: false });
export type CompanyInput = Static<typeof CompanyInput>;
export const CompanyChange = Type.Object({
  name: Type.Optional(companyFields.name), contact: Type.Optional(companyFields.contact), phone: Type.Optional(companyFields.phone),
  serviceArea: Type.Optional(companyFields.serviceArea), schoolOrgIds: Type.Optional(companyFields.schoolOrgIds), version: Type.Optional(Version),
}, { additionalProperties: false });
export type CompanyChange = Static<typeof CompanyChange>;
export const Company = Type.Object({
  id: Type.String(), companyOrgId: Type.String(), ...companyFields, schoolNames: Type.Array(Type.String()),
  openInspections: Type.Integer(), version: Type.Integer(),
});
export type Company = Static<typeof Company>;
export const CompanyList = Type.Object({ rows: Type.Array(Company), count: Type.Integer() });
/** An org a company form picks by name (domain/orgPicker.ts installerPickable / companySchoolPickable). */
export const PickableOrg = Type.Object({ orgId: Type.String(), name: Type.String() });
export const PickableOrgList = Type.Object({ rows: Type.Array(PickableOrg), count: Type.Integer() });
export type PickableOrgList = Static<typeof PickableOrgList>;
export const PickerQuery = Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false });
export type CompanyList = Static<typeof CompanyList>;

// ── inspections ──
export const Inspection = Type.Object({
  id: Type.String(), orgId: Type.String(), orgName: Type.String(), deviceId: Type.String(), deviceName: Type.String(), source: InspectionSource,
  alertId: Type.Union([Type.String(), Type.Null()]), description: Type.String(), status: InspectionStatus,
  companyId: Type.String(), companyName: Type.String(), fixNote: Type.String(), hasFixPhoto: Type.Boolean(), verifyNote: Type.String(),
  reopenNote: Type.String(), reopenCount: Type.Integer(), openedAt: Type.String(), updatedAt: Type.String(),
  /** whole hours since it opened */
  ageHours: Type.Integer(),
  /** what the caller may do with it now (domain/inspection.ts inspectionActionsFor) */
  actions: Type.Array(InspectionAction),
  version: Type.Integer(),
});
export type Inspection = Static<typeof Inspection>;
export const InspectionQuery = Type.Object({
  orgId: Type.Optional(Id), companyId: Type.Optional(Id),
  /** one status, or several comma separated */
  status: Type.Optional(Type.String({ maxLength: 100 })),
  /** only tickets at least this many hours old */
  minAgeHours: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
  $skip: Type.Optional(Type.Integer({ minimum: 0 })),
}, { additionalProperties: false });
export type InspectionQuery = Static<typeof InspectionQuery>;
export const InspectionList = Type.Object({ rows: Type.Array(Inspection), count: Type.Integer() });
export type InspectionList = Static<typeof InspectionList>;
export const InspectionInput = Type.Object({ deviceId: Id, description: Type.String({ maxLength: 500 }) }, { additionalProperties: false });
export type InspectionInput = Static<typeof InspectionInput>;
export const InspectionActionBody = Type.Object({
  action: InspectionAction,
  version: Type.Optional(Version),
  companyId: Type.Optional(Id),
  note: Type.Optional(Type.String({ maxLength: 500 })),
  /** the repaired camera: a data: URL of a JPEG, PNG or WebP (at most 512 KB) */
  photo: Type.Optional(Type.String({ maxLength: 800_000 })),
}, { additionalProperties: false });
export type InspectionActionBody = Static<typeof InspectionActionBody>;

// ── alerts ──
/** What an edge box posts, signed (headers x-device-id, x-timestamp, x-signature = hex HMAC-SHA256(secret, timestamp + '.' + body)). */
export const AlertInput = Type.Object({
  type: AlertType,
  /** when it saw it (ISO) */
  time: Type.String({ format: 'date-time' }),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  /** base64 of the image */
  snapshot: Type.Optional(Type.String()),
  snapshotType: Type.Optional(Type.String({ maxLength: 20 })),
}, { additionalProperties: false });
export type AlertInput = Static<typeof AlertInput>;
export const AlertAccepted = Type.Object({ id: Type.String() });
export const Alert = Type.Object({
  id: Type.String(), orgId: Type.String(), orgName: Type.String(), deviceId: Type.String(), deviceName: Type.String(), type: AlertType,
  at: Type.String(), confidence: Type.Number(), hasSnapshot: Type.Boolean(), status: lit<'open' | 'handled' | 'ticketed'>(['open', 'handled', 'ticketed']),
  measure: Type.String(), inspectionId: Type.Union([Type.String(), Type.Null()]), version: Type.Integer(),
});
export type Alert = Static<typeof Alert>;
export const AlertQuery = Type.Object({
  orgId: Type.Optional(Id), status: Type.Optional(Type.String({ maxLength: 50 })), type: Type.Optional(AlertType),
  $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })), $skip: Type.Optional(Type.Integer({ minimum: 0 })),
}, { additionalProperties: false });
export type AlertQuery = Static<typeof AlertQuery>;
export const AlertList = Type.Object({ rows: Type.Array(Alert), count: Type.Integer() });
export type AlertList = Static<typeof AlertList>;
export const AlertActionBody = Type.Object({ action: lit<'handle' | 'ticket'>(['handle', 'ticket']), measure: Type.Optional(Type.String({ maxLength: 500 })), version: Type.Optional(Version) }, { additionalProperties: false });
export type AlertActionBody = Static<typeof AlertActionBody>;
export const Snapshot = Type.Object({ dataUrl: Type.String() });
export const AlertDaily = Type.Object({
  rows: Type.Array(Type.Object({ day: Type.String(), type: AlertType, orgId: Type.String(), orgName: Type.String(), count: Type.Integer() })),
  count: Type.Integer(),
});
export type AlertDaily = Static<typeof AlertDaily>;
export const AlertDailyQuery = Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90 })), orgId: Type.Optional(Id) }, { additionalProperties: false });

const base = '/v1/device';
export const listDevices = endpoint({ method: 'GET', path: base, tags, querystring: DeviceQuery, response: DeviceList, summary: 'Cameras the caller reaches (school: its own; bureau: its area; installer: those it looks after; platform: all), with health' });
export const createDevice = endpoint({ method: 'POST', path: base, tags, body: DeviceInput, response: DeviceWithSecret, summary: 'A school registers a camera; answers its signing secret once' });
export const updateDevice = endpoint({ method: 'PUT', path: `${base}/{id}`, tags, params: IdParams, body: DeviceChange, response: Device, summary: "Change a camera of the caller's school" });
export const deleteDevice = endpoint({ method: 'DELETE', path: `${base}/{id}`, tags, params: IdParams, response: Removed, summary: "Remove a camera of the caller's school" });
export const rotateSecret = endpoint({ method: 'POST', path: `${base}/{id}/secret`, tags, params: IdParams, response: DeviceWithSecret, summary: 'A new signing secret for a camera (the old one stops working)' });
export const checkDevice = endpoint({ method: 'POST', path: `${base}/{id}/check`, tags, params: IdParams, response: CheckResult, summary: 'Check a camera now (the schedule does it anyway)' });
export const listDeviceOrgs = endpoint({ method: 'GET', path: `${base}/orgs`, tags, querystring: DeviceOrgQuery, response: DeviceOrgList, summary: '§7 video device orgs: the orgs of the caller\'s reach with cameras, and their health' });
export const getDeviceSettings = endpoint({ method: 'GET', path: `${base}/settings`, tags, response: DeviceSettings, summary: "The school's offline threshold" });
export const setDeviceSettings = endpoint({ method: 'PUT', path: `${base}/settings`, tags, body: DeviceSettingsInput, response: DeviceSettings, summary: 'Set after how many minutes offline an inspection opens (`version` or If-Match: the version read; stale → 409)' });
export const listCompanies = endpoint({ method: 'GET', path: `${base}/company`, tags, response: CompanyList, summary: 'Installer companies the caller reaches' });
export const companyOrgCandidates = endpoint({ method: 'GET', path: `${base}/company/candidates`, tags, querystring: PickerQuery, response: PickableOrgList, summary: 'Installer-company orgs the caller may register, by name (its district; the platform any)' });
export const companySchoolCandidates = endpoint({ method: 'GET', path: `${base}/company/schools`, tags, querystring: PickerQuery, response: PickableOrgList, summary: 'Schools a company the caller registers may serve, by name (its district; the platform any)' });
export const createCompany = endpoint({ method: 'POST', path: `${base}/company`, tags, body: CompanyInput, response: Company, summary: 'Register an installer company (platform; a bureau for its area)' });
export const updateCompany = endpoint({ method: 'PUT', path: `${base}/company/{id}`, tags, params: IdParams, body: CompanyChange, response: Company, summary: 'Change an installer company' });
export const listInspections = endpoint({ method: 'GET', path: `${base}/inspection`, tags, querystring: InspectionQuery, response: InspectionList, summary: 'Inspection tickets the caller reaches (an installer: those assigned to it)' });
export const createInspection = endpoint({ method: 'POST', path: `${base}/inspection`, tags, body: InspectionInput, response: Inspection, summary: 'A school reports a fault by hand' });
export const actOnInspection = endpoint({ method: 'PUT', path: `${base}/inspection/{id}`, tags, params: IdParams, body: InspectionActionBody, response: Inspection, summary: 'Assign, fix, verify or reopen a ticket' });
export const inspectionPhoto = endpoint({ method: 'GET', path: `${base}/inspection/{id}/photo`, tags, params: IdParams, response: Snapshot, summary: "A ticket's repair photo" });
export const postAlert = endpoint({ method: 'POST', path: `${base}/alerts`, tags, body: AlertInput, response: AlertAccepted, summary: "An edge box's AI alert, signed with the device's secret" });
export const listAlerts = endpoint({ method: 'GET', path: `${base}/alerts`, tags, querystring: AlertQuery, response: AlertList, summary: 'AI alerts the caller reaches' });
export const actOnAlert = endpoint({ method: 'PUT', path: `${base}/alerts/{id}`, tags, params: IdParams, body: AlertActionBody, response: Alert, summary: 'Mark an alert handled (with the measure) or turn it into a ticket (`version` or If-Match: the version read; stale → 409)' });
export const alertSnapshot = endpoint({ method: 'GET', path: `${base}/alerts/{id}/snapshot`, tags, params: IdParams, response: Snapshot, summary: "An alert's snapshot" });
export const alertDaily = endpoint({ method: 'GET', path: `${base}/alerts/daily`, tags, querystring: AlertDailyQuery, response: AlertDaily, summary: 'Alerts per day, type and school (the bureau\'s chart)' });
