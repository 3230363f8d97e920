// §7 form service (issue 9): the custom tables the recipe user limit reads (§3 whitelist/limit records, §9 recipe
// user limit). mallRecipeCycleOrgAllowlist {orgId}: an org whose users are not limited; whiteList
// {userphoneNumber, isWhiteList}: a user who is not limited; mallRecipeCycleUserLimite {userphoneNumber, times}:
// extra cycles a user may create beyond the limit. One stream per item ('formItem-<tableId>-<itemId>'); an item
// belongs to the org it is about. Facts (does the org exist, is the same org/phone already listed) come in the
// command.
import { isValidPhone } from '../phone.ts';
import { changedFields } from './changes.ts';
import { refuse, type Decider, type DomainEvent } from '../decider.ts';

export const FORM_TABLE_IDS = ['mallRecipeCycleOrgAllowlist', 'whiteList', 'mallRecipeCycleUserLimite'] as const;
export type FormTableId = (typeof FORM_TABLE_IDS)[number];
export const isFormTableId = (t: string): t is FormTableId => (FORM_TABLE_IDS as readonly string[]).includes(t);

export const formItemStream = (tableId: string, itemId: string) => `formItem-${tableId}-${itemId}`;
export const FORM_LIMITS = { timesMax: 1000 } as const;

export const FORM_TEXT = {
  /** §5: a table, field or item call needing an id */
  param: '参数错误',
  unknownTable: '表单不存在',
  notFound: '表单记录不存在',
  badOrg: '参数错误：允许名单的机构不存在',
  badPhone: '参数错误：手机号须为 11 位大陆手机号',
  badWhiteList: '参数错误：isWhiteList 须为布尔值',
  badTimes: `参数错误：额外次数须为 0-${FORM_LIMITS.timesMax} 的整数`,
  unknownField: (key: string) => `参数错误：表单字段 ${key} 不存在`,
  duplicate: '该记录已存在，请修改原记录',
  cannotWrite: '只有平台运营方可以维护食谱新建次数名单',
} as const;

export type FormData = Record<string, unknown>;

/** The fields each table takes (anything else is a typing slip, refused). */
const FIELDS: Record<FormTableId, readonly string[]> = {
  mallRecipeCycleOrgAllowlist: ['orgId'],
  whiteList: ['userphoneNumber', 'isWhiteList'],
  mallRecipeCycleUserLimite: ['userphoneNumber', 'times'],
};

/** The refusal of a table's form data, or null. `orgExists` is the fact for an allowlist's orgId. */
export function formDataRefusal(tableId: FormTableId, data: FormData, orgExists: boolean): string | null {
  const extra = Object.keys(data).find((k) => !FIELDS[tableId].includes(k));
  if (extra) return FORM_TEXT.unknownField(extra);
  switch (tableId) {
    case 'mallRecipeCycleOrgAllowlist':
      return typeof data.orgId === 'string' && data.orgId && orgExists ? null : FORM_TEXT.badOrg;
    case 'whiteList':
      if (typeof data.userphoneNumber !== 'string' || !isValidPhone(data.userphoneNumber)) return FORM_TEXT.badPhone;
      return data.isWhiteList === undefined || typeof data.isWhiteList === 'boolean' ? null : FORM_TEXT.badWhiteList;
    case 'mallRecipeCycleUserLimite':
      if (typeof data.userphoneNumber !== 'string' || !isValidPhone(data.userphoneNumber)) return FORM_TEXT.badPhone;
      return Number.isInteger(data.times) && (data.times as number) >= 0 && (data.times as number) <= FORM_LIMITS.timesMax ? null : FORM_TEXT.badTimes;
  }
}

/** What makes two items of a table the same record: the org listed, or the user's phone. */
export const formItemKeyOf = (tableId: FormTableId, data: FormData): string =>
  String(tableId === 'mallRecipeCycleOrgAllowlist' ? data.orgId : data.userphoneNumber);

