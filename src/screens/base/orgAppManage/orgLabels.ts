import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { OrgType } from '../../../../domain/types.ts';

// §1 org types; unknown is a formal organisation
export const ORG_TYPE_LABELS: Record<OrgType, MessageDescriptor> = {
  project: msg`项目机构`,
  product: msg`产品机构`,
  trialVersion: msg`试用版`,
  preActivation: msg`待激活`,
  formal: msg`正式机构`,
};

// §9 supplier types
export const SUPPLIER_TYPE_LABELS: Record<string, MessageDescriptor> = {
  xg: msg`鲜果`,
  sxps: msg`生鲜配送`,
  jgpt: msg`监管平台`,
};
