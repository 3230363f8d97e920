import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { supplierBuyersQuery } from '../../../../services/mall/catalogue.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';

/**
 * Tells a supplier which purchasing orgs froze the prices they pay (supplier permissions, priceEdit off): its
 * new approvals do not reach them until they allow price changes again.
 */
export function FrozenBuyersNotice() {
  const { i18n } = useLingui();
  const { ready, orgApp } = useOrgQueryKey();
  const links = useQuery({ ...supplierBuyersQuery(orgApp?.orgId, orgApp?.appId), enabled: ready });
  const frozen = (links.data?.rows ?? []).filter((l) => l.priceFrozenAt);
  if (!frozen.length) return null;
  const since = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'short', timeStyle: 'short' });
  const names = frozen.map((l) => `${l.orgName ?? l.orgId}（${since(l.priceFrozenAt!)}）`).join('、');
  return (
    <MessageBar intent="info" data-testid="frozen-buyers">
      <MessageBarBody>
        <MessageBarTitle><Trans>采购单位已冻结改价</Trans></MessageBarTitle>
        <Trans>新审核通过的价格暂不对这些单位生效：{names}</Trans>
      </MessageBarBody>
    </MessageBar>
  );
}
