// mallRecipeCycleLabelSet (issue 10): food labels of a day of a recipe cycle. The dietitian picks a cycle, a day,
// a meal and an age group (whose cycle dosage is the portion), one label per dish or one for the whole meal, and a
// label size; the labels carry the org's configured fields (§3, edited in 系统信息配置), the GB 28050 nutrient
// table per 100 g and per portion, the salt line and a QR code of the public trace page. They print from the
// browser (print CSS: one label per page of the label's size) and download as a PDF. The QR code opens the trace page
// through the org's short link of it (issue 35: a short code prints as a smaller, sturdier QR, and its visits count);
// where no link can be had, the trace page's full address.
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, Checkbox, Dropdown, Field, MessageBar, MessageBarBody, Option, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, PrintRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { recipeCycleQuery, recipeCyclesQuery, type RecipeCycleDetail } from '../../../../services/recipeCycles.ts';
import { foodLabelConfigQuery } from '../../../../services/settings.ts';
import { labelDishesQuery, type LabelDish } from '../../../../services/foodLabels.ts';
import { dateOfDay } from '../../../../domain/recipeCycle.ts';
import {
  GB28050, formatDeclared, labelLines, nutritionTable, packageLabelFood, scaleLabelFood, type LabelFood, type LabelRowKey,
} from '../../../../domain/nutritionLabel.ts';
import type { FoodLabelConfig } from '../../../../domain/foodLabel.ts';
import type { NutrientKey } from '../../../../domain/nutrition.ts';
import { tracePath } from '../../../../domain/traceRoute.ts';
import { ensureShortLinks, shortLinkUrl } from '../../../../services/shortLinks.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { MEAL_LABELS } from '../mallRecipeCycleManage/labels.ts';
import { useNutrientKeyName } from '../shared/nutritionTexts.ts';
import { useFoodLabelTexts } from '../../../components/foodLabelTexts.ts';
import { LABEL_SIZES, labelSize, layoutLabel, type LabelContent, type LabelLayout } from './labelLayout.ts';
import { canvasMeasure, LabelSvg } from './LabelSvg.tsx';
import { download, labelsPdf } from './labelPdf.ts';

const useStyles = makeStyles({
  pickers: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'flex-end' },
  dishes: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  preview: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap', alignItems: 'flex-start' },
  sheet: { boxShadow: tokens.shadow8, border: `1px solid ${tokens.colorNeutralStroke2}`, maxWidth: '100%' },
});

type Mode = 'dish' | 'meal';

interface Label { key: string; title: string; layout: LabelLayout; qr: string }

/** The label food of a cycle dish at an age group's dosage (the dish's own portion where the cell names none). */
function servedFood(dish: LabelDish, dosage: number | undefined): LabelFood {
  const food = { ...dish, incomplete: dish.incomplete as LabelFood['incomplete'] };
  if (!dosage || !dish.portionGrams || dosage === dish.portionGrams) return food;
  return scaleLabelFood(food, dosage / dish.portionGrams);
}

/** Print CSS: only the labels, one per page of the label's size (no orientation keyword: Chromium ignores such a size). */
const printCss = (w: number, h: number) => `
.food-label-print { display: none; }
@media print {
  @page { size: ${w}mm ${h}mm; margin: 0; }
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body > *:not(.food-label-print) { display: none !important; }
  .food-label-print { display: block; }
  .food-label-page { width: ${w}mm; height: ${h}mm; overflow: hidden; break-after: page; page-break-after: always; }
  .food-label-page:last-child { break-after: auto; page-break-after: auto; }
}`;

