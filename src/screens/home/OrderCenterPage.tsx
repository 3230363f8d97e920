// §2 /orderCenter (issue 28): the caller's orders at a glance, by status, each status a way into the order list
// filtered by it; the statuses where the caller has something to do (domain/order.ts actionsFor for his party)
// come first and are marked. The counts are the order list's own (same call, same visibility rules on the server).
import { Badge, Button, Card, Link, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ReceiptRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueries } from '@tanstack/react-query';
import { ORDER_STATUSES, actionsFor, type OrderStatus } from '../../../domain/order.ts';
import { ordersQuery } from '../../../services/orders.ts';
import { useCurrentOrgApp } from '../../app/hooks.ts';
import { STATUS_LABELS, useOrderParty } from '../meal/orderList/orderView.ts';
import { errorText } from '../meal/shared/errors.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingVerticalXL, minWidth: 0 },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, margin: 0, fontSize: tokens.fontSizeBase500 },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: tokens.spacingHorizontalM },
  tile: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: tokens.spacingVerticalM },
  count: { fontSize: tokens.fontSizeHero800, fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums', lineHeight: 1.1 },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The order list's path filtered by a status (the list keeps its filters in the URL). */
export const orderListPath = (status?: OrderStatus) => (status ? `/orderList?status=${status}` : '/orderList');

/**
 * Opens a path with its query in the hash (`#/orderList?status=draft`), where the order list reads its filters:
 * wouter's hash navigate would move the query into location.search instead.
 */
const openWithQuery = (path: string) => { window.location.hash = `#${path}`; };

export default function OrderCenterPage({ onNavigate, canOpen }: { onNavigate: (path: string) => void; canOpen: (path: string) => boolean }) {
  const styles = useStyles();
  const { t } = useLingui();
  const orgApp = useCurrentOrgApp();
  const { party, loading } = useOrderParty();
  const counts = useQueries({ queries: ORDER_STATUSES.map((status) => ({ ...ordersQuery(orgApp?.orgId, { status, $limit: 1 }), select: (d: { count: number }) => d.count })) });
  const failed = counts.find((q) => q.error)?.error;
  // the statuses where this caller acts (his party's actions, as if the supplier link allowed everything)
  const mine = (status: OrderStatus) => actionsFor(status, party, { order: true, delivery: true }).length > 0;
  const statuses = [...ORDER_STATUSES].sort((a, b) => Number(mine(b)) - Number(mine(a)));
  const listOpen = canOpen('/orderList');
  const total = counts.reduce((n, q) => n + (q.data ?? 0), 0);
  return (
    <div className={styles.root} data-testid="order-center">
      <div className={styles.head}>
        <h2 className={styles.title}><ReceiptRegular /><Trans>订单中心</Trans></h2>
        {listOpen && (
          <Button appearance="primary" onClick={() => onNavigate(orderListPath())} data-testid="order-center-list">
            <Trans>打开订单列表</Trans>
          </Button>
        )}
      </div>
      {failed ? (
        <MessageBar intent="error" data-testid="order-center-error"><MessageBarBody>{errorText(failed)}</MessageBarBody></MessageBar>
      ) : (
        <Text className={styles.muted}>
          {loading || counts.some((q) => q.isPending) ? <Spinner size="tiny" /> : <Trans>您可查看的订单共 {total} 个，按状态统计如下；标有“待您处理”的状态需要您操作。</Trans>}
        </Text>
      )}
      {!listOpen && <Text className={styles.muted} data-testid="order-center-no-list"><Trans>您的菜单中没有“订单列表”，如需处理订单请联系本单位管理员开通。</Trans></Text>}
      <div className={styles.grid}>
        {statuses.map((status) => {
          const count = counts[ORDER_STATUSES.indexOf(status)]?.data;
          const label = t(STATUS_LABELS[status]);
          return (
            <Card key={status} className={styles.tile} data-testid="order-center-status" data-status={status} data-count={count ?? ''}>
              <Text weight="semibold">{label}</Text>
              <span className={styles.count}>{count ?? '—'}</span>
              {mine(status) && Boolean(count) && <Badge appearance="tint" color="warning" data-testid="order-center-mine"><Trans>待您处理</Trans></Badge>}
              {listOpen && Boolean(count) && (
                <Link as="button" type="button" onClick={() => openWithQuery(orderListPath(status))} data-testid="order-center-open">
                  <Trans>查看{label}订单</Trans>
                </Link>
              )}
            </Card>
          );
        })}
      </div>
    </div>
  );
}
