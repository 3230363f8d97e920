import { useState } from 'react';
import {
  Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Divider, Dropdown, Field, Input, Option,
  makeStyles, tokens,
} from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BUILT_IN_EXCEL_TEMPLATE, TEMPLATE_LIMITS, weekTable, type ExcelLayout } from '../../../../domain/recipeSharing.ts';
import type { RecipeCycleDetail } from '../../../../services/recipeCycles.ts';
import {
  createExcelTemplate, deleteExcelTemplate, excelTemplatesQuery, recipeSharingKeys, updateExcelTemplate, type RecipeExcelTemplate,
} from '../../../../services/recipeSharing.ts';
import { downloadFile } from '../../../components/excel/sheet.ts';
import { writeTitledSheet } from '../../../components/excel/titledSheet.ts';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { MEAL_LABELS, WEEKDAY_LABELS } from './labels.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap' },
});

/**
 * Export a week of the cycle to Excel in a chosen template (issue 9, §7 exceltpl): the built-in template or one
 * of the org's; editors add and remove the org's templates here. The file is written in the browser (exceljs,
 * loaded with this screen's chunk only when a file is written).
 */
export function ExportWeekDialog({ cycle, week, weekDays, dishName, onClose }: {
  cycle: RecipeCycleDetail; week: number; weekDays: number[][]; dishName: (id: string) => string; onClose: () => void;
}) {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const qc = useQueryClient();
  const { orgApp, ready } = useOrgQueryKey();
  const orgId = ready ? orgApp?.orgId : undefined;
  const templates = useQuery(excelTemplatesQuery(orgId));
  const [templateId, setTemplateId] = useState(BUILT_IN_EXCEL_TEMPLATE.id);
  const [chosenWeek, setChosenWeek] = useState(week);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // a new template (no id) or a change of one of the org's (its id and the version read)
  const [draft, setDraft] = useState<{ id?: string; version?: number; name: string; layout: ExcelLayout; title: string; showDosage: boolean; showWeekend: boolean } | null>(null);

  const rows = templates.data?.rows ?? [];
  const chosen: RecipeExcelTemplate | undefined = rows.find((r) => r.id === templateId) ?? rows[0];
  const create = useMutation({
    mutationFn: ({ id, version, ...fields }: NonNullable<typeof draft>) => (id ? updateExcelTemplate(id, { ...fields, version }) : createExcelTemplate(fields)),
    onSuccess: (tpl) => { setDraft(null); setTemplateId(tpl.id); void qc.invalidateQueries({ queryKey: recipeSharingKeys.templates(orgId) }); },
    onError: (e) => setError(errorText(e)),
  });
  const remove = useMutation({
    mutationFn: (tpl: RecipeExcelTemplate) => deleteExcelTemplate(tpl.id, tpl.version),
    onSuccess: () => { setTemplateId(BUILT_IN_EXCEL_TEMPLATE.id); void qc.invalidateQueries({ queryKey: recipeSharingKeys.templates(orgId) }); },
    onError: (e) => setError(errorText(e)),
  });
  const layoutLabel = (l: ExcelLayout) => (l === 'mealRows' ? t`餐次为行、日期为列` : t`日期为行、餐次为列`);

  async function exportWeek() {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      const table = weekTable({
        cycle, days: weekDays[chosenWeek] ?? [], mealCodes: cycle.mealCodes, cells: cycle.cells, dishName, template: chosen,
        labels: { weekdays: WEEKDAY_LABELS.map((m) => i18n._(m)), meal: (m) => (MEAL_LABELS[m] ? i18n._(MEAL_LABELS[m]) : String(m)), corner: t`餐次`, grams: 'g' },
      });
      const data = await writeTitledSheet(table.title, table.rows, t`第 ${chosenWeek + 1} 周`);
      downloadFile(data, `${cycle.name}-${t`第 ${chosenWeek + 1} 周`}.xlsx`);
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle><Trans>导出 Excel</Trans></DialogTitle>
          <DialogContent className={s.form}>
            <Field label={<Trans>导出哪一周</Trans>}>
              <Dropdown value={t`第 ${chosenWeek + 1} 周`} selectedOptions={[String(chosenWeek)]} onOptionSelect={(_, d) => setChosenWeek(Number(d.optionValue))} data-testid="export-week">
                {weekDays.map((_, w) => <Option key={w} value={String(w)}>{t`第 ${w + 1} 周`}</Option>)}
              </Dropdown>
            </Field>
            <div className={s.row}>
              <Field label={<Trans>Excel 模板</Trans>} style={{ flexGrow: 1 }}>
                <Dropdown value={chosen?.name ?? ''} selectedOptions={chosen ? [chosen.id] : []} onOptionSelect={(_, d) => setTemplateId(d.optionValue ?? BUILT_IN_EXCEL_TEMPLATE.id)} data-testid="export-template">
                  {rows.map((r) => <Option key={r.id} value={r.id} text={r.name}>{`${r.name}（${layoutLabel(r.layout)}）`}</Option>)}
                </Dropdown>
              </Field>
              {templates.data?.mayEdit && chosen && !chosen.builtIn && !draft && (
                <Button icon={<EditRegular />} data-testid="export-template-edit"
                  onClick={() => setDraft({ id: chosen.id, version: chosen.version, name: chosen.name, layout: chosen.layout, title: chosen.title, showDosage: chosen.showDosage, showWeekend: chosen.showWeekend })}>
                  <Trans>修改模板</Trans>
                </Button>
              )}
              {templates.data?.mayEdit && chosen && !chosen.builtIn && (
                <Button icon={<DeleteRegular />} disabled={remove.isPending} onClick={() => remove.mutate(chosen)} data-testid="export-template-delete"><Trans>删除模板</Trans></Button>
              )}
              {templates.data?.mayEdit && !draft && (
                <Button onClick={() => setDraft({ name: '', layout: 'dayRows', title: '', showDosage: true, showWeekend: false })} data-testid="export-template-new"><Trans>新建模板</Trans></Button>
              )}
            </div>
            {draft && (
              <>
                <Divider />
                <Field label={<Trans>模板名称</Trans>} required>
                  <Input value={draft.name} maxLength={TEMPLATE_LIMITS.nameMax} onChange={(_, d) => setDraft({ ...draft, name: d.value })} data-testid="template-name" />
                </Field>
                <Field label={<Trans>表格版式</Trans>}>
                  <Dropdown value={layoutLabel(draft.layout)} selectedOptions={[draft.layout]} onOptionSelect={(_, d) => setDraft({ ...draft, layout: (d.optionValue ?? 'dayRows') as ExcelLayout })} data-testid="template-layout">
                    <Option value="mealRows">{layoutLabel('mealRows')}</Option>
                    <Option value="dayRows">{layoutLabel('dayRows')}</Option>
                  </Dropdown>
                </Field>
                <Field label={<Trans>表头标题（空：食谱名称）</Trans>}>
                  <Input value={draft.title} maxLength={TEMPLATE_LIMITS.titleMax} onChange={(_, d) => setDraft({ ...draft, title: d.value })} data-testid="template-title" />
                </Field>
                <Checkbox checked={draft.showDosage} onChange={(_, d) => setDraft({ ...draft, showDosage: Boolean(d.checked) })} label={t`显示各年龄段用量`} data-testid="template-dosage" />
                <Checkbox checked={draft.showWeekend} onChange={(_, d) => setDraft({ ...draft, showWeekend: Boolean(d.checked) })} label={t`总是包含周末`} />
                <div className={s.row}>
                  <Button onClick={() => setDraft(null)}><Trans>取消新建</Trans></Button>
                  <Button appearance="primary" disabled={create.isPending} onClick={() => { setError(null); create.mutate(draft); }} data-testid="template-save"><Trans>保存模板</Trans></Button>
                </div>
              </>
            )}
            {error && <Field validationState="error" validationMessage={error} data-testid="export-error" />}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={busy || !chosen} onClick={() => void exportWeek()} data-testid="export-save"><Trans>导出</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