export default function MallRecipeCycleLabelSetPage() {
  const styles = useStyles();
  const { t, i18n } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const orgId = ready ? orgApp?.orgId : undefined;
  const [cycleId, setCycleId] = useState('');
  const [day, setDay] = useState<number | null>(null);
  const [meal, setMeal] = useState<number | null>(null);
  const [ageRange, setAgeRange] = useState('');
  const [mode, setMode] = useState<Mode>('dish');
  const [unchecked, setUnchecked] = useState<Set<string>>(new Set());
  const [sizeKey, setSizeKey] = useState<string>(LABEL_SIZES[0].key);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const printRef = useRef<HTMLDivElement>(null);
  const nutrientName = useNutrientKeyName();
  const { text: labelText, words } = useFoodLabelTexts();

  const cycles = useQuery(recipeCyclesQuery(orgId, { $limit: 100 }));
  const cycleRows = cycles.data?.rows ?? [];
  const chosenCycle = cycleId || cycleRows[0]?.id || '';
  const detail = useQuery({ ...recipeCycleQuery(orgId, chosenCycle), enabled: Boolean(orgId && chosenCycle) });
  const config = useQuery(foodLabelConfigQuery(orgId, orgApp?.appId));
  const cycle: RecipeCycleDetail | undefined = detail.data?.id === chosenCycle ? detail.data : undefined;

  // the days with dishes, the meals of the chosen day, the dishes of the chosen meal
  const days = useMemo(() => [...new Set((cycle?.cells ?? []).filter((c) => c.dishes.length).map((c) => c.day))].sort((a, b) => a - b), [cycle]);
  const chosenDay = day !== null && days.includes(day) ? day : days[0] ?? null;
  const meals = useMemo(() => (cycle?.cells ?? []).filter((c) => c.day === chosenDay && c.dishes.length).map((c) => c.mealCode).sort((a, b) => a - b), [cycle, chosenDay]);
  const chosenMeal = meal !== null && meals.includes(meal) ? meal : meals.includes(3) ? 3 : meals[0] ?? null;
  const cell = cycle?.cells.find((c) => c.day === chosenDay && c.mealCode === chosenMeal);
  const ages = cycle?.ageGroups.map((a) => a.ageRange) ?? [];
  const chosenAge: string = (ages as string[]).includes(ageRange) ? ageRange : ages[0] ?? '';
  const cellIds = useMemo(() => cell?.dishes.map((d) => d.dishId) ?? [], [cell]);
  const dishes = useQuery(labelDishesQuery(orgId, cellIds));
  // the trace pages the labels open: one per dish, or one for the whole meal
  const traceTargets = useMemo(() => {
    const have = new Set(dishes.data?.dishes.map((d) => d.id) ?? []);
    const ids = (cell?.dishes ?? []).map((d) => d.dishId).filter((id) => have.has(id) && !unchecked.has(id));
    if (!orgId || !ids.length) return [];
    const page = window.location.pathname;
    return mode === 'meal' ? [`${page}#${tracePath(orgId, ids)}`] : ids.map((id) => `${page}#${tracePath(orgId, [id])}`);
  }, [dishes.data, cell, unchecked, orgId, mode]);
  const shortLinks = useQuery({
    queryKey: ['shortLinks', orgId, 'ensure', traceTargets],
    queryFn: () => ensureShortLinks(traceTargets.map((target) => ({ target, title: t`食品标签` }))),
    enabled: traceTargets.length > 0,
    staleTime: Infinity,
    retry: false,
  });
  const shortOf = useMemo(() => new Map((shortLinks.data?.rows ?? []).map((r) => [r.target, shortLinkUrl(r.code)])), [shortLinks.data]);
  const size = labelSize(sizeKey);
  const date = cycle && chosenDay !== null ? dateOfDay(cycle.startDate, chosenDay) : '';
  // the meal's name as the label prints it, in the console's language (issue 28)
  const mealName = chosenMeal === null ? '' : MEAL_LABELS[chosenMeal] ? i18n._(MEAL_LABELS[chosenMeal]) : String(chosenMeal);

  useEffect(() => setUnchecked(new Set()), [chosenCycle, chosenDay, chosenMeal]);

  const labels: Label[] = useMemo(() => {
    const data = dishes.data;
    const cfg: FoodLabelConfig | undefined = config.data;
    if (!data || !cfg || !cell || !orgId) return [];
    const byId = new Map(data.dishes.map((d) => [d.id, d]));
    const chosen = cell.dishes.filter((d) => byId.has(d.dishId) && !unchecked.has(d.dishId));
    const served = chosen.map((d) => ({ id: d.dishId, food: servedFood(byId.get(d.dishId)!, d.dosages[chosenAge]) }));
    const saltLine = (grams: string, tip: string) => (tip ? t`每份折合食盐 ${grams}g（${tip}）` : t`每份折合食盐 ${grams}g`);
    const header = { name: t`项目`, per100g: t`每100克`, perPortion: t`每份`, nrv: 'NRV%' };
    // the two nutrients GB 28050-2025 adds are not in the nutrient catalogue (foods.json lacks them)
    const extraNames: Record<string, string> = { saturatedFat: t`饱和脂肪`, sugars: t`糖` };
    const nameOf = (key: LabelRowKey) => extraNames[key] ?? nutrientName(key as NutrientKey);
    const base = `${window.location.origin}${window.location.pathname}#`;
    const one = (key: string, food: LabelFood, ids: string[], scene: 'menu' | 'recipe'): Label => {
      const lines = labelLines(cfg, food, { scene, day: date, mealName, dishNames: served.map((s) => s.food.name), orgName: data.orgName, words });
      const title = lines.find((l) => l.field === 'foodName')?.text ?? food.name;
      const table = nutritionTable(food, GB28050, { panel: cfg.panel });
      const tipText = cfg.saltConversionTip.enabled && cfg.saltConversionTip.text ? labelText(cfg.saltConversionTip.text) : '';
      const content: LabelContent = {
        title,
        lines: lines.filter((l) => l.field !== 'foodName').map(({ label, text }) => t`${label}：${text}`),
        header: { ...header, perPortion: table.portionGrams === null ? header.perPortion : t`每份${table.portionGrams}克` },
        rows: table.rows.map((r) => ({
          name: nameOf(r.key),
          per100g: `${formatDeclared(r.per100g, r.decimals)}${r.unit}`,
          perPortion: `${formatDeclared(r.perPortion, r.decimals)}${r.unit}${r.incomplete ? '*' : ''}`,
          nrv: r.nrvPercent === null ? '—' : `${r.nrvPercent}%`,
        })),
        salt: [
          table.saltPerPortion === null ? null : saltLine(table.saltPerPortion.toFixed(1), tipText),
          // GB 28050-2025: the line under the table
          table.advisory === 'saltOilSugar' ? t`儿童青少年应避免过量摄入盐油糖` : null,
        ].filter((x) => x !== null).join(' ') || null,
        qr: shortOf.get(`${window.location.pathname}#${tracePath(orgId, ids)}`) ?? `${base}${tracePath(orgId, ids)}`,
      };
      // a narrow header falls back to 每份 where the grams do not fit the column
      let layout = layoutLabel(content, size, canvasMeasure);
      if (layout.dropped > 0 && content.header.perPortion !== header.perPortion) layout = layoutLabel({ ...content, header }, size, canvasMeasure);
      return { key, title, layout, qr: content.qr };
    };
    if (mode === 'meal') {
      if (!served.length) return [];
      const food = packageLabelFood(`${date} ${mealName}`, served.map((s) => s.food));
      return [one(`meal-${chosenDay}-${chosenMeal}`, food, served.map((s) => s.id), 'recipe')];
    }
    return served.map((s) => one(s.id, s.food, [s.id], 'menu'));
  }, [dishes.data, config.data, cell, orgId, unchecked, chosenAge, t, date, mealName, mode, size, chosenDay, chosenMeal, nutrientName, labelText, words, shortOf]);

  async function savePdf() {
    const svgs = [...(printRef.current?.querySelectorAll('svg[data-testid="food-label-print"]') ?? [])] as SVGSVGElement[];
    if (!svgs.length) return;
    setBusy(true);
    setError(null);
    try {
      download(await labelsPdf(svgs, size, t`食品标签 ${date} ${mealName}`), `food-labels-${date}-${chosenMeal}-${size.key}.pdf`);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const loadError = cycles.error ?? detail.error ?? config.error ?? dishes.error;
  const dayText = (d: number) => (cycle ? `${dateOfDay(cycle.startDate, d)} ${words.weekday(dateOfDay(cycle.startDate, d))}` : String(d));

  return (
    <ScreenFrame
      testId="food-label-screen"
      title={<Trans>食品标签</Trans>}
      error={error ?? (loadError ? errorText(loadError) : null)}
      loading={cycles.isPending}
      actions={
        <>
          <Button icon={<PrintRegular />} appearance="primary" disabled={!labels.length || shortLinks.isFetching} onClick={() => window.print()} data-testid="label-print">
            <Trans>打印</Trans>
          </Button>
          <Button icon={<ArrowDownloadRegular />} disabled={!labels.length || busy || shortLinks.isFetching} onClick={() => void savePdf()} data-testid="label-pdf">
            <Trans>下载PDF</Trans>
          </Button>
        </>
      }
    >
      <div className={styles.pickers}>
        <Field label={t`周食谱`}>
          <Dropdown
            data-testid="label-cycle"
            value={cycleRows.find((c) => c.id === chosenCycle)?.name ?? ''}
            selectedOptions={chosenCycle ? [chosenCycle] : []}
            onOptionSelect={(_, d) => { if (d.optionValue) { setCycleId(d.optionValue); setDay(null); setMeal(null); } }}
          >
            {cycleRows.map((c) => <Option key={c.id} value={c.id} text={c.name}>{`${c.name}（${c.startDate}）`}</Option>)}
          </Dropdown>
        </Field>
        <Field label={t`日期`}>
          <Dropdown
            data-testid="label-day"
            value={chosenDay === null ? '' : dayText(chosenDay)}
            selectedOptions={chosenDay === null ? [] : [String(chosenDay)]}
            onOptionSelect={(_, d) => { if (d.optionValue) { setDay(Number(d.optionValue)); setMeal(null); } }}
          >
            {days.map((d) => <Option key={d} value={String(d)} text={dayText(d)}>{dayText(d)}</Option>)}
          </Dropdown>
        </Field>
        <Field label={t`餐次`}>
          <Dropdown
            data-testid="label-meal"
            value={chosenMeal === null ? '' : i18n._(MEAL_LABELS[chosenMeal] ?? { id: String(chosenMeal) })}
            selectedOptions={chosenMeal === null ? [] : [String(chosenMeal)]}
            onOptionSelect={(_, d) => d.optionValue && setMeal(Number(d.optionValue))}
          >
            {meals.map((m) => <Option key={m} value={String(m)} text={i18n._(MEAL_LABELS[m])}>{i18n._(MEAL_LABELS[m])}</Option>)}
          </Dropdown>
        </Field>
        <Field label={t`年龄段（份量）`}>
          <Dropdown data-testid="label-age" value={chosenAge} selectedOptions={chosenAge ? [chosenAge] : []} onOptionSelect={(_, d) => d.optionValue && setAgeRange(d.optionValue)}>
            {ages.map((a) => <Option key={a} value={a} text={a}>{t`${a}岁`}</Option>)}
          </Dropdown>
        </Field>
        <Field label={t`标签尺寸`}>
          <Dropdown data-testid="label-size" value={`${size.w}×${size.h} mm`} selectedOptions={[size.key]} onOptionSelect={(_, d) => d.optionValue && setSizeKey(d.optionValue)}>
            {LABEL_SIZES.map((s) => <Option key={s.key} value={s.key} text={`${s.w}×${s.h} mm`}>{`${s.w}×${s.h} mm`}</Option>)}
          </Dropdown>
        </Field>
        <Field label={t`打印方式`}>
          <RadioGroup layout="horizontal" value={mode} onChange={(_, d) => setMode(d.value as Mode)} data-testid="label-mode">
            <Radio value="dish" label={t`每道菜一张`} />
            <Radio value="meal" label={t`整餐一张（套餐）`} />
          </RadioGroup>
        </Field>
      </div>
      {cell && dishes.data && (
        <div className={styles.dishes} data-testid="label-dishes">
          {cell.dishes.map((d) => {
            const found = dishes.data.dishes.find((x) => x.id === d.dishId);
            return (
              <Checkbox
                key={d.dishId}
                label={found?.name ?? d.dishId}
                disabled={!found}
                checked={Boolean(found) && !unchecked.has(d.dishId)}
                onChange={(_, v) => setUnchecked((s) => { const n = new Set(s); if (v.checked) n.delete(d.dishId); else n.add(d.dishId); return n; })}
              />
            );
          })}
        </div>
      )}
      {cycle && !days.length && <MessageBar intent="info"><MessageBarBody><Trans>这个周食谱还没有安排菜品。</Trans></MessageBarBody></MessageBar>}
      {labels.some((l) => l.layout.dropped > 0) && (
        <MessageBar intent="warning" data-testid="label-overflow"><MessageBarBody><Trans>标签尺寸太小，部分字段未能打印，请选择更大的尺寸或在系统信息配置中关闭部分字段。</Trans></MessageBarBody></MessageBar>
      )}
      <div className={styles.preview} data-testid="label-preview">
        {labels.map((l) => (
          <div key={l.key} className={styles.sheet}>
            <LabelSvg layout={l.layout} qr={l.qr} scale={1.5} testId="food-label" title={l.title} fluid />
          </div>
        ))}
      </div>
      {createPortal(
        <div className="food-label-print" ref={printRef} data-testid="label-print-root">
          <style>{printCss(size.w, size.h)}</style>
          {labels.map((l) => (
            <div key={l.key} className="food-label-page">
              <LabelSvg layout={l.layout} qr={l.qr} testId="food-label-print" title={l.title} />
            </div>
          ))}
        </div>,
        document.body,
      )}
    </ScreenFrame>
  );
}
