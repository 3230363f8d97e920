// Delivery routes (routeManage; §3 Route objectId and isDelete): one stream per route (`mallRoute-<id>`). The
// handler says whether the name is taken in the org and whether the route group is the org's M7 group.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';

export interface MallRouteCreated {
  objectId: string; name: string; roleGroupId: string | null; manageRoleNames: string[]; purchaserOrgIds: string[]; deliveryUserIds: string[]; sort: number;
  remark: string; at: string;
}
export type MallRouteUpdated = { objectId: string; at: string } & Partial<Omit<MallRouteCreated, 'objectId' | 'at'>>;
export interface MallRouteDeleted { objectId: string; at: string }

export type DeliveryRouteEvent =
  | DomainEvent<'MallRouteCreated', MallRouteCreated>
  | DomainEvent<'MallRouteUpdated', MallRouteUpdated>
  | DomainEvent<'MallRouteDeleted', MallRouteDeleted>;

/** What the handler looked up: another live route of the org has the name; the group is not the org's M7 group. */
interface Checks { nameTaken: boolean; groupInvalid: boolean }

export type DeliveryRouteCommand =
  | ({ type: 'CreateRoute'; route: MallRouteCreated } & Checks)
  | ({ type: 'UpdateRoute'; change: MallRouteUpdated } & Checks)
  | { type: 'DeleteRoute'; objectId: string; at: string };

export interface DeliveryRouteState { status: 'none' | 'live' | 'deleted'; name: string }

const NOT_FOUND = '配送路线不存在';

function checked(name: string | undefined, c: Checks) {
  if (name !== undefined && !name.trim()) return refuse('invalid', '参数错误：配送路线名称不能为空');
  if (c.nameTaken) return refuse('invalid', '参数错误：配送路线名称已存在');
  if (c.groupInvalid) return refuse('invalid', '参数错误：配送路线分组不存在');
  return null;
}

export const deliveryRouteDecider: Decider<DeliveryRouteCommand, DeliveryRouteState, DeliveryRouteEvent> = {
  initialState: () => ({ status: 'none', name: '' }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateRoute': {
        if (state.status !== 'none') return refuse('conflict', '配送路线已存在');
        const bad = checked(command.route.name, command);
        if (bad) return bad;
        return [{ type: 'MallRouteCreated', data: { ...command.route, name: command.route.name.trim() } }];
      }
      case 'UpdateRoute': {
        if (state.status !== 'live') return refuse('notFound', NOT_FOUND);
        const bad = checked(command.change.name, command);
        if (bad) return bad;
        const name = command.change.name?.trim();
        return [{ type: 'MallRouteUpdated', data: { ...command.change, ...(name !== undefined && { name }) } }];
      }
      case 'DeleteRoute':
        if (state.status !== 'live') return refuse('notFound', NOT_FOUND);
        return [{ type: 'MallRouteDeleted', data: { objectId: command.objectId, at: command.at } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'MallRouteCreated': return { status: 'live', name: event.data.name };
      case 'MallRouteUpdated': return { ...state, name: event.data.name ?? state.name };
      case 'MallRouteDeleted': return { ...state, status: 'deleted' };
    }
  },
};
