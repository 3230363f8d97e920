// Issue 34 group buys (grouponManage): a product at a group price, a minimum of members and a deadline. Members join
// (and may leave) while it is open; at the deadline it succeeds when enough joined — their orders are placed at the
// group price — or fails, and nothing is charged. An operator may cancel it while open (nothing charged either).
// open → succeeded | failed | cancelled; the settling at the deadline is the SettleGroupon command.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { isSafeUrl } from '../mall/content.ts';
import { toFen } from '../money.ts';

export interface GrouponTerms {
  title: string;
  /** the goods: a product or SKU of the org's catalogue */
  productId: string;
  imageUrl?: string;
  /** yuan without the group */
  unitPrice: number;
  /** yuan each when the group succeeds */
  groupPrice: number;
  minPeople: number;
  /** the group closes when this many joined (absent: no cap) */
  maxPeople?: number;
  /** ISO time the group closes */
  deadline: string;
}

/**
 * A fruit org's group buy orders fruit for a child: what the member's order at the group price will be (the SKU is the
 * group buy's product's). Other orgs' group buys carry none.
 */
export interface GrouponOrder {
  child: { name: string; schoolOrgId: string; grade: string; className: string };
  plan: 'day' | 'week' | 'month';
  startDay: string;
  payment: 'offline' | 'gateway';
}

export type GrouponStatus = 'open' | 'succeeded' | 'failed' | 'cancelled';

export interface GrouponParticipant { memberId: string; name: string; quantity: number; joinedAt: string; order?: GrouponOrder }

export interface GrouponState { status: GrouponStatus | null; terms: GrouponTerms | null; participants: ReadonlyMap<string, GrouponParticipant> }

export interface GrouponCreated { grouponId: string; terms: GrouponTerms }
export interface GrouponUpdated { grouponId: string; terms: GrouponTerms }
export interface GrouponJoined { grouponId: string; memberId: string; name: string; quantity: number; joinedAt: string; order?: GrouponOrder }
export interface GrouponLeft { grouponId: string; memberId: string }
/** orders are placed for these members at the group price */
export interface GrouponSucceeded { grouponId: string; groupPrice: number; participants: { memberId: string; quantity: number; order?: GrouponOrder }[] }
export interface GrouponFailed { grouponId: string; joined: number; minPeople: number }
export interface GrouponCancelled { grouponId: string }
/** a succeeded fruit group buy's member order, as its settle placed it (the order's id and number) */
export interface GrouponOrderPlaced { grouponId: string; memberId: string; orderId: string; orderNo: string }
/** a succeeded group buy's member order the rules refused (the stock gone, no school day left): why, in the server's words */
export interface GrouponOrderFailed { grouponId: string; memberId: string; reason: string }

export type GrouponEvent =
  | DomainEvent<'GrouponCreated', GrouponCreated>
  | DomainEvent<'GrouponUpdated', GrouponUpdated>
  | DomainEvent<'GrouponJoined', GrouponJoined>
  | DomainEvent<'GrouponLeft', GrouponLeft>
  | DomainEvent<'GrouponSucceeded', GrouponSucceeded>
  | DomainEvent<'GrouponFailed', GrouponFailed>
  | DomainEvent<'GrouponCancelled', GrouponCancelled>
  | DomainEvent<'GrouponOrderPlaced', GrouponOrderPlaced>
  | DomainEvent<'GrouponOrderFailed', GrouponOrderFailed>;

export type GrouponCommand =
  | { type: 'CreateGroupon'; grouponId: string; terms: GrouponTerms; now: string }
  | { type: 'UpdateGroupon'; grouponId: string; terms: GrouponTerms; now: string }
  | { type: 'JoinGroupon'; grouponId: string; memberId: string; name: string; quantity: number; now: string; order?: GrouponOrder }
  | { type: 'LeaveGroupon'; grouponId: string; memberId: string; now: string }
  | { type: 'SettleGroupon'; grouponId: string; now: string }
  | { type: 'CancelGroupon'; grouponId: string }
  | { type: 'RecordGrouponOrders'; grouponId: string; placed: Omit<GrouponOrderPlaced, 'grouponId'>[]; failed: Omit<GrouponOrderFailed, 'grouponId'>[] };

