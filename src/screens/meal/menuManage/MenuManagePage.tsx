import { useState } from 'react';
import { Badge, Button, Dropdown, Field, Input, Option } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DISH_CATEGORY_GROUP } from '../../../../domain/aggregates/dish.ts';
import { writesRecipes } from '../../../../domain/recipeAccess.ts';
import { categoriesQuery } from '../../../../services/mall/catalogue.ts';
import { deleteDish, dishesQuery, dishKeys, type Dish, type DishQuery } from '../../../../services/recipes.ts';
import { usePowers } from '../../../app/hooks.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { Pager } from '../shared/Pager.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { NutrientHeader, NutrientValue } from '../shared/nutrients.tsx';
import { DishEditor } from './DishEditor.tsx';
import { useUrlState } from '../../../components/useUrlState.ts';
import { seasonLabel } from '../shared/options.ts';

const PAGE_SIZE = 20;

/**
 * menuManage: the org's dishes (search by name or pinyin initials, category filter) with energy and protein per
 * portion; the recipe writers add, edit and delete them in the dish editor.
 */
export default function MenuManagePage() {
  const { t, i18n } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  // issue 28: the search, the category and the page live in the URL (a tab switch, Back and a reload keep them)
  const [view, setView] = useUrlState({ name: '', category: '', page: 0 });
  const { name, category: categoryId, page } = view;
  const setName = (next: string) => setView({ name: next });
  const setCategoryId = (next: string) => setView({ category: next });
  const setPage = (next: number) => setView({ page: next });
  const [editing, setEditing] = useState<Dish | 'new' | null>(null);
  const [removing, setRemoving] = useState<Dish | null>(null);
  const [error, setError] = useState<string | null>(null);
  const writes = writesRecipes(usePowers());

  const categories = useQuery({ ...categoriesQuery(orgApp?.orgId, orgApp?.appId, DISH_CATEGORY_GROUP), enabled: ready });
  const query: DishQuery = { ...(name.trim() && { name: name.trim() }), ...(categoryId && { categoryId }), $limit: PAGE_SIZE, $skip: page * PAGE_SIZE };
  const dishes = useQuery({ ...dishesQuery(ready ? orgApp?.orgId : undefined, query), placeholderData: keepPreviousData });
  const remove = useMutation({
    mutationFn: (d: Dish) => deleteDish(d.id, d.version),
    onSuccess: () => { setRemoving(null); setError(null); void qc.invalidateQueries({ queryKey: dishKeys.all }); },
    onError: (e) => { setRemoving(null); setError(errorText(e)); },
  });

  // package categories (isPackage, packageSetting) share the group; dishes are filed under the others
  const cats = (categories.data?.rows ?? []).filter((c) => c.enable && !c.isPackage);
  const columns: Column<Dish>[] = [
    { key: 'name', header: <Trans>菜品名称</Trans>, render: (d) => <span data-testid="dish-row-name">{d.name}</span> },
    // the org's own words (its categories, tags and foods) are data: marked so, never translated (translate="no")
    { key: 'category', header: <Trans>分类</Trans>, render: (d) => <span translate="no">{d.categoryName}</span>, width: '96px' },
    { key: 'season', header: <Trans>季节</Trans>, render: (d) => seasonLabel(i18n, d.season), width: '56px' },
    { key: 'tags', header: <Trans>标签</Trans>, render: (d) => d.tags.map((x) => <Badge key={x} appearance="tint" style={{ marginRight: 4 }} translate="no">{x}</Badge>) },
    { key: 'lines', header: <Trans>食材</Trans>, render: (d) => <span translate="no">{d.lines.map((l) => `${l.foodName} ${l.weight}g`).join('、')}</span> },
    ...(['energyKcal', 'protein'] as const).map((k): Column<Dish> => ({
      key: k, header: <NutrientHeader nutrient={k} />, width: '104px',
      render: (d) => <NutrientValue nutrient={k} value={d.nutrients[k]} lacking={d.incomplete.includes(k) ? [t`部分食材`] : undefined} testId={`dish-row-${k}`} />,
    })),
    ...(writes ? [{
      key: 'actions', header: <Trans>操作</Trans>,
      render: (d: Dish) => (
        <>
          <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => setEditing(d)} data-testid="dish-edit"><Trans>编辑</Trans></Button>
          <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setRemoving(d)} data-testid="dish-delete"><Trans>删除</Trans></Button>
        </>
      ),
    }] : []),
  ];

  return (
    <ScreenFrame
      title={<Trans>菜品管理</Trans>} testId="screen-menuManage" loading={dishes.isLoading} error={error ?? (dishes.error ? errorText(dishes.error) : null)}
      actions={writes ? <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="dish-add"><Trans>新增菜品</Trans></Button> : undefined}
      toolbar={(
        <>
          <Field label={<Trans>菜品名称</Trans>}>
            <Input value={name} placeholder={t`名称或拼音首字母`} onChange={(_, d) => { setName(d.value); setPage(0); }} data-testid="dish-search" />
          </Field>
          <Field label={<Trans>菜品分类</Trans>}>
            <Dropdown value={categoryId ? cats.find((c) => c.id === categoryId)?.name ?? '' : t`全部`} selectedOptions={[categoryId]} data-testid="dish-category-filter"
              onOptionSelect={(_, d) => { setCategoryId(d.optionValue ?? ''); setPage(0); }}>
              <Option value="">{t`全部`}</Option>
              {cats.map((c) => <Option key={c.id} value={c.id}>{c.name}</Option>)}
            </Dropdown>
          </Field>
        </>
      )}
    >
      <DataTable rows={dishes.data?.rows ?? []} columns={columns} rowKey={(d) => d.id} testId="dish-table" />
      <Pager page={page} size={PAGE_SIZE} count={dishes.data?.count ?? 0} onPage={setPage} />
      <DishEditor dish={editing} categories={cats} onClose={() => setEditing(null)} />
      <ConfirmDialog open={removing !== null} title={<Trans>删除菜品</Trans>} busy={remove.isPending} onCancel={() => setRemoving(null)} onConfirm={() => removing && remove.mutate(removing)}>
        <Trans>确定删除菜品「{removing?.name}」吗？</Trans>
      </ConfirmDialog>
    </ScreenFrame>
  );
}
