import { useEffect, useState } from 'react';
import { Button, Field, Input, Textarea } from '@fluentui/react-components';
import { AddRegular, EditRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { DEFAULT_SPEC_SORT } from '../../../../domain/constants.ts';
import { createSpec, specKeys, specsQuery, updateSpec, type Spec } from '../../../../services/mall/catalogue.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { FilterBar } from '../../../components/FilterBar.tsx';

// version: the spec's version as read, sent back with the edit (409 when someone changed it meanwhile)
interface Draft { id?: string; version?: number; name: string; sort: number; options: string }

/** productSpec: specs and settings (name, options, sort; §9 default sort 99). */
export default function ProductSpecPage() {
  const { t } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const query = useQuery({ ...specsQuery(orgApp?.orgId, orgApp?.appId, keyword), enabled: ready });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(() => setFormError(null), [draft?.id]);

  const save = useMutation({
    mutationFn: async (d: Draft) => {
      let options: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(d.options || '{}');
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error();
        options = parsed as Record<string, unknown>;
      } catch {
        throw new Error(t`选项必须是 JSON 对象，如 {"mealsPeople": true}`);
      }
      return d.id ? updateSpec(d.id, { name: d.name, sort: d.sort, options, version: d.version }) : createSpec({ name: d.name, sort: d.sort, options });
    },
    onSuccess: () => { setDraft(null); void qc.invalidateQueries({ queryKey: specKeys.all }); },
    onError: (e) => setFormError(errorText(e)),
  });

  const columns: Column<Spec>[] = [
    { key: 'name', header: <Trans>名称</Trans>, render: (s) => s.name },
    { key: 'sort', header: <Trans>排序</Trans>, render: (s) => s.sort, width: '80px' },
    { key: 'options', header: <Trans>选项</Trans>, render: (s) => <code>{JSON.stringify(s.options)}</code> },
    {
      key: 'actions', header: <Trans>操作</Trans>, width: '100px',
      render: (s) => <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => setDraft({ id: s.id, version: s.version, name: s.name, sort: s.sort, options: JSON.stringify(s.options, null, 2) })}><Trans>编辑</Trans></Button>,
    },
  ];
  return (
    <ScreenFrame
      title={<Trans>商品规格</Trans>} testId="screen-productSpec" loading={query.isLoading} error={query.error ? errorText(query.error) : null}
      toolbar={<FilterBar search={<Field label={<Trans>名称</Trans>}><Input value={keyword} onChange={(_, d) => setKeyword(d.value)} /></Field>} />}
      actions={<Button appearance="primary" icon={<AddRegular />} data-testid="spec-add" onClick={() => setDraft({ name: '', sort: DEFAULT_SPEC_SORT, options: '{}' })}><Trans>新增规格</Trans></Button>}
    >
      <DataTable rows={query.data?.rows ?? []} columns={columns} rowKey={(s) => s.id} testId="spec-table" />
      {draft && (
        <FormDialog
          title={draft.id ? <Trans>编辑规格</Trans> : <Trans>新增规格</Trans>} testId="spec"
          busy={save.isPending} submitDisabled={!draft.name.trim()} onSubmit={() => save.mutate(draft)} onClose={() => setDraft(null)}
        >
          <Field label={<Trans>名称</Trans>} required>
            <Input value={draft.name} onChange={(_, d) => setDraft({ ...draft, name: d.value })} data-testid="spec-name" />
          </Field>
          <Field label={<Trans>排序</Trans>} hint={<Trans>默认 {DEFAULT_SPEC_SORT}</Trans>}>
            <NumberInput value={draft.sort} precision={0} fallback={DEFAULT_SPEC_SORT} onChange={(v) => setDraft({ ...draft, sort: v ?? DEFAULT_SPEC_SORT })} />
          </Field>
          <Field label={<Trans>选项（JSON）</Trans>} validationMessage={formError ?? undefined}>
            <Textarea value={draft.options} rows={6} onChange={(_, d) => setDraft({ ...draft, options: d.value })} data-testid="spec-options" />
          </Field>
        </FormDialog>
      )}
    </ScreenFrame>
  );
}
