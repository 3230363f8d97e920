import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ROLE_CODE } from '../../domain/constants.ts';

// §1 role codes as a user reads them, for roles the server sends without a display name.
const BY_CODE: Record<string, MessageDescriptor> = {
  [ROLE_CODE.purchaser]: msg`学校采购员`,
  [ROLE_CODE.supplier]: msg`供应商`,
  [ROLE_CODE.delivery]: msg`配送员`,
  [ROLE_CODE.bureau]: msg`教育局`,
  [ROLE_CODE.dietitian]: msg`营养师`,
  [ROLE_CODE.salesman]: msg`供应商业务员`,
  [ROLE_CODE.systemProvider]: msg`系统服务商`,
  [ROLE_CODE.userAdmin]: msg`用户管理员`,
};
const MANAGE_ADMIN = msg`管理机构管理员`;
const ADMIN = msg`机构管理员`;

/** The §1 name of a role code (the identities a trial applicant may apply as, among others), or null. */
export function roleCodeLabel(code: string, translate: (d: MessageDescriptor) => string): string | null {
  const byCode = BY_CODE[code];
  return byCode ? translate(byCode) : null;
}

/** The role's display name: its cnName, else the §1 name of its code, else its name. */
export function roleLabel(role: { name: string; code: string; cnName?: string }, translate: (d: MessageDescriptor) => string): string {
  if (role.cnName) return role.cnName;
  if (role.name.startsWith('manage_admin_')) return translate(MANAGE_ADMIN);
  if (role.name.startsWith('admin_')) return translate(ADMIN);
  return roleCodeLabel(role.code, translate) ?? role.name;
}
