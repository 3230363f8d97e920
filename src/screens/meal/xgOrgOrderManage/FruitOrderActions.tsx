// Issue 34: one fruit order's actor on screen: the fruit order machine spawned for the row, and only the buttons the
// machine allows this caller now (domain/fruitMall.ts): record a payment made at school, cancel an unpaid order,
// deliver or refund the day on screen. The server decides; its refusal is shown in its words.
import { useEffect, useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { allowedFruitOrderActions, fruitOrderMachine } from '../../../../machines/fruitOrder.machine.ts';
import { actOnFruitOrder, fruitKeys, type FruitOrderRow } from '../../../../services/fruitMall.ts';
import { journal } from '../../../inspector/journal.ts';
import { FRUIT_ACTION_LABELS } from './fruitLabels.ts';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export function FruitOrderActions({ row, day }: { row: FruitOrderRow; day: string }) {
  const s = useStyles();
  const { t } = useLingui();
  const qc = useQueryClient();
  const [machine] = useState(() => fruitOrderMachine.provide({
    actors: {
      runFruitOrderAction: fromPromise(async ({ input }) => {
        const order = await actOnFruitOrder(input.orderId, { action: input.action, version: input.version, ...(input.day && { day: input.day }), ...(input.reason && { reason: input.reason }) });
        void qc.invalidateQueries({ queryKey: fruitKeys.all });
        return order;
      }),
    },
  }));
  const actor = useActorRef(machine, { input: { order: row, party: 'fruit' }, inspect: journal.inspect });
  const snap = useSelector(actor, (x) => x);
  const sending = snap.matches('sending');
  useEffect(() => {
    const c = actor.getSnapshot().context;
    if (!sending && row.version > c.order.version) actor.send({ type: 'SYNC', order: row });
  }, [row, actor, sending]);
  const onDay = row.days.find((d) => d.day === day)?.status === 'pending';
  const allowed = allowedFruitOrderActions(snap.context).filter((a) => (a === 'deliver' || a === 'refund' ? onDay : true));
  return (
    <div className={s.row} data-testid="fruit-order-actions" data-order-state={String(snap.value)}>
      {allowed.map((a) => (
        <Button
          key={a} size="small" appearance={a === 'deliver' || a === 'pay' ? 'primary' : 'subtle'} disabled={sending} data-testid={`fruit-order-${a}`}
          onClick={() => actor.send(a === 'pay' ? { type: 'PAY' } : a === 'cancel' ? { type: 'CANCEL' } : a === 'deliver' ? { type: 'DELIVER', day } : { type: 'REFUND', day })}
        >
          {t(FRUIT_ACTION_LABELS[a])}
        </Button>
      ))}
      {snap.context.error && <Text className={s.error} role="alert">{snap.context.error}</Text>}
    </div>
  );
}
