import { useEffect, useMemo, useState } from 'react';
import {
  Badge, Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, MessageBar, MessageBarBody, Radio,
  RadioGroup, Spinner, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dateOfDay } from '../../../../domain/recipeCycle.ts';
import { weekdayOf } from '../../../../domain/recipeSharing.ts';
import type { RecipeCycleDetail } from '../../../../services/recipeCycles.ts';
import { recipeCycleKeys } from '../../../../services/recipeCycles.ts';
import {
  acceptAllocation, proposeAllocation, type AllocationAccept, type AllocationLine, type AllocationProposal, type AllocationSettings, type UnmetConstraint,
} from '../../../../services/mealAllocation.ts';
import { useMoney } from '../../../components/useMoney.ts';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { errorText } from '../shared/errors.ts';
import { MEAL_LABELS, WEEKDAY_LABELS } from './labels.ts';
import { useNutrientName } from '../shared/nutrients.tsx';
import { useFoodGroupName } from '../shared/nutritionTexts.ts';
import { nutrientEntry } from '../../../../domain/nutrientCatalogue.ts';
import { isNutrientKey } from '../../../../domain/nutrition.ts';

const useStyles = makeStyles({
  surface: { maxWidth: '960px', width: '100%' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'center' },
  groups: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  group: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: tokens.spacingVerticalS, minWidth: '220px',
    border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium,
  },
  unmet: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, paddingLeft: tokens.spacingHorizontalL },
  changed: { fontWeight: tokens.fontWeightSemibold },
});

type AgeRange = AllocationAccept['dosages'][number]['ageRange'];
const lineKey = (l: AllocationLine) => `${l.day}|${l.mealCode}|${l.dishId}|${l.ageRange}`;

/**
 * Smart meal allocation of a week (issue 10; §3 recipeConfig.aiMealsAllocate, its label, tip and modes): the
 * server's proposal with the score and cost before and after per age group, the changed dosages line by line with
 * a check box each; the dietitian accepts all, the ticked ones, or none. Where no dosage works it lists the
 * constraints that cannot be met and the dishes of the library that would supply what is missing.
 */
