// The ingredient library screens (issue 9): mallFoodIngredientsManage shows the whole library (platform foods,
// with this org's values where it overrode them, and its own); localFoodIngredientsManage shows only the org's
// own entries and adds, edits and removes them. Values with the §3 catalogue's units and decimals; unknown as
// unknown. Buttons the server would refuse are not offered (domain/recipeAccess.ts).
import { useState } from 'react';
import { Badge, Button, Dropdown, Field, Input, Option } from '@fluentui/react-components';
import { AddRegular, ArrowUploadRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FOOD_GROUPS } from '../../../../domain/ingredients.ts';
import { NUTRIENT_KEYS } from '../../../../domain/nutrition.ts';
import { writesRecipes } from '../../../../domain/recipeAccess.ts';
import {
  deleteFoodIngredient, foodIngredientKeys, foodIngredientsQuery, importFoodIngredients, type FoodIngredient, type FoodIngredientQuery,
} from '../../../../services/recipes.ts';
import { usePowers } from '../../../app/hooks.ts';
import { ScreenFrame } from './ScreenFrame.tsx';
import { DataTable, type Column } from './DataTable.tsx';
import { Pager } from './Pager.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { errorText } from './errors.ts';
import { useOrgQueryKey } from './useOrgQueryKey.ts';
import { NutrientHeader, NutrientValue } from './nutrients.tsx';
import { IngredientEditor, type IngredientTarget } from './IngredientEditor.tsx';
import { ImportPanel } from './ImportPanel.tsx';
import { INGREDIENT_IMPORT_HEADERS, parseIngredientRows, type IngredientSheetRow } from '../localFoodIngredientsManage/ingredientImport.ts';

const PAGE_SIZE = 50;

