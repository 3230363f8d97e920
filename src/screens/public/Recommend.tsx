import { Trans } from '@lingui/react/macro';
import { ACTIVITY_TYPES } from '../../../domain/constants.ts';
import { ExternalPage } from './ExternalPage.tsx';
import { mobilePageUrl } from './externalPage.ts';

/** §2 referral rewards: an external page. */
export function Recommend() {
  const url = mobilePageUrl('recommend', { type: String(ACTIVITY_TYPES.recommend) }, '#/recommend?type={type}');
  return <ExternalPage testId="recommend-page" title={<Trans>推荐有礼</Trans>} text={<Trans>推荐新机构使用平台，成功后可获得奖励。</Trans>} url={url} />;
}
export default Recommend;