export const GROUPON_TEXT = {
  missing: '团购不存在',
  exists: '团购已存在',
  closed: '团购已结束',
  pastDeadline: '团购已截止',
  notYet: '团购尚未截止',
  full: '团购人数已满',
  notJoined: '您尚未参加该团购',
  joinedCannotEdit: '已有会员参团，不能再修改团购条件',
  badQuantity: '数量须为 1 到 99 的整数',
  noGoods: '团购的商品已不存在',
  noOrder: '参团时没有填写订购信息',
  notSucceeded: '团购未成团，没有订单',
} as const;

export const GROUPON_LIMITS = { minPeople: 2, maxPeople: 1000, maxQuantity: 99, titleMax: 60 } as const;

/** a price: above 0, at most two decimals */
const money = (v: number) => typeof v === 'number' && Number.isFinite(v) && v > 0 && Math.abs(v * 100 - toFen(v)) < 1e-6;

/** What is wrong with a group buy's terms at `now`, or null. */
export function grouponTermsProblem(t: GrouponTerms, now: Date): string | null {
  if (!t.title?.trim()) return '标题不能为空';
  if (t.title.trim().length > GROUPON_LIMITS.titleMax) return `标题不能超过 ${GROUPON_LIMITS.titleMax} 个字`;
  if (!t.productId?.trim()) return '请选择团购的商品';
  if (t.imageUrl && !isSafeUrl(t.imageUrl)) return '图片地址必须是 http(s) 地址或本站路径';
  if (!money(t.unitPrice)) return '原价须大于 0，最多两位小数';
  if (!money(t.groupPrice)) return '团购价须大于 0，最多两位小数';
  if (toFen(t.groupPrice) >= toFen(t.unitPrice)) return '团购价须低于原价';
  if (!Number.isInteger(t.minPeople) || t.minPeople < GROUPON_LIMITS.minPeople || t.minPeople > GROUPON_LIMITS.maxPeople) {
    return `成团人数须为 ${GROUPON_LIMITS.minPeople} 到 ${GROUPON_LIMITS.maxPeople} 的整数`;
  }
  if (t.maxPeople !== undefined && (!Number.isInteger(t.maxPeople) || t.maxPeople < t.minPeople || t.maxPeople > GROUPON_LIMITS.maxPeople)) {
    return '人数上限不能低于成团人数';
  }
  const deadline = Date.parse(t.deadline);
  if (Number.isNaN(deadline)) return '截止时间格式不正确';
  if (deadline <= now.getTime()) return '截止时间必须晚于现在';
  return null;
}

/** What a member or operator sees: 'open' past its deadline is 'settling' until the settle runs. */
export function grouponStatusAt(s: Pick<GrouponState, 'status' | 'terms'>, now: Date): GrouponStatus | 'settling' | null {
  if (s.status === 'open' && s.terms && Date.parse(s.terms.deadline) <= now.getTime()) return 'settling';
  return s.status;
}

/** Members still needed for the group to succeed. */
export const membersNeeded = (terms: Pick<GrouponTerms, 'minPeople'>, joined: number) => Math.max(0, terms.minPeople - joined);

const past = (terms: GrouponTerms, now: string) => Date.parse(terms.deadline) <= Date.parse(now);

