// §2 analysisCalculator (issue 10): compose one day's meals — each a §9 meal code with dishes from the org's library
// (in portions) or ad-hoc ingredient lines — for an age group, and run the WS/T 554 analysis on the server
// (POST /v5/mall/nutrition/analysis). The answer is shown by the same view as a stored cycle's analysis.
import { useState } from 'react';
import {
  Button, Card, Dropdown, Field, makeStyles, MessageBar, MessageBarBody, Option, Text, ToggleButton, tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { AGE_RANGES, MEAL_CODES } from '../../../../domain/constants.ts';
import type { WeightType } from '../../../../domain/nutrition.ts';
import { amountOf as num, dishItems, portionsOk, weightOk } from '../shared/nutritionLines.ts';
import { dishesQuery, foodIngredientsQuery, type Dish, type FoodIngredient } from '../../../../services/recipes.ts';
import { SearchAddBox } from '../../../components/SearchAddBox.tsx';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { ageGroupLabel } from '../shared/nutritionLabels.ts';
import { analyseNutrition, type AnalysisInput } from '../../../../services/nutrition.ts';
import { AnalysisView } from '../shared/nutritionAnalysis/AnalysisView.tsx';
import { MEAL_LABELS } from '../mallRecipeCycleManage/labels.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { numberText } from '../../../components/numberText.ts';

const useStyles = makeStyles({
  meals: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 360px), 1fr))', gap: tokens.spacingHorizontalM },
  meal: { gap: tokens.spacingVerticalS, minWidth: 0 },
  head: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  dish: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, paddingTop: tokens.spacingVerticalXS, borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  name: { flexGrow: 1, minWidth: '120px', overflowWrap: 'anywhere' },
  weight: { width: '110px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

interface LineDraft { key: string; foodId: string; name: string; weight: string; weightType: WeightType }
/** a library dish (portions of its lines) or the meal's ad-hoc lines */
type DishDraft =
  | { kind: 'dish'; key: string; dish: Dish; portions: string }
  | { kind: 'lines'; key: string; lines: LineDraft[] };
interface MealDraft { key: string; mealCode: number; dishes: DishDraft[] }

let seq = 0;
const nextKey = () => `k${++seq}`;

/** The analysis request of the drafted meals; lines without a usable amount are left out (and flagged at their field). */
function requestOf(ageGroup: string, meals: readonly MealDraft[], adHocName: string): AnalysisInput {
  return {
    ageGroup,
    meals: meals.map((m) => ({
      mealCode: m.mealCode,
      dishes: m.dishes.flatMap((d) => {
        if (d.kind === 'lines') {
          const items = d.lines.filter((l) => weightOk(num(l.weight))).map((l) => ({ foodId: l.foodId, weight: num(l.weight), weightType: l.weightType }));
          return items.length ? [{ name: adHocName, items }] : [];
        }
        const items = dishItems(d.dish, num(d.portions));
        return items.length ? [{ name: d.dish.name, items }] : [];
      }),
    })),
  };
}

const MAIN_MEALS = [MEAL_CODES['早餐'], MEAL_CODES['早点'], MEAL_CODES['午餐'], MEAL_CODES['午点'], MEAL_CODES['晚餐'], MEAL_CODES['晚点']];

function MealEditor({ meal, onChange, onRemove, orgId }: { meal: MealDraft; onChange: (m: MealDraft) => void; onRemove: () => void; orgId: string | undefined }) {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const [dishSearch, setDishSearch] = useState('');
  const [foodSearch, setFoodSearch] = useState('');
  const dishes = useQuery(dishesQuery(dishSearch.trim() ? orgId : undefined, { name: dishSearch.trim(), $limit: 20 }));
  const foods = useQuery(foodIngredientsQuery(foodSearch.trim() ? orgId : undefined, { query: foodSearch.trim(), $limit: 20 }));
  const mealName = (code: number) => (MEAL_LABELS[code] ? i18n._(MEAL_LABELS[code]) : String(code));

  const addDish = (dish: Dish) => { onChange({ ...meal, dishes: [...meal.dishes, { kind: 'dish', key: nextKey(), dish, portions: '1' }] }); setDishSearch(''); };
  const addFood = (f: FoodIngredient) => {
    const line: LineDraft = { key: nextKey(), foodId: f.foodId, name: f.nameZh, weight: '50', weightType: 'net' };
    const adHoc = meal.dishes.find((d) => d.kind === 'lines');
    onChange({
      ...meal,
      dishes: adHoc
        ? meal.dishes.map((d) => (d === adHoc ? { ...adHoc, lines: [...adHoc.lines, line] } : d))
        : [...meal.dishes, { kind: 'lines', key: nextKey(), lines: [line] }],
    });
    setFoodSearch('');
  };
  const setDish = (key: string, d: DishDraft | null) =>
    onChange({ ...meal, dishes: d ? meal.dishes.map((x) => (x.key === key ? d : x)) : meal.dishes.filter((x) => x.key !== key) });

  return (
    <Card className={s.meal} data-testid="ac-meal">
      <div className={s.head}>
        <Field label={<Trans>餐次</Trans>} className={s.grow}>
          <Dropdown value={mealName(meal.mealCode)} selectedOptions={[String(meal.mealCode)]} data-testid="ac-meal-code"
            onOptionSelect={(_, d) => onChange({ ...meal, mealCode: Number(d.optionValue) })}>
            {MAIN_MEALS.map((c) => <Option key={c} value={String(c)}>{mealName(c)}</Option>)}
          </Dropdown>
        </Field>
        <Button appearance="subtle" icon={<DeleteRegular />} onClick={onRemove} aria-label={t`移除${mealName(meal.mealCode)}`} data-testid="ac-meal-remove" />
      </div>
      <Field label={<Trans>添加菜品</Trans>}>
        <SearchAddBox search={dishSearch} onSearch={setDishSearch} rows={dishes.data?.rows ?? []} onAdd={addDish}
          keyOf={(d) => d.id} textOf={(d) => d.name} labelOf={(d) => `${d.name}（${d.categoryName}）`}
          placeholder={t`输入菜品名称或拼音首字母`} testId="ac-dish-search" />
      </Field>
      <Field label={<Trans>添加食材</Trans>}>
        <SearchAddBox search={foodSearch} onSearch={setFoodSearch} rows={foods.data?.rows ?? []} onAdd={addFood}
          keyOf={(f) => f.foodId} textOf={(f) => f.nameZh} labelOf={(f) => `${f.nameZh}（${f.group}）`}
          placeholder={t`输入食材名称或拼音首字母`} testId="ac-food-search" />
      </Field>
      {meal.dishes.length === 0 && <Text size={200}><Trans>尚未添加菜品或食材</Trans></Text>}
      {meal.dishes.map((d) => (d.kind === 'dish' ? (
        <div key={d.key} className={s.dish} data-testid="ac-dish">
          <div className={s.row}>
            <Text className={s.name}>{d.dish.name}</Text>
            <Field validationState={d.portions !== '' && !portionsOk(num(d.portions)) ? 'error' : 'none'}>
              <NumberInput className={s.weight} {...numberText(d.portions, (portions) => setDish(d.key, { ...d, portions }))} contentAfter={t`份`}
                aria-label={t`${d.dish.name} 份数`} data-testid="ac-dish-portions" />
            </Field>
            <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t`移除 ${d.dish.name}`} onClick={() => setDish(d.key, null)} />
          </div>
        </div>
      ) : (
        <div key={d.key} className={s.dish} data-testid="ac-adhoc">
          <Text size={200} weight="semibold"><Trans>其他食材</Trans></Text>
          {d.lines.map((l) => (
            <div key={l.key} className={s.row} data-testid="ac-line">
              <Text className={s.name}>{l.name}</Text>
              <Field validationState={l.weight !== '' && !weightOk(num(l.weight)) ? 'error' : 'none'}>
                <NumberInput className={s.weight} contentAfter={t`克`} aria-label={t`${l.name} 用量（克）`} data-testid="ac-line-weight"
                  {...numberText(l.weight, (weight) => setDish(d.key, { ...d, lines: d.lines.map((x) => (x.key === l.key ? { ...x, weight } : x)) }))} />
              </Field>
              <ToggleButton size="small" checked={l.weightType === 'gross'} aria-label={t`按毛重计`}
                onClick={() => setDish(d.key, { ...d, lines: d.lines.map((x) => (x.key === l.key ? { ...x, weightType: x.weightType === 'gross' ? 'net' : 'gross' } : x)) })}>
                {l.weightType === 'gross' ? t`毛重` : t`净重`}
              </ToggleButton>
              <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t`移除 ${l.name}`}
                onClick={() => { const lines = d.lines.filter((x) => x.key !== l.key); setDish(d.key, lines.length ? { ...d, lines } : null); }} />
            </div>
          ))}
        </div>
      )))}
    </Card>
  );
}

