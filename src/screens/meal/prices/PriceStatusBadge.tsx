import { Badge, type BadgeProps } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** Every state a price can be shown in: the machine's states and the server's status. */
export type PriceState = 'draft' | 'pending' | 'approved' | 'rejected' | 'effective' | 'expired' | 'superseded' | 'deleted' | 'none';

const LABELS: Record<PriceState, MessageDescriptor> = {
  draft: msg`待提交`,
  pending: msg`待审核`,
  approved: msg`已通过（未生效）`,
  rejected: msg`已驳回`,
  effective: msg`生效中`,
  expired: msg`已过期`,
  superseded: msg`已被替代`,
  deleted: msg`已删除`,
  none: msg`未定价`,
};

/** A log row states what a decision made of the price then; whether it is in force today is not the log's to say. */
const OUTCOME_LABELS: Partial<Record<PriceState, MessageDescriptor>> = { approved: msg`已通过` };

const COLORS: Record<PriceState, BadgeProps['color']> = {
  draft: 'informative',
  pending: 'warning',
  approved: 'brand',
  rejected: 'danger',
  effective: 'success',
  expired: 'subtle',
  superseded: 'subtle',
  deleted: 'subtle',
  none: 'subtle',
};

export function usePriceStateLabel(): (state: PriceState) => string {
  const { i18n } = useLingui();
  return (state) => i18n._(LABELS[state]);
}

export function PriceStatusBadge({ state, outcome = false }: { state: PriceState; outcome?: boolean }) {
  const { i18n } = useLingui();
  const label = (outcome && OUTCOME_LABELS[state]) || LABELS[state];
  return (
    <Badge appearance="tint" color={COLORS[state]} data-testid="price-status" data-state={state}>
      {i18n._(label)}
    </Badge>
  );
}
