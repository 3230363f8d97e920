// §2 nutrientCalculator (issue 10): pick ingredients from the org's library (platform foods, overrides and the
// org's own) or dishes, give each an amount (net or gross grams; a dish in portions), and see the totals of the 13
// nutrients with the catalogue's units and decimals, as % of an age group's daily target and of one meal's share.
// The totals are the server's answer (POST /v5/mall/nutrition/calculate), computed by the same domain module the
// analysis and the labels read; the console only lays them out.
import { useEffect, useMemo, useState } from 'react';
import {
  Button, Dropdown, Field, makeStyles, MessageBar, MessageBarBody, Option, Spinner, Text, ToggleButton, tokens,
} from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { AGE_RANGES } from '../../../../domain/constants.ts';
import { DISH_LIMITS } from '../../../../domain/aggregates/dish.ts';
import { amountOf as num, dishItems, percentText, PORTIONS_MAX, portionsOk, weightOk, type LineItem } from '../shared/nutritionLines.ts';
import { NUTRIENT_KEYS, type NutrientKey, type WeightType } from '../../../../domain/nutrition.ts';
import { formatNutrient, nutrientEntry } from '../../../../domain/nutrientCatalogue.ts';
import { dishesQuery, foodIngredientsQuery, type Dish, type FoodIngredient } from '../../../../services/recipes.ts';
import { SearchAddBox } from '../../../components/SearchAddBox.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { errorText } from '../shared/errors.ts';
import { NutrientHeader, NutrientValue, useNutrientName } from '../shared/nutrients.tsx';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { ageGroupLabel, calculatorMeals, useMealLabel, type CalculatorMeal } from '../shared/nutritionLabels.ts';
import { calculatorTargets } from '../shared/nutritionApi.ts';
import { nutritionCalculationQuery } from '../../../../services/nutrition.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { numberText } from '../../../components/numberText.ts';

const useStyles = makeStyles({
  pickers: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))', gap: tokens.spacingHorizontalM },
  amount: { display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'center', flexWrap: 'wrap' },
  weight: { width: '120px' },
  pct: { fontVariantNumeric: 'tabular-nums' },
  low: { color: tokens.colorPaletteRedForeground1 },
  ok: { color: tokens.colorPaletteGreenForeground1 },
  missing: { color: tokens.colorNeutralForeground3 },
});

type Line =
  | { kind: 'food'; key: string; food: FoodIngredient; weight: string; weightType: WeightType }
  | { kind: 'dish'; key: string; dish: Dish; portions: string };

/** The items the calculate call takes: a food line as entered; a dish as its lines × portions. */
function itemsOf(lines: readonly Line[]): LineItem[] {
  return lines.flatMap((l) => (l.kind === 'food'
    ? (weightOk(num(l.weight)) ? [{ foodId: l.food.foodId, weight: num(l.weight), weightType: l.weightType }] : [])
    : dishItems(l.dish, num(l.portions))));
}

interface Row { key: NutrientKey }

