// Bright kitchens (issue 33): the device, settings, installer company, inspection and alert streams as rows, keyed by
// org first. Health changes only move a device's state and its accumulated online/offline time.
import { defineProjection } from '../../store/projections.ts';
import type { Tx } from '../../store/eventStore.ts';
import type { DeviceChanged, DeviceHealthChanged, DeviceRegistered, DeviceRemoved, DeviceSettingsSet } from '../../../domain/aggregates/videoDevice.ts';
import type { CompanyChanged, CompanyRegistered } from '../../../domain/aggregates/installerCompany.ts';
import type { InspectionAssigned, InspectionFixed, InspectionNoted, InspectionOpened } from '../../../domain/aggregates/inspection.ts';
import type { AlertHandled, AlertRaised, AlertTicketed } from '../../../domain/aggregates/deviceAlert.ts';
import { protocolOf } from '../../../domain/videoDevice.ts';

type Ev<T> = { data: T; orgId: string; meta: { time: string } };

const health = async (tx: Tx, { data, orgId }: Ev<DeviceHealthChanged>) => {
  await tx.updateTable('video_devices').set({ online: data.online, since: data.at, online_ms: data.onlineMs, offline_ms: data.offlineMs })
    .where('org_id', '=', orgId).where('id', '=', data.deviceId).execute();
};

defineProjection({
  VideoDeviceRegistered: async (tx, { data, orgId, meta }: Ev<DeviceRegistered>) => {
    await tx.insertInto('video_devices').values({
      org_id: orgId, id: data.deviceId, name: data.name, type_id: data.typeId, area: data.area, play_url: data.playUrl,
      protocol: data.protocol ?? protocolOf(data.playUrl), enabled: data.enabled, company_id: data.companyId, created_at: meta.time, updated_at: meta.time,
    }).execute();
  },
  VideoDeviceChanged: async (tx, { data, orgId, meta }: Ev<DeviceChanged>) => {
    await tx.updateTable('video_devices').set({
      ...(data.name !== undefined && { name: data.name }),
      ...(data.typeId !== undefined && { type_id: data.typeId }),
      ...(data.area !== undefined && { area: data.area }),
      ...(data.playUrl !== undefined && { play_url: data.playUrl }),
      ...(data.protocol !== undefined && { protocol: data.protocol }),
      ...(data.enabled !== undefined && { enabled: data.enabled }),
      ...(data.companyId !== undefined && { company_id: data.companyId }),
      updated_at: meta.time,
    }).where('org_id', '=', orgId).where('id', '=', data.deviceId).execute();
  },
  VideoDeviceRemoved: async (tx, { data, orgId }: Ev<DeviceRemoved>) => {
    await tx.deleteFrom('video_devices').where('org_id', '=', orgId).where('id', '=', data.deviceId).execute();
  },
  VideoDeviceWentOnline: health,
  VideoDeviceWentOffline: health,
  VideoDeviceSettingsSet: async (tx, { data, orgId }: Ev<DeviceSettingsSet>) => {
    await tx.insertInto('video_device_settings').values({ org_id: orgId, offline_threshold_minutes: data.offlineThresholdMinutes })
      .onConflict((oc) => oc.column('org_id').doUpdateSet({ offline_threshold_minutes: data.offlineThresholdMinutes })).execute();
  },
  InstallerCompanyRegistered: async (tx, { data, orgId, meta }: Ev<CompanyRegistered>) => {
    await tx.insertInto('installer_companies').values({
      org_id: orgId, id: data.companyId, name: data.name, contact: data.contact, phone: data.phone, service_area: data.serviceArea,
      school_org_ids: data.schoolOrgIds, created_at: meta.time, updated_at: meta.time,
    }).execute();
  },
  InstallerCompanyChanged: async (tx, { data, orgId, meta }: Ev<CompanyChanged>) => {
    await tx.updateTable('installer_companies').set({
      ...(data.name !== undefined && { name: data.name }),
      ...(data.contact !== undefined && { contact: data.contact }),
      ...(data.phone !== undefined && { phone: data.phone }),
      ...(data.serviceArea !== undefined && { service_area: data.serviceArea }),
      ...(data.schoolOrgIds !== undefined && { school_org_ids: data.schoolOrgIds }),
      updated_at: meta.time,
    }).where('org_id', '=', orgId).where('id', '=', data.companyId).execute();
  },
  InspectionOpened: async (tx, { data, orgId }: Ev<InspectionOpened>) => {
    await tx.insertInto('inspections').values({
      org_id: orgId, id: data.inspectionId, device_id: data.deviceId, device_name: data.deviceName, source: data.source, alert_id: data.alertId,
      description: data.description, status: 'opened', opened_by: data.openedBy, opened_at: data.at, updated_at: data.at,
    }).execute();
  },
  InspectionAssigned: async (tx, { data, orgId }: Ev<InspectionAssigned>) => {
    await tx.updateTable('inspections').set({ status: 'assigned', company_id: data.companyId, company_org_id: data.companyOrgId, company_name: data.companyName, updated_at: data.at })
      .where('org_id', '=', orgId).where('id', '=', data.inspectionId).execute();
  },
  InspectionFixed: async (tx, { data, orgId }: Ev<InspectionFixed>) => {
    await tx.updateTable('inspections').set({ status: 'fixed', fix_note: data.note, fix_photo_id: data.photoId, updated_at: data.at })
      .where('org_id', '=', orgId).where('id', '=', data.inspectionId).execute();
  },
  InspectionVerified: async (tx, { data, orgId }: Ev<InspectionNoted>) => {
    await tx.updateTable('inspections').set({ status: 'verified', verify_note: data.note, updated_at: data.at })
      .where('org_id', '=', orgId).where('id', '=', data.inspectionId).execute();
  },
  InspectionReopened: async (tx, { data, orgId }: Ev<InspectionNoted>) => {
    await tx.updateTable('inspections').set((eb) => ({ status: 'assigned', reopen_note: data.note, reopen_count: eb('reopen_count', '+', 1), updated_at: data.at }))
      .where('org_id', '=', orgId).where('id', '=', data.inspectionId).execute();
  },
  DeviceAlertRaised: async (tx, { data, orgId }: Ev<AlertRaised>) => {
    await tx.insertInto('device_alerts').values({
      org_id: orgId, id: data.alertId, device_id: data.deviceId, device_name: data.deviceName, alert_type: data.alertType, at: data.at,
      confidence: data.confidence, snapshot_id: data.snapshotId, status: 'open',
    }).execute();
  },
  DeviceAlertHandled: async (tx, { data, orgId }: Ev<AlertHandled>) => {
    await tx.updateTable('device_alerts').set({ status: 'handled', measure: data.measure, handled_by: data.by, handled_at: data.at })
      .where('org_id', '=', orgId).where('id', '=', data.alertId).execute();
  },
  DeviceAlertTicketed: async (tx, { data, orgId }: Ev<AlertTicketed>) => {
    await tx.updateTable('device_alerts').set({ status: 'ticketed', inspection_id: data.inspectionId, handled_by: data.by, handled_at: data.at })
      .where('org_id', '=', orgId).where('id', '=', data.alertId).execute();
  },
});
