import { useMemo, useState } from 'react';
import { Button, Checkbox, Dropdown, Field, FieldContextProvider, Input, Option, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { createDelivery, deleteDelivery, logisticsKeys, logisticsQuery, updateDelivery, type LogisticsDetail } from '../../../../services/logistics.ts';
import { ordersQuery } from '../../../../services/orders.ts';
import { routesQuery } from '../../../../services/mall/catalogue.ts';
import { dayOf } from '../../../../domain/priceCycle.ts';
import { DELIVERABLE_ORDER_STATUSES } from '../../../../domain/logistics.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { DeliveryStatusBadge } from '../mallDeliveryManage/DeliveryStatusBadge.tsx';
import { DateInput } from '../../../components/DateInput.tsx';

interface Draft { id?: string; version?: number; planned?: boolean; routeId: string; vehicle: string; driverName: string; driverPhone: string; orderIds: string[] }

/** mallLogisticsManage: the supplier's deliveries of a day, its orders grouped by route, with vehicle and driver. */
export default function LogisticsManagePage() {
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const [day, setDay] = useState(() => dayOf(new Date()));
  const deliveries = useQuery({ ...logisticsQuery(orgApp?.orgId, { deliveryDate: day }), enabled: ready });
  const routes = useQuery({ ...routesQuery(orgApp?.orgId, orgApp?.appId, ''), enabled: ready });
  const orders = useQuery({ ...ordersQuery(orgApp?.orgId, { startDate: day, endDate: day, $limit: 100 }), enabled: ready });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<LogisticsDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // the form's own messages, shown after a submit (the browser's native ones are English and, on the order
  // checkboxes, demanded every order of the route on one delivery)
  const [tried, setTried] = useState(false);
  const { t } = useLingui();
  const refresh = () => void qc.invalidateQueries({ queryKey: logisticsKeys.all });

  const taken = useMemo(() => new Set((deliveries.data?.rows ?? []).flatMap((d) => d.stops.map((s) => s.orderId))), [deliveries.data]);
  const route = routes.data?.rows.find((r) => r.objectId === draft?.routeId);
  // the orders of the day a delivery on this route may carry: its schools', not yet on another delivery
  // (a delivery takes any subset of them; the rest wait for another truck)
  const own = useMemo(() => new Set(deliveries.data?.rows.find((d) => d.id === draft?.id)?.stops.map((s) => s.orderId) ?? []), [deliveries.data, draft?.id]);
  const candidates = (orders.data?.rows ?? []).filter((o) => (DELIVERABLE_ORDER_STATUSES as readonly string[]).includes(o.status)
    && (!route || route.purchaserOrgIds.includes(o.orgId)) && (!taken.has(o.id) || own.has(o.id)));
  // the day's deliverable orders no delivery carries yet
  const waiting = (orders.data?.rows ?? []).filter((o) => (DELIVERABLE_ORDER_STATUSES as readonly string[]).includes(o.status) && !taken.has(o.id)).length;
  const routeMissing = !!draft && !draft.id && !draft.routeId;
  const ordersMissing = !!draft && (!draft.id || !!draft.planned) && !!draft.routeId && !draft.orderIds.length;
  const submit = (d: Draft) => {
    setTried(true);
    if (!routeMissing && !ordersMissing) save.mutate(d);
  };
  const open = (d: Draft) => { setFormError(null); setTried(false); setDraft(d); };

  const save = useMutation({
    mutationFn: (d: Draft) => {
      const fields = { vehicle: d.vehicle, driverName: d.driverName, driverPhone: d.driverPhone };
      const orderIdsChanged = d.planned && (d.orderIds.length !== own.size || d.orderIds.some((id) => !own.has(id)));
      return d.id ? updateDelivery({ id: d.id, version: d.version, ...fields, ...(orderIdsChanged && { orderIds: d.orderIds }) }) : createDelivery({ deliveryDate: day, routeId: d.routeId, orderIds: d.orderIds, ...fields });
    },
    onSuccess: () => { setDraft(null); refresh(); },
    onError: (e) => setFormError(errorText(e)),
  });
  const remove = useMutation({
    mutationFn: (d: LogisticsDetail) => deleteDelivery(d.id),
    onSuccess: () => { setRemoving(null); refresh(); },
    onError: (e) => { setRemoving(null); setError(errorText(e)); },
  });

  const columns: Column<LogisticsDetail>[] = [
    { key: 'route', header: <Trans>配送路线</Trans>, render: (r) => <span data-testid="logistics-route">{r.routeName}</span> },
    { key: 'vehicle', header: <Trans>车辆</Trans>, render: (r) => r.vehicle },
    { key: 'driver', header: <Trans>司机</Trans>, render: (r) => [r.driverName, r.driverPhone].filter(Boolean).join(' ') },
    { key: 'status', header: <Trans>状态</Trans>, render: (r) => <DeliveryStatusBadge status={r.status} /> },
    { key: 'progress', header: <Trans>已到达</Trans>, render: (r) => `${r.arrivedCount} / ${r.stopCount}`, width: '80px' },
    { key: 'stops', header: <Trans>配送站点</Trans>, render: (r) => r.stops.map((s) => `${s.sort + 1}. ${s.schoolName}（${s.orderNo}）`).join('；') },
    {
      key: 'actions', header: <Trans>操作</Trans>,
      render: (r) => r.editable && (
        <>
          <Button size="small" appearance="subtle" icon={<EditRegular />}
            onClick={() => open({ id: r.id, version: r.version, planned: r.status === 'planned', routeId: r.routeId, vehicle: r.vehicle, driverName: r.driverName, driverPhone: r.driverPhone, orderIds: r.stops.map((s) => s.orderId) })}>
            <Trans>编辑</Trans>
          </Button>
          {r.status === 'planned' && <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setRemoving(r)}><Trans>删除</Trans></Button>}
        </>
      ),
    },
  ];
  const loadError = deliveries.error ?? routes.error ?? orders.error;
  return (
    <ScreenFrame
      title={<Trans>物流管理</Trans>} testId="screen-mallLogisticsManage" loading={deliveries.isLoading} error={error ?? (loadError ? errorText(loadError) : null)}
      toolbar={<Field label={<Trans>配送日期</Trans>}><DateInput value={day} onChange={(_, d) => d.value && setDay(d.value)} data-testid="logistics-day" /></Field>}
      actions={(
        <Button appearance="primary" icon={<AddRegular />} data-testid="logistics-add"
          onClick={() => open({ routeId: '', vehicle: '', driverName: '', driverPhone: '', orderIds: [] })}>
          <Trans>新建配送单</Trans>
        </Button>
      )}
    >
      {waiting > 0 && <p data-testid="logistics-waiting"><Trans>当天还有 {waiting} 个订单未安排配送</Trans></p>}
      <DataTable rows={deliveries.data?.rows ?? []} columns={columns} rowKey={(r) => r.id} testId="logistics-table" />
      {draft && (
        <FormDialog
          title={draft.id ? <Trans>编辑配送单</Trans> : <Trans>新建配送单</Trans>} testId="logistics" contentStyle={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS }}
          busy={save.isPending} error={formError} noValidate
          onSubmit={() => submit(draft)} onClose={() => setDraft(null)}
        >
          {!draft.id && (
            <Field label={<Trans>配送路线</Trans>} required validationMessage={tried && routeMissing ? t`请选择配送路线` : undefined}>
              <Dropdown value={route?.name ?? ''} selectedOptions={draft.routeId ? [draft.routeId] : []} data-testid="logistics-route-input"
                onOptionSelect={(_, d) => setDraft({ ...draft, routeId: d.optionValue ?? '', orderIds: [] })}>
                {(routes.data?.rows ?? []).map((r) => <Option key={r.objectId} value={r.objectId}>{r.name}</Option>)}
              </Dropdown>
            </Field>
          )}
          <Field label={<Trans>车辆</Trans>}><Input value={draft.vehicle} onChange={(_, d) => setDraft({ ...draft, vehicle: d.value })} data-testid="logistics-vehicle" /></Field>
          <Field label={<Trans>司机</Trans>}><Input value={draft.driverName} onChange={(_, d) => setDraft({ ...draft, driverName: d.value })} data-testid="logistics-driver" /></Field>
          <Field label={<Trans>司机电话</Trans>}><Input type="tel" value={draft.driverPhone} onChange={(_, d) => setDraft({ ...draft, driverPhone: d.value })} /></Field>
          {(!draft.id || draft.planned) && draft.routeId && (
            // a Field hands its one control id and label to every checkbox in it (a click on one label ticked
            // another order): the orders are a group of their own, each checkbox labelled by its order
            <Field label={<Trans>订单（勾选本车配送的订单，其余留给下一车）</Trans>} required validationMessage={tried && ordersMissing ? t`请至少勾选一个订单` : undefined}>
              <div role="group">{candidates.length === 0 ? <Trans>当天没有可配送的订单</Trans> : candidates.map((o) => (
                <FieldContextProvider key={o.id} value={undefined}>
                <Checkbox data-testid="logistics-order" required={false} label={`${o.orgName} · ${o.orderNo}`} checked={draft.orderIds.includes(o.id)}
                  onChange={(_, d) => setDraft({ ...draft, orderIds: d.checked ? [...draft.orderIds, o.id] : draft.orderIds.filter((x) => x !== o.id) })} />
                </FieldContextProvider>
              ))}</div>
            </Field>
          )}
        </FormDialog>
      )}
      <ConfirmDialog open={removing !== null} title={<Trans>删除配送单</Trans>} busy={remove.isPending} onCancel={() => setRemoving(null)} onConfirm={() => removing && remove.mutate(removing)}>
        <Trans>确定删除配送单「{removing?.routeName}」吗？</Trans>
      </ConfirmDialog>
    </ScreenFrame>
  );
}