export default function NutrientCalculatorPage() {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const orgId = ready ? orgApp?.orgId : undefined;
  const name = useNutrientName();
  const mealLabel = useMealLabel();
  const [lines, setLines] = useState<Line[]>([]);
  const [foodSearch, setFoodSearch] = useState('');
  const [dishSearch, setDishSearch] = useState('');
  const [ageGroup, setAgeGroup] = useState<string>('9-11');
  const [meal, setMeal] = useState<CalculatorMeal>('lunch');

  const foods = useQuery(foodIngredientsQuery(foodSearch.trim() ? orgId : undefined, { query: foodSearch.trim(), $limit: 20 }));
  const dishes = useQuery(dishesQuery(dishSearch.trim() ? orgId : undefined, { name: dishSearch.trim(), $limit: 20 }));

  // the call follows the lines after a short pause, so typing a weight does not send a request per key
  const items = useMemo(() => itemsOf(lines), [lines]);
  const [sent, setSent] = useState(items);
  useEffect(() => { const h = setTimeout(() => setSent(items), 300); return () => clearTimeout(h); }, [items]);
  const answer = useQuery({ ...nutritionCalculationQuery(orgId, { items: sent }), placeholderData: (prev) => prev });
  const total = sent.length === 0 ? null : answer.data?.total ?? null;
  const missing = sent.length === 0 ? [] : answer.data?.missing ?? [];
  const foodName = (id: string) => answer.data?.items.find((i) => i.foodId === id)?.nameZh ?? id;
  const lacking = (k: NutrientKey) => missing.find((m) => m.key === k)?.foodIds.map(foodName) ?? [];
  const targets = calculatorTargets(ageGroup, meal);

  const addFood = (food: FoodIngredient) => {
    setLines((ls) => [...ls, { kind: 'food', key: `f${Date.now()}${ls.length}`, food, weight: '100', weightType: 'net' }]);
    setFoodSearch('');
  };
  const addDish = (dish: Dish) => {
    setLines((ls) => [...ls, { kind: 'dish', key: `d${Date.now()}${ls.length}`, dish, portions: '1' }]);
    setDishSearch('');
  };
  const update = (key: string, change: Partial<{ weight: string; weightType: WeightType; portions: string }>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...change } as Line : l)));

  const lineName = (l: Line) => (l.kind === 'food' ? `${l.food.nameZh}（${l.food.group}）` : t`${l.dish.name}（菜品）`);
  const lineColumns: Column<Line>[] = [
    { key: 'name', header: <Trans>食材 / 菜品</Trans>, render: (l) => <span data-testid="calc-line-name">{lineName(l)}</span> },
    {
      key: 'amount', header: <Trans>用量</Trans>,
      render: (l) => {
        if (l.kind === 'dish') {
          const bad = l.portions !== '' && !portionsOk(num(l.portions));
          return (
            <Field validationState={bad ? 'error' : 'none'} validationMessage={bad ? t`份数须大于 0 且不超过 ${PORTIONS_MAX}` : undefined}>
              <NumberInput className={s.weight} {...numberText(l.portions, (portions) => update(l.key, { portions }))} contentAfter={t`份`} aria-label={t`${l.dish.name} 份数`}
                data-testid="calc-line-portions" />
            </Field>
          );
        }
        const bad = l.weight !== '' && !weightOk(num(l.weight));
        return (
          <div className={s.amount}>
            <Field validationState={bad ? 'error' : 'none'} validationMessage={bad ? t`须大于 0 且不超过 ${DISH_LIMITS.weightMaxGrams} 克` : undefined}>
              <NumberInput className={s.weight} {...numberText(l.weight, (weight) => update(l.key, { weight }))} contentAfter={t`克`} aria-label={t`${l.food.nameZh} 用量（克）`}
                data-testid="calc-line-weight" />
            </Field>
            <ToggleButton size="small" checked={l.weightType === 'gross'} onClick={() => update(l.key, { weightType: l.weightType === 'gross' ? 'net' : 'gross' })}
              data-testid="calc-line-gross" aria-label={t`按毛重计`}>
              {l.weightType === 'gross' ? t`毛重` : t`净重`}
            </ToggleButton>
          </div>
        );
      },
    },
    {
      key: 'detail', header: <Trans>说明</Trans>, phone: 'detail',
      render: (l) => (l.kind === 'dish'
        ? (l.dish.dosageMode === 'grossWeight' ? t`每份 ${l.dish.lines.length} 种食材，毛重` : t`每份 ${l.dish.lines.length} 种食材，净重`)
        : l.weightType === 'gross' ? (l.food.ediblePortionPct === null ? t`可食部未知` : t`可食部 ${l.food.ediblePortionPct}%`) : ''),
    },
    {
      key: 'actions', header: <Trans>操作</Trans>, width: '72px',
      render: (l) => <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t`移除 ${lineName(l)}`} onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))} data-testid="calc-line-remove" />,
    },
  ];

  const pct = (k: NutrientKey, target: number | null | undefined, of: 'daily' | 'meal') => {
    const v = total?.[k] ?? null;
    const text = percentText(v, target);
    const cls = v === null || !target ? s.missing : v / target < 0.8 ? s.low : s.ok;
    return <span className={`${s.pct} ${cls}`} data-testid={`calc-${of}-pct-${k}`}>{text}</span>;
  };
  const totalColumns: Column<Row>[] = [
    { key: 'nutrient', header: <Trans>营养素</Trans>, render: (r) => <NutrientHeader nutrient={r.key} /> },
    {
      key: 'total', header: <Trans>合计</Trans>,
      render: (r) => <NutrientValue nutrient={r.key} value={total?.[r.key] ?? null} lacking={lacking(r.key)} testId={`calc-total-${r.key}`} />,
    },
    { key: 'daily', header: <Trans>每日推荐</Trans>, render: (r) => targetText(r.key, targets.daily[r.key]) },
    { key: 'dailyPct', header: <Trans>占每日 %</Trans>, render: (r) => pct(r.key, targets.daily[r.key], 'daily') },
    { key: 'meal', header: <Trans>本餐推荐</Trans>, render: (r) => targetText(r.key, targets.meal[r.key]) },
    { key: 'mealPct', header: <Trans>占本餐 %</Trans>, render: (r) => pct(r.key, targets.meal[r.key], 'meal') },
  ];
  function targetText(k: NutrientKey, v: number | null | undefined) {
    const ratio = k === 'fat' || k === 'cho' ? targets.ratios[k] : undefined;
    if (ratio?.minPct != null && ratio.maxPct != null) return <span className={s.missing}>{t`供能比 ${ratio.minPct}%~${ratio.maxPct}%`}</span>;
    if (v === null || v === undefined) return <span className={s.missing}><Trans>标准未给出</Trans></span>;
    return `${formatNutrient(k, v)} ${nutrientEntry(k).unit}`;
  }

  return (
    <ScreenFrame
      title={<Trans>营养计算器</Trans>} testId="screen-nutrientCalculator" error={answer.error ? errorText(answer.error) : null}
      toolbar={(
        <>
          <Field label={<Trans>年龄段</Trans>}>
            <Dropdown value={ageGroupLabel(i18n, ageGroup)} selectedOptions={[ageGroup]} onOptionSelect={(_, d) => setAgeGroup(d.optionValue ?? '9-11')} data-testid="calc-age">
              {AGE_RANGES.map((a) => <Option key={a} value={a}>{ageGroupLabel(i18n, a)}</Option>)}
            </Dropdown>
          </Field>
          <Field label={<Trans>餐次</Trans>}>
            <Dropdown value={mealLabel(meal)} selectedOptions={[meal]} onOptionSelect={(_, d) => setMeal((d.optionValue ?? 'lunch') as CalculatorMeal)} data-testid="calc-meal">
              {calculatorMeals.map((m) => <Option key={m} value={m}>{mealLabel(m)}</Option>)}
            </Dropdown>
          </Field>
        </>
      )}
    >
      <div className={s.pickers}>
        <Field label={<Trans>添加食材</Trans>}>
          <SearchAddBox
            search={foodSearch} onSearch={setFoodSearch} rows={foods.data?.rows ?? []} onAdd={addFood}
            keyOf={(f) => f.foodId} textOf={(f) => f.nameZh} labelOf={(f) => `${f.nameZh}（${f.group}）`}
            placeholder={t`输入食材名称或拼音首字母`} testId="calc-food-search"
          />
        </Field>
        <Field label={<Trans>添加菜品</Trans>}>
          <SearchAddBox
            search={dishSearch} onSearch={setDishSearch} rows={dishes.data?.rows ?? []} onAdd={addDish}
            keyOf={(d) => d.id} textOf={(d) => d.name} labelOf={(d) => `${d.name}（${d.categoryName}）`}
            placeholder={t`输入菜品名称或拼音首字母`} testId="calc-dish-search"
          />
        </Field>
      </div>
      <DataTable rows={lines} columns={lineColumns} rowKey={(l) => l.key} testId="calc-lines" />
      {lines.length > 0 && items.length === 0 && (
        <MessageBar intent="warning"><MessageBarBody><Trans>请填写有效的用量</Trans></MessageBarBody></MessageBar>
      )}
      <Text as="h2" size={400} weight="semibold">
        <Trans>营养素合计</Trans>{answer.isFetching && <Spinner size="extra-tiny" as="span" />}
      </Text>
      {missing.length > 0 && (
        <MessageBar intent="info" data-testid="calc-missing">
          <MessageBarBody>
            <Trans>以下营养素有食材缺少数据，合计只是下限：</Trans>
            {missing.map((m) => name(nutrientEntry(m.key))).join('、')}
          </MessageBarBody>
        </MessageBar>
      )}
      <DataTable rows={NUTRIENT_KEYS.map((key) => ({ key }))} columns={totalColumns} rowKey={(r) => r.key} testId="calc-totals" rowProps={(r) => ({ 'data-nutrient': r.key })} />
    </ScreenFrame>
  );
}
