import { useMemo, useState } from 'react';
import { Button, Checkbox, Dropdown, Field, MessageBar, MessageBarBody, MessageBarTitle, Option, Text, tokens } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orgCategoriesQuery, supplierKeys, suppliersQuery, updateSupplier, type Supplier } from '../../../../services/mall/catalogue.ts';
import { categoryAllowed, permissionsOf, type SupplierPermissionsInput } from '../../../../domain/supplierPermissions.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { errorText } from '../shared/errors.ts';
import { flattenCategories } from '../shared/categoryTree.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';

const hint = { color: tokens.colorNeutralForeground3, marginLeft: `calc(${tokens.spacingHorizontalXXL} + ${tokens.spacingHorizontalM})` } as const;

/** The flags and categories a client sends (the server keeps priceFrozenAt itself). */
const inputOf = (s: Supplier | undefined): SupplierPermissionsInput => {
  const { categoryIds, priceEdit, order, delivery } = permissionsOf(s?.extraInfo?.permissions);
  return { categoryIds, priceEdit, order, delivery };
};

/**
 * mallSupplierPermissionManage: per supplier link of this org, the goods categories the org sees of the supplier
 * (with their sub-categories) and whether the supplier may change the prices the org pays (off = the prices are
 * frozen at the time it was turned off), and whether it may take the org's orders and deliver them (the order and
 * delivery routes refuse otherwise: domain/order.ts ACTION_PERMISSION, domain/aggregates/logistics.ts).
 * A supplier org sees what each school allows it, read-only.
 */