export function AllocationDialog({ cycle, week, settings, dishName, onClose }: {
  cycle: RecipeCycleDetail; week: number; settings: AllocationSettings; dishName: (id: string) => string; onClose: () => void;
}) {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const money = useMoney();
  const nutrientName = useNutrientName();
  const groupName = useFoodGroupName();
  // an unmet constraint in the chosen language, from the server's figures: `reached` is the true limit over the
  // dosage bounds; "at most" is said only when that limit misses the need (issue 30)
  const unmetText = (u: UnmetConstraint): string => {
    const subject = u.kind === 'foodGroup' ? groupName(u.subject)
      : isNutrientKey(u.subject) ? (u.kind === 'energyShare' ? t`${nutrientName(nutrientEntry(u.subject))}供能比` : nutrientName(nutrientEntry(u.subject))) : u.subject;
    const first = u.day ?? u.days[0] ?? 0;
    const date = dateOfDay(cycle.startDate, first);
    const where = u.day !== null ? t`${date}（第 ${first + 1} 天）` : t`${date} 起一周平均每天`;
    const age = u.ageRange;
    const unit = u.unit === '%' ? '%' : ` ${u.unit}`;
    const num = (n: number) => `${Math.round(n * 10) / 10}${unit}`;
    const needed = num(u.needed);
    const reached = num(u.reached);
    if (u.reachable) {
      return u.side === 'min'
        ? t`${where} ${age} 岁：${subject}至少需要 ${needed}，单独调整用量最多可达 ${reached}，但与其他指标不能同时满足`
        : t`${where} ${age} 岁：${subject}不能超过 ${needed}，单独调整用量最少可到 ${reached}，但与其他指标不能同时满足`;
    }
    return u.side === 'min'
      ? t`${where} ${age} 岁：${subject}最多只能达到 ${reached}，至少需要 ${needed}`
      : t`${where} ${age} 岁：${subject}最少也有 ${reached}，不能超过 ${needed}`;
  };
  const qc = useQueryClient();
  const [mode, setMode] = useState(settings.modes[0] ?? 'personal');
  const [level, setLevel] = useState<'day' | 'week'>('week');
  const [checked, setChecked] = useState<Set<string>>(new Set());

  const propose = useMutation({
    mutationFn: () => proposeAllocation(cycle.id, { week, mode, level }),
    onSuccess: (p) => setChecked(new Set(settings.defaultChecked ? changedLines(p).map(lineKey) : [])),
  });
  const { mutate: run } = propose;
  useEffect(() => { run(); }, [run, mode, level]);

  const accept = useMutation({
    mutationFn: (lines: AllocationLine[]) => acceptAllocation(cycle.id, {
      version: propose.data!.version,
      dosages: lines.map((l) => ({ day: l.day, mealCode: l.mealCode, dishId: l.dishId, ageRange: l.ageRange as AgeRange, dosage: l.after })),
    }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: recipeCycleKeys.all });
      onClose();
    },
  });

  const proposal = propose.data;
  const lines = useMemo(() => (proposal ? changedLines(proposal) : []), [proposal]);
  const dayLabel = (day: number) => `${i18n._(WEEKDAY_LABELS[weekdayOf(cycle.startDate, day)])} ${dateOfDay(cycle.startDate, day).slice(5)}`;
  const toggle = (key: string, on: boolean) => setChecked((c) => { const n = new Set(c); if (on) n.add(key); else n.delete(key); return n; });
  const grams = (g: number) => t`${g} 克`;

  const columns: Column<AllocationLine>[] = [
    {
      key: 'pick', header: <Trans>接受</Trans>, width: '64px', phone: 'actions',
      render: (l) => <Checkbox checked={checked.has(lineKey(l))} onChange={(_, d) => toggle(lineKey(l), Boolean(d.checked))} aria-label={t`接受 ${dishName(l.dishId)}`} data-testid="allocation-line-check" />,
    },
    { key: 'dish', header: <Trans>菜品</Trans>, phone: 'title', render: (l) => dishName(l.dishId) || l.dishName },
    { key: 'day', header: <Trans>日期</Trans>, render: (l) => `${dayLabel(l.day)} ${i18n._(MEAL_LABELS[l.mealCode])}` },
    { key: 'age', header: <Trans>年龄段</Trans>, render: (l) => t`${l.ageRange}岁` },
    { key: 'dosage', header: <Trans>每人用量</Trans>, render: (l) => <span data-testid="allocation-line-dosage">{grams(l.before)} → <span className={s.changed}>{grams(l.after)}</span></span> },
    { key: 'cost', header: <Trans>每人成本</Trans>, render: (l) => `${money(l.costBefore)} → ${money(l.costAfter)}` },
  ];

  const picked = lines.filter((l) => checked.has(lineKey(l)));
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface className={s.surface} data-testid="allocation-dialog">
        <DialogBody>
          <DialogTitle>{t`${settings.label}：第 ${week + 1} 周`}</DialogTitle>
          <DialogContent className={s.body}>
            {(proposal?.tip ?? settings.tip) && <Text size={200}>{proposal?.tip ?? settings.tip}</Text>}
            <div className={s.row}>
              {settings.modes.length > 1 && (
                <Field label={<Trans>配餐方式</Trans>}>
                  <RadioGroup layout="horizontal" value={mode} onChange={(_, d) => setMode(d.value as typeof mode)} data-testid="allocation-mode">
                    <Radio value="personal" label={t`按年龄段分别配餐`} />
                    <Radio value="people" label={t`各年龄段同一用量`} />
                  </RadioGroup>
                </Field>
              )}
              <Field label={<Trans>达标要求</Trans>}>
                <RadioGroup layout="horizontal" value={level} onChange={(_, d) => setLevel(d.value as 'day' | 'week')} data-testid="allocation-level">
                  <Radio value="week" label={t`按周平均达标`} />
                  <Radio value="day" label={t`每天达标`} />
                </RadioGroup>
              </Field>
            </div>
            {propose.isPending && <Spinner label={t`正在计算最省钱的达标用量…`} />}
            {propose.error && <MessageBar intent="error"><MessageBarBody>{errorText(propose.error)}</MessageBarBody></MessageBar>}
            {accept.error && <MessageBar intent="error" data-testid="allocation-accept-error"><MessageBarBody>{errorText(accept.error)}</MessageBarBody></MessageBar>}
            {proposal && !propose.isPending && (
              <>
                <div className={s.groups} data-testid="allocation-groups">
                  {proposal.groups.map((g) => (
                    <div key={g.ageRange} className={s.group} data-testid={`allocation-group-${g.ageRange}`} data-status={g.status}>
                      <Text weight="semibold">{t`${g.ageRange}岁（${g.people}人）`}</Text>
                      <Text data-testid="allocation-score">
                        <Trans>评分</Trans>{' '}{g.scoreBefore ?? '-'} → {g.scoreAfter ?? '-'}{' '}
                        {g.passAfter !== null && <Badge color={g.passAfter ? 'success' : 'danger'}>{g.passAfter ? t`达标` : t`未达标`}</Badge>}
                      </Text>
                      <Text size={200}>{t`不达标指标 ${g.failingBefore} → ${g.failingAfter}`}</Text>
                      <Text data-testid="allocation-cost">{t`每人成本 ${money(g.costBefore)} → ${money(g.costAfter)}`}</Text>
                      <Text size={200}>{t`全部就餐人数 ${money(g.totalCostBefore)} → ${money(g.totalCostAfter)}`}</Text>
                      {g.status !== 'optimal' && g.unmet.length === 0 && <Text size={200} data-testid="allocation-reason">{g.reason}</Text>}
                    </div>
                  ))}
                </div>
                {proposal.groups.some((g) => g.unmet.length > 0) && (
                  <MessageBar intent="warning" data-testid="allocation-unmet">
                    <MessageBarBody>
                      <Text weight="semibold"><Trans>现有菜品无论如何调整用量都不能使以下指标达标：</Trans></Text>
                      <ul className={s.unmet}>
                        {proposal.groups.flatMap((g) => g.unmet).map((u, i) => (
                          <li key={i} data-testid="allocation-unmet-item" data-reachable={u.reachable ? '1' : '0'}>
                            {unmetText(u)}
                            {u.suggestions.length > 0 && <> — {t`可加入：${u.suggestions.map((x) => x.name).join('、')}`}</>}
                          </li>
                        ))}
                      </ul>
                    </MessageBarBody>
                  </MessageBar>
                )}
                {proposal.unpricedFoods.length > 0 && (
                  <Text size={200} data-testid="allocation-unpriced">{t`以下食材没有可用的供应商价格，成本按 0 计：${proposal.unpricedFoods.map((f) => f.name).join('、')}`}</Text>
                )}
                {proposal.feasible && (
                  <>
                    <div className={s.row}>
                      <Text>{t`需调整 ${lines.length} 项用量，已选 ${picked.length} 项`}</Text>
                      <Button size="small" onClick={() => setChecked(new Set(lines.map(lineKey)))} data-testid="allocation-check-all"><Trans>全选</Trans></Button>
                      <Button size="small" onClick={() => setChecked(new Set())} data-testid="allocation-check-none"><Trans>全不选</Trans></Button>
                    </div>
                    <DataTable rows={lines} columns={columns} rowKey={lineKey} testId="allocation-lines" />
                  </>
                )}
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} data-testid="allocation-cancel"><Trans>不接受</Trans></Button>
            <Button disabled={!proposal?.feasible || picked.length === 0 || accept.isPending} onClick={() => accept.mutate(picked)} data-testid="allocation-accept-some">
              <Trans>接受所选</Trans>
            </Button>
            <Button appearance="primary" disabled={!proposal?.feasible || lines.length === 0 || accept.isPending} onClick={() => accept.mutate(lines)} data-testid="allocation-accept-all">
              <Trans>全部接受</Trans>
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** The lines whose dosage the proposal changes (the others have nothing to accept). */
function changedLines(p: AllocationProposal): AllocationLine[] {
  return p.lines.filter((l) => Math.abs(l.after - l.before) >= 0.05);
}
