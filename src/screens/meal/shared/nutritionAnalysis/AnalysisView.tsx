// One WS/T 554 analysis as the dietitian reads it (issue 10): the total score against the pass score and the three
// sub-scores, the charts (loaded on demand), energy and every nutrient against its target and §5 band, salt (the
// sodium of every food as salt, against the age group's ceiling), the protein, fat and carbohydrate energy shares
// (4/9/4), each meal judged by the one meal rule the answer states, the food groups against their recommended amounts,
// variety, and the catalogue's advice for every shortfall. Every figure and verdict is the server's
// (domain/nutritionAnalysis.ts); this view only lays them out.
import { lazy, Suspense, type ReactNode } from 'react';
import { Badge, Card, makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens } from '@fluentui/react-components';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNutrient, nutrientEntry } from '../../../../../domain/nutrientCatalogue.ts';
import { isNutrientKey } from '../../../../../domain/nutrition.ts';
import type { AnalysisData } from '../../../../../services/nutrition.ts';
import { DataTable, type Column } from '../DataTable.tsx';
import { useNutrientName } from '../nutrients.tsx';
import { MEAL_LABELS } from '../../mallRecipeCycleManage/labels.ts';
import { scoreText, type BarVerdict, type ChartBar } from './analysisModel.ts';
import { useAdviceText, useAnalysisNote, useFoodGroupName } from '../nutritionTexts.ts';

// the chart library is fetched with this chunk only when an analysis is shown
const AnalysisCharts = lazy(() => import('./AnalysisCharts.tsx'));

type Verdict = AnalysisData['energy']['verdict'];
type NutrientRow = AnalysisData['nutrients'][number];
type GroupRow = AnalysisData['foodGroups'][number];
type RatioRow = AnalysisData['energyRatios'][number];
type MealRow = AnalysisData['meals'][number];

export const VERDICT_LABELS: Record<Verdict, MessageDescriptor> = {
  low: msg`偏低`, ok: msg`适宜`, high: msg`偏高`, noTarget: msg`无目标值`, unknown: msg`数据不全`,
};
const VERDICT_COLORS: Record<Verdict, 'success' | 'danger' | 'warning' | 'subtle' | 'informative'> = {
  ok: 'success', low: 'danger', high: 'warning', noTarget: 'subtle', unknown: 'informative',
};
export const barVerdict = (v: Verdict): BarVerdict => (v === 'ok' || v === 'low' || v === 'high' ? v : 'none');

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  summary: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: tokens.spacingHorizontalM },
  score: { padding: tokens.spacingVerticalM, gap: tokens.spacingVerticalXS },
  big: { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: tokens.fontWeightSemibold },
  advice: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** grams of salt: one decimal */
const grams = (n: number) => (Math.round(n * 10) / 10).toFixed(1);
/** a mean over days, one decimal at most */
const one = (n: number) => String(Math.round(n * 10) / 10);
const pctText = (p: number | null) => (p === null ? '—' : `${Math.round(p)}%`);
const bandText = (min: number | null, max: number | null) => (min === null ? '—' : max === null ? `≥ ${min}%` : `${min}% ~ ${max}%`);

export function VerdictBadge({ verdict, testId }: { verdict: Verdict; testId?: string }) {
  const { i18n } = useLingui();
  return <Badge appearance="tint" color={VERDICT_COLORS[verdict]} data-testid={testId} data-verdict={verdict}>{i18n._(VERDICT_LABELS[verdict])}</Badge>;
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <>
      <Text as="h2" size={400} weight="semibold">{title}</Text>
      {children}
    </>
  );
}

