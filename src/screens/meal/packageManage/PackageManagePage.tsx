import { useState } from 'react';
import { Badge, Button, Field, Input } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DISH_CATEGORY_GROUP } from '../../../../domain/aggregates/dish.ts';
import { writesRecipes } from '../../../../domain/recipeAccess.ts';
import { categoriesQuery } from '../../../../services/mall/catalogue.ts';
import { deleteDishPackage, dishPackageKeys, dishPackagesQuery, type DishPackage } from '../../../../services/recipes.ts';
import { usePowers } from '../../../app/hooks.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { Pager } from '../shared/Pager.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { NutrientHeader, NutrientValue } from '../shared/nutrients.tsx';
import { PackageEditor } from './PackageEditor.tsx';

const PAGE_SIZE = 20;

/** packageManage: the org's set meals of dishes, by package category and age range, with nutrients per serving. */
export default function PackageManagePage() {
  const { t } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const writes = writesRecipes(usePowers());
  const [name, setName] = useState('');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<DishPackage | 'new' | null>(null);
  const [removing, setRemoving] = useState<DishPackage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const categories = useQuery({ ...categoriesQuery(orgApp?.orgId, orgApp?.appId, DISH_CATEGORY_GROUP), enabled: ready });
  const tags = useQuery({ ...categoriesQuery(orgApp?.orgId, orgApp?.appId, 'packageTag'), enabled: ready });
  const packages = useQuery({ ...dishPackagesQuery(ready ? orgApp?.orgId : undefined, { ...(name.trim() && { name: name.trim() }), $limit: PAGE_SIZE, $skip: page * PAGE_SIZE }), placeholderData: keepPreviousData });
  const remove = useMutation({
    mutationFn: (p: DishPackage) => deleteDishPackage(p.id, p.version),
    onSuccess: () => { setRemoving(null); setError(null); void qc.invalidateQueries({ queryKey: dishPackageKeys.all }); },
    onError: (e) => { setRemoving(null); setError(errorText(e)); },
  });

  const columns: Column<DishPackage>[] = [
    { key: 'name', header: <Trans>套餐名称</Trans>, render: (p) => <span data-testid="package-row-name">{p.name}</span> },
    { key: 'category', header: <Trans>套餐分类</Trans>, render: (p) => p.categoryName },
    { key: 'age', header: <Trans>适用年龄</Trans>, render: (p) => (p.ageRange ? t`${p.ageRange} 岁` : ''), width: '96px' },
    { key: 'tags', header: <Trans>标签</Trans>, render: (p) => p.tags.map((x) => <Badge key={x} appearance="tint" style={{ marginRight: 4 }}>{x}</Badge>) },
    { key: 'dishes', header: <Trans>菜品</Trans>, render: (p) => p.dishes.map((d) => `${d.dishName}×${d.portions}`).join('、') },
    ...(['energyKcal', 'protein'] as const).map((k): Column<DishPackage> => ({
      key: k, header: <NutrientHeader nutrient={k} />, width: '104px',
      render: (p) => <NutrientValue nutrient={k} value={p.nutrients[k]} lacking={p.incomplete.includes(k) ? [t`部分食材`] : undefined} testId={`package-row-${k}`} />,
    })),
    ...(writes ? [{
      key: 'actions', header: <Trans>操作</Trans>,
      render: (p: DishPackage) => (
        <>
          <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => setEditing(p)}><Trans>编辑</Trans></Button>
          <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setRemoving(p)}><Trans>删除</Trans></Button>
        </>
      ),
    }] : []),
  ];

  return (
    <ScreenFrame
      title={<Trans>套餐管理</Trans>} testId="screen-packageManage" loading={packages.isLoading} error={error ?? (packages.error ? errorText(packages.error) : null)}
      actions={writes ? <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="package-add"><Trans>新增套餐</Trans></Button> : undefined}
      toolbar={<Field label={<Trans>套餐名称</Trans>}><Input value={name} onChange={(_, d) => { setName(d.value); setPage(0); }} data-testid="package-search" /></Field>}
    >
      <DataTable rows={packages.data?.rows ?? []} columns={columns} rowKey={(p) => p.id} testId="package-table" />
      <Pager page={page} size={PAGE_SIZE} count={packages.data?.count ?? 0} onPage={setPage} />
      <PackageEditor
        pkg={editing} onClose={() => setEditing(null)}
        categories={(categories.data?.rows ?? []).filter((c) => c.isPackage && c.enable)} tags={(tags.data?.rows ?? []).filter((c) => c.enable)}
      />
      <ConfirmDialog open={removing !== null} title={<Trans>删除套餐</Trans>} busy={remove.isPending} onCancel={() => setRemoving(null)} onConfirm={() => removing && remove.mutate(removing)}>
        <Trans>确定删除套餐「{removing?.name}」吗？</Trans>
      </ConfirmDialog>
    </ScreenFrame>
  );
}
