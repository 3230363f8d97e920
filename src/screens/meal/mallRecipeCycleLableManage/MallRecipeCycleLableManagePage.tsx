import { useState } from 'react';
import { Button, Field, Input, makeStyles, Switch, Tag, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_LABEL_COLOR, LABEL_LIMITS, labelRefusal } from '../../../../domain/aggregates/recipeLabel.ts';
import { writesRecipeSettings } from '../../../../domain/recipeAccess.ts';
import {
  createRecipeLabel, recipeLabelConfigQuery, recipeLabelsQuery, recipeSettingKeys, saveRecipeLabelConfig, updateRecipeLabel,
  type RecipeLabel, type RecipeLabelConfigChange,
} from '../../../../services/recipeSettings.ts';
import { usePowers } from '../../../app/hooks.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';

const useStyles = makeStyles({
  config: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, marginBottom: tokens.spacingVerticalM },
  color: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  swatch: { width: '40px', height: '32px', padding: 0, border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium },
});

interface Draft { label?: RecipeLabel; name: string; color: string; sort: number }

/**
 * mallRecipeCycleLableManage (食谱标签管理): the org's recipe labels (§7 recipelabel: name, colour, sort, on/off;
 * §7 has no DELETE, a PUT with isDelete removes one) and its recipelabel config (labels used, several per cycle,
 * one required). The dietitian and admins write; others read.
 */
export default function MallRecipeCycleLableManagePage() {
  const { t } = useLingui();
  const s = useStyles();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const writes = writesRecipeSettings(usePowers());
  const labels = useQuery({ ...recipeLabelsQuery(orgApp?.orgId), enabled: ready });
  const config = useQuery({ ...recipeLabelConfigQuery(orgApp?.orgId), enabled: ready });
  const rows = labels.data?.rows ?? [];
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<RecipeLabel | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const done = () => { setError(null); void qc.invalidateQueries({ queryKey: recipeSettingKeys.all }); };
  const fail = (e: unknown) => setError(errorText(e));

  const save = useMutation({
    mutationFn: async (d: Draft) => {
      if (d.label) await updateRecipeLabel(d.label.id, { name: d.name, color: d.color, sort: d.sort, version: d.label.version });
      else await createRecipeLabel({ name: d.name, color: d.color, sort: d.sort });
    },
    onSuccess: () => { setDraft(null); setFormError(null); done(); },
    onError: (e) => setFormError(errorText(e)),
  });
  const toggle = useMutation({ mutationFn: (l: RecipeLabel) => updateRecipeLabel(l.id, { enable: l.enable ? 0 : 1, version: l.version }), onSuccess: done, onError: fail });
  const remove = useMutation({
    mutationFn: (l: RecipeLabel) => updateRecipeLabel(l.id, { isDelete: 1, version: l.version }),
    onSuccess: () => { setRemoving(null); done(); },
    onError: (e) => { setRemoving(null); fail(e); },
  });
  const setConfig = useMutation({ mutationFn: (c: RecipeLabelConfigChange) => saveRecipeLabelConfig(c), onSuccess: done, onError: fail });

  const open = (label?: RecipeLabel) => {
    setFormError(null);
    setDraft(label ? { label, name: label.name, color: label.color, sort: label.sort } : { name: '', color: DEFAULT_LABEL_COLOR, sort: (rows.length + 1) * 10 });
  };

  const columns: Column<RecipeLabel>[] = [
    { key: 'name', header: <Trans>标签</Trans>, render: (l) => <Tag appearance="outline" style={{ color: l.color, borderColor: l.color }} data-testid="label-name">{l.name}</Tag> },
    { key: 'sort', header: <Trans>排序</Trans>, width: '80px', render: (l) => l.sort },
    { key: 'enable', header: <Trans>启用</Trans>, width: '80px', render: (l) => <Switch checked={l.enable === 1} disabled={!writes} onChange={() => toggle.mutate(l)} aria-label={t`启用 ${l.name}`} /> },
    ...(writes ? [{
      key: 'actions', header: <Trans>操作</Trans>,
      render: (l: RecipeLabel) => (
        <>
          <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => open(l)}><Trans>编辑</Trans></Button>
          <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setRemoving(l)}><Trans>删除</Trans></Button>
        </>
      ),
    }] : []),
  ];
  const cfg = config.data;

  return (
    <>
      <ScreenFrame
        title={<Trans>食谱标签管理</Trans>} testId="screen-mallRecipeCycleLableManage" loading={labels.isLoading}
        error={error ?? (labels.error ? errorText(labels.error) : null)}
        actions={writes ? <Button appearance="primary" icon={<AddRegular />} onClick={() => open()} data-testid="label-add"><Trans>新增标签</Trans></Button> : undefined}
        toolbar={cfg && (
          <div className={s.config} data-testid="label-config">
            <Switch label={t`启用食谱标签`} checked={cfg.enable} disabled={!writes || setConfig.isPending} onChange={(_, d) => setConfig.mutate({ enable: d.checked, ...(!d.checked && { required: false }) })} />
            <Switch label={t`一个食谱可有多个标签`} checked={cfg.multiple} disabled={!writes || !cfg.enable || setConfig.isPending} onChange={(_, d) => setConfig.mutate({ multiple: d.checked })} />
            <Switch label={t`提交或发布食谱前必须选择标签`} checked={cfg.required} disabled={!writes || !cfg.enable || setConfig.isPending} onChange={(_, d) => setConfig.mutate({ required: d.checked })} />
          </div>
        )}
      >
        <DataTable rows={rows} columns={columns} rowKey={(l) => l.id} testId="label-table" />
      </ScreenFrame>
      <FormDialog
        open={draft !== null} title={draft?.label ? <Trans>编辑标签</Trans> : <Trans>新增标签</Trans>} testId="label-form" busy={save.isPending}
        submitDisabled={!draft || labelRefusal({ name: draft.name, color: draft.color }) !== null} error={formError}
        onSubmit={() => draft && save.mutate(draft)} onClose={() => setDraft(null)}
      >
        {draft && (
          <>
            <Field label={<Trans>标签名称</Trans>} required>
              <Input value={draft.name} maxLength={LABEL_LIMITS.nameMax} onChange={(_, d) => setDraft({ ...draft, name: d.value })} data-testid="label-name-input" />
            </Field>
            <Field label={<Trans>颜色</Trans>}>
              <div className={s.color}>
                <input type="color" className={s.swatch} value={draft.color} onChange={(e) => setDraft({ ...draft, color: e.target.value.toUpperCase() })} aria-label={t`颜色`} />
                <Tag appearance="outline" style={{ color: draft.color, borderColor: draft.color }}>{draft.name || t`示例`}</Tag>
              </div>
            </Field>
            <Field label={<Trans>排序</Trans>}>
              <NumberInput min={0} max={100000} precision={0} fallback={0} value={draft.sort} onChange={(v) => setDraft({ ...draft, sort: v ?? 0 })} />
            </Field>
          </>
        )}
      </FormDialog>
      <ConfirmDialog open={removing !== null} title={<Trans>删除标签</Trans>} busy={remove.isPending} onCancel={() => setRemoving(null)} onConfirm={() => removing && remove.mutate(removing)}>
        <Trans>确定删除标签「{removing?.name}」吗？</Trans>
      </ConfirmDialog>
    </>
  );
}
