import { useState, type ReactNode } from 'react';
import { useMoney } from '../../../components/useMoney.ts';
import {
  Button, Dropdown, Field, Input, Option, tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { PRICE_CLASSES } from '../../../../domain/constants.ts';
import { dayOf } from '../../../../domain/priceCycle.ts';
import { deleteSurvey, priceKeys, productSkusQuery, productsQuery, recordSurveys, surveysQuery, type PriceSurvey, type SurveyKind } from '../../../../services/mall/catalogue.ts';
import { ScreenFrame } from './ScreenFrame.tsx';
import { DataTable, type Column } from './DataTable.tsx';
import { Pager } from './Pager.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { errorText } from './errors.ts';
import { useOrgQueryKey } from './useOrgQueryKey.ts';
import { PRICE_CLASS_LABELS } from './options.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { numberText } from '../../../components/numberText.ts';
import { DateInput } from '../../../components/DateInput.tsx';

type PriceClass = keyof typeof PRICE_CLASSES;
interface Draft { search: string; productId: string; productName: string; skuId: string; priceClass: PriceClass; price: string; surveyDate: string; source: string; remark: string }
const PAGE_SIZE = 20;

/**
 * Price surveys of the bureau (§9 price classes jyjxj, dqbd, cqwd). kind supplier (priceSurveyVoucher): market
 * prices of a supplier SKU of the area; kind education (educationPriceSurveyVoucher): the bureau's inquiry goods by
 * name. The current month's surveys of a SKU become the market average (marketAvg) of its new prices.
 */
export function SurveyScreen({ kind, title, testId }: { kind: SurveyKind; title: ReactNode; testId: string }) {
  const money = useMoney();
  const { t, i18n } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [priceClass, setPriceClass] = useState<'' | PriceClass>('');
  const [page, setPage] = useState(0);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<PriceSurvey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const q = { kind, keyword: keyword || undefined, priceClass: priceClass || undefined, $limit: PAGE_SIZE, $skip: page * PAGE_SIZE };
  // survey events (PriceSurvey…) refresh the 'prices' root (src/app/liveUpdates.ts)
  const surveys = useQuery({ ...surveysQuery(orgApp?.orgId, orgApp?.appId, q), enabled: ready, placeholderData: keepPreviousData });
  const products = useQuery({
    ...productsQuery(orgApp?.orgId, orgApp?.appId, 'survey-pick', { name: draft?.search, $limit: 20 }),
    enabled: ready && kind === 'supplier' && Boolean(draft?.search && draft.search.length >= 1),
  });
  const skus = useQuery({ ...productSkusQuery(orgApp?.orgId, orgApp?.appId, draft?.productId), enabled: ready && Boolean(draft?.productId) });
  const refresh = () => void qc.invalidateQueries({ queryKey: priceKeys.all });
  const save = useMutation({
    mutationFn: (d: Draft) => recordSurveys(kind, [{
      ...(kind === 'supplier' ? { skuId: d.skuId || undefined, productId: d.skuId ? undefined : d.productId || undefined } : { productName: d.productName.trim() }),
      priceClass: d.priceClass, price: d.price.trim(), surveyDate: d.surveyDate, source: d.source, remark: d.remark,
    }]),
    onSuccess: () => { setDraft(null); refresh(); },
    onError: (e) => setFormError(errorText(e)),
  });
  const remove = useMutation({ mutationFn: (s: PriceSurvey) => deleteSurvey(s.id), onSuccess: () => { setRemoving(null); refresh(); }, onError: (e) => { setRemoving(null); setError(errorText(e)); } });
  const classLabel = (c: string) => (c in PRICE_CLASSES ? i18n._(PRICE_CLASS_LABELS[c as PriceClass]) : c);

  const columns: Column<PriceSurvey>[] = [
    { key: 'date', header: <Trans>询价日期</Trans>, render: (s) => s.surveyDate, width: '110px' },
    { key: 'product', header: <Trans>商品</Trans>, render: (s) => <span data-testid="survey-product">{s.productName}</span> },
    { key: 'class', header: <Trans>价格分类</Trans>, render: (s) => classLabel(s.priceClass) },
    { key: 'price', header: <Trans>询价价格</Trans>, render: (s) => <span data-testid="survey-price">{money(s.price)}</span> },
    { key: 'source', header: <Trans>询价来源</Trans>, render: (s) => s.source },
    { key: 'remark', header: <Trans>备注</Trans>, render: (s) => s.remark },
    { key: 'actions', header: <Trans>操作</Trans>, width: '90px', render: (s) => <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setRemoving(s)}><Trans>删除</Trans></Button> },
  ];
  const fresh = (): Draft => ({ search: '', productId: '', productName: '', skuId: '', priceClass: kind === 'education' ? 'jyjxj' : 'dqbd', price: '', surveyDate: dayOf(new Date()), source: '', remark: '' });
  const productRows = products.data?.rows ?? [];
  const skuRows = skus.data?.rows ?? [];
  const canSave = draft && draft.price.trim() && (kind === 'education' ? draft.productName.trim() : draft.productId);
  return (
    <ScreenFrame
      title={title} testId={testId} loading={surveys.isLoading} error={error ?? (surveys.error ? errorText(surveys.error) : null)}
      actions={<Button appearance="primary" icon={<AddRegular />} data-testid="survey-add" onClick={() => { setFormError(null); setDraft(fresh()); }}><Trans>录入询价</Trans></Button>}
      toolbar={(
        <>
          <Field label={<Trans>商品</Trans>}><Input value={keyword} onChange={(_, d) => { setKeyword(d.value); setPage(0); }} /></Field>
          <Field label={<Trans>价格分类</Trans>}>
            <Dropdown value={priceClass ? classLabel(priceClass) : t`全部`} selectedOptions={[priceClass]} onOptionSelect={(_, d) => { setPriceClass((d.optionValue ?? '') as '' | PriceClass); setPage(0); }}>
              <Option value="">{t`全部`}</Option>
              {Object.keys(PRICE_CLASSES).map((c) => <Option key={c} value={c}>{classLabel(c)}</Option>)}
            </Dropdown>
          </Field>
        </>
      )}
    >
      <DataTable rows={surveys.data?.rows ?? []} columns={columns} rowKey={(s) => s.id} testId="survey-table" />
      <Pager page={page} size={PAGE_SIZE} count={surveys.data?.count ?? 0} onPage={setPage} />
      {draft && (
        <FormDialog
          title={<Trans>录入询价</Trans>} testId="survey" contentStyle={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS }}
          busy={save.isPending} submitDisabled={!canSave} error={formError} onSubmit={() => { if (canSave) save.mutate(draft); }} onClose={() => setDraft(null)}
        >
          {kind === 'supplier' ? (
            <>
              <Field label={<Trans>查找商品</Trans>}>
                <Input value={draft.search} onChange={(_, d) => setDraft({ ...draft, search: d.value })} data-testid="survey-search" />
              </Field>
              <Field label={<Trans>商品</Trans>} required>
                <Dropdown value={draft.productName} selectedOptions={draft.productId ? [draft.productId] : []} data-testid="survey-product-pick"
                  onOptionSelect={(_, d) => setDraft({ ...draft, productId: d.optionValue ?? '', productName: d.optionText ?? '', skuId: '' })}>
                  {productRows.map((p) => <Option key={p.id} value={p.id}>{p.name}</Option>)}
                </Dropdown>
              </Field>
              <Field label={<Trans>SKU（不选则按商品）</Trans>}>
                <Dropdown value={skuRows.find((k) => k.skuId === draft.skuId)?.name ?? ''} selectedOptions={draft.skuId ? [draft.skuId] : []}
                  onOptionSelect={(_, d) => setDraft({ ...draft, skuId: d.optionValue ?? '' })}>
                  <Option value="">{t`按商品`}</Option>
                  {skuRows.map((k) => <Option key={k.skuId} value={k.skuId}>{`${k.name} ${k.spec}`.trim()}</Option>)}
                </Dropdown>
              </Field>
            </>
          ) : (
            <Field label={<Trans>商品名称</Trans>} required>
              <Input value={draft.productName} onChange={(_, d) => setDraft({ ...draft, productName: d.value })} data-testid="survey-product-name" />
            </Field>
          )}
          <Field label={<Trans>价格分类</Trans>} required>
            <Dropdown value={classLabel(draft.priceClass)} selectedOptions={[draft.priceClass]} onOptionSelect={(_, d) => setDraft({ ...draft, priceClass: (d.optionValue ?? 'dqbd') as PriceClass })}>
              {Object.keys(PRICE_CLASSES).map((c) => <Option key={c} value={c}>{classLabel(c)}</Option>)}
            </Dropdown>
          </Field>
          <Field label={<Trans>询价价格</Trans>} required>
            <NumberInput {...numberText(draft.price, (price) => setDraft({ ...draft, price }))} precision={2} data-testid="survey-price-input" />
          </Field>
          <Field label={<Trans>询价日期</Trans>}><DateInput value={draft.surveyDate} onChange={(_, d) => setDraft({ ...draft, surveyDate: d.value })} /></Field>
          <Field label={<Trans>询价来源</Trans>}><Input value={draft.source} onChange={(_, d) => setDraft({ ...draft, source: d.value })} /></Field>
          <Field label={<Trans>备注</Trans>}><Input value={draft.remark} onChange={(_, d) => setDraft({ ...draft, remark: d.value })} /></Field>
        </FormDialog>
      )}
      <ConfirmDialog open={removing !== null} title={<Trans>删除询价</Trans>} busy={remove.isPending} onCancel={() => setRemoving(null)} onConfirm={() => removing && remove.mutate(removing)}>
        <Trans>确定删除「{removing?.productName}」的这条询价吗？</Trans>
      </ConfirmDialog>
    </ScreenFrame>
  );
}
