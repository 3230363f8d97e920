// §6 the org expiration check (issue 15): members see, above the screens, that their org expires soon or has
// expired (GET /v2/users/checkorg, read once an hour), and where to renew (payToBuy, issue 35). The rule for "soon" is domain/orgExpiry.ts.
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { orgExpiryOf } from '../../domain/orgExpiry.ts';
import { orgCheckQuery } from '../../services/users.ts';
import { useCurrentOrgApp } from '../app/hooks.ts';

export function OrgExpiryNotice() {
  const { i18n } = useLingui();
  const orgId = useCurrentOrgApp()?.orgId;
  const check = useQuery(orgCheckQuery(orgId));
  if (!check.data) return null;
  const expiry = orgExpiryOf(check.data, new Date());
  if (expiry.kind === 'none') return null;
  const date = i18n.date(new Date(expiry.expiration), { dateStyle: 'medium' });
  return (
    <MessageBar intent={expiry.kind === 'expired' ? 'error' : 'warning'} data-testid="org-expiry-notice">
      <MessageBarBody>
        {expiry.kind === 'expired'
          ? <Trans>本机构已于 {date} 到期，请机构管理员在「购买服务」中续费</Trans>
          : <Trans>本机构将于 {date} 到期（还有 {expiry.days} 天），请机构管理员在「购买服务」中续费</Trans>}
      </MessageBarBody>
    </MessageBar>
  );
}
