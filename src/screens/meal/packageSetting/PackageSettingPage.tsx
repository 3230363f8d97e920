import { useEffect, useState } from 'react';
import { Button, Dropdown, Field, Input, Option, Switch } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AGE_RANGES } from '../../../../domain/constants.ts';
import { DISH_CATEGORY_GROUP } from '../../../../domain/aggregates/dish.ts';
import { isAgeRange } from '../../../../domain/aggregates/dishPackage.ts';
import { editsCatalogue } from '../../../../domain/mallCatalogue.ts';
import { categoriesQuery, categoryKeys, createCategory, deleteCategory, updateCategory, type Category } from '../../../../services/mall/catalogue.ts';
import { usePowers } from '../../../app/hooks.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { CategoryTreeScreen } from '../shared/CategoryTreeScreen.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';

const ageRangeOf = (c: Category) => (isAgeRange(c.extraInfo?.ageRange) ? c.extraInfo.ageRange : '');

/**
 * packageSetting: the package categories (menuCategory categories flagged isPackage), each tied to a §9 age
 * range, and the package tags (packageTag).
 */
export default function PackageSettingPage() {
  const { t } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  // package categories and tags are catalogue categories: the server's catalogue rule decides the buttons
  const writes = editsCatalogue(usePowers());
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [removing, setRemoving] = useState<Category | null>(null);
  const [name, setName] = useState('');
  const [ageRange, setAgeRange] = useState('');
  const [error, setError] = useState<string | null>(null);
  const query = useQuery({ ...categoriesQuery(orgApp?.orgId, orgApp?.appId, DISH_CATEGORY_GROUP), enabled: ready });
  const rows = (query.data?.rows ?? []).filter((c) => c.isPackage);
  const done = () => { setError(null); void qc.invalidateQueries({ queryKey: categoryKeys.all }); };

  useEffect(() => {
    if (editing === 'new') { setName(''); setAgeRange(AGE_RANGES[0]); }
    else if (editing) { setName(editing.name); setAgeRange(ageRangeOf(editing)); }
  }, [editing]);

  const save = useMutation({
    mutationFn: async () => {
      if (editing === 'new') {
        return createCategory({ name, groupName: DISH_CATEGORY_GROUP, parentId: '-1', isPackage: 1, extraInfo: { ageRange }, sort: 100 + rows.length * 10, enable: 1 });
      }
      return updateCategory(editing!.id, { name, extraInfo: { ...editing!.extraInfo, ageRange }, version: editing!.version });
    },
    onSuccess: () => { setEditing(null); done(); },
    onError: (e) => setError(errorText(e)),
  });
  const toggle = useMutation({ mutationFn: (c: Category) => updateCategory(c.id, { enable: c.enable ? 0 : 1, version: c.version }), onSuccess: done, onError: (e) => setError(errorText(e)) });
  const remove = useMutation({
    mutationFn: (c: Category) => deleteCategory(c.id, c.version),
    onSuccess: () => { setRemoving(null); done(); },
    onError: (e) => { setRemoving(null); setError(errorText(e)); },
  });

  const columns: Column<Category>[] = [
    { key: 'name', header: <Trans>套餐分类</Trans>, render: (c) => <span data-testid="package-category-name">{c.name}</span> },
    { key: 'age', header: <Trans>适用年龄</Trans>, render: (c) => (ageRangeOf(c) ? t`${ageRangeOf(c)} 岁` : t`未设置`), width: '120px' },
    { key: 'enable', header: <Trans>启用</Trans>, width: '100px', render: (c) => <Switch checked={c.enable === 1} disabled={!writes} onChange={() => toggle.mutate(c)} aria-label={t`启用 ${c.name}`} /> },
    ...(writes ? [{
      key: 'actions', header: <Trans>操作</Trans>,
      render: (c: Category) => (
        <>
          <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => setEditing(c)}><Trans>编辑</Trans></Button>
          <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setRemoving(c)}><Trans>删除</Trans></Button>
        </>
      ),
    }] : []),
  ];

  return (
    <>
      <ScreenFrame
        title={<Trans>套餐设置</Trans>} testId="screen-packageSetting" loading={query.isLoading} error={error ?? (query.error ? errorText(query.error) : null)}
        actions={writes ? <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="package-category-add"><Trans>新增套餐分类</Trans></Button> : undefined}
      >
        <DataTable rows={rows} columns={columns} rowKey={(c) => c.id} testId="package-category-table" />
      </ScreenFrame>
      <CategoryTreeScreen group="packageTag" title={<Trans>套餐标签</Trans>} testId="package-tags" writes={writes} />
      <FormDialog
        open={editing !== null} title={editing === 'new' ? <Trans>新增套餐分类</Trans> : <Trans>编辑套餐分类</Trans>} testId="package-category"
        busy={save.isPending} submitDisabled={!name.trim() || !ageRange} error={error} onSubmit={() => save.mutate()} onClose={() => setEditing(null)}
      >
        <Field label={<Trans>分类名称</Trans>} required><Input value={name} maxLength={50} onChange={(_, d) => setName(d.value)} data-testid="package-category-name-input" /></Field>
        <Field label={<Trans>适用年龄</Trans>} required>
          <Dropdown value={ageRange ? t`${ageRange} 岁` : ''} selectedOptions={[ageRange]} onOptionSelect={(_, d) => setAgeRange(d.optionValue ?? '')}>
            {AGE_RANGES.map((r) => <Option key={r} value={r} text={t`${r} 岁`}>{t`${r} 岁`}</Option>)}
          </Dropdown>
        </Field>
      </FormDialog>
      <ConfirmDialog open={removing !== null} title={<Trans>删除套餐分类</Trans>} busy={remove.isPending} onCancel={() => setRemoving(null)} onConfirm={() => removing && remove.mutate(removing)}>
        <Trans>确定删除套餐分类「{removing?.name}」吗？</Trans>
      </ConfirmDialog>
    </>
  );
}
