// A SKU price (§3 SKU price, §4 isCheck and dates, §5 approval cycles): one stream per price (`skuprice-<id>`).
// Created for a SKU and purchase role group of the supplier, changed while pending or rejected, decided once by
// an approver, deleted (or superseded by a newer pending price). The rules are the ones of priceApproval.ts and
// priceCycle.ts; what other aggregates hold (the SKU, the role group's config, the last approved price, the
// approver's standing) comes in the command.
import { refuse, type Decider, type DomainEvent, type Refusal } from '../decider.ts';
import { decide as decideApproval, initialIsCheck, IS_CHECK, PRICE_TEXT, validatePrice } from '../priceApproval.ts';
import { canModifyApprovedPrice, cycleOf, inCycle } from '../priceCycle.ts';
import type { RoleGroupPriceConfig } from '../mallCatalogue.ts';

export interface SkuPriceCreated {
  id: string; skuId: string; productId: string; supplierId: string; roleGroupId: string; price: number; marketAvg: number | null;
  isCheck: number; startDate: string; endDate: string; enable: boolean; extraInfo: Record<string, unknown>; at: string;
}
export interface SkuPriceChanged {
  id: string; price?: number; marketAvg?: number | null; startDate?: string; endDate?: string; enable?: boolean; isCheck: number; at: string;
}
export interface SkuPriceDecided { id: string; isCheck: number; checkRemark: string; checkedBy: string; checkedOrgId: string; at: string }
export interface SkuPriceDeleted { id: string; at: string; supersededBy?: string }

export type PriceEvent =
  | DomainEvent<'SkuPriceCreated', SkuPriceCreated>
  | DomainEvent<'SkuPriceChanged', SkuPriceChanged>
  | DomainEvent<'SkuPriceDecided', SkuPriceDecided>
  | DomainEvent<'SkuPriceDeleted', SkuPriceDeleted>;

/** The price fields a supplier sends. */
export interface PriceFields {
  price?: unknown; startDate?: string | null; endDate?: string | null; marketAvg?: unknown; enable?: boolean | number;
}

export interface CreatePrice {
  type: 'CreatePrice';
  id: string; at: string; supplierOrgId: string;
  input: PriceFields & { skuId?: string; roleGroupId?: string; extraInfo?: Record<string, unknown> };
  /** the SKU and role group named, as found (null when not found) */
  sku: { skuId: string; productId: string; orgId: string } | null;
  group: { roleGroupId: string; orgId: string; config: RoleGroupPriceConfig } | null;
  /** the latest approved price of the SKU and group, and the price this one replaces (a change of an approved one) */
  lastApproved: { id: string; checkedAt: string } | null;
  replacing?: string;
  /** another row of the same batch already prices this SKU and group */
  duplicate: boolean;
}

export type PriceCommand =
  | CreatePrice
  | { type: 'ChangePrice'; id: string; at: string; input: PriceFields; config: RoleGroupPriceConfig; lastApproved: { checkedAt: string } | null }
  | { type: 'DecidePrice'; id: string; at: string; isCheck: number; remark: string; standing: { ok: true } | { ok: false; reason: string }; checkedBy: string; checkedOrgId: string }
  | { type: 'DeletePrice'; id: string; at: string; supersededBy?: string };

export interface PriceState {
  status: 'none' | 'live' | 'deleted';
  isCheck: number;
  price: number; startDate: string; endDate: string; marketAvg: number | null; enable: boolean;
}

/** A number of at most two decimals, not negative; null for empty or anything else. */
export const moneyOrNull = (v: unknown): number | null => {
  if (v === undefined || v === null || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) / 100 : null;
};
const badMarketAvg = (v: unknown) => v !== undefined && v !== null && v !== '' && moneyOrNull(v) === null;
const flag = (v: boolean | number | undefined, dflt: boolean) => (v === undefined ? dflt : v === true || v === 1);

/**
 * The reasons of a row, as one refusal: 400 when the input is wrong, 422 when it is right but the modify limit
 * forbids it now (§4 priceModifyLimitEnable).
 */
function rowRefusal(invalid: string[], limit: string | null): Refusal {
  const reasons = limit ? [...invalid, limit] : invalid;
  return refuse(invalid.length ? 'invalid' : 'unprocessable', reasons.join('；'), reasons);
}

