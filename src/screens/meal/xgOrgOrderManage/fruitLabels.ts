// Issue 34: the words of the fruit mall's statuses, plans and payments, shared by its screens.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FruitDayStatus, FruitOrderAction, FruitOrderStatus, FruitPayment, FruitPlan } from '../../../../domain/fruitMall.ts';

export const FRUIT_STATUS_LABELS: Record<FruitOrderStatus, MessageDescriptor> = {
  placed: msg`待支付`, paid: msg`已支付`, delivered: msg`已配送`, refunded: msg`已退款`, cancelled: msg`已取消`,
};
export const FRUIT_DAY_LABELS: Record<FruitDayStatus, MessageDescriptor> = { pending: msg`待配送`, delivered: msg`已配送`, refunded: msg`已退款` };
export const FRUIT_PLAN_LABELS: Record<FruitPlan, MessageDescriptor> = { day: msg`单日`, week: msg`按周订阅`, month: msg`按月订阅` };
export const FRUIT_PAYMENT_LABELS: Record<FruitPayment, MessageDescriptor> = { offline: msg`到校支付`, gateway: msg`在线支付` };
export const FRUIT_ACTION_LABELS: Record<FruitOrderAction, MessageDescriptor> = { pay: msg`确认已收款`, cancel: msg`取消订单`, deliver: msg`标记当日已配送`, refund: msg`退款当日` };
