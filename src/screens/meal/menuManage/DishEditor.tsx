// The dish editor (issue 9): name, recipe category, tags, audience, season, allergens, cooking note, the dosage
// mode and the ingredient lines (a food picked from the org's library, grams per portion). The nutrients of one
// portion follow every edit, computed by domain/nutrition.ts on the values the library gave for each food —
// the same maths the server runs — with unknown values shown as unknown.
import { useEffect, useMemo, useState } from 'react';
import {
  Button, Dropdown, Field, Input, makeStyles, Option, Radio, RadioGroup, Text, Textarea, tokens,
} from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { SEASONS } from '../../../../domain/constants.ts';
import { seasonLabel } from '../shared/options.ts';
import { DISH_LIMITS } from '../../../../domain/aggregates/dish.ts';
import { dishNutrients, NUTRIENT_KEYS, type DosageMode } from '../../../../domain/nutrition.ts';
import { nutritionOf } from '../../../../domain/ingredients.ts';
import type { Category } from '../../../../services/mall/catalogue.ts';
import {
  createDish, dishKeys, fetchFoodIngredients, foodIngredientsQuery, updateDish, type Dish, type FoodIngredient,
} from '../../../../services/recipes.ts';
import { errorText } from '../shared/errors.ts';
import { NutrientHeader, NutrientValue } from '../shared/nutrients.tsx';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { SearchAddBox } from '../../../components/SearchAddBox.tsx';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { numberText } from '../../../components/numberText.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 'min(540px, 86vw)' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalM },
  line: { display: 'grid', gridTemplateColumns: '2fr 1fr 1fr auto', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  nutrients: {
    display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: tokens.spacingHorizontalS,
    padding: tokens.spacingVerticalS, backgroundColor: tokens.colorNeutralBackground2, borderRadius: tokens.borderRadiusMedium,
  },
  nutrient: { display: 'flex', flexDirection: 'column' },
});

interface Line { foodId: string; weight: string }
interface Draft {
  name: string; categoryId: string; tags: string; people: string; season: string; allergens: string; note: string; dosageMode: DosageMode; lines: Line[];
}

const empty = (): Draft => ({ name: '', categoryId: '', tags: '', people: '', season: '', allergens: '', note: '', dosageMode: 'netWeight', lines: [] });
const draftOf = (d: Dish): Draft => ({
  name: d.name, categoryId: d.categoryId, tags: d.tags.join('，'), people: d.people.join('，'), season: d.season ?? '', allergens: d.allergens.join('，'),
  note: d.note, dosageMode: d.dosageMode, lines: d.lines.map((l) => ({ foodId: l.foodId, weight: String(l.weight) })),
});
/** "家常，清淡, 下饭" → ['家常', '清淡', '下饭'] */
const items = (s: string) => s.split(/[,，、;；\s]+/).map((x) => x.trim()).filter(Boolean);
const grams = (s: string) => (s.trim() === '' ? NaN : Number(s));
const weightOk = (w: number) => Number.isFinite(w) && w > 0 && w <= DISH_LIMITS.weightMaxGrams;