export const grouponDecider: Decider<GrouponCommand, GrouponState, GrouponEvent> = {
  initialState: () => ({ status: null, terms: null, participants: new Map() }),
  decide(command, state) {
    if (command.type === 'CreateGroupon') {
      if (state.status) return refuse('conflict', GROUPON_TEXT.exists);
      const problem = grouponTermsProblem(command.terms, new Date(command.now));
      if (problem) return refuse('invalid', problem);
      return [{ type: 'GrouponCreated', data: { grouponId: command.grouponId, terms: { ...command.terms, title: command.terms.title.trim() } } }];
    }
    if (!state.status || !state.terms) return refuse('notFound', GROUPON_TEXT.missing);
    if (command.type === 'RecordGrouponOrders') {
      // what the settle of a succeeded group buy did with each member's order, so the member and the operator see it
      if (state.status !== 'succeeded') return refuse('conflict', GROUPON_TEXT.notSucceeded);
      const member = (id: string) => state.participants.has(id);
      return [
        ...command.placed.filter((p) => member(p.memberId)).map((p) => ({ type: 'GrouponOrderPlaced' as const, data: { grouponId: command.grouponId, ...p } })),
        ...command.failed.filter((f) => member(f.memberId)).map((f) => ({ type: 'GrouponOrderFailed' as const, data: { grouponId: command.grouponId, ...f } })),
      ];
    }
    if (state.status !== 'open') return refuse('conflict', GROUPON_TEXT.closed);
    const terms = state.terms;
    switch (command.type) {
      case 'UpdateGroupon': {
        if (state.participants.size > 0) return refuse('conflict', GROUPON_TEXT.joinedCannotEdit);
        const problem = grouponTermsProblem(command.terms, new Date(command.now));
        if (problem) return refuse('invalid', problem);
        return [{ type: 'GrouponUpdated', data: { grouponId: command.grouponId, terms: { ...command.terms, title: command.terms.title.trim() } } }];
      }
      case 'JoinGroupon': {
        if (past(terms, command.now)) return refuse('conflict', GROUPON_TEXT.pastDeadline);
        if (!Number.isInteger(command.quantity) || command.quantity < 1 || command.quantity > GROUPON_LIMITS.maxQuantity) return refuse('invalid', GROUPON_TEXT.badQuantity);
        const mine = state.participants.get(command.memberId);
        if (mine?.quantity === command.quantity && JSON.stringify(mine.order) === JSON.stringify(command.order)) return [];
        if (!mine && terms.maxPeople !== undefined && state.participants.size >= terms.maxPeople) return refuse('conflict', GROUPON_TEXT.full);
        return [{
          type: 'GrouponJoined',
          data: {
            grouponId: command.grouponId, memberId: command.memberId, name: command.name, quantity: command.quantity, joinedAt: mine?.joinedAt ?? command.now,
            ...(command.order && { order: command.order }),
          },
        }];
      }
      case 'LeaveGroupon':
        if (past(terms, command.now)) return refuse('conflict', GROUPON_TEXT.pastDeadline);
        if (!state.participants.has(command.memberId)) return refuse('notFound', GROUPON_TEXT.notJoined);
        return [{ type: 'GrouponLeft', data: { grouponId: command.grouponId, memberId: command.memberId } }];
      case 'SettleGroupon': {
        // a full group need not wait for its deadline
        const full = terms.maxPeople !== undefined && state.participants.size >= terms.maxPeople;
        if (!past(terms, command.now) && !full) return refuse('conflict', GROUPON_TEXT.notYet);
        if (state.participants.size >= terms.minPeople) {
          const participants = [...state.participants.values()].map((p) => ({ memberId: p.memberId, quantity: p.quantity, ...(p.order && { order: p.order }) }));
          return [{ type: 'GrouponSucceeded', data: { grouponId: command.grouponId, groupPrice: terms.groupPrice, participants } }];
        }
        return [{ type: 'GrouponFailed', data: { grouponId: command.grouponId, joined: state.participants.size, minPeople: terms.minPeople } }];
      }
      case 'CancelGroupon':
        return [{ type: 'GrouponCancelled', data: { grouponId: command.grouponId } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'GrouponCreated': return { status: 'open', terms: event.data.terms, participants: new Map() };
      case 'GrouponUpdated': return { ...state, terms: event.data.terms };
      case 'GrouponJoined': {
        const participants = new Map(state.participants);
        const { memberId, name, quantity, joinedAt, order } = event.data;
        participants.set(memberId, { memberId, name, quantity, joinedAt, ...(order && { order }) });
        return { ...state, participants };
      }
      case 'GrouponLeft': {
        const participants = new Map(state.participants);
        participants.delete(event.data.memberId);
        return { ...state, participants };
      }
      case 'GrouponSucceeded': return { ...state, status: 'succeeded' };
      case 'GrouponFailed': return { ...state, status: 'failed' };
      case 'GrouponCancelled': return { ...state, status: 'cancelled' };
      case 'GrouponOrderPlaced':
      case 'GrouponOrderFailed':
        return state;
    }
  },
};
