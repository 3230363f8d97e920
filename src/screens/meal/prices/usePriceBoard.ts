// The price screens' own actor (machines/priceApproval.machine.ts priceBoardMachine) with the real services:
// one priceApproval child per price being edited or reviewed, spawned by name, ticking once a minute.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import {
  nextPriceDeadline,
  priceActorId,
  priceApprovalMachine,
  priceBoardMachine,
  type DecidePriceInput,
  type PriceApprovalRef,
  type PriceRecord,
  type SubmitPriceInput,
} from '../../../../machines/priceApproval.machine.ts';
import { changePrices, createPrices, decidePrices, priceKeys, type Price, type PriceDecision } from '../../../../services/mall/catalogue.ts';
import type { PriceState } from './PriceStatusBadge.tsx';
import { journal } from '../../../inspector/journal.ts';

/** Decisions taken in one go (select many → approve) travel in one request; each actor gets its own row. */
function decisionBatcher() {
  let queue: { decision: PriceDecision; resolve: (p: Price) => void; reject: (e: unknown) => void }[] = [];
  const flush = () => {
    const batch = queue;
    queue = [];
    decidePrices(batch.map((b) => b.decision), { isEduBureauOrg: true }).then(
      (rows) => {
        for (const b of batch) {
          const row = rows.find((r) => r.id === b.decision.id);
          if (row) b.resolve(row);
          else b.reject(new Error('price missing from the answer'));
        }
      },
      (error: unknown) => batch.forEach((b) => b.reject(error)),
    );
  };
  return (decision: PriceDecision) =>
    new Promise<Price>((resolve, reject) => {
      queue.push({ decision, resolve, reject });
      if (queue.length === 1) setTimeout(flush, 0);
    });
}

export type PriceBoardRef = ReturnType<typeof usePriceBoard>;

export function usePriceBoard() {
  const queryClient = useQueryClient();
  const [machine] = useState(() => {
    const decide = decisionBatcher();
    const refresh = () => void queryClient.invalidateQueries({ queryKey: priceKeys.all });
    return priceBoardMachine.provide({
      actors: {
        priceApproval: priceApprovalMachine.provide({
          actors: {
            submitPrice: fromPromise<PriceRecord, SubmitPriceInput>(async ({ input }) => {
              const value = { price: input.price, startDate: input.startDate, endDate: input.endDate };
              const rows = input.id
                ? await changePrices([{ id: input.id, ...value, ...(input.version !== null && { version: input.version }) }])
                : await createPrices([{ skuId: input.skuId, roleGroupId: input.roleGroupId, ...value }]);
              refresh();
              return rows[rows.length - 1];
            }),
            decidePrice: fromPromise<PriceRecord, DecidePriceInput>(async ({ input }) => {
              const row = await decide({ id: input.id, approve: input.approve, remark: input.remark, version: input.version });
              refresh();
              return row;
            }),
          },
        }),
      },
    });
  });
  // recorded in the inspector's journal like the root's actors (issue 3)
  const board = useActorRef(machine, { inspect: journal.inspect });
  useEffect(() => {
    const timer = setInterval(() => board.send({ type: 'TICK', now: Date.now() }), 60_000);
    return () => clearInterval(timer);
  }, [board]);
  return board;
}

/** The price actor of a row, if one is spawned. */
export function usePriceActor(board: PriceBoardRef, key: string | null): PriceApprovalRef | undefined {
  return useSelector(board, (s) => (key ? (s.children[priceActorId(key)] as PriceApprovalRef | undefined) : undefined));
}

/** The state a price actor shows. */
export function stateOf(s: SnapshotFrom<typeof priceApprovalMachine>): PriceState {
  for (const state of ['draft', 'pending', 'approved', 'rejected', 'effective', 'expired', 'superseded'] as const) if (s.matches(state)) return state;
  return 'none';
}

/** Arms one timer for the followed price's next deadline (it starts or ends) and ticks the actor then. */
export function usePriceDeadline(actor: PriceApprovalRef | undefined) {
  const deadline = useSelector(actor, (s) => (s ? nextPriceDeadline(s.context) : null));
  useEffect(() => {
    if (!actor || deadline === null) return;
    const wait = Math.min(Math.max(0, deadline - Date.now()), 2 ** 31 - 1);
    const timer = setTimeout(() => actor.send({ type: 'TICK', now: Date.now() }), wait);
    return () => clearTimeout(timer);
  }, [actor, deadline]);
}
