import { useEffect, useState } from 'react';
import {
  Button, Checkbox, Dropdown, Field, Input, makeStyles, Option, Radio, RadioGroup,
  Text, tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, FoodRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { PRICE_CLASSES } from '../../../../domain/constants.ts';
import { createProduct, createSku, deleteSku, listSkus, productKeys, skuKeys, updateProduct, updateSku, type Category, type Product } from '../../../../services/mall/catalogue.ts';
import { bulkSkus } from '../../../../services/mall/imports.ts';
import { errorText } from '../shared/errors.ts';
import { PRICE_CLASS_LABELS, RAW_RIPE_LABELS, UNIT_OPTIONS } from '../shared/options.ts';
import { unitName } from '../../../components/unitNames.ts';
import { SkuIngredientsDialog } from './SkuIngredientsDialog.tsx';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 'min(720px, 86vw)' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalM },
  sku: { display: 'grid', gridTemplateColumns: '2fr 1fr 1fr auto auto', gap: tokens.spacingHorizontalS, alignItems: 'end' },
});

// version: the SKU's version as read, sent back with its edit or removal (409 when someone changed it meanwhile)
interface SkuDraft { skuId?: string; version?: number; name: string; spec: string; unit: string; removed?: boolean; original?: { name: string; spec: string; unit: string } }
interface Draft { name: string; categoryId: string | null; unit: string; priceClass: string | null; rawRipe: 'raw' | 'ripe'; isPackage: boolean; isUppershelf: boolean; skus: SkuDraft[] }

const emptyDraft = (): Draft => ({ name: '', categoryId: null, unit: '斤', priceClass: null, rawRipe: 'raw', isPackage: false, isUppershelf: true, skus: [{ name: '', spec: '', unit: '斤' }] });