export default function AnalysisCalculatorPage() {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const orgId = ready ? orgApp?.orgId : undefined;
  const [ageGroup, setAgeGroup] = useState('9-11');
  const [meals, setMeals] = useState<MealDraft[]>(() => [{ key: nextKey(), mealCode: MEAL_CODES['午餐'], dishes: [] }]);
  const run = useMutation({ mutationFn: analyseNutrition });
  // the request the answer on screen is for: after an edit the answer is marked as out of date until run again
  const [ranFor, setRanFor] = useState('');
  const request = requestOf(ageGroup, meals, t`其他食材`);
  const empty = request.meals.every((m) => m.dishes.length === 0);

  return (
    <ScreenFrame
      title={<Trans>营养分析</Trans>} testId="screen-analysisCalculator" error={run.error ? errorText(run.error) : null}
      toolbar={(
        <>
          <Field label={<Trans>年龄段</Trans>}>
            <Dropdown value={ageGroupLabel(i18n, ageGroup)} selectedOptions={[ageGroup]} onOptionSelect={(_, d) => setAgeGroup(d.optionValue ?? '9-11')} data-testid="ac-age">
              {AGE_RANGES.map((a) => <Option key={a} value={a}>{ageGroupLabel(i18n, a)}</Option>)}
            </Dropdown>
          </Field>
          <div className={s.actions}>
            <Button icon={<AddRegular />} data-testid="ac-meal-add"
              onClick={() => setMeals((ms) => [...ms, { key: nextKey(), mealCode: MAIN_MEALS.find((c) => !ms.some((m) => m.mealCode === c)) ?? MEAL_CODES['午餐'], dishes: [] }])}>
              <Trans>添加餐次</Trans>
            </Button>
            <Button appearance="primary" disabled={empty || run.isPending} onClick={() => { setRanFor(JSON.stringify(request)); run.mutate(request); }} data-testid="ac-run"><Trans>分析</Trans></Button>
          </div>
        </>
      )}
    >
      <div className={s.meals}>
        {meals.map((m) => (
          <MealEditor key={m.key} meal={m} orgId={orgId}
            onChange={(next) => setMeals((ms) => ms.map((x) => (x.key === m.key ? next : x)))}
            onRemove={() => setMeals((ms) => ms.filter((x) => x.key !== m.key))} />
        ))}
      </div>
      {run.data && ranFor !== JSON.stringify(request) && (
        <MessageBar intent="warning" data-testid="ac-stale"><MessageBarBody><Trans>餐次已修改，下方结果为修改前的分析，请重新分析</Trans></MessageBarBody></MessageBar>
      )}
      {run.data && <AnalysisView analysis={run.data} testId="ac-analysis" />}
    </ScreenFrame>
  );
}
