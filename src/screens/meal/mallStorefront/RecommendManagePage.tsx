// §2 recommendManage 推荐管理 (issue 34): goods placed on the storefront by position and period.
import { Trans, useLingui } from '@lingui/react/macro';
import { RecordsScreen, type FieldDef } from './RecordsScreen.tsx';

export default function RecommendManagePage() {
  const { t } = useLingui();
  const positions = [{ value: 'top', label: t`顶部` }, { value: 'middle', label: t`中部` }, { value: 'bottom', label: t`底部` }];
  const fields: FieldDef[] = [
    { name: 'position', label: t`位置`, kind: 'select', options: positions, required: true },
    { name: 'productId', label: t`商品编号`, kind: 'text', required: true },
    { name: 'title', label: t`标题`, kind: 'text', required: true },
    { name: 'imageUrl', label: t`图片地址`, kind: 'text' },
    { name: 'note', label: t`角标`, kind: 'text', hint: t`如：当季、本周特价` },
    { name: 'sort', label: t`排序`, kind: 'number' },
    { name: 'startsAt', label: t`开始时间`, kind: 'time' },
    { name: 'endsAt', label: t`结束时间`, kind: 'time' },
  ];
  return (
    <RecordsScreen kind="recommendation" title={<Trans>推荐管理</Trans>} testId="recommend-manage" fields={fields} defaults={{ position: 'top', sort: 0 }}
      columns={[
        { heading: <Trans>位置</Trans>, cell: (r) => positions.find((p) => p.value === r.position)?.label ?? String(r.position) },
        { heading: <Trans>标题</Trans>, cell: (r) => String(r.title) },
        { heading: <Trans>商品编号</Trans>, cell: (r) => String(r.productId) },
      ]} />
  );
}
