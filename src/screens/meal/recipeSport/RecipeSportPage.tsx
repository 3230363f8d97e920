// §2 运动处方 (issue 35, §3 groups EnergyDemandFormula and sportPAL): an exercise prescription for a class of students.
// The dietitian gives the class (ages, the boys' and girls' average weights, the share of girls), a basal formula, the
// class's everyday activity level and its weekly sessions from the MET table; the class's daily energy need
// (domain/energyDemand.ts) is shown as it is typed. Saved, the prescription is stored on the class's custom recipe
// people group (new or existing; PUT /v5/mall/recipe/people/sport) and the server sets the group's energy target from
// it; choosing the group again reloads its prescription. The recipe nutrition analysis judges a cycle's energy against
// that group's target when the group is chosen there, so a sports class is judged by what it burns.
// Formulas (§3 EnergyDemandFormula): WHO/FAO/UNU 1985 (WHO TRS 724, Table 5) and Schofield 1985 (Hum Nutr Clin Nutr 39
// Suppl 1:5-41), weight-only, by sex and age band; docs/exercise-prescriptions.md gives the figures and sources.
import { NumberInput } from '../../../components/NumberInput.tsx';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Button, Dropdown, Field, Input, makeStyles, MessageBar, MessageBarBody, Option, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { prescribeSport, recipePeopleQuery, recipeSettingKeys, type RecipePeople } from '../../../../services/recipeSettings.ts';
import {
  basalKcal, classEnergyKcal, ENERGY_DEMAND_FORMULAS, ENERGY_LIMITS, SPORT_PAL, type EnergyDemandFormula, type PalLevel, type PrescribedActivity,
} from '../../../../domain/energyDemand.ts';
import { MET_ACTIVITIES, metActivity } from '../../../../domain/sportMet.ts';
import { agesOf } from '../../../../domain/aggregates/recipePeople.ts';
import type { SportPrescription } from '../../../../domain/sportPrescription.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { errorText } from '../shared/errors.ts';

const FORMULA_LABELS: Record<EnergyDemandFormula['id'], MessageDescriptor> = {
  who1985: msg`WHO/FAO/UNU 1985（按体重）`,
  schofield1985: msg`Schofield 1985（按体重）`,
};
const PAL_LABELS: Record<PalLevel, MessageDescriptor> = { light: msg`轻体力活动`, moderate: msg`中体力活动`, vigorous: msg`重体力活动` };
const ACTIVITY_LABELS: Record<string, MessageDescriptor> = {
  walkingModerate: msg`步行（中速）`, jogging: msg`慢跑`, running10minMile: msg`跑步（约 9.7 km/h）`, basketballGame: msg`篮球比赛`,
  basketballGeneral: msg`篮球练习`, soccerCasual: msg`足球（一般）`, soccerCompetitive: msg`足球比赛`, swimmingLapsModerate: msg`游泳（自由泳，中等强度）`,
  ropeSkippingModerate: msg`跳绳（中速）`, badminton: msg`羽毛球`, tableTennis: msg`乒乓球`, volleyball: msg`排球（非比赛）`,
  calisthenicsModerate: msg`徒手操（中等强度）`, bicyclingLeisure: msg`骑自行车（休闲）`,
};

const useStyles = makeStyles({
  grid: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  small: { width: '110px' },
  result: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS },
  target: { fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightSemibold },
  cite: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, maxWidth: '900px' },
});

interface Row { activityId: string; minutes: string; sessions: string }

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));
const NEW_GROUP = '';

/** The text fields' state as NumberInput's value: empty is no number. */
const numberOrNull = (text: string | number): number | null => (text === '' || !Number.isFinite(Number(text)) ? null : Number(text));