/** The bars the charts draw: energy first, then each nutrient with a target or a verdict; food groups by % of their range. */
export function chartBarsOf(a: AnalysisData, nutrientName: (key: string) => string, groupName: (group: string) => string = (g) => g): { nutrients: ChartBar[]; foodGroups: ChartBar[] } {
  const valueText = (key: string, v: number | null) => (isNutrientKey(key) ? formatNutrient(key, v) ?? '—' : String(v ?? '—'));
  const nutrients: ChartBar[] = [
    {
      key: 'energyKcal', label: nutrientName('energyKcal'), percent: a.energy.percent, verdict: barVerdict(a.energy.verdict),
      detail: `${valueText('energyKcal', a.energy.value)} / ${valueText('energyKcal', a.energy.target)} kcal`,
    },
    ...a.nutrients.filter((n) => n.key !== 'energyKcal' && n.target !== null).map((n) => ({
      key: n.key, label: nutrientName(n.key), percent: n.percent, verdict: barVerdict(n.verdict),
      detail: `${valueText(n.key, n.value)} / ${valueText(n.key, n.target)} ${n.unit}`,
    })),
  ];
  const foodGroups: ChartBar[] = a.foodGroups.map((g) => ({
    key: g.group, label: groupName(g.group), percent: g.percent, verdict: barVerdict(g.verdict), detail: `${Math.round(g.amount)} g / ${g.min}~${g.max} g`,
  }));
  return { nutrients, foodGroups };
}