export function IngredientLibraryScreen({ mode }: { mode: 'library' | 'org' }) {
  const { t } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [group, setGroup] = useState('');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<IngredientTarget | null>(null);
  const [removing, setRemoving] = useState<FoodIngredient | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const writes = writesRecipes(usePowers());

  const query: FoodIngredientQuery = {
    ...(text.trim() && { query: text.trim() }), ...(group && { group }), ...(mode === 'org' && { source: 'org' as const }),
    $limit: PAGE_SIZE, $skip: page * PAGE_SIZE,
  };
  const list = useQuery({ ...foodIngredientsQuery(ready ? orgApp?.orgId : undefined, query), placeholderData: keepPreviousData });
  const remove = useMutation({
    mutationFn: (i: FoodIngredient) => deleteFoodIngredient(i.foodId, i.version),
    onSuccess: () => { setRemoving(null); setError(null); void qc.invalidateQueries({ queryKey: foodIngredientKeys.all }); },
    onError: (e) => { setRemoving(null); setError(errorText(e)); },
  });

  const sourceBadge = (i: FoodIngredient) => {
    if (i.source === 'local') return <Badge appearance="tint" color="success"><Trans>本地</Trans></Badge>;
    if (i.source === 'override') return <Badge appearance="tint" color="warning"><Trans>本机构修改</Trans></Badge>;
    return <Badge appearance="outline"><Trans>平台</Trans></Badge>;
  };
  const columns: Column<FoodIngredient>[] = [
    // names run to a dozen characters with their notes in brackets: room for most on one or two lines
    { key: 'name', header: <Trans>食材名称</Trans>, render: (i) => <span data-testid="ingredient-row-name">{i.nameZh}</span>, width: '9em' },
    { key: 'source', header: <Trans>来源</Trans>, render: sourceBadge, width: '96px' },
    { key: 'group', header: <Trans>食物分类</Trans>, render: (i) => i.group },
    { key: 'edible', header: <Trans>可食部（%）</Trans>, render: (i) => (i.ediblePortionPct === null ? <Trans>未知</Trans> : String(i.ediblePortionPct)) },
    ...NUTRIENT_KEYS.map((k): Column<FoodIngredient> => ({
      key: k, header: <NutrientHeader nutrient={k} />, render: (i) => <NutrientValue nutrient={k} value={i.per100g[k]} testId={`ingredient-${k}-value`} />,
    })),
    ...(writes ? [{
      key: 'actions', header: <Trans>操作</Trans>,
      render: (i: FoodIngredient) => (
        <>
          <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => setEditing({ kind: 'edit', ingredient: i })} data-testid="ingredient-edit">
            {i.source === 'platform' ? <Trans>本机构修改</Trans> : <Trans>编辑</Trans>}
          </Button>
          {i.source !== 'platform' && (
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setRemoving(i)} data-testid="ingredient-delete">
              {i.source === 'override' ? <Trans>恢复平台数据</Trans> : <Trans>删除</Trans>}
            </Button>
          )}
        </>
      ),
    }] : []),
  ];

  return (
    <ScreenFrame
      title={mode === 'org' ? <Trans>本地食材库</Trans> : <Trans>食材管理</Trans>}
      testId={mode === 'org' ? 'screen-localFoodIngredientsManage' : 'screen-mallFoodIngredientsManage'}
      loading={list.isLoading} error={error ?? (list.error ? errorText(list.error) : null)}
      actions={writes && mode === 'org' ? (
        <>
          <Button icon={<ArrowUploadRegular />} onClick={() => setImporting(true)} data-testid="ingredient-import"><Trans>导入本地食材</Trans></Button>
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ kind: 'new' })} data-testid="ingredient-add"><Trans>新增本地食材</Trans></Button>
        </>
      ) : undefined}
      toolbar={(
        <>
          <Field label={<Trans>搜索</Trans>}>
            <Input value={text} placeholder={t`名称、拼音首字母或编号`} onChange={(_, d) => { setText(d.value); setPage(0); }} data-testid="ingredient-search" />
          </Field>
          <Field label={<Trans>食物分类</Trans>}>
            <Dropdown value={group || t`全部`} selectedOptions={[group]} onOptionSelect={(_, d) => { setGroup(d.optionValue ?? ''); setPage(0); }}>
              <Option value="">{t`全部`}</Option>
              {FOOD_GROUPS.map((g) => <Option key={g} value={g}>{g}</Option>)}
            </Dropdown>
          </Field>
        </>
      )}
    >
      <DataTable rows={list.data?.rows ?? []} columns={columns} rowKey={(i) => i.foodId} testId="ingredient-table" />
      <Pager page={page} size={PAGE_SIZE} count={list.data?.count ?? 0} onPage={setPage} />
      <IngredientEditor target={editing} onClose={() => setEditing(null)} />
      <ImportPanel<IngredientSheetRow>
        open={importing} onClose={() => setImporting(false)} title={<Trans>导入本地食材</Trans>} templateName={t`本地食材导入模板.xlsx`} headers={INGREDIENT_IMPORT_HEADERS}
        parse={parseIngredientRows}
        columns={[
          { key: 'name', header: <Trans>食材名称</Trans>, render: (r) => r.value?.nameZh ?? '' },
          { key: 'group', header: <Trans>食物分类</Trans>, render: (r) => r.value?.group ?? '' },
        ]}
        run={async (values, onProgress) => {
          onProgress({ done: 0, total: 1 });
          const res = await importFoodIngredients(values);
          onProgress({ done: 1, total: 1 });
          return t`导入完成：新增 ${res.created} 种食材，更新 ${res.updated} 种`;
        }}
        onDone={() => void qc.invalidateQueries({ queryKey: foodIngredientKeys.all })}
      />
      <ConfirmDialog open={removing !== null} title={<Trans>删除食材</Trans>} busy={remove.isPending} onCancel={() => setRemoving(null)} onConfirm={() => removing && remove.mutate(removing)}>
        {removing?.source === 'override'
          ? <Trans>确定删除本机构对「{removing.nameZh}」的修改、恢复平台数据吗？</Trans>
          : <Trans>确定删除本地食材「{removing?.nameZh}」吗？</Trans>}
      </ConfirmDialog>
    </ScreenFrame>
  );
}
