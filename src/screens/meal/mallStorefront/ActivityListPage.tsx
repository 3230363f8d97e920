// §2 activityList 活动管理 (issue 34): the campaigns as a list with their state (scheduled, live, ended), read only.
import { Trans } from '@lingui/react/macro';
import { RecordsScreen } from './RecordsScreen.tsx';
import { useCampaignFields } from './campaignFields.tsx';

export default function ActivityListPage() {
  const { fields, summary, levels } = useCampaignFields();
  return (
    <RecordsScreen kind="campaign" readOnly title={<Trans>活动管理</Trans>} testId="activity-list" fields={fields}
      columns={[
        { heading: <Trans>活动名称</Trans>, cell: (r) => String(r.name) },
        { heading: <Trans>优惠</Trans>, cell: summary },
        { heading: <Trans>会员等级</Trans>, cell: levels },
        { heading: <Trans>启用</Trans>, cell: (r) => (r.enabled === false ? <Trans>否</Trans> : <Trans>是</Trans>) },
      ]} />
  );
}
