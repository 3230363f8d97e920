// §2 supermarketManage 商超管理 (issue 35): the bureau's supermarkets of its area (§3 categories of group
// mallPriceSupermarket) and the shelf prices its staff record there, with a date and a photo of the label. A shelf
// price is a price survey naming the supermarket: the survey vouchers list it, the market average counts it, and the
// price approval screen flags a pending price above the area's supermarket reference by the margin set here.
import { useRef, useState } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Input, makeStyles, Option, Subtitle2, Text, tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular, ImageRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { numberText } from '../../../components/numberText.ts';
import { DateInput } from '../../../components/DateInput.tsx';
import { useMoney } from '../../../components/useMoney.ts';
import { dayOf } from '../../../../domain/priceCycle.ts';
import { SUPERMARKET_GROUP, SUPERMARKET_MARGIN_MAX, SUPERMARKET_PHOTO_MAX } from '../../../../domain/supermarketPrice.ts';
import {
  categoriesQuery, categoryKeys, createCategory, deleteCategory, deleteSurvey, priceKeys, productSkusQuery, productsQuery, recordSurveys, surveysQuery,
  updateCategory, type Category, type PriceSurvey,
} from '../../../../services/mall/catalogue.ts';
import { setSupermarketMargin, supermarketMarginQuery } from '../../../../services/mall/supermarkets.ts';
import { isStaleVersion } from '../../../../services/http.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { Pager } from '../shared/Pager.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { photoDataUrl } from './photoDataUrl.ts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  thumb: { width: '48px', height: '48px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, cursor: 'zoom-in' },
  big: { maxWidth: '100%', maxHeight: '60vh' },
  muted: { color: tokens.colorNeutralForeground3 },
});

const PAGE_SIZE = 20;
interface ShopDraft { id?: string; name: string; address: string; version?: number }
interface PriceDraft { supermarketId: string; search: string; productId: string; productName: string; skuId: string; price: string; surveyDate: string; photo: string; remark: string }

