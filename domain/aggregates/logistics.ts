// Deliveries (mallLogisticsManage, mallDeliveryManage; issue 11): one stream per delivery (`logistics-<id>`) in the
// supplier's org. The handler looks up what the decider cannot know: whether the route is the supplier's live
// route, which orders are not the supplier's confirmed orders of that day on the route's schools, and which are
// already on another delivery. The rules themselves (stop marks, what may change when) live in domain/logistics.ts.
import { refuse, type Decider, type DomainEvent, type Refusal } from '../decider.ts';
import { LOGISTICS_LIMITS, LOGISTICS_TEXT, logisticsStatus, markStop, validPhone, type StopMark, type StopStatus } from '../logistics.ts';

export interface LogisticsStop { orderId: string; orderNo: string; schoolOrgId: string; schoolName: string }
export interface LogisticsCreated {
  id: string; deliveryDate: string; routeId: string; routeName: string; vehicle: string; driverName: string; driverPhone: string; remark: string;
  /** in driving order */
  stops: LogisticsStop[]; at: string;
}
export type LogisticsUpdated = { id: string; at: string } & Partial<Omit<LogisticsCreated, 'id' | 'at' | 'deliveryDate'>>;
export interface LogisticsDeleted { id: string; at: string }
export interface LogisticsStopMarked { id: string; orderId: string; at: string }

export type LogisticsEvent =
  | DomainEvent<'LogisticsCreated', LogisticsCreated>
  | DomainEvent<'LogisticsUpdated', LogisticsUpdated>
  | DomainEvent<'LogisticsDeleted', LogisticsDeleted>
  | DomainEvent<'LogisticsStopDeparted', LogisticsStopMarked>
  | DomainEvent<'LogisticsStopArrived', LogisticsStopMarked>;

/** What the handler looked up (order numbers, for the message). */
export interface LogisticsChecks {
  routeInvalid: boolean; invalidOrders: string[]; takenOrders: string[];
  /** orders whose school has not allowed this supplier to deliver (supplier permission delivery); absent = none */
  undeliverableOrders?: string[];
}

export type LogisticsCommand =
  | ({ type: 'CreateLogistics'; logistics: LogisticsCreated } & LogisticsChecks)
  | ({ type: 'UpdateLogistics'; change: LogisticsUpdated } & LogisticsChecks)
  | { type: 'DeleteLogistics'; id: string; at: string }
  | { type: 'MarkStop'; id: string; orderId: string; mark: StopMark; at: string };

export interface LogisticsState { status: 'none' | 'live' | 'deleted'; stops: { orderId: string; status: StopStatus }[] }

export const logisticsStream = (id: string) => `logistics-${id}`;

function checked(l: Partial<LogisticsCreated>, c: LogisticsChecks): Refusal | null {
  const { textMax, phoneMax, remarkMax, ordersMax } = LOGISTICS_LIMITS;
  if ((l.vehicle?.length ?? 0) > textMax) return refuse('invalid', LOGISTICS_TEXT.text('车辆', textMax));
  if ((l.driverName?.length ?? 0) > textMax) return refuse('invalid', LOGISTICS_TEXT.text('司机', textMax));
  if ((l.driverPhone?.length ?? 0) > phoneMax || (l.driverPhone !== undefined && !validPhone(l.driverPhone))) return refuse('invalid', LOGISTICS_TEXT.phone);
  if ((l.remark?.length ?? 0) > remarkMax) return refuse('invalid', LOGISTICS_TEXT.text('备注', remarkMax));
  if (c.routeInvalid) return refuse('invalid', LOGISTICS_TEXT.routeInvalid);
  if (l.stops) {
    if (!l.stops.length) return refuse('invalid', LOGISTICS_TEXT.noOrders);
    if (l.stops.length > ordersMax) return refuse('invalid', LOGISTICS_TEXT.tooManyOrders);
    if (new Set(l.stops.map((s) => s.orderId)).size !== l.stops.length) return refuse('invalid', LOGISTICS_TEXT.duplicateOrders);
  }
  if (c.invalidOrders.length) return refuse('invalid', LOGISTICS_TEXT.orderInvalid(c.invalidOrders.join('、')), c.invalidOrders.map(LOGISTICS_TEXT.orderInvalid));
  if (c.undeliverableOrders?.length) {
    return refuse('forbidden', LOGISTICS_TEXT.noDeliveryPermission(c.undeliverableOrders.join('、')), c.undeliverableOrders.map(LOGISTICS_TEXT.noDeliveryPermission));
  }
  if (c.takenOrders.length) return refuse('conflict', LOGISTICS_TEXT.orderTaken(c.takenOrders.join('、')), c.takenOrders.map(LOGISTICS_TEXT.orderTaken));
  return null;
}

