// §2 mallRecipeNutritionAnalysis (issue 10): the WS/T 554 analysis of a stored recipe cycle. The dietitian picks a
// cycle, one of the age groups it feeds, a week and either the week's average day or one day, and reads the
// scores, charts, verdicts and advice (GET /v5/mall/recipe/cycle/{id}/analysis, computed on the server). Issue 35: a
// custom people group may be chosen (a sports class whose exercise prescription set its energy target, recipeSport):
// energy is then judged against that group's target instead of the age group's WS/T 554 figure.
import { useState } from 'react';
import { Dropdown, Field, makeStyles, MessageBar, MessageBarBody, Option, tokens } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { PAGE } from '../../../../domain/constants.ts';
import { recipeCyclesQuery } from '../../../../services/recipeCycles.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { ageGroupLabel } from '../shared/nutritionLabels.ts';
import { cycleAnalysisQuery } from '../../../../services/nutrition.ts';
import { recipePeopleQuery } from '../../../../services/recipeSettings.ts';
import { AnalysisView } from '../shared/nutritionAnalysis/AnalysisView.tsx';
import { WEEKDAY_LABELS } from '../mallRecipeCycleManage/labels.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';

const useStyles = makeStyles({
  cycle: { minWidth: 'min(280px, 100%)' },
  pick: { minWidth: '120px' },
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** '' = the week's average day; else the 0-based day of the cycle */
type DayPick = '' | `${number}`;

export default function MallRecipeNutritionAnalysisPage() {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const fmt = useIntlFormat();
  const { orgApp, ready } = useOrgQueryKey();
  const orgId = ready ? orgApp?.orgId : undefined;
  const [chosenId, setCycleId] = useState('');
  const [ageGroup, setAgeGroup] = useState('');
  const [week, setWeek] = useState(0);
  const [day, setDay] = useState<DayPick>('');
  /** '' = the age group's standard energy; else a custom people group's own target */
  const [peopleId, setPeopleId] = useState('');
  const people = useQuery(recipePeopleQuery(orgId));
  const customGroups = (people.data?.rows ?? []).filter((p) => p.custom);
  const peopleGroup = customGroups.find((p) => p.peopleId === peopleId);

  const cycles = useQuery(recipeCyclesQuery(orgId, { $limit: PAGE.recipeList }));
  const rows = cycles.data?.rows ?? [];
  // until one is chosen, the first published cycle with dishes (the week the school eats) is shown
  const cycle = rows.find((c) => c.id === chosenId) ?? rows.find((c) => c.status === 'published' && c.cellCount > 0) ?? null;
  const cycleId = cycle?.id ?? '';
  const ages = cycle?.ageGroups.map((g) => g.ageRange) ?? [];
  const age = ages.includes(ageGroup as never) ? ageGroup : ages[0] ?? '';

  const analysis = useQuery(cycleAnalysisQuery(age ? orgId : undefined, cycleId, { ageGroup: age, ...(peopleGroup && { peopleId: peopleGroup.peopleId }) }));
  const group = analysis.data?.ageGroups.find((g) => g.ageGroup === age) ?? analysis.data?.ageGroups[0];
  const weeks = group?.weeks ?? [];
  const w = weeks[Math.min(week, Math.max(0, weeks.length - 1))];
  const chosenDay = day === '' ? null : w?.days.find((d) => String(d.day) === day) ?? null;
  const shown = chosenDay ? chosenDay.analysis : w?.analysis ?? null;

  const weekText = (i: number) => (weeks[i] ? t`第 ${i + 1} 周（${fmt.dateRange(weeks[i].startDate, weeks[i].endDate)}）` : '');
  const dayText = (d: { day: number; date: string }) => `${i18n._(WEEKDAY_LABELS[d.day % 7])} ${fmt.date(d.date)}`;

  return (
    <ScreenFrame
      title={<Trans>食谱营养分析</Trans>} testId="screen-mallRecipeNutritionAnalysis" loading={cycles.isLoading}
      error={cycles.error ? errorText(cycles.error) : analysis.error ? errorText(analysis.error) : null}
      toolbar={(
        <>
          <Field label={<Trans>周食谱</Trans>} className={s.cycle}>
            <Dropdown value={cycle ? `${cycle.name}（${fmt.dateRange(cycle.startDate, cycle.endDate)}）` : ''} placeholder={t`选择周食谱`} selectedOptions={cycleId ? [cycleId] : []}
              onOptionSelect={(_, d) => { setCycleId(d.optionValue ?? ''); setWeek(0); setDay(''); }} data-testid="cycle-analysis-cycle">
              {rows.map((c) => <Option key={c.id} value={c.id} text={c.name}>{`${c.name}（${fmt.dateRange(c.startDate, c.endDate)}）`}</Option>)}
            </Dropdown>
          </Field>
          <Field label={<Trans>年龄段</Trans>} className={s.pick}>
            <Dropdown value={age ? ageGroupLabel(i18n, age) : ''} selectedOptions={age ? [age] : []} disabled={!cycle}
              onOptionSelect={(_, d) => setAgeGroup(d.optionValue ?? '')} data-testid="cycle-analysis-age">
              {ages.map((a) => <Option key={a} value={a}>{ageGroupLabel(i18n, a)}</Option>)}
            </Dropdown>
          </Field>
          <Field label={<Trans>能量目标</Trans>} className={s.pick}>
            <Dropdown value={peopleGroup ? `${peopleGroup.name}（${fmt.number(peopleGroup.energyKcal)} kcal）` : t`年龄段标准`} selectedOptions={[peopleId]}
              onOptionSelect={(_, d) => setPeopleId(d.optionValue ?? '')} data-testid="cycle-analysis-people">
              <Option value="" text={t`年龄段标准`}>{t`年龄段标准`}</Option>
              {customGroups.map((p) => <Option key={p.peopleId} value={p.peopleId} text={p.name}>{`${p.name}（${fmt.number(p.energyKcal)} kcal）`}</Option>)}
            </Dropdown>
          </Field>
          <Field label={<Trans>周次</Trans>} className={s.pick}>
            <Dropdown value={w ? weekText(weeks.indexOf(w)) : ''} selectedOptions={[String(week)]} disabled={!weeks.length}
              onOptionSelect={(_, d) => { setWeek(Number(d.optionValue ?? 0)); setDay(''); }} data-testid="cycle-analysis-week">
              {weeks.map((x, i) => <Option key={x.week} value={String(i)} text={weekText(i)}>{weekText(i)}</Option>)}
            </Dropdown>
          </Field>
          <Field label={<Trans>日期</Trans>} className={s.pick}>
            <Dropdown value={chosenDay ? dayText(chosenDay) : t`整周（日均）`} selectedOptions={[day]} disabled={!w}
              onOptionSelect={(_, d) => setDay((d.optionValue ?? '') as DayPick)} data-testid="cycle-analysis-day">
              <Option value="" text={t`整周（日均）`}>{t`整周（日均）`}</Option>
              {(w?.days ?? []).map((d) => <Option key={d.day} value={String(d.day)} text={dayText(d)}>{dayText(d)}</Option>)}
            </Dropdown>
          </Field>
        </>
      )}
    >
      <div className={s.root}>
        {!cycleId && <MessageBar><MessageBarBody><Trans>请选择要分析的周食谱</Trans></MessageBarBody></MessageBar>}
        {analysis.isFetching && !analysis.data && <MessageBar><MessageBarBody><Trans>正在分析…</Trans></MessageBarBody></MessageBar>}
        {(analysis.data?.missingDishes.length ?? 0) > 0 && (
          <MessageBar intent="warning"><MessageBarBody><Trans>以下菜品已删除，未计入分析：{analysis.data!.missingDishes.join('、')}</Trans></MessageBarBody></MessageBar>
        )}
        {w && !shown && <MessageBar intent="info" data-testid="cycle-analysis-empty"><MessageBarBody><Trans>所选日期尚未排菜</Trans></MessageBarBody></MessageBar>}
        {shown && <AnalysisView analysis={shown} testId="cycle-analysis" />}
      </div>
    </ScreenFrame>
  );
}
