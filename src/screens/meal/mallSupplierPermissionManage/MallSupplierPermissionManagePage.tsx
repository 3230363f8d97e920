import { useEffect, useState } from 'react';
import { Button, Checkbox, Dropdown, Field, Option, Text, tokens } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listCategories, listSuppliers, updateSupplier } from '../../../../services/mall/catalogue.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';

/** What a supplier may do for this org, kept in the supplier link's extraInfo.permissions. */
interface SupplierPermissions { categoryIds: string[]; priceEdit: boolean; order: boolean; delivery: boolean }
const EMPTY: SupplierPermissions = { categoryIds: [], priceEdit: true, order: true, delivery: true };

/** mallSupplierPermissionManage: per supplier, the goods categories it may supply and what it may do. */
export default function MallSupplierPermissionManagePage() {
  const { t } = useLingui();
  const { key, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const suppliers = useQuery({ queryKey: key('suppliers'), queryFn: () => listSuppliers(), enabled: ready });
  const [objectId, setObjectId] = useState('');
  const supplier = suppliers.data?.rows.find((s) => s.objectId === objectId);
  const categories = useQuery({
    queryKey: key('categories', 'mallProduct', supplier?.supplierOrgId), queryFn: () => listCategories('mallProduct', { orgId: supplier!.supplierOrgId }),
    enabled: ready && Boolean(supplier), retry: false,
  });
  const [perm, setPerm] = useState<SupplierPermissions>(EMPTY);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    setMessage(null);
    setPerm({ ...EMPTY, ...((supplier?.extraInfo?.permissions ?? {}) as Partial<SupplierPermissions>) });
  }, [supplier]);
  const save = useMutation({
    mutationFn: () => updateSupplier(objectId, { extraInfo: { ...(supplier?.extraInfo ?? {}), permissions: perm } }),
    onSuccess: () => { setMessage(t`已保存`); void qc.invalidateQueries({ queryKey: ['suppliers'] }); },
    onError: (e) => setMessage(errorText(e)),
  });
  const toggleCategory = (id: string) => setPerm((p) => ({ ...p, categoryIds: p.categoryIds.includes(id) ? p.categoryIds.filter((c) => c !== id) : [...p.categoryIds, id] }));
  return (
    <ScreenFrame
      title={<Trans>供应商权限管理</Trans>} testId="screen-mallSupplierPermissionManage" loading={suppliers.isLoading} error={suppliers.error ? errorText(suppliers.error) : null}
      toolbar={(
        <Field label={<Trans>供应商</Trans>}>
          <Dropdown value={supplier?.name ?? ''} selectedOptions={objectId ? [objectId] : []} onOptionSelect={(_, d) => setObjectId(d.optionValue ?? '')} data-testid="permission-supplier">
            {(suppliers.data?.rows ?? []).map((s) => <Option key={s.objectId} value={s.objectId}>{s.name}</Option>)}
          </Dropdown>
        </Field>
      )}
    >
      {supplier && (
        <div style={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS }}>
          <Text weight="semibold"><Trans>可供应的商品分类（不选表示全部）</Trans></Text>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM }}>
            {(categories.data?.rows ?? []).map((c) => <Checkbox key={c.id} label={c.name} checked={perm.categoryIds.includes(c.id)} onChange={() => toggleCategory(c.id)} />)}
          </div>
          <Text weight="semibold"><Trans>操作权限</Trans></Text>
          <Checkbox label={t`维护价格`} checked={perm.priceEdit} onChange={(_, d) => setPerm({ ...perm, priceEdit: d.checked === true })} />
          <Checkbox label={t`接收订单`} checked={perm.order} onChange={(_, d) => setPerm({ ...perm, order: d.checked === true })} />
          <Checkbox label={t`配送`} checked={perm.delivery} onChange={(_, d) => setPerm({ ...perm, delivery: d.checked === true })} />
          <div><Button appearance="primary" disabled={save.isPending} onClick={() => save.mutate()} data-testid="permission-save"><Trans>保存</Trans></Button></div>
          {message && <Text data-testid="permission-message">{message}</Text>}
        </div>
      )}
    </ScreenFrame>
  );
}
