import { useState } from 'react';
import { Badge, Button, Checkbox, Dropdown, Field, Input, Option, Switch, Text } from '@fluentui/react-components';
import { AddRegular, ArrowUploadRegular, DeleteRegular, EditRegular, FoodRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRICE_CLASSES } from '../../../../domain/constants.ts';
import { categoriesQuery, deleteProduct, productKeys, productsQuery, setUppershelf, type Product } from '../../../../services/mall/catalogue.ts';
import { importProducts } from '../../../../services/mall/imports.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { Pager } from '../shared/Pager.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { ImportPanel } from '../shared/ImportPanel.tsx';
import { PriceImportButton } from '../shared/PriceImportButton.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { PRICE_CLASS_LABELS, RAW_RIPE_LABELS } from '../shared/options.ts';
import { ProductEditor } from './ProductEditor.tsx';
import { ProductBatchMenu } from './ProductBatchMenu.tsx';
import { InitProductsDialog } from './InitProductsDialog.tsx';
import { usePowers } from '../../../app/hooks.ts';
import { writesGoods } from '../../../../domain/mallCatalogue.ts';
import { groupProducts, parseProductRows, PRODUCT_IMPORT_HEADERS, type ProductSheetRow } from './productImport.ts';
import { useUrlState } from '../../../components/useUrlState.ts';
import { unitName } from '../../../components/unitNames.ts';

const PAGE_SIZE = 20;

/**
 * productManage: the supplier's products (search, category filter), create/edit with SKUs, shelf toggle, Excel
 * import; others read the goods they may see, without the buttons the server would refuse.
 */
