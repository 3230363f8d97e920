// Add an org's own ingredient, or change one: an org ingredient, or a platform food (which starts the org's
// override: only the values changed are sent, the rest stays the platform's). An empty nutrient is unknown.
import { useEffect, useState } from 'react';
import { Dropdown, Field, Input, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { FOOD_GROUPS, INGREDIENT_NAME_MAX, type FoodGroup } from '../../../../domain/ingredients.ts';
import { NUTRIENT_KEYS, type NutrientKey } from '../../../../domain/nutrition.ts';
import { defaultUnitWeights, UNIT_WEIGHT_LIMITS } from '../../../../domain/foodUnitWeights.ts';
import { createFoodIngredient, foodIngredientKeys, updateFoodIngredient, type FoodIngredient, type FoodIngredientChange } from '../../../../services/recipes.ts';
import { errorText } from './errors.ts';
import { NutrientHeader } from './nutrients.tsx';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { numberText } from '../../../components/numberText.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 'min(540px, 86vw)' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: tokens.spacingHorizontalM },
});

export type IngredientTarget = { kind: 'new' } | { kind: 'edit'; ingredient: FoodIngredient };

interface Draft { nameZh: string; nameEn: string; group: string; edible: string; piece: string; density: string; per100g: Record<NutrientKey, string> }

const str = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const draftOf = (i?: FoodIngredient): Draft => ({
  nameZh: i?.nameZh ?? '', nameEn: i?.nameEn ?? '', group: i?.group ?? '', edible: str(i?.ediblePortionPct ?? (i ? null : 100)),
  piece: str(i?.gramsPerPiece), density: str(i?.densityGPerMl),
  per100g: Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, str(i?.per100g[k])])) as Record<NutrientKey, string>,
});
/** '' → null (unknown); a number; or undefined when the text is not a number. */
const num = (s: string): number | null | undefined => {
  if (!s.trim()) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
};

