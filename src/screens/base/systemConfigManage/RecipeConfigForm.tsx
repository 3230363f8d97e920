// §3 recipeConfig, aiMealsAllocate included (§9 dosageMode netWeight, smart meal label 智能配餐 by default).
import { useState } from 'react';
import { Field, Input, Select, Switch, Text, Textarea } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_AI_MEALS_LABEL, DEFAULT_DOSAGE_MODE } from '../../../../domain/constants.ts';
import { SaveBar, type SaveState } from './SaveBar.tsx';
import { useFormStyles } from './formStyles.ts';
import { errorText, useConfigSaved, type ConfigPathsEdit } from './settingsQueries.ts';

interface Ai {
  enable: boolean; personalModeEnable: boolean; label: string; defaultStatus: boolean; tip: string;
  allocateRecommendEnable: boolean; peopleTip: string; peopleModeAIEnable: boolean;
}
interface RecipeConfig {
  recipeApprovalEnable: boolean; recipeRecommendEnable: boolean; recipeModeTip: string; recipeDosageExportReportWrap: boolean;
  dosageMode: string; aiMealsAllocate: Ai;
}

function recipeConfigOf(v: unknown): RecipeConfig {
  const s = (v && typeof v === 'object' ? v : {}) as Partial<RecipeConfig>;
  const a = (s.aiMealsAllocate ?? {}) as Partial<Ai>;
  return {
    recipeApprovalEnable: Boolean(s.recipeApprovalEnable), recipeRecommendEnable: Boolean(s.recipeRecommendEnable),
    recipeModeTip: s.recipeModeTip ?? '', recipeDosageExportReportWrap: Boolean(s.recipeDosageExportReportWrap),
    dosageMode: s.dosageMode ?? DEFAULT_DOSAGE_MODE,
    aiMealsAllocate: {
      enable: Boolean(a.enable), personalModeEnable: Boolean(a.personalModeEnable), label: a.label ?? DEFAULT_AI_MEALS_LABEL,
      defaultStatus: Boolean(a.defaultStatus), tip: a.tip ?? '', allocateRecommendEnable: Boolean(a.allocateRecommendEnable),
      peopleTip: a.peopleTip ?? '', peopleModeAIEnable: Boolean(a.peopleModeAIEnable),
    },
  };
}

export function RecipeConfigForm({ edit, canEdit }: { edit: ConfigPathsEdit<'recipeConfig'>; canEdit: boolean }) {
  const value = edit.values.recipeConfig;
  const styles = useFormStyles();
  const { t } = useLingui();
  const saved = useConfigSaved();
  const [rc, setRc] = useState<RecipeConfig>(recipeConfigOf(value));
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const set = <K extends keyof RecipeConfig>(k: K, v: RecipeConfig[K]) => setRc((r) => ({ ...r, [k]: v }));
  const setAi = <K extends keyof Ai>(k: K, v: Ai[K]) => setRc((r) => ({ ...r, aiMealsAllocate: { ...r.aiMealsAllocate, [k]: v } }));
  const labelOk = rc.aiMealsAllocate.label.trim().length > 0 && rc.aiMealsAllocate.label.length <= 20;

  const save = async () => {
    setState({ kind: 'saving' });
    try {
      await edit.save('recipeConfig', rc);
      setState({ kind: 'saved' });
      saved();
    } catch (e) {
      setState({ kind: 'error', message: errorText(e) });
    }
  };

  const sw = (label: string, checked: boolean, on: (v: boolean) => void, id: string) => (
    <Switch label={label} checked={checked} disabled={!canEdit} onChange={(_, d) => on(d.checked)} data-testid={`rc-${id}`} />
  );
  const ai = rc.aiMealsAllocate;
  return (
    <div className={styles.form}>
      {sw(t`食谱审核 (recipeApprovalEnable)`, rc.recipeApprovalEnable, (v) => set('recipeApprovalEnable', v), 'recipeApprovalEnable')}
      {sw(t`食谱推荐 (recipeRecommendEnable)`, rc.recipeRecommendEnable, (v) => set('recipeRecommendEnable', v), 'recipeRecommendEnable')}
      {sw(t`用量导出报表换行 (recipeDosageExportReportWrap)`, rc.recipeDosageExportReportWrap, (v) => set('recipeDosageExportReportWrap', v), 'recipeDosageExportReportWrap')}
      <Field label={t`食谱模式提示 (recipeModeTip)`}>
        <Textarea value={rc.recipeModeTip} disabled={!canEdit} onChange={(_, d) => set('recipeModeTip', d.value)} />
      </Field>
      <Field label={t`用量模式 (dosageMode)`}>
        <Select value={rc.dosageMode} disabled={!canEdit} onChange={(_, d) => set('dosageMode', d.value)} data-testid="rc-dosageMode">
          <option value="netWeight">{t`净重 (netWeight)`}</option>
          <option value="grossWeight">{t`毛重 (grossWeight)`}</option>
        </Select>
      </Field>
      <div className={styles.section}>
        <Text weight="semibold"><Trans>智能配餐 (aiMealsAllocate)</Trans></Text>
        {sw(t`启用智能配餐`, ai.enable, (v) => setAi('enable', v), 'ai-enable')}
        {sw(t`个人模式`, ai.personalModeEnable, (v) => setAi('personalModeEnable', v), 'ai-personalModeEnable')}
        {sw(t`默认开启`, ai.defaultStatus, (v) => setAi('defaultStatus', v), 'ai-defaultStatus')}
        {sw(t`配餐推荐`, ai.allocateRecommendEnable, (v) => setAi('allocateRecommendEnable', v), 'ai-allocateRecommendEnable')}
        {sw(t`人群模式智能配餐`, ai.peopleModeAIEnable, (v) => setAi('peopleModeAIEnable', v), 'ai-peopleModeAIEnable')}
        <Field label={t`名称 (label)`} validationMessage={labelOk ? undefined : t`须为 1-20 个字`}>
          <Input value={ai.label} disabled={!canEdit} maxLength={20} onChange={(_, d) => setAi('label', d.value)} data-testid="rc-ai-label" />
        </Field>
        <Field label={t`提示 (tip)`}>
          <Textarea value={ai.tip} disabled={!canEdit} onChange={(_, d) => setAi('tip', d.value)} />
        </Field>
        <Field label={t`人群提示 (peopleTip)`}>
          <Textarea value={ai.peopleTip} disabled={!canEdit} onChange={(_, d) => setAi('peopleTip', d.value)} />
        </Field>
      </div>
      {canEdit && <SaveBar state={state} disabled={!labelOk} onSave={save} testId="recipeConfig" />}
    </div>
  );
}