function decideCreate(c: CreatePrice): PriceEvent[] | Refusal {
  const { input } = c;
  const invalid: string[] = [];
  if (!input.skuId) invalid.push('缺少 SKU');
  else if (!c.sku || c.sku.orgId !== c.supplierOrgId) invalid.push(`SKU ${input.skuId} 不存在`);
  if (!input.roleGroupId) invalid.push('缺少采购角色组');
  else if (!c.group || c.group.orgId !== c.supplierOrgId) invalid.push('采购角色组不存在');
  const valid = validatePrice({ price: input.price, startDate: input.startDate, endDate: input.endDate });
  if (!valid.ok) invalid.push(...valid.errors);
  if (badMarketAvg(input.marketAvg)) invalid.push('市场均价必须是不小于 0 的数字');
  if (!invalid.length && c.duplicate) invalid.push('同一 SKU 和采购角色组重复定价');
  if (invalid.length || !valid.ok || !c.sku || !c.group) return rowRefusal(invalid, null);
  const check = canModifyApprovedPrice(c.lastApproved, c.at, c.group.config);
  if (!check.ok) return rowRefusal([], check.reason);
  // a price approved in this cycle (other than the one replaced) makes the new one a second price of the cycle
  const last = c.lastApproved && c.lastApproved.id !== c.replacing ? cycleOf(c.group.config.priceApprovalTimeRule, c.lastApproved.checkedAt) : null;
  const isPriceNewCycle = !last || !inCycle(last, c.at);
  return [{
    type: 'SkuPriceCreated',
    data: {
      id: c.id, skuId: c.sku.skuId, productId: c.sku.productId, supplierId: c.supplierOrgId, roleGroupId: c.group.roleGroupId,
      price: valid.value.price, marketAvg: moneyOrNull(input.marketAvg), isCheck: initialIsCheck(c.group.config.priceApprovalEnable),
      startDate: valid.value.startDate, endDate: valid.value.endDate, enable: flag(input.enable, true),
      extraInfo: { ...(input.extraInfo ?? {}), isPriceNewCycle }, at: c.at,
    },
  }];
}

const NOT_FOUND = '价格不存在';

export const priceDecider: Decider<PriceCommand, PriceState, PriceEvent> = {
  initialState: () => ({ status: 'none', isCheck: IS_CHECK.pending, price: 0, startDate: '', endDate: '', marketAvg: null, enable: true }),

  decide(command, state) {
    switch (command.type) {
      case 'CreatePrice':
        if (state.status !== 'none') return refuse('conflict', '价格已存在');
        return decideCreate(command);
      case 'ChangePrice': {
        if (state.status !== 'live') return refuse('notFound', NOT_FOUND);
        // an approved price is never changed in place: its change is a new price (CreatePrice with replacing)
        if (state.isCheck === IS_CHECK.approved) return refuse('conflict', '已审核的价格不能直接修改，请新建价格');
        const { input } = command;
        const valid = validatePrice({ price: input.price ?? state.price, startDate: input.startDate ?? state.startDate, endDate: input.endDate ?? state.endDate });
        const invalid = valid.ok ? [] : valid.errors;
        if (badMarketAvg(input.marketAvg)) invalid.push('市场均价必须是不小于 0 的数字');
        const check = canModifyApprovedPrice(command.lastApproved, command.at, command.config);
        if (invalid.length || !valid.ok || !check.ok) return rowRefusal(invalid, check.ok ? null : check.reason);
        return [{
          type: 'SkuPriceChanged',
          data: {
            id: command.id, price: valid.value.price, startDate: valid.value.startDate, endDate: valid.value.endDate,
            ...(input.enable !== undefined && { enable: flag(input.enable, true) }),
            ...(input.marketAvg !== undefined && { marketAvg: moneyOrNull(input.marketAvg) }),
            isCheck: initialIsCheck(command.config.priceApprovalEnable), at: command.at,
          },
        }];
      }
      case 'DecidePrice': {
        if (state.status !== 'live') return refuse('notFound', NOT_FOUND);
        if (!command.standing.ok) return refuse('forbidden', command.standing.reason);
        const result = decideApproval({ isCheck: state.isCheck }, command.isCheck === IS_CHECK.approved ? { approve: true, remark: command.remark } : { approve: false, remark: command.remark });
        if (!result.ok) {
          return result.reason === PRICE_TEXT.notPending
            ? refuse('conflict', `该价格已被审核（${state.isCheck === IS_CHECK.approved ? '已通过' : '已驳回'}），请刷新后查看`)
            : refuse('invalid', result.reason);
        }
        return [{ type: 'SkuPriceDecided', data: { id: command.id, isCheck: result.isCheck, checkRemark: result.checkRemark, checkedBy: command.checkedBy, checkedOrgId: command.checkedOrgId, at: command.at } }];
      }
      case 'DeletePrice':
        if (state.status !== 'live') return refuse('notFound', `${NOT_FOUND}：${command.id}`);
        return [{ type: 'SkuPriceDeleted', data: { id: command.id, at: command.at, ...(command.supersededBy && { supersededBy: command.supersededBy }) } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'SkuPriceCreated': {
        const d = event.data;
        return { status: 'live', isCheck: d.isCheck, price: d.price, startDate: d.startDate, endDate: d.endDate, marketAvg: d.marketAvg, enable: d.enable };
      }
      case 'SkuPriceChanged': {
        const d = event.data;
        return {
          ...state, isCheck: d.isCheck, price: d.price ?? state.price, startDate: d.startDate ?? state.startDate, endDate: d.endDate ?? state.endDate,
          marketAvg: d.marketAvg !== undefined ? d.marketAvg : state.marketAvg, enable: d.enable ?? state.enable,
        };
      }
      case 'SkuPriceDecided':
        return { ...state, isCheck: event.data.isCheck };
      case 'SkuPriceDeleted':
        return { ...state, status: 'deleted' };
    }
  },
};