export function IngredientEditor({ target, onClose }: { target: IngredientTarget | null; onClose: () => void }) {
  const s = useStyles();
  const { t } = useLingui();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<Draft>(draftOf());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setError(null);
    if (target) setDraft(draftOf(target.kind === 'edit' ? target.ingredient : undefined));
  }, [target]);

  const save = async () => {
    if (!target) return;
    const edible = num(draft.edible);
    if (edible === undefined) { setError(t`可食部须为数字`); return; }
    // what a piece and a millilitre weigh: the purchase plan turns grams into eggs by the tray, oil by the litre
    const gramsPerPiece = num(draft.piece);
    if (gramsPerPiece === undefined) { setError(t`每个重量须为数字，未知请留空`); return; }
    const densityGPerMl = num(draft.density);
    if (densityGPerMl === undefined) { setError(t`密度须为数字，未知请留空`); return; }
    const per100g: Partial<Record<NutrientKey, number | null>> = {};
    for (const k of NUTRIENT_KEYS) {
      const v = num(draft.per100g[k]);
      if (v === undefined) { setError(t`营养素 ${k} 须为数字，未知请留空`); return; }
      per100g[k] = v;
    }
    setBusy(true);
    setError(null);
    try {
      if (target.kind === 'new') {
        await createFoodIngredient({
          nameZh: draft.nameZh, nameEn: draft.nameEn, group: draft.group as FoodGroup, ediblePortionPct: edible, per100g,
          ...(gramsPerPiece !== null && { gramsPerPiece }), ...(densityGPerMl !== null && { densityGPerMl }),
        });
      } else {
        const i = target.ingredient;
        // only what differs from what the screen showed: an override keeps the platform's other values
        const change: FoodIngredientChange = {};
        if (draft.nameZh !== i.nameZh) change.nameZh = draft.nameZh;
        if (draft.nameEn !== i.nameEn) change.nameEn = draft.nameEn;
        if (draft.group !== i.group) change.group = draft.group as FoodGroup;
        if (edible !== i.ediblePortionPct) change.ediblePortionPct = edible;
        if (gramsPerPiece !== i.gramsPerPiece) change.gramsPerPiece = gramsPerPiece;
        if (densityGPerMl !== i.densityGPerMl) change.densityGPerMl = densityGPerMl;
        const nutrients = Object.fromEntries(NUTRIENT_KEYS.filter((k) => per100g[k] !== i.per100g[k]).map((k) => [k, per100g[k]]));
        if (Object.keys(nutrients).length) change.per100g = nutrients;
        if (Object.keys(change).length) await updateFoodIngredient(i.foodId, { ...change, ...(i.source !== 'platform' && { version: i.version }) });
      }
      void qc.invalidateQueries({ queryKey: foodIngredientKeys.all });
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const editing = target?.kind === 'edit' ? target.ingredient : null;
  // the platform's defaults (domain/foodUnitWeights.ts), shown beside what the org has set
  const defaults = editing && editing.source !== 'local' ? defaultUnitWeights(editing.foodId) : null;
  const defaultHint = (value: number | null, unit: string) => (defaults ? (value === null ? t`平台默认：未知` : t`平台默认：${value} ${unit}`) : undefined);
  return (
    <FormDialog
      open={target !== null} testId="ingredient" contentClassName={s.form} busy={busy} error={error} onSubmit={() => void save()} onClose={onClose} noValidate
      title={editing ? (editing.source === 'platform' ? <Trans>修改本机构的食材数据：{editing.nameZh}</Trans> : <Trans>编辑食材：{editing.nameZh}</Trans>) : <Trans>新增本地食材</Trans>}
      submitDisabled={!draft.nameZh.trim() || !draft.group}
    >
      {editing?.source === 'platform' && <Text><Trans>保存后本机构使用修改后的数据，其他机构仍使用平台数据。</Trans></Text>}
      <div className={s.grid}>
        <Field label={<Trans>食材名称</Trans>} required>
          <Input value={draft.nameZh} maxLength={INGREDIENT_NAME_MAX} onChange={(_, d) => setDraft({ ...draft, nameZh: d.value })} data-testid="ingredient-name" />
        </Field>
        <Field label={<Trans>英文名称</Trans>}>
          <Input value={draft.nameEn} maxLength={200} onChange={(_, d) => setDraft({ ...draft, nameEn: d.value })} />
        </Field>
        <Field label={<Trans>食物分类</Trans>} required>
          <Dropdown value={draft.group} selectedOptions={draft.group ? [draft.group] : []} data-testid="ingredient-group"
            onOptionSelect={(_, d) => setDraft({ ...draft, group: d.optionValue ?? '' })}>
            {FOOD_GROUPS.map((g) => <Option key={g} value={g}>{g}</Option>)}
          </Dropdown>
        </Field>
        <Field label={<Trans>可食部（%）</Trans>}>
          <NumberInput {...numberText(draft.edible, (edible) => setDraft({ ...draft, edible }))} min={0} max={100} data-testid="ingredient-edible" />
        </Field>
      </div>
      <Text weight="semibold"><Trans>按个、按体积购买时的重量（采购计划换算用，未知请留空）</Trans></Text>
      <div className={s.grid}>
        <Field label={<Trans>每个重量（克）</Trans>} hint={defaultHint(defaults?.gramsPerPiece ?? null, t`克`)}>
          <NumberInput
            {...numberText(draft.piece, (piece) => setDraft({ ...draft, piece }))} min={UNIT_WEIGHT_LIMITS.gramsPerPiece[0]} max={UNIT_WEIGHT_LIMITS.gramsPerPiece[1]}
            data-testid="ingredient-grams-per-piece"
          />
        </Field>
        <Field label={<Trans>密度（克/毫升）</Trans>} hint={defaultHint(defaults?.densityGPerMl ?? null, t`克/毫升`)}>
          <NumberInput
            {...numberText(draft.density, (density) => setDraft({ ...draft, density }))} min={UNIT_WEIGHT_LIMITS.densityGPerMl[0]} max={UNIT_WEIGHT_LIMITS.densityGPerMl[1]}
            data-testid="ingredient-density"
          />
        </Field>
      </div>
      <Text weight="semibold"><Trans>每 100 克可食部含量（未知请留空）</Trans></Text>
      <div className={s.grid}>
        {NUTRIENT_KEYS.map((k) => (
          <Field key={k} label={<NutrientHeader nutrient={k} />}>
            <NumberInput data-testid={`ingredient-${k}`} min={0}
              {...numberText(draft.per100g[k], (v) => setDraft({ ...draft, per100g: { ...draft.per100g, [k]: v } }))} />
          </Field>
        ))}
      </div>
    </FormDialog>
  );
}
