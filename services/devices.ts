// Bright kitchens (issue 33, §7 device host): cameras, the orgs with cameras, the offline threshold, installer
// companies, inspection tickets and AI alerts (/v1/device/…). Types and paths come from contracts/devices.ts. Query
// keys start with the live-update roots src/app/liveUpdates.ts gives the device events, then the org.
import { queryOptions } from '@tanstack/react-query';
import { call, type CallOptions } from './http.ts';
import type * as api from '../contracts/devices.ts';

export type {
  Alert, AlertDaily, AlertList, CheckResult, Company, CompanyInput, CompanyChange, CompanyList, Device, DeviceInput, DeviceChange, DeviceList,
  DeviceOrg, DeviceOrgList, DeviceSettings, DeviceWithSecret, Inspection, InspectionList, DeviceQuery, InspectionQuery, AlertQuery,
} from '../contracts/devices.ts';
type DeviceQuery = api.DeviceQuery;
type InspectionQuery = api.InspectionQuery;
type AlertQuery = api.AlertQuery;

const DEVICE: CallOptions = { host: 'device' };

export const fetchDevices = (query: DeviceQuery = {}) => call<typeof api.listDevices>({ method: 'GET', path: '/v1/device', query }, DEVICE);
export const createDevice = (body: api.DeviceInput) => call<typeof api.createDevice>({ method: 'POST', path: '/v1/device', body }, DEVICE);
export const updateDevice = (id: string, body: api.DeviceChange) => call<typeof api.updateDevice>({ method: 'PUT', path: '/v1/device/{id}', params: { id }, body }, DEVICE);
export const deleteDevice = (id: string) => call<typeof api.deleteDevice>({ method: 'DELETE', path: '/v1/device/{id}', params: { id } }, DEVICE);
/** A new signing secret for the camera's edge box; the old one stops working (shown once, like the first). */
export const rotateSecret = (id: string) => call<typeof api.rotateSecret>({ method: 'POST', path: '/v1/device/{id}/secret', params: { id } }, DEVICE);
export const checkDevice = (id: string) => call<typeof api.checkDevice>({ method: 'POST', path: '/v1/device/{id}/check', params: { id } }, DEVICE);
/** §7 video device orgs ($limit 10000, disabled '0$n'). */
export const fetchDeviceOrgs = () => call<typeof api.listDeviceOrgs>({ method: 'GET', path: '/v1/device/orgs', query: { $limit: 10000, disabled: '0$n' } }, DEVICE);
/** The school's offline threshold: minutes a camera may stay offline before an inspection opens. */
export const fetchDeviceSettings = () => call<typeof api.getDeviceSettings>({ method: 'GET', path: '/v1/device/settings' }, DEVICE);
export const setDeviceSettings = (body: api.DeviceSettingsInput) => call<typeof api.setDeviceSettings>({ method: 'PUT', path: '/v1/device/settings', body }, DEVICE);
export const fetchCompanies = () => call<typeof api.listCompanies>({ method: 'GET', path: '/v1/device/company' }, DEVICE);
export const createCompany = (body: api.CompanyInput) => call<typeof api.createCompany>({ method: 'POST', path: '/v1/device/company', body }, DEVICE);
export const updateCompany = (id: string, body: api.CompanyChange) => call<typeof api.updateCompany>({ method: 'PUT', path: '/v1/device/company/{id}', params: { id }, body }, DEVICE);
export const fetchInspections = (query: InspectionQuery = {}) => call<typeof api.listInspections>({ method: 'GET', path: '/v1/device/inspection', query }, DEVICE);
export const createInspection = (body: api.InspectionInput) => call<typeof api.createInspection>({ method: 'POST', path: '/v1/device/inspection', body }, DEVICE);
export const actOnInspection = (id: string, body: api.InspectionActionBody) => call<typeof api.actOnInspection>({ method: 'PUT', path: '/v1/device/inspection/{id}', params: { id }, body }, DEVICE);
export const fetchInspectionPhoto = (id: string) => call<typeof api.inspectionPhoto>({ method: 'GET', path: '/v1/device/inspection/{id}/photo', params: { id } }, DEVICE);
export const fetchAlerts = (query: AlertQuery = {}) => call<typeof api.listAlerts>({ method: 'GET', path: '/v1/device/alerts', query }, DEVICE);
export const actOnAlert = (id: string, body: api.AlertActionBody) => call<typeof api.actOnAlert>({ method: 'PUT', path: '/v1/device/alerts/{id}', params: { id }, body }, DEVICE);
export const fetchAlertSnapshot = (id: string) => call<typeof api.alertSnapshot>({ method: 'GET', path: '/v1/device/alerts/{id}/snapshot', params: { id } }, DEVICE);
export const fetchAlertDaily = (days = 7) => call<typeof api.alertDaily>({ method: 'GET', path: '/v1/device/alerts/daily', query: { days } }, DEVICE);

export const deviceKeys = {
  all: ['devices'] as const,
  list: (orgId: string | undefined, query: DeviceQuery) => ['devices', orgId, 'list', query] as const,
  orgs: (orgId: string | undefined) => ['devices', orgId, 'orgs'] as const,
  settings: (orgId: string | undefined) => ['devices', orgId, 'settings'] as const,
  companies: (orgId: string | undefined) => ['installerCompanies', orgId] as const,
  inspections: (orgId: string | undefined, query: InspectionQuery) => ['inspections', orgId, query] as const,
  alerts: (orgId: string | undefined, query: AlertQuery) => ['deviceAlerts', orgId, query] as const,
  daily: (orgId: string | undefined) => ['deviceAlerts', orgId, 'daily'] as const,
};

export const devicesQuery = (orgId: string | undefined, query: DeviceQuery = {}) => queryOptions({ queryKey: deviceKeys.list(orgId, query), queryFn: () => fetchDevices(query), enabled: Boolean(orgId) });
export const deviceOrgsQuery = (orgId: string | undefined) => queryOptions({ queryKey: deviceKeys.orgs(orgId), queryFn: fetchDeviceOrgs, enabled: Boolean(orgId) });
export const deviceSettingsQuery = (orgId: string | undefined) => queryOptions({ queryKey: deviceKeys.settings(orgId), queryFn: fetchDeviceSettings, enabled: Boolean(orgId) });
export const companiesQuery = (orgId: string | undefined) => queryOptions({ queryKey: deviceKeys.companies(orgId), queryFn: fetchCompanies, enabled: Boolean(orgId) });
export const inspectionsQuery = (orgId: string | undefined, query: InspectionQuery = {}) => queryOptions({ queryKey: deviceKeys.inspections(orgId, query), queryFn: () => fetchInspections(query), enabled: Boolean(orgId) });
export const alertsQuery = (orgId: string | undefined, query: AlertQuery = {}) => queryOptions({ queryKey: deviceKeys.alerts(orgId, query), queryFn: () => fetchAlerts(query), enabled: Boolean(orgId) });
export const alertDailyQuery = (orgId: string | undefined) => queryOptions({ queryKey: deviceKeys.daily(orgId), queryFn: () => fetchAlertDaily(7), enabled: Boolean(orgId) });
