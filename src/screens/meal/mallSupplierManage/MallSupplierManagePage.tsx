import { useState } from 'react';
import { Button, Dropdown, Field, Input, Option, Switch, Text, tokens } from '@fluentui/react-components';
import { AddRegular, EditRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { SUPPLIER_TYPES } from '../../../../domain/constants.ts';
import { createSupplier, orgRoleGroupConfigsQuery, supplierKeys, suppliersQuery, updateSupplier, type Supplier } from '../../../../services/mall/catalogue.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { SUPPLIER_TYPE_LABELS } from '../shared/options.ts';
import { OrgPicker } from '../../../components/OrgPicker.tsx';

type SupplierType = keyof typeof SUPPLIER_TYPES;
// version: the link's version as read, sent back with the edit (409 when someone changed it meanwhile)
interface Draft { objectId?: string; version?: number; supplierOrgId: string; name: string; type: SupplierType; roleGroupId: string | null }

/** mallSupplierManage: the suppliers the org buys from (§9 types xg, sxps, jgpt) and the purchaser role group it buys under. */
export default function MallSupplierManagePage() {
  const { t, i18n } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const [type, setType] = useState<'' | SupplierType>('');
  const [name, setName] = useState('');
  const suppliers = useQuery({ ...suppliersQuery(orgApp?.orgId, orgApp?.appId, { type, name }), enabled: ready });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // the supplier org's purchaser role groups (M1), to pick the one this org buys under
  const groups = useQuery({
    ...orgRoleGroupConfigsQuery(orgApp?.orgId, orgApp?.appId, draft?.supplierOrgId),
    enabled: ready && Boolean(draft?.supplierOrgId),
    retry: false,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: supplierKeys.all });
  const save = useMutation({
    mutationFn: (d: Draft) => (d.objectId
      ? updateSupplier(d.objectId, { name: d.name, type: d.type, roleGroupId: d.roleGroupId, version: d.version })
      : createSupplier({ supplierOrgId: d.supplierOrgId.trim(), name: d.name || undefined, type: d.type, roleGroupId: d.roleGroupId })),
    onSuccess: () => { setDraft(null); refresh(); },
    onError: (e) => setFormError(errorText(e)),
  });
  const toggle = useMutation({ mutationFn: (s: Supplier) => updateSupplier(s.objectId, { enable: s.enable ? 0 : 1, version: s.version }), onSuccess: refresh, onError: (e) => setError(errorText(e)) });

  const typeLabel = (code: string) => (code in SUPPLIER_TYPES ? i18n._(SUPPLIER_TYPE_LABELS[code as SupplierType]) : code);
  const columns: Column<Supplier>[] = [
    { key: 'name', header: <Trans>供应商</Trans>, render: (s) => <span data-testid="supplier-name">{s.name}</span> },
    { key: 'type', header: <Trans>类型</Trans>, render: (s) => typeLabel(s.type), width: '100px' },
    { key: 'org', header: <Trans>供应商机构</Trans>, render: (s) => <Text size={200}>{s.supplierOrgId}</Text> },
    { key: 'enable', header: <Trans>启用</Trans>, width: '80px', render: (s) => <Switch checked={s.enable === 1} onChange={() => toggle.mutate(s)} aria-label={t`启用 ${s.name}`} /> },
    {
      key: 'actions', header: <Trans>操作</Trans>, width: '100px',
      render: (s) => <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => { setFormError(null); setDraft({ objectId: s.objectId, version: s.version, supplierOrgId: s.supplierOrgId, name: s.name, type: s.type as SupplierType, roleGroupId: s.roleGroupId }); }}><Trans>编辑</Trans></Button>,
    },
  ];
  const groupRows = groups.data?.rows ?? [];
  return (
    <ScreenFrame
      title={<Trans>供应商管理</Trans>} testId="screen-mallSupplierManage" loading={suppliers.isLoading} error={error ?? (suppliers.error ? errorText(suppliers.error) : null)}
      actions={<Button appearance="primary" icon={<AddRegular />} onClick={() => { setFormError(null); setDraft({ supplierOrgId: '', name: '', type: 'sxps', roleGroupId: null }); }} data-testid="supplier-add"><Trans>添加供应商</Trans></Button>}
      toolbar={(
        <FilterBar active={type ? 1 : 0} search={<Field label={<Trans>名称</Trans>}><Input value={name} onChange={(_, d) => setName(d.value)} /></Field>}>
          <Field label={<Trans>类型</Trans>}>
            <Dropdown value={type ? typeLabel(type) : t`全部`} selectedOptions={[type]} onOptionSelect={(_, d) => setType((d.optionValue ?? '') as '' | SupplierType)}>
              <Option value="">{t`全部`}</Option>
              {Object.keys(SUPPLIER_TYPES).map((c) => <Option key={c} value={c}>{typeLabel(c)}</Option>)}
            </Dropdown>
          </Field>
        </FilterBar>
      )}
    >
      <DataTable rows={suppliers.data?.rows ?? []} columns={columns} rowKey={(s) => s.objectId} testId="supplier-table" />
      {draft && (
        <FormDialog
          title={draft.objectId ? <Trans>编辑供应商</Trans> : <Trans>添加供应商</Trans>} testId="supplier" contentStyle={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS }}
          busy={save.isPending} submitDisabled={!draft.supplierOrgId.trim()} error={formError} noValidate onSubmit={() => save.mutate(draft)} onClose={() => setDraft(null)}
        >
          {/* picked by name among the supplier orgs the server lets this org link (issue 28); a link's supplier stays */}
          <Field label={<Trans>供应商机构</Trans>} required>
            {draft.objectId ? <Text data-testid="supplier-org">{draft.name}</Text> : (
              <OrgPicker kind="supplierCandidates" orgId={orgApp?.orgId} single value={draft.supplierOrgId ? [draft.supplierOrgId] : []}
                onChange={([id]) => setDraft({ ...draft, supplierOrgId: id ?? '', roleGroupId: null })} testId="supplier-org" />
            )}
          </Field>
          <Field label={<Trans>名称（默认机构名）</Trans>}><Input value={draft.name} onChange={(_, d) => setDraft({ ...draft, name: d.value })} /></Field>
          <Field label={<Trans>类型</Trans>} required>
            <Dropdown value={typeLabel(draft.type)} selectedOptions={[draft.type]} onOptionSelect={(_, d) => setDraft({ ...draft, type: (d.optionValue ?? 'sxps') as SupplierType })}>
              {Object.keys(SUPPLIER_TYPES).map((c) => <Option key={c} value={c}>{typeLabel(c)}</Option>)}
            </Dropdown>
          </Field>
          <Field label={<Trans>采购角色组</Trans>} hint={groups.isError ? t`无法读取该供应商的采购角色组` : undefined}>
            <Dropdown value={groupRows.find((g) => g.roleGroupId === draft.roleGroupId)?.groupName ?? ''} selectedOptions={draft.roleGroupId ? [draft.roleGroupId] : []}
              onOptionSelect={(_, d) => setDraft({ ...draft, roleGroupId: d.optionValue || null })}>
              <Option value="">{t`不指定`}</Option>
              {groupRows.map((g) => <Option key={g.roleGroupId} value={g.roleGroupId}>{g.groupName}</Option>)}
            </Dropdown>
          </Field>
        </FormDialog>
      )}
    </ScreenFrame>
  );
}
