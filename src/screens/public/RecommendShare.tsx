import { Trans } from '@lingui/react/macro';
import { useSession } from '../../app/hooks.ts';
import { ExternalPage } from './ExternalPage.tsx';
import { mobilePageUrl } from './externalPage.ts';
import { hashParam } from './StandalonePage.tsx';

/** §2 recommend/share: an external page with activityId and recommendPhone placeholders. */
export function RecommendShare() {
  const { user } = useSession();
  const url = mobilePageUrl(
    'recommend/share',
    { activityId: hashParam('activityId') ?? '', recommendPhone: hashParam('recommendPhone') ?? user?.username ?? '' },
    '#/recommend/share?activityId={activityId}&recommendPhone={recommendPhone}',
  );
  return <ExternalPage testId="recommend-share-page" title={<Trans>分享推荐</Trans>} text={<Trans>把推荐链接分享给好友，好友注册后您将获得奖励。</Trans>} url={url} />;
}
export default RecommendShare;
