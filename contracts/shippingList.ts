// §2 shippingList 发货单（已停用）(issue 35): the spec keeps the entry but marks it deprecated; deliveries
// (mallDeliveryManage, contracts/logistics.ts) replaced it. What is left is read-only: the legacy shipping notes, i.e.
// orders that were shipped (dispatched, delivered, received or settled) without ever being a stop of a delivery.
// Nobody writes here: there is no POST, PUT or DELETE.
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { List } from './common.ts';

const tags = ['logistics'];

export const ShippingNote = Type.Object({
  orderId: Type.String(),
  orderNo: Type.String(),
  orgName: Type.String(),
  supplierName: Type.String(),
  deliveryDate: Type.String(),
  status: Type.String(),
  amount: Type.Number(),
});
export type ShippingNote = Static<typeof ShippingNote>;

export const listShippingNotes = endpoint({
  method: 'GET', path: '/v4/mall/shippinglist', tags, response: List(ShippingNote),
  summary: 'Legacy shipping notes (deprecated screen, read-only): orders the caller sees that were shipped without a delivery',
});