/** Create or edit a product with its SKUs; SKU changes of an existing product are saved all or nothing (bulk). */
export function ProductEditor({ product, categories, onClose }: { product: Product | 'new' | null; categories: Category[]; onClose: () => void }) {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [ingredientsOf, setIngredientsOf] = useState<{ skuId: string; name: string } | null>(null);

  useEffect(() => {
    setError(null);
    if (!product) return;
    if (product === 'new') { setDraft(emptyDraft()); return; }
    const base: Draft = {
      name: product.name, categoryId: product.categoryId, unit: product.unit, priceClass: product.priceClass, rawRipe: product.rawRipe,
      isPackage: product.isPackage === 1, isUppershelf: product.isUppershelf === 1, skus: [],
    };
    setDraft(base);
    void listSkus({ productId: product.id }).then((r) => setDraft((d) => ({
      ...d, skus: r.rows.map((k) => ({ skuId: k.skuId, version: k.version, name: k.name, spec: k.spec, unit: k.unit, original: { name: k.name, spec: k.spec, unit: k.unit } })),
    }))).catch((e: unknown) => setError(errorText(e)));
  }, [product]);

  const setSku = (i: number, patch: Partial<SkuDraft>) => setDraft((d) => ({ ...d, skus: d.skus.map((k, j) => (j === i ? { ...k, ...patch } : k)) }));
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const skus = draft.skus.filter((k) => !k.removed);
      if (skus.some((k) => !k.name.trim() || !k.unit)) throw new Error(t`每个 SKU 都需要名称和单位`);
      const fields = {
        name: draft.name.trim(), categoryId: draft.categoryId, unit: draft.unit, priceClass: draft.priceClass, rawRipe: draft.rawRipe,
        isPackage: draft.isPackage ? 1 : 0, isUppershelf: draft.isUppershelf ? 1 : 0,
      };
      if (product === 'new') {
        await createProduct({ ...fields, skus: skus.map((k, i) => ({ name: k.name.trim(), spec: k.spec, unit: k.unit, sort: i })) });
      } else if (product) {
        await updateProduct(product.id, { ...fields, version: product.version });
        const added = skus.filter((k) => !k.skuId).map((k) => ({ productId: product.id, name: k.name.trim(), spec: k.spec, unit: k.unit }));
        const changed = skus.filter((k) => k.skuId && k.original && (k.original.name !== k.name || k.original.spec !== k.spec || k.original.unit !== k.unit))
          .map((k) => ({ skuId: k.skuId!, name: k.name.trim(), spec: k.spec, unit: k.unit }));
        // one SKU through its own §7 call, with the version read; several at once through the bulk call, all or nothing
        if (changed.length === 1) await updateSku({ ...changed[0], version: skus.find((k) => k.skuId === changed[0].skuId)?.version });
        else if (changed.length) await bulkSkus(changed, true);
        if (added.length === 1) await createSku(added[0]);
        else if (added.length) await bulkSkus(added, false);
        for (const k of draft.skus.filter((x) => x.removed && x.skuId)) await deleteSku(k.skuId!, k.version);
      }
      void qc.invalidateQueries({ queryKey: productKeys.all });
      void qc.invalidateQueries({ queryKey: skuKeys.all });
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const categoryName = categories.find((c) => c.id === draft.categoryId)?.name ?? '';
  return (
    <>
      <FormDialog
        open={product !== null} title={product === 'new' ? <Trans>新增商品</Trans> : <Trans>编辑商品</Trans>} testId="product" contentClassName={s.form}
        busy={busy} submitDisabled={!draft.name.trim()} error={error} onSubmit={() => void save()} onClose={onClose}
      >
        <div className={s.grid}>
          <Field label={<Trans>商品名称</Trans>} required>
            <Input value={draft.name} onChange={(_, d) => setDraft({ ...draft, name: d.value })} maxLength={100} data-testid="product-name" />
          </Field>
          <Field label={<Trans>商品分类</Trans>}>
            <Dropdown value={categoryName} selectedOptions={draft.categoryId ? [draft.categoryId] : []} data-testid="product-category"
              onOptionSelect={(_, d) => setDraft({ ...draft, categoryId: d.optionValue ?? null })}>
              {categories.map((c) => <Option key={c.id} value={c.id}>{c.name}</Option>)}
            </Dropdown>
          </Field>
          <Field label={<Trans>单位</Trans>}>
            <Dropdown value={unitName(i18n, draft.unit)} selectedOptions={[draft.unit]} onOptionSelect={(_, d) => setDraft({ ...draft, unit: d.optionValue ?? '' })}>
              {UNIT_OPTIONS.map((u) => <Option key={u} value={u}>{unitName(i18n, u)}</Option>)}
            </Dropdown>
          </Field>
          <Field label={<Trans>价格分类</Trans>}>
            <Dropdown value={draft.priceClass ? i18n._(PRICE_CLASS_LABELS[draft.priceClass as keyof typeof PRICE_CLASSES]) : ''} selectedOptions={draft.priceClass ? [draft.priceClass] : []}
              onOptionSelect={(_, d) => setDraft({ ...draft, priceClass: d.optionValue || null })}>
              <Option value="">{t`无`}</Option>
              {Object.keys(PRICE_CLASSES).map((c) => <Option key={c} value={c}>{i18n._(PRICE_CLASS_LABELS[c as keyof typeof PRICE_CLASSES])}</Option>)}
            </Dropdown>
          </Field>
          <Field label={<Trans>生熟</Trans>}>
            <RadioGroup layout="horizontal" value={draft.rawRipe} onChange={(_, d) => setDraft({ ...draft, rawRipe: d.value as 'raw' | 'ripe' })}>
              <Radio value="raw" label={i18n._(RAW_RIPE_LABELS.raw)} />
              <Radio value="ripe" label={i18n._(RAW_RIPE_LABELS.ripe)} />
            </RadioGroup>
          </Field>
          <div>
            <Checkbox checked={draft.isPackage} onChange={(_, d) => setDraft({ ...draft, isPackage: d.checked === true })} label={t`套餐商品`} />
            <Checkbox checked={draft.isUppershelf} onChange={(_, d) => setDraft({ ...draft, isUppershelf: d.checked === true })} label={t`上架`} />
          </div>
        </div>
        <Text weight="semibold"><Trans>SKU</Trans></Text>
        {draft.skus.map((k, i) => (k.removed ? null : (
          <div className={s.sku} key={k.skuId ?? `new-${i}`} data-testid="sku-row">
            <Field label={<Trans>SKU 名称</Trans>} required><Input value={k.name} onChange={(_, d) => setSku(i, { name: d.value })} data-testid="sku-name" /></Field>
            <Field label={<Trans>规格</Trans>}><Input value={k.spec} onChange={(_, d) => setSku(i, { spec: d.value })} /></Field>
            <Field label={<Trans>单位</Trans>}>
              <Dropdown value={unitName(i18n, k.unit)} selectedOptions={[k.unit]} onOptionSelect={(_, d) => setSku(i, { unit: d.optionValue ?? '' })}>
                {UNIT_OPTIONS.map((u) => <Option key={u} value={u}>{unitName(i18n, u)}</Option>)}
              </Dropdown>
            </Field>
            <Button
              appearance="subtle" icon={<FoodRegular />} disabled={!k.skuId} title={k.skuId ? undefined : t`保存后可关联食材`}
              onClick={() => k.skuId && setIngredientsOf({ skuId: k.skuId, name: k.name })} data-testid="sku-ingredients"
            ><Trans>食材</Trans></Button>
            <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t`删除 SKU`} onClick={() => (k.skuId ? setSku(i, { removed: true }) : setDraft({ ...draft, skus: draft.skus.filter((_, j) => j !== i) }))} />
          </div>
        )))}
        <div><Button size="small" icon={<AddRegular />} onClick={() => setDraft({ ...draft, skus: [...draft.skus, { name: '', spec: '', unit: draft.unit || '斤' }] })}><Trans>添加 SKU</Trans></Button></div>
      </FormDialog>
      <SkuIngredientsDialog sku={ingredientsOf} onClose={() => setIngredientsOf(null)} />
    </>
  );
}