const trimmed = <T extends Partial<LogisticsCreated>>(l: T): T => ({
  ...l,
  ...(l.vehicle !== undefined && { vehicle: l.vehicle.trim() }), ...(l.driverName !== undefined && { driverName: l.driverName.trim() }),
  ...(l.driverPhone !== undefined && { driverPhone: l.driverPhone.trim() }), ...(l.remark !== undefined && { remark: l.remark.trim() }),
});

export const logisticsDecider: Decider<LogisticsCommand, LogisticsState, LogisticsEvent> = {
  initialState: () => ({ status: 'none', stops: [] }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateLogistics': {
        if (state.status !== 'none') return refuse('conflict', '配送单已存在');
        const l = trimmed(command.logistics);
        const bad = checked(l, command);
        if (bad) return bad;
        return [{ type: 'LogisticsCreated', data: l }];
      }
      case 'UpdateLogistics': {
        if (state.status !== 'live') return refuse('notFound', LOGISTICS_TEXT.notFound);
        const change = trimmed(command.change);
        // the orders and the route are the plan; once a stop has departed they are history
        if ((change.stops || change.routeId !== undefined) && logisticsStatus(state.stops) !== 'planned') return refuse('conflict', LOGISTICS_TEXT.notPlanned);
        const bad = checked(change, command);
        if (bad) return bad;
        return [{ type: 'LogisticsUpdated', data: change }];
      }
      case 'DeleteLogistics':
        if (state.status !== 'live') return refuse('notFound', LOGISTICS_TEXT.notFound);
        if (logisticsStatus(state.stops) !== 'planned') return refuse('conflict', LOGISTICS_TEXT.notPlanned);
        return [{ type: 'LogisticsDeleted', data: { id: command.id, at: command.at } }];
      case 'MarkStop': {
        if (state.status !== 'live') return refuse('notFound', LOGISTICS_TEXT.notFound);
        const stop = state.stops.find((s) => s.orderId === command.orderId);
        if (!stop) return refuse('notFound', LOGISTICS_TEXT.stopNotFound);
        if (!markStop(stop.status, command.mark)) return refuse('conflict', LOGISTICS_TEXT.cannotMark(command.mark, stop.status));
        const data = { id: command.id, orderId: command.orderId, at: command.at };
        return [command.mark === 'depart' ? { type: 'LogisticsStopDeparted', data } : { type: 'LogisticsStopArrived', data }];
      }
    }
  },
  evolve(state, event) {
    const mark = (orderId: string, status: StopStatus) => ({ ...state, stops: state.stops.map((s) => (s.orderId === orderId ? { ...s, status } : s)) });
    switch (event.type) {
      case 'LogisticsCreated': return { status: 'live', stops: event.data.stops.map((s) => ({ orderId: s.orderId, status: 'pending' })) };
      case 'LogisticsUpdated': return event.data.stops ? { ...state, stops: event.data.stops.map((s) => ({ orderId: s.orderId, status: 'pending' })) } : state;
      case 'LogisticsDeleted': return { ...state, status: 'deleted' };
      case 'LogisticsStopDeparted': return mark(event.data.orderId, 'departed');
      case 'LogisticsStopArrived': return mark(event.data.orderId, 'arrived');
    }
  },
};
