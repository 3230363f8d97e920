// §2 mallRecipeReport (issue 10): weeks of recipe cycles compared side by side — of this school and of the other
// schools the user belongs to in the same app — by their WS/T 554 scores and key nutrients (% of target) for one
// age group, as a chart and a table; exported to Excel (power recipeReportExport) and printed with print CSS.
// Every figure is the server's cycle analysis (GET /v5/mall/recipe/cycle/{id}/analysis, the average day of a week).
import { lazy, Suspense, useState } from 'react';
import {
  Button, Dropdown, Field, makeStaticStyles, makeStyles, Option, Spinner, Text, tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular, DeleteRegular, PrintRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { AGE_RANGES, PAGE } from '../../../../domain/constants.ts';
import { powerKey } from '../../../../domain/powerKey.ts';
import { roundHalfUp } from '../../../../domain/numberInput.ts';
import { nutrientEntry } from '../../../../domain/nutrientCatalogue.ts';
import { TARGET_NUTRIENTS } from '../../../../domain/nutritionStandards.ts';
import type { OrgApp } from '../../../../domain/types.ts';
import { useCurrentOrgApp, useOrgAppActor } from '../../../app/hooks.ts';
import { usePermission } from '../../../components/Can.tsx';
import { downloadFile, writeWorkbook } from '../../../components/excel/sheet.ts';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { errorText } from '../shared/errors.ts';
import { useNutrientName } from '../shared/nutrients.tsx';
import { ageGroupLabel } from '../shared/nutritionLabels.ts';
import { fetchSchoolCycleAnalysis, fetchSchoolCycles, userOrgAppsQuery, type AnalysisData } from '../shared/nutritionApi.ts';
import { nutritionKeys } from '../../../../services/nutrition.ts';
import { recipeCycleKeys } from '../../../../services/recipeCycles.ts';
import { BAND_COLORS } from '../shared/nutritionAnalysis/analysisModel.ts';
import type { ReportSeries } from '../shared/nutritionAnalysis/AnalysisCharts.tsx';

const ReportChart = lazy(() => import('../shared/nutritionAnalysis/AnalysisCharts.tsx').then((m) => ({ default: m.ReportChart })));

/** server/modules/permissions/powers.ts POWER_NODES.recipeReportExport */
const EXPORT_POWER = powerKey({ groupName: 'mallRecipeReport_power', parentId: 'mallRecipeReport', moduleId: 'recipeReportExport' });

// Printing: only the report, from the page's top-left, without the shell around it or the controls; a table row never
// splits. Everything that neither holds the report nor is in it goes; the shell boxes holding it lose their layout.
const usePrintStyles = makeStaticStyles(`
@media print {
  body *:not(:has([data-print-root])):not([data-print-root]):not([data-print-root] *) { display: none !important; }
  body *:has([data-print-root]) {
    display: block !important; position: static !important; margin: 0 !important; padding: 0 !important; border: 0 !important;
    width: auto !important; height: auto !important; min-height: 0 !important; overflow: visible !important; box-shadow: none !important;
  }
  [data-print-hide] { display: none !important; }
  [data-print-root] tr { break-inside: avoid; }
  @page { size: A4 landscape; margin: 12mm; }
}
`);

const useStyles = makeStyles({
  sources: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  source: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap' },
  pick: { minWidth: 'min(240px, 100%)' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  printTitle: { display: 'none', '@media print': { display: 'block' } },
});

interface Source { id: number; orgAppId: string; cycleId: string }
interface WeekColumn { key: string; label: string; analysis: AnalysisData }
interface Metric { key: string; label: string; value: (a: AnalysisData) => number | string | null }

const SCORE_SERIES: { key: 'total' | 'variety' | 'category' | 'nutrient'; color: string }[] = [
  { key: 'total', color: '#0f6cbd' }, { key: 'variety', color: '#8764b8' }, { key: 'category', color: '#038387' }, { key: 'nutrient', color: BAND_COLORS.ok },
];
const round = (p: number | null) => (p === null ? null : Math.round(p));

let nextSourceId = 1;

export default function MallRecipeReportPage() {
  usePrintStyles();
  const s = useStyles();
  const { t, i18n } = useLingui();
  const name = useNutrientName();
  const current = useCurrentOrgApp();
  const held = useSelector(useOrgAppActor(), (st) => st.context.orgApps);
  const fetched = useQuery(userOrgAppsQuery(Boolean(current) && held.length === 0));
  const orgApps = held.length ? held : fetched.data ?? [];
  // the schools to compare: the org-apps of this app the user belongs to (the current one with its key)
  const schools: OrgApp[] = current
    ? [current, ...orgApps.filter((o) => o.appId === current.appId && o.id !== current.id && !o.disabled)]
    : [];
  const canExport = usePermission(EXPORT_POWER);
  const [ageGroup, setAgeGroup] = useState('9-11');
  const [sources, setSources] = useState<Source[]>(() => [{ id: 0, orgAppId: '', cycleId: '' }]);
  const [exportError, setExportError] = useState<string | null>(null);

  const schoolOf = (src: Source) => schools.find((o) => o.id === src.orgAppId) ?? schools[0];
  const cycleLists = useQueries({
    queries: sources.map((src) => {
      const o = schoolOf(src);
      return {
        queryKey: recipeCycleKeys.list(o?.orgId, { $limit: PAGE.recipeList }),
        queryFn: () => fetchSchoolCycles(o!),
        enabled: Boolean(o),
      };
    }),
  });
  // a source without a chosen cycle reads the school's first published cycle with dishes, else its first with dishes
  const cycleOf = (src: Source, i: number) => {
    const rows = cycleLists[i]?.data?.rows ?? [];
    return rows.find((c) => c.id === src.cycleId) ?? rows.find((c) => c.status === 'published' && c.cellCount > 0) ?? rows.find((c) => c.cellCount > 0) ?? null;
  };
  const analyses = useQueries({
    queries: sources.map((src, i) => {
      const o = schoolOf(src);
      const cycle = cycleOf(src, i);
      return {
        queryKey: nutritionKeys.cycle(o?.orgId, cycle?.id ?? '', { ageGroup }),
        queryFn: () => fetchSchoolCycleAnalysis(o!, cycle!.id, ageGroup),
        enabled: Boolean(o && cycle && cycle.ageGroups.some((g) => g.ageRange === ageGroup)),
      };
    }),
  });

  const weeks: WeekColumn[] = sources.flatMap((src, i) => {
    const o = schoolOf(src);
    const group = analyses[i]?.data?.ageGroups.find((g) => g.ageGroup === ageGroup);
    if (!o || !group) return [];
    return group.weeks.flatMap((w) => (w.analysis
      ? [{ key: `${src.id}-${w.week}`, label: t`${o.orgName} 第 ${w.week + 1} 周（${w.startDate}）`, analysis: w.analysis }]
      : []));
  });

  const metrics: Metric[] = [
    { key: 'total', label: t`总分`, value: (a) => roundHalfUp(a.scores.total, 1) },
    { key: 'pass', label: t`是否达标`, value: (a) => (a.pass ? t`达标` : t`未达标`) },
    { key: 'variety', label: t`食物多样性得分`, value: (a) => roundHalfUp(a.scores.variety, 1) },
    { key: 'category', label: t`食物种类得分`, value: (a) => roundHalfUp(a.scores.category, 1) },
    { key: 'nutrient', label: t`营养素得分`, value: (a) => roundHalfUp(a.scores.nutrient, 1) },
    { key: 'energyKcal', label: t`${name(nutrientEntry('energyKcal'))} 占目标 %`, value: (a) => round(a.energy.percent) },
    ...TARGET_NUTRIENTS.filter((k) => k !== 'energyKcal').map((k): Metric => ({
      key: k, label: t`${name(nutrientEntry(k))} 占目标 %`, value: (a) => round(a.nutrients.find((n) => n.key === k)?.percent ?? null),
    })),
    ...(['fat', 'cho'] as const).map((k): Metric => ({
      key: `${k}Ratio`, label: t`${name(nutrientEntry(k))} 供能比 %`, value: (a) => round(a.energyRatios.find((r) => r.key === k)?.percent ?? null),
    })),
  ];
  const cell = (v: number | string | null) => (v === null ? '—' : String(v));
  const columns: Column<Metric>[] = [
    { key: 'metric', header: <Trans>指标</Trans>, render: (m) => m.label },
    ...weeks.map((w): Column<Metric> => ({ key: w.key, header: w.label, render: (m) => <span data-testid={`report-cell-${m.key}`}>{cell(m.value(w.analysis))}</span> })),
  ];
  const seriesLabels: Record<(typeof SCORE_SERIES)[number]['key'], string> = { total: t`总分`, variety: t`食物多样性得分`, category: t`食物种类得分`, nutrient: t`营养素得分` };
  const series: ReportSeries[] = SCORE_SERIES.map((x) => ({ key: x.key, legend: seriesLabels[x.key], color: x.color }));

  const exportExcel = async () => {
    setExportError(null);
    try {
      const data = await writeWorkbook([t`指标`, ...weeks.map((w) => w.label)], metrics.map((m) => [m.label, ...weeks.map((w) => m.value(w.analysis))]), t`食谱报表`);
      downloadFile(data, t`食谱报表-${ageGroup}.xlsx`);
    } catch (e) {
      setExportError(errorText(e));
    }
  };

  const loading = cycleLists.some((q) => q.isLoading) || analyses.some((q) => q.isFetching && !q.data);
  const failure = [...cycleLists, ...analyses].find((q) => q.error)?.error;

  return (
    <div data-print-root>
      <ScreenFrame
        title={<Trans>食谱报表</Trans>} testId="screen-mallRecipeReport" error={exportError ?? (failure ? errorText(failure) : null)}
        actions={(
          <div className={s.actions} data-print-hide>
            {canExport && (
              <Button icon={<ArrowDownloadRegular />} disabled={!weeks.length} onClick={() => void exportExcel()} data-testid="report-export"><Trans>导出 Excel</Trans></Button>
            )}
            <Button icon={<PrintRegular />} disabled={!weeks.length} onClick={() => window.print()} data-testid="report-print"><Trans>打印</Trans></Button>
          </div>
        )}
        toolbar={(
          <div data-print-hide className={s.actions}>
            <Field label={<Trans>年龄段</Trans>}>
              <Dropdown value={ageGroupLabel(i18n, ageGroup)} selectedOptions={[ageGroup]} onOptionSelect={(_, d) => setAgeGroup(d.optionValue ?? '9-11')} data-testid="report-age">
                {AGE_RANGES.map((a) => <Option key={a} value={a}>{ageGroupLabel(i18n, a)}</Option>)}
              </Dropdown>
            </Field>
          </div>
        )}
      >
        <div className={s.sources} data-print-hide>
          {sources.map((src, i) => {
            const o = schoolOf(src);
            const rows = cycleLists[i]?.data?.rows ?? [];
            const cycle = cycleOf(src, i);
            return (
              <div key={src.id} className={s.source} data-testid="report-source">
                <Field label={<Trans>学校</Trans>} className={s.pick}>
                  <Dropdown value={o?.orgName ?? ''} selectedOptions={o ? [o.id] : []} data-testid="report-school"
                    onOptionSelect={(_, d) => setSources((ss) => ss.map((x) => (x.id === src.id ? { ...x, orgAppId: d.optionValue ?? '', cycleId: '' } : x)))}>
                    {schools.map((x) => <Option key={x.id} value={x.id}>{x.orgName}</Option>)}
                  </Dropdown>
                </Field>
                <Field label={<Trans>周食谱</Trans>} className={s.pick}>
                  <Dropdown value={cycle?.name ?? ''} placeholder={t`无周食谱`} selectedOptions={cycle ? [cycle.id] : []} data-testid="report-cycle"
                    onOptionSelect={(_, d) => setSources((ss) => ss.map((x) => (x.id === src.id ? { ...x, cycleId: d.optionValue ?? '' } : x)))}>
                    {rows.map((c) => <Option key={c.id} value={c.id} text={c.name}>{`${c.name}（${c.startDate} ~ ${c.endDate}）`}</Option>)}
                  </Dropdown>
                </Field>
                {cycle && !cycle.ageGroups.some((g) => g.ageRange === ageGroup) && <Text size={200}><Trans>该食谱不含所选年龄段</Trans></Text>}
                {sources.length > 1 && (
                  <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t`移除对比项`} onClick={() => setSources((ss) => ss.filter((x) => x.id !== src.id))} />
                )}
              </div>
            );
          })}
          <div>
            <Button icon={<AddRegular />} onClick={() => setSources((ss) => [...ss, { id: nextSourceId++, orgAppId: schools[ss.length % Math.max(1, schools.length)]?.id ?? '', cycleId: '' }])} data-testid="report-add">
              <Trans>添加对比</Trans>
            </Button>
          </div>
        </div>
        <Text className={s.printTitle}>{ageGroupLabel(i18n, ageGroup)}</Text>
        {loading && <Spinner size="small" label={<Trans>加载中</Trans>} />}
        {!loading && !weeks.length && <Text data-testid="report-empty"><Trans>没有可对比的周：请选择含所选年龄段且已排菜的周食谱</Trans></Text>}
        {weeks.length > 0 && (
          <Suspense fallback={<Spinner size="small" label={<Trans>图表加载中</Trans>} />}>
            <ReportChart title={t`各周得分`} series={series} groups={weeks.map((w) => ({ label: w.label, values: Object.fromEntries(Object.entries(w.analysis.scores).map(([k, v]) => [k, roundHalfUp(v, 1)])) }))} />
          </Suspense>
        )}
        {weeks.length > 0 && <DataTable rows={metrics} columns={columns} rowKey={(m) => m.key} testId="report-table" />}
      </ScreenFrame>
    </div>
  );
}
