// §2 activityManage 营销活动管理 (issue 34): time-limited discounts, coupons and gifts by member level; the server
// decides at order time which applies (domain/mall/campaign.ts priceWithCampaigns).
import { Trans } from '@lingui/react/macro';
import { RecordsScreen } from './RecordsScreen.tsx';
import { useCampaignFields } from './campaignFields.tsx';

export default function ActivityManagePage() {
  const { fields, kinds, summary, levels } = useCampaignFields();
  return (
    <RecordsScreen kind="campaign" title={<Trans>营销活动管理</Trans>} testId="activity-manage" fields={fields} defaults={{ kind: 'discount', enabled: true, levels: [] }}
      columns={[
        { heading: <Trans>活动名称</Trans>, cell: (r) => String(r.name) },
        { heading: <Trans>类型</Trans>, cell: (r) => kinds.find((k) => k.value === r.kind)?.label ?? String(r.kind) },
        { heading: <Trans>优惠</Trans>, cell: summary },
        { heading: <Trans>会员等级</Trans>, cell: levels },
      ]} />
  );
}