export default function MallSupplierPermissionManagePage() {
  const fmt = useIntlFormat();
  const { t } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const suppliers = useQuery({ ...suppliersQuery(orgApp?.orgId, orgApp?.appId), enabled: ready });
  const [objectId, setObjectId] = useState('');
  const supplier = suppliers.data?.rows.find((s) => s.objectId === objectId);
  const own = Boolean(supplier && supplier.orgId === orgApp?.orgId);
  const categories = useQuery({
    ...orgCategoriesQuery(orgApp?.orgId, orgApp?.appId, 'mallProduct', supplier?.supplierOrgId),
    enabled: ready && Boolean(supplier), retry: false,
  });
  const tree = useMemo(() => flattenCategories(categories.data?.rows ?? []), [categories.data]);
  const parentOf = useMemo(() => new Map((categories.data?.rows ?? []).map((c) => [c.id, c.parentId])), [categories.data]);
  // the edits of the selected link; the stored permissions until the user changes something
  const [draft, setDraft] = useState<{ objectId: string; perm: SupplierPermissionsInput } | null>(null);
  const stored = permissionsOf(supplier?.extraInfo?.permissions);
  const perm = draft && draft.objectId === objectId ? draft.perm : inputOf(supplier);
  const edit = (change: Partial<SupplierPermissionsInput>) => setDraft({ objectId, perm: { ...perm, ...change } });
  const [message, setMessage] = useState<{ objectId: string; text: string; ok: boolean } | null>(null);
  const save = useMutation({
    mutationFn: () => updateSupplier(objectId, { extraInfo: { ...(supplier?.extraInfo ?? {}), permissions: perm }, version: supplier?.version }),
    onSuccess: () => {
      setMessage({ objectId, text: t`已保存`, ok: true });
      setDraft(null);
      void qc.invalidateQueries({ queryKey: supplierKeys.all });
    },
    onError: (e) => setMessage({ objectId, text: errorText(e), ok: false }),
  });
  const pick = (id: string) => { setObjectId(id); setMessage(null); };
  const toggleCategory = (id: string) => edit({ categoryIds: perm.categoryIds.includes(id) ? perm.categoryIds.filter((c) => c !== id) : [...perm.categoryIds, id] });
  // a sub-category of a chosen one is included already
  const inherited = (id: string) => {
    const parent = parentOf.get(id);
    return Boolean(parent && parent !== '-1' && categoryAllowed(perm, parent, (c) => parentOf.get(c)));
  };
  const labelOf = (s: Supplier) => (s.orgId === orgApp?.orgId ? s.name : (s.orgName || s.orgId));
  const frozenAt = stored.priceFrozenAt ? fmt.dateTime(stored.priceFrozenAt, true) : null;
  return (
    <ScreenFrame
      title={<Trans>供应商权限管理</Trans>} testId="screen-mallSupplierPermissionManage" loading={suppliers.isLoading} error={suppliers.error ? errorText(suppliers.error) : null}
      toolbar={(
        <Field label={<Trans>供应商</Trans>}>
          <Dropdown value={supplier ? labelOf(supplier) : ''} selectedOptions={objectId ? [objectId] : []} onOptionSelect={(_, d) => pick(d.optionValue ?? '')} data-testid="permission-supplier">
            {(suppliers.data?.rows ?? []).map((s) => <Option key={s.objectId} value={s.objectId}>{labelOf(s)}</Option>)}
          </Dropdown>
        </Field>
      )}
    >
      {supplier && (
        <div style={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS }}>
          {!own && (
            <MessageBar intent="info" data-testid="permission-readonly">
              <MessageBarBody><Trans>这些权限由采购单位设置，供应商只能查看。</Trans></MessageBarBody>
            </MessageBar>
          )}
          {frozenAt && (
            <MessageBar intent="warning" data-testid="permission-frozen">
              <MessageBarBody>
                <MessageBarTitle><Trans>价格已冻结</Trans></MessageBarTitle>
                <Trans>冻结时间：</Trans><time dateTime={stored.priceFrozenAt} data-testid="permission-frozen-at">{frozenAt}</time>
                <div><Trans>本单位继续使用冻结时已审核通过的价格，之后审核通过的新价格不对本单位生效，直到重新开启“维护价格”。</Trans></div>
              </MessageBarBody>
            </MessageBar>
          )}
          <Text weight="semibold"><Trans>可供应的商品分类（不选表示全部）</Trans></Text>
          <Text size={200} style={{ color: tokens.colorNeutralForeground3 }}>
            <Trans>本单位只能看到所选分类（含其下级分类）中的商品、规格和价格；未选任何分类时可看到该供应商的全部商品。</Trans>
          </Text>
          <div style={{ display: 'flex', flexDirection: 'column' }} data-testid="permission-categories">
            {tree.map(({ category: c, depth }) => {
              const viaParent = inherited(c.id);
              return (
                <Checkbox
                  key={c.id} label={c.name} style={{ paddingLeft: `calc(${depth} * ${tokens.spacingHorizontalXXL})` }} disabled={!own || viaParent}
                  checked={viaParent || perm.categoryIds.includes(c.id)} onChange={() => toggleCategory(c.id)} data-testid="permission-category"
                />
              );
            })}
          </div>
          <Text weight="semibold"><Trans>操作权限</Trans></Text>
          <Checkbox label={t`维护价格`} checked={perm.priceEdit} disabled={!own} onChange={(_, d) => edit({ priceEdit: d.checked === true })} data-testid="permission-price-edit" />
          <Text size={200} style={hint}>
            <Trans>允许供应商调整本单位的采购价格。关闭后，本单位继续使用关闭时已审核通过的价格，之后新审核通过的价格不再对本单位生效，直到重新开启；其他采购单位不受影响。</Trans>
          </Text>
          {own && stored.priceEdit && !perm.priceEdit && <Text size={200} style={hint} data-testid="permission-freeze-pending"><Trans>保存后，本单位的价格将从保存时刻起冻结。</Trans></Text>}
          {own && !stored.priceEdit && perm.priceEdit && <Text size={200} style={hint}><Trans>保存后解除冻结，最新审核通过的价格将对本单位生效。</Trans></Text>}
          <Checkbox label={t`接收订单`} checked={perm.order} disabled={!own} onChange={(_, d) => edit({ order: d.checked === true })} data-testid="permission-order" />
          <Text size={200} style={hint}><Trans>允许该供应商接收本单位的订单。关闭后，本单位不能向该供应商下单或提交草稿订单，该供应商也不能确认或拒绝本单位的订单。</Trans></Text>
          <Checkbox label={t`配送`} checked={perm.delivery} disabled={!own} onChange={(_, d) => edit({ delivery: d.checked === true })} data-testid="permission-delivery" />
          <Text size={200} style={hint}><Trans>允许该供应商为本单位配送。关闭后，该供应商不能把本单位的订单排入配送单，也不能发货或标记送达。</Trans></Text>
          {own && (
            <div><Button appearance="primary" disabled={save.isPending} onClick={() => save.mutate()} data-testid="permission-save"><Trans>保存</Trans></Button></div>
          )}
          {message && message.objectId === objectId && (
            <MessageBar intent={message.ok ? 'success' : 'error'} data-testid="permission-message">
              <MessageBarBody>{message.text}</MessageBarBody>
            </MessageBar>
          )}
        </div>
      )}
    </ScreenFrame>
  );
}
