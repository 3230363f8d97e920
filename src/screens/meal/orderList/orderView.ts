// What the order screens (orderList, foodPurchase, orderLogList, mallOrderSpec) share: the caller's party toward
// orders, status and action names in the user's language, and the order machine with its I/O provided.
import { useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { usePowers } from '../../../app/hooks.ts';
import { orderPartyOf, type OrderAction, type OrderParty, type OrderStatus } from '../../../../domain/order.ts';
import type { ReturnLogAction } from '../../../../domain/orderReturn.ts';
import type { WeighDifferenceFilter } from '../../../../domain/scale.ts';
import { orderMachine } from '../../../../machines/order.machine.ts';
import { orderKeys, runOrderAction } from '../../../../services/orders.ts';

export { chinaDay, permissionsOf } from './orderRules.ts';

export const STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  draft: msg`草稿`, submitted: msg`待确认`, confirmed: msg`已确认`, refused: msg`已拒单`, dispatched: msg`已发货`,
  delivered: msg`已送达`, received: msg`已收货`, settled: msg`已结算`, cancelled: msg`已取消`,
};

export const ACTION_LABELS: Record<OrderAction | 'create', MessageDescriptor> = {
  create: msg`下单`, submit: msg`提交`, confirm: msg`确认`, refuse: msg`拒单`, dispatch: msg`发货`, deliver: msg`送达`,
  receive: msg`收货`, settle: msg`结算`, cancel: msg`取消订单`,
};

/** The order lists' filter on lines weighed beyond the scale's tolerance (domain/scale.ts WEIGH_DIFFERENCE_FILTERS). */
export const WEIGH_DIFFERENCE_LABELS: Record<WeighDifferenceFilter, MessageDescriptor> = { any: msg`有差异`, short: msg`短缺`, over: msg`超量` };

/** The order log's actions of the order's returns (domain/orderReturn.ts RETURN_LOG_ACTIONS). */
export const RETURN_LOG_LABELS: Record<ReturnLogAction, MessageDescriptor> = {
  return: msg`退货`, returnAccept: msg`同意退货`, returnDispute: msg`退货异议`, returnWithdraw: msg`撤回退货`,
};

/** Every action the order log names: the order's own and its returns'. */
export const LOG_ACTION_LABELS: Record<OrderAction | 'create' | ReturnLogAction, MessageDescriptor> = { ...ACTION_LABELS, ...RETURN_LOG_LABELS };

/** The caller's party in the current org (the server decides the same way: domain/order orderPartyOf). */
export function useOrderParty(): { party: OrderParty; loading: boolean } {
  const powers = usePowers();
  return { party: orderPartyOf(powers), loading: powers.isLoading };
}

/** The order machine with its one call provided; a done action refreshes every order view. */
export function useOrderMachine() {
  const qc = useQueryClient();
  const [machine] = useState(() => orderMachine.provide({
    actors: {
      runOrderAction: fromPromise(async ({ input }) => {
        const order = await runOrderAction(input);
        void qc.invalidateQueries({ queryKey: orderKeys.all });
        return order;
      }),
    },
  }));
  return machine;
}
