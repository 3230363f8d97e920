// §2 mallCMS 商城内容管理 (issue 34): the storefront's banners, notices and articles with their schedule; rich text is
// sanitised on the server when saved (§5) and here when previewed.
import { Trans, useLingui } from '@lingui/react/macro';
import { RecordsScreen, type FieldDef } from './RecordsScreen.tsx';

export default function MallCmsPage() {
  const { t } = useLingui();
  const kinds = [{ value: 'banner', label: t`横幅` }, { value: 'notice', label: t`通知` }, { value: 'article', label: t`文章` }];
  const fields: FieldDef[] = [
    { name: 'kind', label: t`类型`, kind: 'select', options: kinds, required: true },
    { name: 'title', label: t`标题`, kind: 'text', required: true },
    { name: 'imageUrl', label: t`图片地址`, kind: 'text', hint: t`http(s) 地址或本站路径` },
    { name: 'linkUrl', label: t`链接地址`, kind: 'text', when: (v) => v.kind === 'banner' },
    { name: 'body', label: t`内容 (HTML)`, kind: 'richText', when: (v) => v.kind !== 'banner', hint: t`保存和显示时都会去除脚本等不安全内容` },
    { name: 'sort', label: t`排序`, kind: 'number' },
    { name: 'startsAt', label: t`发布时间（留空为立即发布）`, kind: 'time' },
    { name: 'endsAt', label: t`下架时间（留空为长期）`, kind: 'time' },
  ];
  return (
    <RecordsScreen kind="content" title={<Trans>商城内容管理</Trans>} testId="mall-cms" fields={fields} defaults={{ kind: 'banner' }}
      columns={[
        { heading: <Trans>类型</Trans>, cell: (r) => kinds.find((k) => k.value === r.kind)?.label ?? String(r.kind) },
        { heading: <Trans>标题</Trans>, cell: (r) => String(r.title) },
      ]} />
  );
}
