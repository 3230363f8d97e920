// Issue 34: a campaign's fields and how the lists show it (activityManage edits, activityList lists).
import { useLingui } from '@lingui/react/macro';
import type { FieldDef } from './RecordsScreen.tsx';
import type { MallRecord } from '../../../../services/mall/storefrontAdmin.ts';

export function useCampaignFields() {
  const { t } = useLingui();
  const kinds = [{ value: 'discount', label: t`折扣` }, { value: 'coupon', label: t`满减券` }, { value: 'gift', label: t`赠品` }];
  const fields: FieldDef[] = [
    { name: 'name', label: t`活动名称`, kind: 'text', required: true },
    { name: 'kind', label: t`类型`, kind: 'select', options: kinds, required: true },
    { name: 'percentOff', label: t`减免百分比 (1-90)`, kind: 'number', when: (v) => v.kind === 'discount' },
    { name: 'threshold', label: t`满（元）`, kind: 'number', when: (v) => v.kind === 'coupon' },
    { name: 'amountOff', label: t`减（元）`, kind: 'number', when: (v) => v.kind === 'coupon' },
    { name: 'gift', label: t`赠品`, kind: 'text', when: (v) => v.kind === 'gift' },
    { name: 'levels', label: t`会员等级（逗号分隔，留空为全部）`, kind: 'list' },
    { name: 'startsAt', label: t`开始时间`, kind: 'time', required: true },
    { name: 'endsAt', label: t`结束时间`, kind: 'time', required: true },
    { name: 'enabled', label: t`启用`, kind: 'switch' },
  ];
  const summary = (r: MallRecord) => (r.kind === 'discount' ? t`减 ${String(r.percentOff)}%`
    : r.kind === 'coupon' ? t`满 ${String(r.threshold)} 减 ${String(r.amountOff)}` : t`赠 ${String(r.gift)}`);
  const levels = (r: MallRecord) => (Array.isArray(r.levels) && r.levels.length ? (r.levels as string[]).join(', ') : t`全部等级`);
  return { fields, kinds, summary, levels };
}