export function AnalysisView({ analysis: a, testId = 'analysis' }: { analysis: AnalysisData; testId?: string }) {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const name = useNutrientName();
  const adviceText = useAdviceText();
  const groupName = useFoodGroupName();
  const note = useAnalysisNote();
  const nutrientName = (key: string) => (isNutrientKey(key) ? name(nutrientEntry(key)) : key);
  // an unscored item is a nutrient key, or `fatEnergyRatio` / `choEnergyRatio` for a nutrient's share of energy
  const itemName = (item: string) => {
    const ratioOf = item.endsWith('EnergyRatio') ? item.slice(0, -'EnergyRatio'.length) : null;
    if (ratioOf !== null && isNutrientKey(ratioOf)) { const nutrient = nutrientName(ratioOf); return t`${nutrient}供能比`; }
    return nutrientName(item);
  };
  const bars = chartBarsOf(a, nutrientName, groupName);
  const value = (key: string, v: number | null) => (v === null ? t`未知` : isNutrientKey(key) ? formatNutrient(key, v) ?? t`未知` : String(v));

  const nutrientRows: NutrientRow[] = [
    { key: 'energyKcal', value: a.energy.value, unit: 'kcal', target: a.energy.target, percent: a.energy.percent, minPct: a.energy.minPct, maxPct: a.energy.maxPct, verdict: a.energy.verdict, missing: [], note: null },
    ...a.nutrients.filter((n) => n.key !== 'energyKcal'),
  ];
  const nutrientColumns: Column<NutrientRow>[] = [
    { key: 'name', header: <Trans>营养素</Trans>, render: (n) => `${nutrientName(n.key)}（${n.unit}）` },
    { key: 'value', header: <Trans>供给量</Trans>, render: (n) => <span data-testid={`${testId}-value-${n.key}`}>{value(n.key, n.value)}{n.missing.length > 0 && '*'}</span> },
    { key: 'target', header: <Trans>目标值</Trans>, render: (n) => (n.target === null ? <span className={s.muted}>{n.note ? note(n.note) : t`标准未给出`}</span> : value(n.key, n.target)) },
    { key: 'percent', header: <Trans>占目标 %</Trans>, render: (n) => <span data-testid={`${testId}-pct-${n.key}`}>{pctText(n.percent)}</span> },
    { key: 'band', header: <Trans>适宜范围</Trans>, render: (n) => bandText(n.minPct, n.maxPct) },
    { key: 'verdict', header: <Trans>评价</Trans>, render: (n) => <VerdictBadge verdict={n.verdict} testId={`${testId}-verdict-${n.key}`} /> },
  ];
  const ratioColumns: Column<RatioRow>[] = [
    { key: 'name', header: <Trans>供能营养素</Trans>, render: (r) => nutrientName(r.key) },
    { key: 'percent', header: <Trans>供能比</Trans>, render: (r) => pctText(r.percent) },
    { key: 'band', header: <Trans>适宜范围</Trans>, render: (r) => (r.note && r.minPct === null ? <span className={s.muted}>{note(r.note)}</span> : bandText(r.minPct, r.maxPct)) },
    { key: 'verdict', header: <Trans>评价</Trans>, render: (r) => <VerdictBadge verdict={r.verdict} /> },
  ];
  const mealColumns: Column<MealRow>[] = [
    { key: 'meal', header: <Trans>餐次</Trans>, render: (m) => (MEAL_LABELS[m.mealCode] ? i18n._(MEAL_LABELS[m.mealCode]) : String(m.mealCode)) },
    { key: 'energy', header: <Trans>能量（kcal）</Trans>, render: (m) => value('energyKcal', m.energyKcal) },
    { key: 'share', header: <Trans>占全天 %</Trans>, render: (m) => pctText(m.percentOfDay) },
    { key: 'target', header: <Trans>目标值（kcal）</Trans>, render: (m) => (m.target === null ? '—' : `${value('energyKcal', m.target)}（${pctText(m.sharePct)}）`) },
    { key: 'percent', header: <Trans>占目标 %</Trans>, render: (m) => <span data-testid={`${testId}-meal-pct`}>{pctText(m.percent)}</span> },
    { key: 'band', header: <Trans>适宜范围</Trans>, render: (m) => bandText(m.minPct, m.maxPct) },
    { key: 'verdict', header: <Trans>评价</Trans>, render: (m) => <VerdictBadge verdict={m.verdict} testId={`${testId}-meal-verdict`} /> },
  ];
  const groupColumns: Column<GroupRow>[] = [
    { key: 'group', header: <Trans>食物种类</Trans>, render: (g) => `${groupName(g.group)}${g.suspect ? '†' : ''}` },
    { key: 'amount', header: <Trans>供给量（克）</Trans>, render: (g) => <span data-testid={`${testId}-group-amount`}>{Math.round(g.amount)}</span> },
    { key: 'range', header: <Trans>推荐量（克）</Trans>, render: (g) => (g.min === g.max ? String(g.min) : `${g.min} ~ ${g.max}`) },
    { key: 'percent', header: <Trans>占推荐 %</Trans>, render: (g) => pctText(g.percent) },
    { key: 'verdict', header: <Trans>评价</Trans>, render: (g) => <VerdictBadge verdict={g.verdict} /> },
  ];

  return (
    <div className={s.root} data-testid={testId}>
      <div className={s.summary}>
        <Card className={s.score}>
          <Text size={200}><Trans>总分</Trans></Text>
          <Text className={s.big} data-testid={`${testId}-total`}>{scoreText(a.scores.total)}</Text>
          <Badge appearance="filled" color={a.pass ? 'success' : 'danger'} data-testid={`${testId}-pass`} data-pass={a.pass ? '1' : '0'}>
            {a.pass ? t`达标（合格线 ${a.passScore}）` : t`未达标（合格线 ${a.passScore}）`}
          </Badge>
        </Card>
        <Card className={s.score}><Text size={200}><Trans>食物多样性得分</Trans></Text><Text className={s.big} data-testid={`${testId}-variety`}>{scoreText(a.scores.variety)}</Text></Card>
        <Card className={s.score}><Text size={200}><Trans>食物种类得分</Trans></Text><Text className={s.big} data-testid={`${testId}-category`}>{scoreText(a.scores.category)}</Text></Card>
        <Card className={s.score}><Text size={200}><Trans>营养素得分</Trans></Text><Text className={s.big} data-testid={`${testId}-nutrient`}>{scoreText(a.scores.nutrient)}</Text></Card>
      </div>
      <Suspense fallback={<Spinner size="small" label={<Trans>图表加载中</Trans>} />}>
        <AnalysisCharts nutrients={bars.nutrients} foodGroups={bars.foodGroups} total={a.scores.total} passScore={a.passScore} />
      </Suspense>
      {a.advice.length > 0 && (
        <Section title={<Trans>改进建议</Trans>}>
          <MessageBar intent="warning" layout="multiline" data-testid={`${testId}-advice`}>
            <MessageBarBody>
              <ul className={s.advice}>{a.advice.map((x) => <li key={x.key} data-testid={`${testId}-advice-item`} data-nutrient={x.key}>{adviceText(x)}</li>)}</ul>
            </MessageBarBody>
          </MessageBar>
        </Section>
      )}
      {(a.unscored.length > 0 || a.unknownFoods.length > 0) && (
        <MessageBar intent="info" layout="multiline" data-testid={`${testId}-unscored`}>
          <MessageBarBody>
            {a.unscored.map((u) => {
              const item = itemName(u.item);
              const why = note(u.note);
              return <div key={u.item} data-testid={`${testId}-unscored-item`} data-item={u.item}>{t`未评分：${item}（${why}）`}</div>;
            })}
            {a.unknownFoods.length > 0 && <div>{t`未知食材（未计入）：${a.unknownFoods.join('、')}`}</div>}
          </MessageBarBody>
        </MessageBar>
      )}
      <Section title={<Trans>能量及营养素</Trans>}>
        <DataTable rows={nutrientRows} columns={nutrientColumns} rowKey={(n) => n.key} testId={`${testId}-nutrients`} rowProps={(n) => ({ 'data-nutrient': n.key })} />
      </Section>
      <Section title={<Trans>盐（食盐当量）</Trans>}>
        <div data-testid={`${testId}-salt`} data-verdict={a.salt.verdict}>
          <Text>
            {a.salt.value === null
              ? t`钠数据不全，无法折算食盐`
              : t`折合食盐 ${grams(a.salt.value)} 克（钠 ${value('sodium', a.salt.sodiumMg)} mg × ${a.salt.factor} ÷ 1000）`}
            {a.salt.missing.length > 0 && '*'}
            {a.salt.limit !== null && <>{'，'}{t`上限 ${grams(a.salt.limit)} 克，占 ${pctText(a.salt.percent)}`}</>}
          </Text>{' '}
          <VerdictBadge verdict={a.salt.verdict} testId={`${testId}-salt-verdict`} />
        </div>
        <Text size={200} className={s.muted}><Trans>所有食材（含酱油等调味品）的钠都折算为食盐，按该年龄段所供正餐的食盐上限评价；盐和油只有上限，少于上限不算不足。</Trans></Text>
      </Section>
      {a.energyRatios.length > 0 && (
        <Section title={<Trans>三大营养素供能比</Trans>}>
          <DataTable rows={a.energyRatios} columns={ratioColumns} rowKey={(r) => r.key} testId={`${testId}-ratios`} />
        </Section>
      )}
      {a.meals.length > 0 && (
        <Section title={<Trans>各餐能量占比</Trans>}>
          <DataTable rows={a.meals} columns={mealColumns} rowKey={(m) => String(m.mealCode)} testId={`${testId}-meals`} />
          <Text size={200} className={s.muted} data-testid={`${testId}-meal-rule`}>
            <Trans>每餐能量目标为全天目标的 早餐 {a.mealRule.sharePct.breakfast}%、午餐 {a.mealRule.sharePct.lunch}%、晚餐 {a.mealRule.sharePct.dinner}%，占目标 {bandText(a.mealRule.minPct, a.mealRule.maxPct)} 为适宜；全天能量与各营养素目标按同一比例计算。</Trans>
          </Text>
        </Section>
      )}
      <Section title={<Trans>食物种类及数量</Trans>}>
        <DataTable rows={a.foodGroups} columns={groupColumns} rowKey={(g) => g.group} testId={`${testId}-groups`} />
        <Text size={200} className={s.muted} data-testid={`${testId}-variety-detail`}>
          <Trans>日均食材 {one(a.variety.ingredients)} 种（建议 {one(a.variety.expectedIngredients)} 种以上），食物类别 {one(a.variety.groups)} 类（建议 {one(a.variety.expectedGroups)} 类），共 {a.variety.distinctIngredients} 种食材</Trans>
        </Text>
      </Section>
    </div>
  );
}
