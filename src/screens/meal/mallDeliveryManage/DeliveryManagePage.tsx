import { useState } from 'react';
import { Button, Card, Field, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deliveryQuery, logisticsKeys, logisticsQuery, markStop, type LogisticsDetail, type LogisticsStop } from '../../../../services/logistics.ts';
import { orderKeys } from '../../../../services/orders.ts';
import { dayOf } from '../../../../domain/priceCycle.ts';
import type { StopMark } from '../../../../domain/logistics.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { DeliveryStatusBadge, StopStatusBadge } from './DeliveryStatusBadge.tsx';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { DateInput } from '../../../components/DateInput.tsx';

// Phone first (a delivery user in a van, 390 px): one column of cards, the stops in driving order, two big
// buttons per stop. The same screen shows a school its delivery as it moves (no buttons: it may not mark).
const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '640px', width: '100%' },
  head: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  stop: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingVerticalM },
  stopHead: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, justifyContent: 'space-between' },
  buttons: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalS },
  big: { fontSize: tokens.fontSizeBase500 },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** A thumb-sized target in a moving van; inline, above the shell's 40 px phone rule for every button. */
const BIG = { minHeight: '56px' } as const;


/** mallDeliveryManage: the delivery user's stops of a day (his routes only), departure and arrival per school. */
export default function DeliveryManagePage() {
  const fmt = useIntlFormat();
  const s = useStyles();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const [day, setDay] = useState(() => dayOf(new Date()));
  const query = useQuery({ ...logisticsQuery(orgApp?.orgId, { deliveryDate: day }), enabled: ready });
  const [error, setError] = useState<string | null>(null);
  const mark = useMutation({
    // the version read: a stop someone else marked meanwhile is refused (409), not marked twice
    mutationFn: ({ stop, delivery, action }: { stop: LogisticsStop; delivery: LogisticsDetail; action: StopMark }) =>
      markStop(stop.orderId, { action, orderAction: true, version: delivery.version }),
    onSuccess: (d) => {
      setError(null);
      qc.setQueryData(deliveryQuery(orgApp?.orgId, d.id).queryKey, d);
      void qc.invalidateQueries({ queryKey: logisticsKeys.all });
      void qc.invalidateQueries({ queryKey: orderKeys.all });
    },
    onError: (e) => { setError(errorText(e)); void qc.invalidateQueries({ queryKey: logisticsKeys.all }); },
  });
  const rows = query.data?.rows ?? [];
  return (
    <ScreenFrame
      title={<Trans>配送管理</Trans>} testId="screen-mallDeliveryManage" loading={query.isLoading} error={query.error ? errorText(query.error) : null}
      toolbar={<Field label={<Trans>配送日期</Trans>}><DateInput value={day} onChange={(_, d) => d.value && setDay(d.value)} data-testid="delivery-day" /></Field>}
    >
      {error && <MessageBar intent="error" data-testid="delivery-error"><MessageBarBody>{error}</MessageBarBody></MessageBar>}
      {rows.length === 0 && <Text className={s.muted} data-testid="delivery-empty"><Trans>当天没有配送单</Trans></Text>}
      <div className={s.list}>
        {rows.map((d) => (
          <section key={d.id} className={s.list} data-testid="delivery">
            <div className={s.head}>
              <Text size={500} weight="semibold">{d.routeName} <DeliveryStatusBadge status={d.status} /></Text>
              <Text className={s.muted}>{[d.vehicle, d.driverName, d.driverPhone].filter(Boolean).join(' · ')}</Text>
              <Text className={s.muted}><Trans>已到达 {d.arrivedCount} / {d.stopCount}</Trans></Text>
            </div>
            {d.stops.map((stop) => (
              <Card key={stop.orderId} className={s.stop} data-testid="delivery-stop">
                <div className={s.stopHead}>
                  <Text size={400} weight="semibold">{stop.sort + 1}. {stop.schoolName}</Text>
                  <StopStatusBadge status={stop.status} />
                </div>
                <Text className={s.muted}>{stop.orderNo}{stop.departedAt && <> · <Trans>出发 {fmt.time(stop.departedAt)}</Trans></>}{stop.arrivedAt && <> · <Trans>到达 {fmt.time(stop.arrivedAt)}</Trans></>}</Text>
                {d.markable && (
                  <div className={s.buttons}>
                    <Button className={s.big} style={BIG} size="large" appearance={stop.status === 'pending' ? 'primary' : 'secondary'} data-testid="stop-depart"
                      disabled={stop.status !== 'pending' || mark.isPending} onClick={() => mark.mutate({ stop, delivery: d, action: 'depart' })}>
                      <Trans>出发</Trans>
                    </Button>
                    <Button className={s.big} style={BIG} size="large" appearance={stop.status === 'departed' ? 'primary' : 'secondary'} data-testid="stop-arrive"
                      disabled={stop.status !== 'departed' || mark.isPending} onClick={() => mark.mutate({ stop, delivery: d, action: 'arrive' })}>
                      <Trans>到达</Trans>
                    </Button>
                  </div>
                )}
              </Card>
            ))}
          </section>
        ))}
      </div>
    </ScreenFrame>
  );
}
