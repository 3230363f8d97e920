// Issue 34, activityList: one activity's actor on screen, the activity machine spawned for the row, and only the
// buttons the machine allows now (domain/activity.ts ACTIVITY_ACTIONS): publish a draft, close sign-ups, cancel. The
// server decides; a change made meanwhile is its 409, shown in its words.
import { useEffect, useState } from 'react';
import { Button, Text } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { activityMachine, allowedActivityActions } from '../../../../machines/activity.machine.ts';
import { actOnActivity, activityKeys, type ActivityRow } from '../../../../services/activities.ts';
import { journal } from '../../../inspector/journal.ts';

export function ActivityActions({ row }: { row: ActivityRow }) {
  const { t } = useLingui();
  const qc = useQueryClient();
  const [machine] = useState(() => activityMachine.provide({
    actors: {
      runActivityAction: fromPromise(async ({ input }) => {
        const a = await actOnActivity(input.id, { action: input.action, version: input.version, ...(input.reason && { reason: input.reason }) });
        void qc.invalidateQueries({ queryKey: activityKeys.all });
        return a;
      }),
    },
  }));
  const actor = useActorRef(machine, { input: { activity: row }, inspect: journal.inspect });
  const snap = useSelector(actor, (x) => x);
  const sending = snap.matches('sending');
  useEffect(() => {
    if (!sending && row.version > actor.getSnapshot().context.activity.version) actor.send({ type: 'SYNC', activity: row });
  }, [row, actor, sending]);
  const labels = { publish: t`发布`, close: t`截止报名`, cancel: t`取消活动` };
  const send = (a: 'publish' | 'close' | 'cancel') => {
    if (a === 'publish') actor.send({ type: 'PUBLISH' });
    else if (a === 'close') actor.send({ type: 'CLOSE' });
    else {
      const reason = window.prompt(t`取消原因（已报名的会员会看到）`);
      if (reason !== null) actor.send({ type: 'CANCEL', reason });
    }
  };
  return (
    <span data-testid="activity-actions" data-activity-state={String(snap.value)} onClick={(e) => e.stopPropagation()}>
      {allowedActivityActions(snap.context.activity).map((a) => (
        <Button key={a} size="small" appearance={a === 'publish' ? 'primary' : 'subtle'} disabled={sending} onClick={() => send(a)} data-testid={`activity-${a}`}>{labels[a]}</Button>
      ))}
      {snap.context.error && <Text role="alert" style={{ color: 'red' }}>{snap.context.error}</Text>}
    </span>
  );
}