/** The stored form data: a whitelist entry without the flag is on the list. */
const normalised = (tableId: FormTableId, data: FormData): FormData =>
  tableId === 'whiteList' && data.isWhiteList === undefined ? { ...data, isWhiteList: true } : { ...data };

export interface FormItemCreated { tableId: FormTableId; itemId: string; appId: string; formData: FormData }
export interface FormItemUpdated { tableId: FormTableId; itemId: string; formData: FormData }
export interface FormItemDeleted { tableId: FormTableId; itemId: string }

export type FormItemEvent =
  | DomainEvent<'FormItemCreated', FormItemCreated>
  | DomainEvent<'FormItemUpdated', FormItemUpdated>
  | DomainEvent<'FormItemDeleted', FormItemDeleted>;

export type FormItemCommand =
  /** orgExists: the allowlist's orgId names an org; duplicate: a live item of the table has the same key in the org */
  | { type: 'CreateFormItem'; item: FormItemCreated; orgExists: boolean; duplicate: boolean }
  | { type: 'UpdateFormItem'; tableId: FormTableId; itemId: string; formData: FormData; orgExists: boolean; duplicate: boolean }
  | { type: 'DeleteFormItem'; tableId: FormTableId; itemId: string };

export interface FormItemState { status: 'none' | 'live' | 'deleted'; formData: FormData }

export const formItemDecider: Decider<FormItemCommand, FormItemState, FormItemEvent> = {
  initialState: () => ({ status: 'none', formData: {} }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateFormItem': {
        const { item } = command;
        if (state.status !== 'none') return refuse('conflict', FORM_TEXT.duplicate);
        const bad = formDataRefusal(item.tableId, item.formData, command.orgExists);
        if (bad) return refuse('invalid', bad);
        if (command.duplicate) return refuse('conflict', FORM_TEXT.duplicate);
        return [{ type: 'FormItemCreated', data: { ...item, formData: normalised(item.tableId, item.formData) } }];
      }
      case 'UpdateFormItem': {
        if (state.status !== 'live') return refuse('notFound', FORM_TEXT.notFound);
        const next = { ...state.formData, ...command.formData };
        const bad = formDataRefusal(command.tableId, next, command.orgExists);
        if (bad) return refuse('invalid', bad);
        if (command.duplicate) return refuse('conflict', FORM_TEXT.duplicate);
        if (!Object.keys(changedFields(state.formData, command.formData)).length) return [];
        return [{ type: 'FormItemUpdated', data: { tableId: command.tableId, itemId: command.itemId, formData: normalised(command.tableId, next) } }];
      }
      case 'DeleteFormItem':
        if (state.status !== 'live') return refuse('notFound', FORM_TEXT.notFound);
        return [{ type: 'FormItemDeleted', data: { tableId: command.tableId, itemId: command.itemId } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'FormItemCreated': return { status: 'live', formData: event.data.formData };
      case 'FormItemUpdated': return { ...state, formData: event.data.formData };
      case 'FormItemDeleted': return { ...state, status: 'deleted' };
    }
  },
};

/**
 * §9 recipe user limit, from the live form items of the org that name the org or the user's phone: an
 * allowlisted org or a whitelisted user is not limited; the user's extra times add to the limit (floored).
 */
export function quotaFromForms(items: readonly { tableId: string; formData: FormData }[], orgId: string, phone: string): { exempt: boolean; extra: number } {
  const mine = (i: { formData: FormData }) => i.formData.userphoneNumber === phone;
  const allowlisted = items.some((i) => i.tableId === 'mallRecipeCycleOrgAllowlist' && i.formData.orgId === orgId);
  const whitelisted = items.some((i) => i.tableId === 'whiteList' && mine(i) && i.formData.isWhiteList !== false);
  const extra = items.filter((i) => i.tableId === 'mallRecipeCycleUserLimite' && mine(i))
    .reduce((sum, i) => sum + (typeof i.formData.times === 'number' && Number.isFinite(i.formData.times) && i.formData.times > 0 ? Math.floor(i.formData.times) : 0), 0);
  return { exempt: allowlisted || whitelisted, extra };
}
