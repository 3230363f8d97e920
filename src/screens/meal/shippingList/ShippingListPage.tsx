// §2 shippingList 发货单（已停用）(issue 35): the spec keeps the entry but deprecates it; deliveries (配送管理,
// mallDeliveryManage) replaced shipping notes. The page says so, links there, and lists the legacy shipping notes
// (orders shipped without a delivery) read-only: no button here writes anything.
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { ArrowRightRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { shippingNotesQuery, type ShippingNote } from '../../../../services/shippingList.ts';
import type { OrderStatus } from '../../../../domain/order.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { useMoney } from '../../../components/useMoney.ts';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { errorText } from '../shared/errors.ts';
import { STATUS_LABELS } from '../orderList/orderView.ts';

/** The screen that replaced this one (§2 mallDeliveryManage 配送管理). */
export const DELIVERY_PATH = '#/mallDeliveryManage';

export default function ShippingListPage() {
  const { t } = useLingui();
  const money = useMoney();
  const orgId = useCurrentOrgApp()?.orgId;
  const notes = useQuery(shippingNotesQuery(orgId));
  const columns: Column<ShippingNote>[] = [
    { key: 'orderNo', header: <Trans>订单号</Trans>, render: (r) => r.orderNo },
    { key: 'deliveryDate', header: <Trans>配送日期</Trans>, render: (r) => r.deliveryDate },
    { key: 'orgName', header: <Trans>采购单位</Trans>, render: (r) => r.orgName },
    { key: 'supplierName', header: <Trans>供应商</Trans>, render: (r) => r.supplierName },
    { key: 'status', header: <Trans>状态</Trans>, render: (r) => t(STATUS_LABELS[r.status as OrderStatus] ?? STATUS_LABELS.dispatched) },
    { key: 'amount', header: <Trans>金额</Trans>, render: (r) => money(r.amount) },
  ];
  return (
    <ScreenFrame testId="shipping-list-screen" title={<Trans>发货单（已停用）</Trans>} loading={notes.isLoading} error={notes.error ? errorText(notes.error) : null}>
      <MessageBar intent="warning" layout="multiline" data-testid="shipping-list-deprecated">
        <MessageBarBody>
          <MessageBarTitle><Trans>发货单已停用</Trans></MessageBarTitle>
          <Trans>发货单已由配送管理取代：新的发货、配送路线和到达确认请在“配送管理”中办理。下面只读列出从未编入配送的历史发货记录。</Trans>
        </MessageBarBody>
        <MessageBarActions>
          <Button as="a" href={DELIVERY_PATH} appearance="primary" icon={<ArrowRightRegular />} iconPosition="after" data-testid="shipping-list-to-delivery">
            <Trans>前往配送管理</Trans>
          </Button>
        </MessageBarActions>
      </MessageBar>
      <DataTable rows={notes.data?.rows ?? []} columns={columns} rowKey={(r) => r.orderId} testId="shipping-list-table" />
    </ScreenFrame>
  );
}
