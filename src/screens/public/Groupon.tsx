import { Trans } from '@lingui/react/macro';
import { ACTIVITY_TYPES } from '../../../domain/constants.ts';
import { ExternalPage } from './ExternalPage.tsx';
import { mobilePageUrl } from './externalPage.ts';

/** §2 group buying: opens an external mobile page. */
export function Groupon() {
  const url = mobilePageUrl('groupon', { type: String(ACTIVITY_TYPES.groupBuy) }, '#/groupon?type={type}');
  return <ExternalPage testId="groupon-page" title={<Trans>团购</Trans>} text={<Trans>邀请好友一起拼团，享受团购优惠价格。</Trans>} url={url} />;
}
export default Groupon;
