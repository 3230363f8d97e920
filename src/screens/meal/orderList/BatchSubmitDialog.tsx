// Submitting many drafts at once asks first, as submitting one does (issue 28 point 5): how many orders and how
// much money they will be placed at (each draft's price now, the effective approved one, read from its detail as
// the single submit dialog does). A draft with a line that has no effective price is named: the server will
// refuse it, the others go through.
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import { useQueries } from '@tanstack/react-query';
import { orderQuery, type OrderRow } from '../../../../services/orders.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { useMoney } from '../../../components/useMoney.ts';
import { sumAmounts } from '../../../../domain/money.ts';

export function BatchSubmitDialog({ drafts, busy, onClose, onSubmit }: { drafts: readonly OrderRow[]; busy: boolean; onClose: () => void; onSubmit: () => void }) {
  const money = useMoney();
  const orgApp = useCurrentOrgApp();
  const details = useQueries({ queries: drafts.map((d) => orderQuery(orgApp?.orgId, d.id)) });
  const pending = details.some((q) => q.isPending);
  const amounts = details.map((q) => q.data?.expectedAmount ?? null);
  const priced = amounts.filter((a): a is number => typeof a === 'number');
  const unpriced = drafts.filter((_, i) => details[i]?.data && typeof amounts[i] !== 'number').map((d) => d.orderNo);
  const count = drafts.length;
  const total = money(sumAmounts(priced));
  const missing = unpriced.join('、');
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface data-testid="order-batch-submit-dialog">
        <DialogBody>
          <DialogTitle><Trans>批量提交订单</Trans></DialogTitle>
          <DialogContent>
            <Text data-testid="order-batch-submit-summary">
              {pending ? <Trans>正在读取价格…</Trans>
                : <Trans>将提交 {count} 个订单，按当前生效的审核价格合计 {total}。确定提交吗？</Trans>}
            </Text>
            {!pending && unpriced.length > 0 && (
              <Text block data-testid="order-batch-submit-unpriced">
                <Trans>以下订单有商品暂无生效的审核价格，未计入合计，提交时可能被拒绝：{missing}</Trans>
              </Text>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={busy || pending} onClick={onSubmit} data-testid="order-batch-submit-confirm"><Trans>提交</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
