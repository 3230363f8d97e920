// §3 fields a client may send that the server derives (issue 15). Documented request shapes carry them, so they
// are accepted; they are checked against what the server knows of the caller and never taken on trust.
import { refuse, type Refusal } from './decider.ts';

export const DERIVED_FIELD_TEXT = {
  phoneMismatch: '参数错误：mobilePhoneNumber 须与账号（手机号）一致',
  personNameMismatch: '参数错误：personName 须与 name 一致',
  otherSupplier: '不能为其他供应商设置价格',
  selfApprove: '价格需审核，不能自行审核通过',
  badIsCheck: '参数错误：新价格的 isCheck 只能是 0 或 1',
  deletedNew: '参数错误：不能新增已删除的价格',
  otherOrg: '不能为其他机构写入数据（orgId 与所在机构不符）',
  otherApp: '不能为其他应用写入数据（appId 与所在应用不符）',
} as const;

/**
 * §3 user: the phone number is the username (mobilePhoneNumber), personName is the name. isRegister is the
 * account's registration flag as the server keeps it: the server decides it (an account made here is registered),
 * so what a client sends is taken as a hint and ignored, the decision shown in the answer, never a 400 (issue 31:
 * the original console sends `isRegister: false` with every new user). `account` is what the server holds, or
 * derives for a new account.
 */
export function userFieldProblem(
  input: { mobilePhoneNumber?: string; personName?: string; name?: string; isRegister?: boolean },
  account: { username: string; isRegister: boolean; isNew: boolean },
): Refusal | null {
  const phone = input.mobilePhoneNumber?.trim();
  if (phone && phone !== account.username.trim()) return refuse('invalid', DERIVED_FIELD_TEXT.phoneMismatch);
  if (input.personName !== undefined && input.name !== undefined && input.personName.trim() !== input.name.trim()) {
    return refuse('invalid', DERIVED_FIELD_TEXT.personNameMismatch);
  }
  return null;
}

/**
 * §3 SKU price on POST: supplierId is the caller's org; isCheck is decided by the server (§4: 0 where the role
 * group needs approval, else 1), so 0 is always accepted (the server's decision stands) and 1 only where no
 * approval is needed: a supplier cannot approve his own price. A new price is never deleted (isDelete 0).
 */
export function newPriceFieldProblem(
  input: { supplierId?: string; isCheck?: number; isDelete?: number | boolean },
  caller: { supplierOrgId: string; approvalNeeded: boolean },
): Refusal | null {
  if (input.supplierId !== undefined && input.supplierId !== caller.supplierOrgId) return refuse('forbidden', DERIVED_FIELD_TEXT.otherSupplier);
  if (input.isCheck !== undefined) {
    if (input.isCheck !== 0 && input.isCheck !== 1) return refuse('invalid', DERIVED_FIELD_TEXT.badIsCheck);
    if (input.isCheck === 1 && caller.approvalNeeded) return refuse('forbidden', DERIVED_FIELD_TEXT.selfApprove);
  }
  if (input.isDelete === true || input.isDelete === 1) return refuse('invalid', DERIVED_FIELD_TEXT.deletedNew);
  return null;
}

/**
 * §3 orgId and appId on an entity written in an org-app (category, role): the org-app the entity lives in. A
 * client may send them; they must name that org-app or the write is refused (403), never moved elsewhere.
 */
export function orgFieldProblem(input: { orgId?: string; appId?: string }, owner: { orgId: string; appId: string }): Refusal | null {
  if (input.orgId !== undefined && input.orgId !== owner.orgId) return refuse('forbidden', DERIVED_FIELD_TEXT.otherOrg);
  if (input.appId !== undefined && input.appId !== owner.appId) return refuse('forbidden', DERIVED_FIELD_TEXT.otherApp);
  return null;
}