export default function SupermarketManagePage() {
  const styles = useStyles();
  const money = useMoney();
  const { t } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const [page, setPage] = useState(0);
  const [shopFilter, setShopFilter] = useState('');
  const [shop, setShop] = useState<ShopDraft | null>(null);
  const [draft, setDraft] = useState<PriceDraft | null>(null);
  const [removingShop, setRemovingShop] = useState<Category | null>(null);
  const [removingPrice, setRemovingPrice] = useState<PriceSurvey | null>(null);
  const [viewing, setViewing] = useState<PriceSurvey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [marginText, setMarginText] = useState<string | null>(null);
  const [marginSaved, setMarginSaved] = useState(false);
  // the margin's version when the user started typing: the save sends it (409 when someone set the margin since)
  const [marginRead, setMarginRead] = useState<number | undefined>(undefined);
  const photoInput = useRef<HTMLInputElement>(null);

  const shops = useQuery({ ...categoriesQuery(orgApp?.orgId, orgApp?.appId, SUPERMARKET_GROUP), enabled: ready });
  const shopRows = shops.data?.rows ?? [];
  const shopName = (id: string | null | undefined) => shopRows.find((s) => s.id === id)?.name ?? '';
  const q = { shelf: true, supermarketId: shopFilter || undefined, $limit: PAGE_SIZE, $skip: page * PAGE_SIZE };
  const prices = useQuery({ ...surveysQuery(orgApp?.orgId, orgApp?.appId, q), enabled: ready, placeholderData: keepPreviousData });
  const margin = useQuery({ ...supermarketMarginQuery(orgApp?.orgId), enabled: ready });
  const products = useQuery({
    ...productsQuery(orgApp?.orgId, orgApp?.appId, 'supermarket-pick', { name: draft?.search, $limit: 20 }),
    enabled: ready && Boolean(draft?.search),
  });
  const skus = useQuery({ ...productSkusQuery(orgApp?.orgId, orgApp?.appId, draft?.productId), enabled: ready && Boolean(draft?.productId) });

  const refreshShops = () => void qc.invalidateQueries({ queryKey: categoryKeys.all });
  const refreshPrices = () => void qc.invalidateQueries({ queryKey: priceKeys.all });
  const saveShop = useMutation({
    mutationFn: (d: ShopDraft) => {
      const body = { name: d.name.trim(), extraInfo: { address: d.address.trim() } };
      return d.id ? updateCategory(d.id, { ...body, version: d.version }) : createCategory({ ...body, groupName: SUPERMARKET_GROUP });
    },
    onSuccess: () => { setShop(null); refreshShops(); },
    onError: (e) => setFormError(errorText(e)),
  });
  const removeShop = useMutation({
    mutationFn: (c: Category) => deleteCategory(c.id, c.version),
    onSuccess: () => { setRemovingShop(null); refreshShops(); },
    onError: (e) => { setRemovingShop(null); setError(errorText(e)); },
  });
  const savePrice = useMutation({
    mutationFn: (d: PriceDraft) => recordSurveys('supplier', [{
      ...(d.skuId ? { skuId: d.skuId } : { productId: d.productId }),
      priceClass: 'dqbd', price: d.price.trim(), surveyDate: d.surveyDate, supermarketId: d.supermarketId, remark: d.remark, ...(d.photo && { photo: d.photo }),
    }]),
    onSuccess: () => { setDraft(null); refreshPrices(); },
    onError: (e) => setFormError(errorText(e)),
  });
  const removePrice = useMutation({
    mutationFn: (s: PriceSurvey) => deleteSurvey(s.id),
    onSuccess: () => { setRemovingPrice(null); refreshPrices(); },
    onError: (e) => { setRemovingPrice(null); setError(errorText(e)); },
  });
  const saveMargin = useMutation({
    mutationFn: (m: number) => setSupermarketMargin(m, marginRead),
    onSuccess: () => { setMarginText(null); setMarginSaved(true); refreshPrices(); },
    // a stale margin: the typed one is dropped and the field shows the margin as it is now (the stale toast says who)
    onError: (e) => { setError(errorText(e)); if (isStaleVersion(e)) setMarginText(null); },
  });

  const pickPhoto = async (file: File | undefined) => {
    if (!file || !draft) return;
    setFormError(null);
    const url = await photoDataUrl(file, SUPERMARKET_PHOTO_MAX).catch(() => null);
    if (!url) { setFormError(t`无法读取该图片，请换一张`); return; }
    setDraft((d) => (d ? { ...d, photo: url } : d));
  };

  const shopColumns: Column<Category>[] = [
    { key: 'name', header: <Trans>商超名称</Trans>, render: (c) => <span data-testid="supermarket-name">{c.name}</span> },
    { key: 'address', header: <Trans>地址</Trans>, render: (c) => String(c.extraInfo?.address ?? '') },
    {
      key: 'actions', header: <Trans>操作</Trans>, width: '170px', render: (c) => (
        <>
          <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => { setFormError(null); setShop({ id: c.id, name: c.name, address: String(c.extraInfo?.address ?? ''), version: c.version }); }}><Trans>编辑</Trans></Button>
          <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setRemovingShop(c)}><Trans>删除</Trans></Button>
        </>
      ),
    },
  ];
  const priceColumns: Column<PriceSurvey>[] = [
    { key: 'date', header: <Trans>日期</Trans>, render: (s) => s.surveyDate, width: '110px' },
    { key: 'shop', header: <Trans>商超</Trans>, render: (s) => shopName(s.supermarketId) || s.source },
    { key: 'product', header: <Trans>商品</Trans>, render: (s) => <span data-testid="shelf-product">{s.productName}</span> },
    { key: 'price', header: <Trans>货架价格</Trans>, render: (s) => <span data-testid="shelf-price">{money(s.price)}</span> },
    {
      key: 'photo', header: <Trans>照片</Trans>, width: '80px', render: (s) => (s.photo
        ? <img src={s.photo} alt={t`${s.productName} 的价签照片`} className={styles.thumb} onClick={() => setViewing(s)} data-testid="shelf-photo" />
        : <Text className={styles.muted}>—</Text>),
    },
    { key: 'remark', header: <Trans>备注</Trans>, render: (s) => s.remark },
    { key: 'actions', header: <Trans>操作</Trans>, width: '90px', render: (s) => <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setRemovingPrice(s)}><Trans>删除</Trans></Button> },
  ];

  const marginValue = marginText ?? (margin.data ? String(margin.data.margin) : '');
  const marginNumber = Number(marginValue);
  const marginOk = marginValue.trim() !== '' && Number.isFinite(marginNumber) && marginNumber >= 0 && marginNumber <= SUPERMARKET_MARGIN_MAX;
  const canSavePrice = draft && draft.supermarketId && draft.productId && draft.price.trim() && draft.surveyDate;
  const freshPrice = (): PriceDraft => ({ supermarketId: shopFilter || shopRows[0]?.id || '', search: '', productId: '', productName: '', skuId: '', price: '', surveyDate: dayOf(new Date()), photo: '', remark: '' });

  return (
    <ScreenFrame
      title={<Trans>商超管理</Trans>} testId="screen-supermarketManage" loading={shops.isLoading}
      error={error ?? (shops.error ? errorText(shops.error) : prices.error ? errorText(prices.error) : null)}
      toolbar={(
        <>
          <Field label={<Trans>高于商超参考价多少时标记（%）</Trans>} hint={marginSaved ? t`已保存` : undefined}>
            <NumberInput {...numberText(marginValue, (v) => { if (marginText === null) setMarginRead(margin.data?.version); setMarginText(v); setMarginSaved(false); })} precision={1} data-testid="supermarket-margin" />
          </Field>
          <Button disabled={!marginOk || marginText === null || saveMargin.isPending} onClick={() => saveMargin.mutate(marginNumber)} data-testid="supermarket-margin-save">
            <Trans>保存比例</Trans>
          </Button>
        </>
      )}
    >
      <section className={styles.section}>
        <div className={styles.head}>
          <Subtitle2 className={styles.grow}><Trans>本区域商超</Trans></Subtitle2>
          <Button icon={<AddRegular />} onClick={() => { setFormError(null); setShop({ name: '', address: '' }); }} data-testid="supermarket-add"><Trans>新增商超</Trans></Button>
        </div>
        <DataTable rows={shopRows} columns={shopColumns} rowKey={(c) => c.id} testId="supermarket-table" />
      </section>
      <section className={styles.section}>
        <div className={styles.head}>
          <Subtitle2 className={styles.grow}><Trans>货架价格</Trans></Subtitle2>
          <Field label={<Trans>商超</Trans>}>
            <Dropdown value={shopFilter ? shopName(shopFilter) : t`全部`} selectedOptions={[shopFilter]} onOptionSelect={(_, d) => { setShopFilter(d.optionValue ?? ''); setPage(0); }}>
              <Option value="">{t`全部`}</Option>
              {shopRows.map((s) => <Option key={s.id} value={s.id}>{s.name}</Option>)}
            </Dropdown>
          </Field>
          <Button appearance="primary" icon={<AddRegular />} disabled={!shopRows.length} onClick={() => { setFormError(null); setDraft(freshPrice()); }} data-testid="shelf-add">
            <Trans>录入商超价格</Trans>
          </Button>
        </div>
        <DataTable rows={prices.data?.rows ?? []} columns={priceColumns} rowKey={(s) => s.id} testId="shelf-table" />
        <Pager page={page} size={PAGE_SIZE} count={prices.data?.count ?? 0} onPage={setPage} />
      </section>

      {shop && (
        <FormDialog
          title={shop.id ? <Trans>编辑商超</Trans> : <Trans>新增商超</Trans>} testId="supermarket" busy={saveShop.isPending} error={formError}
          submitDisabled={!shop.name.trim()} onSubmit={() => saveShop.mutate(shop)} onClose={() => setShop(null)}
          contentStyle={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS }}
        >
          <Field label={<Trans>商超名称</Trans>} required><Input value={shop.name} maxLength={64} onChange={(_, d) => setShop({ ...shop, name: d.value })} data-testid="supermarket-name-input" /></Field>
          <Field label={<Trans>地址</Trans>}><Input value={shop.address} maxLength={200} onChange={(_, d) => setShop({ ...shop, address: d.value })} /></Field>
        </FormDialog>
      )}
      {draft && (
        <FormDialog
          title={<Trans>录入商超价格</Trans>} testId="shelf" busy={savePrice.isPending} error={formError} submitDisabled={!canSavePrice}
          onSubmit={() => { if (canSavePrice) savePrice.mutate(draft); }} onClose={() => setDraft(null)}
          contentStyle={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS }}
        >
          <Field label={<Trans>商超</Trans>} required>
            <Dropdown value={shopName(draft.supermarketId)} selectedOptions={[draft.supermarketId]} onOptionSelect={(_, d) => setDraft({ ...draft, supermarketId: d.optionValue ?? '' })} data-testid="shelf-shop">
              {shopRows.map((s) => <Option key={s.id} value={s.id}>{s.name}</Option>)}
            </Dropdown>
          </Field>
          <Field label={<Trans>查找商品</Trans>}>
            <Input value={draft.search} onChange={(_, d) => setDraft({ ...draft, search: d.value })} data-testid="shelf-search" />
          </Field>
          <Field label={<Trans>商品</Trans>} required>
            <Dropdown value={draft.productName} selectedOptions={draft.productId ? [draft.productId] : []} data-testid="shelf-product-pick"
              onOptionSelect={(_, d) => setDraft({ ...draft, productId: d.optionValue ?? '', productName: d.optionText ?? '', skuId: '' })}>
              {(products.data?.rows ?? []).map((p) => <Option key={p.id} value={p.id}>{p.name}</Option>)}
            </Dropdown>
          </Field>
          <Field label={<Trans>SKU（不选则按商品）</Trans>}>
            <Dropdown value={(skus.data?.rows ?? []).find((k) => k.skuId === draft.skuId)?.name ?? ''} selectedOptions={draft.skuId ? [draft.skuId] : []}
              onOptionSelect={(_, d) => setDraft({ ...draft, skuId: d.optionValue ?? '' })} data-testid="shelf-sku-pick">
              <Option value="">{t`按商品`}</Option>
              {(skus.data?.rows ?? []).map((k) => <Option key={k.skuId} value={k.skuId}>{`${k.name} ${k.spec}`.trim()}</Option>)}
            </Dropdown>
          </Field>
          <Field label={<Trans>货架价格</Trans>} required>
            <NumberInput {...numberText(draft.price, (price) => setDraft({ ...draft, price }))} precision={2} data-testid="shelf-price-input" />
          </Field>
          <Field label={<Trans>日期</Trans>} required><DateInput value={draft.surveyDate} onChange={(_, d) => setDraft({ ...draft, surveyDate: d.value })} /></Field>
          <Field label={<Trans>价签照片</Trans>}>
            <div className={styles.head}>
              <Button icon={<ImageRegular />} onClick={() => photoInput.current?.click()}><Trans>选择照片</Trans></Button>
              <input ref={photoInput} type="file" accept="image/*" capture="environment" hidden data-testid="shelf-photo-input" onChange={(e) => { void pickPhoto(e.target.files?.[0]); e.target.value = ''; }} />
              {draft.photo && <img src={draft.photo} alt={t`价签照片预览`} className={styles.thumb} />}
            </div>
          </Field>
          <Field label={<Trans>备注</Trans>}><Input value={draft.remark} onChange={(_, d) => setDraft({ ...draft, remark: d.value })} /></Field>
        </FormDialog>
      )}
      <Dialog open={viewing !== null} onOpenChange={(_, d) => { if (!d.open) setViewing(null); }}>
        <DialogSurface data-testid="shelf-photo-view">
          <DialogBody>
            <DialogTitle>{viewing?.productName}</DialogTitle>
            <DialogContent>{viewing?.photo && <img src={viewing.photo} alt={t`${viewing.productName} 的价签照片`} className={styles.big} />}</DialogContent>
            <DialogActions><Button onClick={() => setViewing(null)}><Trans>关闭</Trans></Button></DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <ConfirmDialog open={removingShop !== null} title={<Trans>删除商超</Trans>} busy={removeShop.isPending} onCancel={() => setRemovingShop(null)} onConfirm={() => removingShop && removeShop.mutate(removingShop)}>
        <Trans>确定删除商超「{removingShop?.name}」吗？已录入的价格仍保留在询价凭证中。</Trans>
      </ConfirmDialog>
      <ConfirmDialog open={removingPrice !== null} title={<Trans>删除商超价格</Trans>} busy={removePrice.isPending} onCancel={() => setRemovingPrice(null)} onConfirm={() => removingPrice && removePrice.mutate(removingPrice)}>
        <Trans>确定删除「{removingPrice?.productName}」的这条货架价格吗？</Trans>
      </ConfirmDialog>
    </ScreenFrame>
  );
}
