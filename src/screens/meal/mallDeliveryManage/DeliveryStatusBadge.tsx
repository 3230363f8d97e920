import { Badge } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import type { LogisticsDetail, LogisticsStop } from '../../../../services/logistics.ts';

/** Where a delivery is (domain/logistics.ts logisticsStatus). */
export function DeliveryStatusBadge({ status }: { status: LogisticsDetail['status'] }) {
  if (status === 'planned') return <Badge appearance="outline" color="informative"><Trans>待出发</Trans></Badge>;
  if (status === 'onRoad') return <Badge appearance="filled" color="warning"><Trans>配送中</Trans></Badge>;
  return <Badge appearance="filled" color="success"><Trans>已完成</Trans></Badge>;
}

/** Where one stop is. */
export function StopStatusBadge({ status }: { status: LogisticsStop['status'] }) {
  if (status === 'pending') return <Badge appearance="outline" color="informative"><Trans>未出发</Trans></Badge>;
  if (status === 'departed') return <Badge appearance="filled" color="warning"><Trans>已出发</Trans></Badge>;
  return <Badge appearance="filled" color="success"><Trans>已到达</Trans></Badge>;
}
