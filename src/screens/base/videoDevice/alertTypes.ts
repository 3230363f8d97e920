// The words of bright kitchens the screens share (issue 33): alert types, ticket statuses and actions, kitchen areas.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { AlertType } from '../../../../domain/videoDevice.ts';
import type { InspectionAction, InspectionSource, InspectionStatus } from '../../../../domain/inspection.ts';

export const ALERT_TYPE_LABELS: Record<AlertType, MessageDescriptor> = {
  noHat: msg`未戴厨师帽`, noMask: msg`未戴口罩`, smoking: msg`吸烟`, phone: msg`玩手机`, rodent: msg`鼠患`, unattendedFlame: msg`动火离人`, noUniform: msg`未穿工作服`,
};
export const INSPECTION_STATUS_LABELS: Record<InspectionStatus, MessageDescriptor> = {
  opened: msg`待派单`, assigned: msg`维修中`, fixed: msg`待验收`, verified: msg`已验收`,
};
export const INSPECTION_ACTION_LABELS: Record<InspectionAction, MessageDescriptor> = {
  assign: msg`派单`, fix: msg`维修完成`, verify: msg`验收通过`, reopen: msg`退回重修`,
};
export const INSPECTION_SOURCE_LABELS: Record<InspectionSource, MessageDescriptor> = {
  health: msg`离线巡检`, alert: msg`AI 告警`, manual: msg`人工报修`,
};

export function useAlertTypeName(): (type: AlertType) => string {
  const { t } = useLingui();
  return (type) => t(ALERT_TYPE_LABELS[type]);
}