export default function RecipeSportPage() {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const fmt = useIntlFormat();
  const orgId = useCurrentOrgApp()?.orgId;
  const qc = useQueryClient();
  const people = useQuery(recipePeopleQuery(orgId));
  const custom = (people.data?.rows ?? []).filter((p) => p.custom);

  const [name, setName] = useState(t`运动队`);
  const [minAge, setMinAge] = useState('12');
  const [maxAge, setMaxAge] = useState('14');
  const [boys, setBoys] = useState('45');
  const [girls, setGirls] = useState('43');
  const [girlsShare, setGirlsShare] = useState('50');
  const [formulaId, setFormulaId] = useState<EnergyDemandFormula['id']>('who1985');
  const [pal, setPal] = useState<PalLevel>('light');
  const [rows, setRows] = useState<Row[]>([{ activityId: 'basketballGame', minutes: '60', sessions: '3' }]);
  const [groupId, setGroupId] = useState(NEW_GROUP);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ name: string; energyKcal: number } | null>(null);

  /** The inputs of a stored prescription, or only the group's ages when it has none. */
  const load = (g: RecipePeople) => {
    const p = g.sportPrescription;
    if (!p) { const a = agesOf(g.ageRange); setMinAge(String(a.minAge)); setMaxAge(String(a.maxAge)); return; }
    setMinAge(String(p.minAge)); setMaxAge(String(p.maxAge)); setBoys(String(p.boysWeightKg)); setGirls(String(p.girlsWeightKg));
    setGirlsShare(String(p.girlsSharePct)); setFormulaId(p.formulaId); setPal(p.pal);
    setRows(p.activities.map((a) => ({ activityId: a.activityId, minutes: String(a.minutesPerSession), sessions: String(a.sessionsPerWeek) })));
  };
  // on opening, the class last given a prescription is shown with it (the dietitian may pick another, or a new one)
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !people.data) return;
    opened.current = true;
    const prescribed = people.data.rows.filter((p) => p.custom && p.sportPrescription);
    const last = prescribed[prescribed.length - 1];
    if (last) { setGroupId(last.peopleId); load(last); }
  }, [people.data]);

  const formula = ENERGY_DEMAND_FORMULAS.find((f) => f.id === formulaId)!;
  const ages = { min: num(minAge), max: num(maxAge) };
  const agesOk = ages.min >= ENERGY_LIMITS.ageMin && ages.max <= ENERGY_LIMITS.ageMax && ages.min <= ages.max;
  const age = (ages.min + ages.max) / 2;
  const activities: PrescribedActivity[] | null = useMemo(() => {
    const out: PrescribedActivity[] = [];
    for (const r of rows) {
      const activity = metActivity(r.activityId);
      const minutes = num(r.minutes);
      const sessions = num(r.sessions);
      if (!activity || !(minutes >= 0 && minutes <= ENERGY_LIMITS.minutesMax) || !(sessions >= 0 && sessions <= ENERGY_LIMITS.sessionsMax)) return null;
      out.push({ activity, minutesPerSession: minutes, sessionsPerWeek: sessions });
    }
    return out;
  }, [rows]);
  const share = num(girlsShare) / 100;
  const result = agesOk && activities && share >= 0 && share <= 1
    ? classEnergyKcal({ formula, ageYears: age, boysWeightKg: num(boys), girlsWeightKg: num(girls), girlsShare: share, pal: SPORT_PAL[pal], activities })
    : null;
  const bmr = (sex: 'male' | 'female', w: string) => (agesOk ? basalKcal(formula, sex, age, num(w)) : null);
  const kcal = (v: number | null) => (v === null ? '—' : t`${fmt.number(Math.round(v))} 千卡/天`);
  const chosenGroup = custom.find((p) => p.peopleId === groupId);

  async function apply() {
    if (!result?.target || !activities) return;
    setError(null);
    setSaved(null);
    const prescription: SportPrescription = {
      formulaId, pal, minAge: ages.min, maxAge: ages.max, boysWeightKg: num(boys), girlsWeightKg: num(girls), girlsSharePct: num(girlsShare),
      activities: activities.map((a) => ({ activityId: a.activity.id, minutesPerSession: a.minutesPerSession, sessionsPerWeek: a.sessionsPerWeek })),
    };
    try {
      const group = await prescribeSport(chosenGroup ? { peopleId: chosenGroup.peopleId, prescription } : { name: name.trim(), prescription });
      setGroupId(group.peopleId);
      setSaved({ name: group.name, energyKcal: group.energyKcal });
      await qc.invalidateQueries({ queryKey: recipeSettingKeys.people(orgId) });
    } catch (e) {
      setError(errorText(e));
    }
  }

  return (
    <ScreenFrame testId="recipe-sport-screen" title={<Trans>运动处方</Trans>} error={error ?? (people.error ? errorText(people.error) : null)}>
      <Text as="h2" size={500} weight="semibold"><Trans>班级</Trans></Text>
      <div className={s.grid}>
        <Field label={t`最小年龄`}><NumberInput className={s.small} value={numberOrNull(minAge)} onChange={(v) => setMinAge(v === null ? '' : String(v))} data-testid="sport-min-age" /></Field>
        <Field label={t`最大年龄`}><NumberInput className={s.small} value={numberOrNull(maxAge)} onChange={(v) => setMaxAge(v === null ? '' : String(v))} data-testid="sport-max-age" /></Field>
        <Field label={t`男生平均体重（kg）`}><NumberInput className={s.small} value={numberOrNull(boys)} onChange={(v) => setBoys(v === null ? '' : String(v))} data-testid="sport-boys" /></Field>
        <Field label={t`女生平均体重（kg）`}><NumberInput className={s.small} value={numberOrNull(girls)} onChange={(v) => setGirls(v === null ? '' : String(v))} data-testid="sport-girls" /></Field>
        <Field label={t`女生占比（%）`}><NumberInput className={s.small} value={numberOrNull(girlsShare)} onChange={(v) => setGirlsShare(v === null ? '' : String(v))} data-testid="sport-share" /></Field>
        <Field label={t`基础代谢公式`}>
          <Dropdown value={i18n._(FORMULA_LABELS[formulaId])} selectedOptions={[formulaId]} onOptionSelect={(_, d) => d.optionValue && setFormulaId(d.optionValue as EnergyDemandFormula['id'])} data-testid="sport-formula">
            {ENERGY_DEMAND_FORMULAS.map((f) => <Option key={f.id} value={f.id}>{i18n._(FORMULA_LABELS[f.id])}</Option>)}
          </Dropdown>
        </Field>
        <Field label={t`日常身体活动水平（PAL）`}>
          <Dropdown value={`${i18n._(PAL_LABELS[pal])} ${SPORT_PAL[pal]}`} selectedOptions={[pal]} onOptionSelect={(_, d) => d.optionValue && setPal(d.optionValue as PalLevel)} data-testid="sport-pal">
            {(Object.keys(SPORT_PAL) as PalLevel[]).map((k) => <Option key={k} value={k} text={`${i18n._(PAL_LABELS[k])} ${SPORT_PAL[k]}`}>{`${i18n._(PAL_LABELS[k])} ${SPORT_PAL[k]}`}</Option>)}
          </Dropdown>
        </Field>
      </div>

      <Text as="h2" size={500} weight="semibold"><Trans>每周运动</Trans></Text>
      <Table size="small" aria-label={t`每周运动`} data-testid="sport-activities">
        <TableHeader>
          <TableRow>
            <TableHeaderCell><Trans>运动项目</Trans></TableHeaderCell>
            <TableHeaderCell>MET</TableHeaderCell>
            <TableHeaderCell><Trans>每次（分钟）</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>每周次数</Trans></TableHeaderCell>
            <TableHeaderCell />
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r, i) => {
            const set = (change: Partial<Row>) => setRows(rows.map((x, j) => (j === i ? { ...x, ...change } : x)));
            const a = metActivity(r.activityId);
            return (
              <TableRow key={i}>
                <TableCell>
                  <Dropdown value={a ? i18n._(ACTIVITY_LABELS[a.id]!) : ''} selectedOptions={[r.activityId]} onOptionSelect={(_, d) => d.optionValue && set({ activityId: d.optionValue })} aria-label={t`运动项目`}>
                    {MET_ACTIVITIES.map((m) => <Option key={m.id} value={m.id} text={i18n._(ACTIVITY_LABELS[m.id]!)}>{`${i18n._(ACTIVITY_LABELS[m.id]!)} · ${m.met} MET`}</Option>)}
                  </Dropdown>
                </TableCell>
                <TableCell>{a ? `${a.met}（${a.code}）` : '—'}</TableCell>
                <TableCell><NumberInput className={s.small} value={numberOrNull(r.minutes)} onChange={(v) => set({ minutes: v === null ? '' : String(v) })} aria-label={t`每次（分钟）`} data-testid="sport-minutes" /></TableCell>
                <TableCell><NumberInput className={s.small} value={numberOrNull(r.sessions)} onChange={(v) => set({ sessions: v === null ? '' : String(v) })} aria-label={t`每周次数`} data-testid="sport-sessions" /></TableCell>
                <TableCell><Button icon={<DeleteRegular />} aria-label={t`删除`} onClick={() => setRows(rows.filter((_, j) => j !== i))} /></TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <div><Button icon={<AddRegular />} onClick={() => setRows([...rows, { activityId: 'jogging', minutes: '30', sessions: '2' }])}><Trans>添加运动</Trans></Button></div>

      <Text as="h2" size={500} weight="semibold"><Trans>能量需要</Trans></Text>
      <div className={s.result} data-testid="sport-result">
        <Text><Trans>男生基础代谢</Trans></Text><Text>{kcal(bmr('male', boys))}</Text>
        <Text><Trans>女生基础代谢</Trans></Text><Text>{kcal(bmr('female', girls))}</Text>
        <Text><Trans>男生每日能量</Trans></Text><Text>{kcal(result?.male ?? null)}</Text>
        <Text><Trans>女生每日能量</Trans></Text><Text>{kcal(result?.female ?? null)}</Text>
        <Text><Trans>班级能量目标</Trans></Text><Text className={s.target} data-testid="sport-target">{kcal(result?.target ?? null)}</Text>
      </div>
      {!result?.target && (
        <MessageBar intent="warning"><MessageBarBody>
          <Trans>请检查年龄（{ENERGY_LIMITS.ageMin}-{ENERGY_LIMITS.ageMax} 岁）、体重（{ENERGY_LIMITS.weightMin}-{ENERGY_LIMITS.weightMax} kg）、女生占比和运动时长。</Trans>
        </MessageBarBody></MessageBar>
      )}

      <Text as="h2" size={500} weight="semibold"><Trans>用于食谱</Trans></Text>
      <div className={s.grid}>
        <Field label={t`食谱人群`}>
          <Dropdown
            value={chosenGroup ? `${chosenGroup.name}（${chosenGroup.ageRange}）` : t`新建人群`} selectedOptions={[groupId]} data-testid="sport-group"
            onOptionSelect={(_, d) => {
              setGroupId(d.optionValue ?? NEW_GROUP);
              setSaved(null);
              const g = custom.find((p) => p.peopleId === d.optionValue);
              if (g) load(g);
            }}
          >
            <Option value={NEW_GROUP} text={t`新建人群`}>{t`新建人群`}</Option>
            {custom.map((p) => <Option key={p.peopleId} value={p.peopleId} text={p.name}>{`${p.name}（${p.ageRange}，${p.energyKcal} kcal）`}</Option>)}
          </Dropdown>
        </Field>
        {!chosenGroup && <Field label={t`人群名称`}><Input value={name} maxLength={30} onChange={(_, d) => setName(d.value)} data-testid="sport-name" /></Field>}
        <Button appearance="primary" disabled={!result?.target || (!chosenGroup && !name.trim())} onClick={() => void apply()} data-testid="sport-apply">
          {chosenGroup ? <Trans>保存处方并更新该人群的能量目标</Trans> : <Trans>保存处方并新建人群</Trans>}
        </Button>
      </div>
      {saved && (
        <MessageBar intent="success" data-testid="sport-saved"><MessageBarBody>
          <Trans>已保存「{saved.name}」的运动处方，能量目标为 {fmt.number(saved.energyKcal)} 千卡/天：在食谱营养分析中选择该人群，即按此目标评价能量。</Trans>
        </MessageBarBody></MessageBar>
      )}
      <Text className={s.cite}>
        <Trans>
          每日能量 = 基础代谢 × PAL + 每周运动的额外消耗 ÷ 7，额外消耗 = (MET − 1) × 体重 × 小时。基础代谢公式（能量需要公式组）只用两个按性别、年龄段、体重计算的公式：FAO/WHO/UNU (1985) WHO 技术报告丛书 724 表 5；Schofield WN (1985) Hum Nutr Clin Nutr 39 Suppl 1:5-41（kJ，按 4.184 换算为千卡）。PAL（活动水平组）：FAO/WHO/UNU (2004) 人体能量需要，表 4.2（取各区间中值 1.55、1.85、2.2）。MET：Ainsworth BE 等 (2011) 身体活动纲要（Compendium of Physical Activities），括号内为其编码。
        </Trans>
      </Text>
    </ScreenFrame>
  );
}