export default function ProductManagePage() {
  const { t, i18n } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  // issue 28: the filters and the page live in the URL (a tab switch, Back and a reload keep them)
  const [view, setView] = useUrlState({ name: '', category: '', shelf: '', page: 0 });
  const { name, category: categoryId, page } = view;
  const shelf: '' | '1' | '0' = view.shelf === '1' || view.shelf === '0' ? view.shelf : '';
  const setName = (next: string) => setView({ name: next });
  const setCategoryId = (next: string) => setView({ category: next });
  const setShelf = (next: '' | '1' | '0') => setView({ shelf: next });
  const setPage = (next: number) => setView({ page: next });
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [removing, setRemoving] = useState<Product | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [importing, setImporting] = useState(false);
  const [initing, setIniting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const categories = useQuery({ ...categoriesQuery(orgApp?.orgId, orgApp?.appId, 'mallProduct'), enabled: ready });
  const q = { name: name || undefined, categoryId: categoryId || undefined, isUppershelf: shelf === '' ? undefined : Number(shelf), $limit: PAGE_SIZE, $skip: page * PAGE_SIZE };
  const products = useQuery({ ...productsQuery(orgApp?.orgId, orgApp?.appId, 'manage', q), enabled: ready, placeholderData: keepPreviousData });
  const refresh = () => { setError(null); void qc.invalidateQueries({ queryKey: productKeys.all }); };
  const shelfMutation = useMutation({
    mutationFn: ({ ids, on }: { ids: string[]; on: boolean }) => setUppershelf(ids, on),
    onSuccess: () => { setSelected(new Set()); refresh(); },
    onError: (e) => setError(errorText(e)),
  });
  const remove = useMutation({
    mutationFn: (p: Product) => deleteProduct(p.id, p.version),
    onSuccess: () => { setRemoving(null); refresh(); },
    onError: (e) => { setRemoving(null); setError(errorText(e)); },
  });

  // buttons the server would refuse are not offered (issue 16): a purchasing org reads its suppliers' goods
  const powers = usePowers();
  const writes = writesGoods(powers);
  const mayEdit = (p: Product) => writes && p.orgId === orgApp?.orgId;
  const cats = categories.data?.rows ?? [];
  const catName = new Map(cats.map((c) => [c.id, c.name]));
  const rows = products.data?.rows ?? [];
  const toggleSelected = (id: string) => setSelected((s) => { const n = new Set(s); if (n.has(id)) n.delete(id); else n.add(id); return n; });
  const columns: Column<Product>[] = [
    ...(writes ? [{ key: 'pick', header: '', width: '40px', render: (p: Product) => (mayEdit(p) ? <Checkbox checked={selected.has(p.id)} onChange={() => toggleSelected(p.id)} aria-label={t`选择 ${p.name}`} /> : null) }] : []),
    { key: 'name', header: <Trans>商品名称</Trans>, render: (p) => <span data-testid="product-row-name">{p.name}</span> },
    // the org's category names are data (translate="no"): a category may be called 蛋类 like a food group
    { key: 'category', header: <Trans>分类</Trans>, render: (p) => <span translate="no">{catName.get(p.categoryId ?? '') ?? ''}</span> },
    { key: 'unit', header: <Trans>单位</Trans>, render: (p) => unitName(i18n, p.unit), width: '64px' },
    { key: 'rawRipe', header: <Trans>生熟</Trans>, render: (p) => i18n._(RAW_RIPE_LABELS[p.rawRipe] ?? RAW_RIPE_LABELS.raw), width: '64px' },
    { key: 'priceClass', header: <Trans>价格分类</Trans>, render: (p) => (p.priceClass && p.priceClass in PRICE_CLASSES ? i18n._(PRICE_CLASS_LABELS[p.priceClass as keyof typeof PRICE_CLASSES]) : '') },
    { key: 'package', header: <Trans>套餐</Trans>, render: (p) => (p.isPackage ? <Badge appearance="tint"><Trans>套餐</Trans></Badge> : null), width: '72px' },
    {
      key: 'shelf', header: <Trans>上架</Trans>, width: '80px',
      render: (p) => <Switch checked={p.isUppershelf === 1} disabled={!mayEdit(p)} aria-label={t`上架 ${p.name}`} data-testid="product-shelf" onChange={(_, d) => shelfMutation.mutate({ ids: [p.id], on: d.checked })} />,
    },
    {
      key: 'actions', header: <Trans>操作</Trans>,
      render: (p) => (mayEdit(p) ? (
        <>
          <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => setEditing(p)} data-testid="product-edit"><Trans>编辑</Trans></Button>
          <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setRemoving(p)} data-testid="product-delete"><Trans>删除</Trans></Button>
        </>
      ) : null),
    },
  ];

  return (
    <ScreenFrame
      title={<Trans>商品管理</Trans>} testId="screen-productManage" loading={products.isLoading} error={error ?? (products.error ? errorText(products.error) : null)}
      actions={writes ? (
        <>
          <PriceImportButton />
          <Button icon={<ArrowUploadRegular />} onClick={() => setImporting(true)} data-testid="product-import"><Trans>导入商品</Trans></Button>
          <Button icon={<FoodRegular />} onClick={() => setIniting(true)} data-testid="product-init-foods"><Trans>按食材新建商品</Trans></Button>
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="product-add"><Trans>新增商品</Trans></Button>
        </>
      ) : undefined}
      toolbar={(
        <FilterBar
          active={[categoryId, shelf].filter(Boolean).length}
          search={<Field label={<Trans>商品名称</Trans>}><Input value={name} onChange={(_, d) => { setName(d.value); setPage(0); }} data-testid="product-search" /></Field>}
          actions={writes && (
            <>
              <Button disabled={!selected.size} onClick={() => shelfMutation.mutate({ ids: [...selected], on: true })}><Trans>批量上架</Trans></Button>
              <Button disabled={!selected.size} onClick={() => shelfMutation.mutate({ ids: [...selected], on: false })}><Trans>批量下架</Trans></Button>
              <ProductBatchMenu productIds={[...selected]} onDone={() => { setSelected(new Set()); refresh(); }} onError={setError} />
            </>
          )}
        >
          <Field label={<Trans>商品分类</Trans>}>
            <Dropdown value={categoryId ? catName.get(categoryId) ?? '' : t`全部`} selectedOptions={[categoryId]} onOptionSelect={(_, d) => { setCategoryId(d.optionValue ?? ''); setPage(0); }}>
              <Option value="">{t`全部`}</Option>
              {cats.map((c) => <Option key={c.id} value={c.id}>{c.name}</Option>)}
            </Dropdown>
          </Field>
          <Field label={<Trans>上架状态</Trans>}>
            <Dropdown value={shelf === '' ? t`全部` : shelf === '1' ? t`已上架` : t`已下架`} selectedOptions={[shelf]} onOptionSelect={(_, d) => { setShelf((d.optionValue ?? '') as '' | '1' | '0'); setPage(0); }}>
              <Option value="">{t`全部`}</Option>
              <Option value="1">{t`已上架`}</Option>
              <Option value="0">{t`已下架`}</Option>
            </Dropdown>
          </Field>
        </FilterBar>
      )}
    >
      <DataTable rows={rows} columns={columns} rowKey={(p) => p.id} testId="product-table" />
      <Pager page={page} size={PAGE_SIZE} count={products.data?.count ?? 0} onPage={setPage} />
      <ProductEditor product={editing} categories={cats} onClose={() => setEditing(null)} />
      {notice && <Text role="status" data-testid="product-notice">{notice}</Text>}
      <InitProductsDialog open={initing} onClose={() => setIniting(false)} onDone={(m) => { setNotice(m); refresh(); }} />
      <ConfirmDialog open={removing !== null} title={<Trans>删除商品</Trans>} busy={remove.isPending} onCancel={() => setRemoving(null)} onConfirm={() => removing && remove.mutate(removing)}>
        <Trans>确定删除商品「{removing?.name}」及其 SKU 吗？</Trans>
      </ConfirmDialog>
      <ImportPanel<ProductSheetRow>
        open={importing} onClose={() => setImporting(false)} title={<Trans>导入商品</Trans>} templateName={t`商品导入模板.xlsx`} headers={PRODUCT_IMPORT_HEADERS}
        parse={(r) => parseProductRows(r, cats)}
        columns={[
          { key: 'name', header: <Trans>商品</Trans>, render: (r) => r.value?.name ?? '' },
          { key: 'sku', header: <Trans>SKU</Trans>, render: (r) => (r.value ? `${r.value.sku.name} ${r.value.sku.spec} / ${unitName(i18n, r.value.sku.unit)}` : '') },
          { key: 'category', header: <Trans>分类</Trans>, render: (r) => r.value?.categoryName ?? '' },
        ]}
        run={async (values, onProgress) => {
          const res = await importProducts(groupProducts(values), { file: 'products.xlsx', onProgress });
          return t`导入完成：新增 ${res.created} 个商品，更新 ${res.updated} 个，SKU ${res.skus} 个`;
        }}
        onDone={refresh}
      />
    </ScreenFrame>
  );
}