export function DishEditor({ dish, categories, onClose }: { dish: Dish | 'new' | null; categories: Category[]; onClose: () => void }) {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const qc = useQueryClient();
  const { orgApp, ready } = useOrgQueryKey();
  const [draft, setDraft] = useState<Draft>(empty);
  const [foods, setFoods] = useState<Map<string, FoodIngredient>>(new Map());
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setError(null);
    setSearch('');
    if (!dish) return;
    if (dish === 'new') { setDraft(empty()); setFoods(new Map()); return; }
    setDraft(draftOf(dish));
    // the values of the dish's foods in this org's library, for the live nutrients (a dish has at most 60 lines)
    const ids = dish.lines.map((l) => l.foodId);
    if (!ids.length) { setFoods(new Map()); return; }
    fetchFoodIngredients({ foodId: ids.join(','), $limit: DISH_LIMITS.lines })
      .then((r) => setFoods(new Map(r.rows.map((f) => [f.foodId, f]))))
      .catch((e: unknown) => setError(errorText(e)));
  }, [dish]);

  const found = useQuery({ ...foodIngredientsQuery(ready && search.trim() ? orgApp?.orgId : undefined, { query: search.trim(), $limit: 20 }) });

  const addFood = (f: FoodIngredient) => {
    setFoods((m) => new Map(m).set(f.foodId, f));
    setDraft((d) => (d.lines.some((l) => l.foodId === f.foodId) ? d : { ...d, lines: [...d.lines, { foodId: f.foodId, weight: '' }] }));
    setSearch('');
  };
  const setLine = (i: number, weight: string) => setDraft((d) => ({ ...d, lines: d.lines.map((l, j) => (j === i ? { ...l, weight } : l)) }));

  // the lines with a usable weight count; the others are flagged at their line
  const sum = useMemo(() => dishNutrients(
    draft.lines.map((l) => ({ foodId: l.foodId, weight: grams(l.weight) })).filter((l) => weightOk(l.weight)),
    (id) => { const f = foods.get(id); return f && nutritionOf(f); },
    draft.dosageMode,
  ), [draft.lines, draft.dosageMode, foods]);
  const nameOf = (id: string) => foods.get(id)?.nameZh ?? id;

  const save = async () => {
    const bad = draft.lines.findIndex((l) => !weightOk(grams(l.weight)));
    if (bad >= 0) { setError(t`${nameOf(draft.lines[bad].foodId)} 的用量须大于 0 且不超过 ${DISH_LIMITS.weightMaxGrams} 克`); return; }
    setBusy(true);
    setError(null);
    try {
      const fields = {
        name: draft.name.trim(), categoryId: draft.categoryId, tags: items(draft.tags), people: items(draft.people), season: draft.season || null,
        allergens: items(draft.allergens), note: draft.note, dosageMode: draft.dosageMode, lines: draft.lines.map((l) => ({ foodId: l.foodId, weight: grams(l.weight) })),
      };
      if (dish === 'new') await createDish(fields);
      else if (dish) await updateDish(dish.id, { ...fields, version: dish.version });
      void qc.invalidateQueries({ queryKey: dishKeys.all });
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const categoryName = categories.find((c) => c.id === draft.categoryId)?.name ?? '';
  return (
    <FormDialog
      open={dish !== null} title={dish === 'new' ? <Trans>新增菜品</Trans> : <Trans>编辑菜品</Trans>} testId="dish" contentClassName={s.form}
      busy={busy} submitDisabled={!draft.name.trim() || !draft.categoryId} error={error} onSubmit={() => void save()} onClose={onClose} noValidate
    >
      <div className={s.grid}>
        <Field label={<Trans>菜品名称</Trans>} required>
          <Input value={draft.name} maxLength={DISH_LIMITS.nameMax} onChange={(_, d) => setDraft({ ...draft, name: d.value })} data-testid="dish-name" />
        </Field>
        <Field label={<Trans>菜品分类</Trans>} required>
          <Dropdown value={categoryName} selectedOptions={draft.categoryId ? [draft.categoryId] : []} data-testid="dish-category"
            onOptionSelect={(_, d) => setDraft({ ...draft, categoryId: d.optionValue ?? '' })}>
            {categories.map((c) => <Option key={c.id} value={c.id}>{c.name}</Option>)}
          </Dropdown>
        </Field>
        <Field label={<Trans>季节</Trans>}>
          <Dropdown value={draft.season ? seasonLabel(i18n, draft.season) : t`不限`} selectedOptions={[draft.season]} onOptionSelect={(_, d) => setDraft({ ...draft, season: d.optionValue ?? '' })}>
            <Option value="">{t`不限`}</Option>
            {SEASONS.map((x) => <Option key={x} value={x}>{seasonLabel(i18n, x)}</Option>)}
          </Dropdown>
        </Field>
        <Field label={<Trans>标签（逗号分隔）</Trans>}>
          <Input value={draft.tags} onChange={(_, d) => setDraft({ ...draft, tags: d.value })} data-testid="dish-tags" />
        </Field>
        <Field label={<Trans>适用人群（逗号分隔）</Trans>}>
          <Input value={draft.people} onChange={(_, d) => setDraft({ ...draft, people: d.value })} />
        </Field>
        <Field label={<Trans>过敏原（逗号分隔）</Trans>}>
          <Input value={draft.allergens} onChange={(_, d) => setDraft({ ...draft, allergens: d.value })} data-testid="dish-allergens" />
        </Field>
      </div>
      <Field label={<Trans>做法说明</Trans>}>
        <Textarea value={draft.note} maxLength={DISH_LIMITS.noteMax} onChange={(_, d) => setDraft({ ...draft, note: d.value })} />
      </Field>
      <Field label={<Trans>用量方式</Trans>}>
        <RadioGroup layout="horizontal" value={draft.dosageMode} onChange={(_, d) => setDraft({ ...draft, dosageMode: d.value as DosageMode })}>
          <Radio value="netWeight" label={t`净重（可食部）`} />
          <Radio value="grossWeight" label={t`毛重（按可食部折算）`} data-testid="dish-gross" />
        </RadioGroup>
      </Field>
      <Text weight="semibold"><Trans>食材（每份用量，克）</Trans></Text>
      <Field label={<Trans>添加食材</Trans>}>
        <SearchAddBox
          search={search} onSearch={setSearch} rows={found.data?.rows ?? []} onAdd={addFood}
          keyOf={(f) => f.foodId} textOf={(f) => f.nameZh} labelOf={(f) => `${f.nameZh}（${f.group}）`}
          placeholder={t`输入食材名称或拼音首字母`} testId="dish-food-search"
        />
      </Field>
      {draft.lines.length === 0 && <Text><Trans>尚未添加食材</Trans></Text>}
      {draft.lines.map((l, i) => {
        const w = grams(l.weight);
        const food = foods.get(l.foodId);
        return (
          <div className={s.line} key={l.foodId} data-testid="dish-line">
            <Text>{food ? `${food.nameZh}（${food.group}）` : l.foodId}</Text>
            <Field validationState={l.weight !== '' && !weightOk(w) ? 'error' : 'none'}
              validationMessage={l.weight !== '' && !weightOk(w) ? t`须大于 0 且不超过 ${DISH_LIMITS.weightMaxGrams} 克` : undefined}>
              <NumberInput {...numberText(l.weight, (v) => setLine(i, v))} contentAfter={t`克`} aria-label={t`${nameOf(l.foodId)} 用量（克）`}
                data-testid="dish-line-weight" />
            </Field>
            <Text size={200}>
              {draft.dosageMode === 'grossWeight' && weightOk(w) && food
                ? (food.ediblePortionPct === null ? t`可食部未知` : t`净重 ${Math.round(w * food.ediblePortionPct) / 100} 克`)
                : ''}
            </Text>
            <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t`移除 ${nameOf(l.foodId)}`}
              onClick={() => setDraft({ ...draft, lines: draft.lines.filter((_, j) => j !== i) })} />
          </div>
        );
      })}
      <Text weight="semibold"><Trans>每份营养素</Trans></Text>
      <div className={s.nutrients} data-testid="dish-nutrients">
        {NUTRIENT_KEYS.map((k) => (
          <div className={s.nutrient} key={k}>
            <Text size={200}><NutrientHeader nutrient={k} /></Text>
            <NutrientValue nutrient={k} value={sum.total[k]} lacking={sum.missing[k].map(nameOf)} testId={`dish-nutrient-${k}`} />
          </div>
        ))}
      </div>
    </FormDialog>
  );
}
