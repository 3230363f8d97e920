import { useEffect, useState } from 'react';
import { Button, Checkbox, Field, makeStyles, Switch, Text, tokens } from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { editsCatalogue } from '../../../../domain/mallCatalogue.ts';
import { RECIPE_LIMITS } from '../../../../domain/recipeCycle.ts';
import {
  PURCHASE_PLAN_EXPORT_FIELDS, RECIPE_SETTING_NAMES, recipeSettingsOf, type PurchasePlanExportField, type RecipeSettingKey,
} from '../../../../domain/recipeSettings.ts';
import { createSpec, specKeys, specsQuery, updateSpec } from '../../../../services/mall/catalogue.ts';
import { usePowers } from '../../../app/hooks.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { EXPORT_FIELD_LABELS } from '../shared/purchasePlan/exportLabels.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { RecipeApproverSettings } from './RecipeApproverSettings.tsx';

// the export's column names are the purchase plan screens' (what is ticked here is what the sheet heads)
const FIELD_LABELS = EXPORT_FIELD_LABELS;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '720px', marginBottom: tokens.spacingVerticalXL },
  fields: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL },
  hint: { color: tokens.colorNeutralForeground3 },
});

type Settings = ReturnType<typeof recipeSettingsOf>;

/**
 * mallRecipeSpec (食谱设置): the §3 recipe settings of the org, kept as its spec records by their Chinese names:
 * what a purchase-plan export holds, whether cycles ask for the number of eaters per age group (meals-people),
 * and whether food taboos are checked. The server checks each setting's shape (domain/recipeSettings.ts).
 * Below them, who approves the weekly recipes (issue 28: RecipeApproverSettings).
 */
export default function MallRecipeSpecPage() {
  const { t, i18n } = useLingui();
  const s = useStyles();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const writes = editsCatalogue(usePowers());
  const query = useQuery({ ...specsQuery(orgApp?.orgId, orgApp?.appId, ''), enabled: ready });
  const specs = query.data?.rows;
  const [draft, setDraft] = useState<Settings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => { if (specs) setDraft(recipeSettingsOf(specs)); }, [specs]);

  const save = useMutation({
    mutationFn: async (d: Settings) => {
      const options: Record<RecipeSettingKey, Record<string, unknown>> = {
        purchasePlanExport: { exportContent: d.exportContent }, mealsPeople: { mealsPeople: d.mealsPeople }, foodTaboo: { foodTaboosEnable: d.foodTaboosEnable },
      };
      // one spec record per setting: changed in place when it exists, created on its first save
      for (const key of Object.keys(options) as RecipeSettingKey[]) {
        const existing = specs?.find((x) => x.name === RECIPE_SETTING_NAMES[key]);
        if (existing) await updateSpec(existing.id, { options: options[key], version: existing.version });
        else await createSpec({ name: RECIPE_SETTING_NAMES[key], options: options[key] });
      }
    },
    onSuccess: () => { setError(null); setSaved(true); void qc.invalidateQueries({ queryKey: specKeys.all }); },
    onError: (e) => { setSaved(false); setError(errorText(e)); },
  });

  const set = (change: Partial<Settings>) => { setSaved(false); setDraft((d) => (d ? { ...d, ...change } : d)); };
  const toggleField = (f: PurchasePlanExportField, on: boolean) => draft && set({
    exportContent: PURCHASE_PLAN_EXPORT_FIELDS.filter((x) => (x === f ? on : draft.exportContent.includes(x))),
  });

  return (
    <ScreenFrame
      title={<Trans>食谱设置</Trans>} testId="screen-mallRecipeSpec" loading={query.isLoading} error={error ?? (query.error ? errorText(query.error) : null)}
      actions={writes ? (
        <Button appearance="primary" icon={<SaveRegular />} disabled={!draft || save.isPending || draft.exportContent.length === 0} onClick={() => draft && save.mutate(draft)} data-testid="recipe-spec-save">
          <Trans>保存设置</Trans>
        </Button>
      ) : undefined}
    >
      {draft && (
        <>
          <div className={s.section}>
            <Field label={<Trans>采购计划导出内容</Trans>} hint={t`导出采购计划时表格包含的列，至少选择一项`}>
              <div className={s.fields} data-testid="recipe-spec-export">
                {PURCHASE_PLAN_EXPORT_FIELDS.map((f) => (
                  <Checkbox key={f} label={i18n._(FIELD_LABELS[f])} checked={draft.exportContent.includes(f)} disabled={!writes} onChange={(_, d) => toggleField(f, d.checked === true)} />
                ))}
              </div>
            </Field>
          </div>
          <div className={s.section}>
            <Field label={<Trans>就餐人数</Trans>} hint={t`新建周食谱时每个年龄段预填的就餐人数，0 表示不预填`}>
              <NumberInput
                min={0} max={RECIPE_LIMITS.peopleMax} step={10} precision={0} fallback={0} value={draft.mealsPeople} disabled={!writes} data-testid="recipe-spec-meals-people"
                onChange={(v) => set({ mealsPeople: v ?? 0 })}
              />
            </Field>
            <Switch label={t`食物禁忌：排餐时检查人群的食物禁忌`} checked={draft.foodTaboosEnable} disabled={!writes} onChange={(_, d) => set({ foodTaboosEnable: d.checked })} data-testid="recipe-spec-food-taboo" />
          </div>
          {saved && <Text role="status" className={s.hint} data-testid="recipe-spec-saved"><Trans>设置已保存</Trans></Text>}
        </>
      )}
      {/* issue 28: who approves the weekly recipes, saved on its own (its own power) */}
      <RecipeApproverSettings />
    </ScreenFrame>
  );
}
