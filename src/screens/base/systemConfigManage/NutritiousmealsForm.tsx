// §3 nutritiousmeals: the recipe user limit, recipes without products, monthly prices, and the §9 semesters.
import { useState } from 'react';
import { Button, Field, Input, Switch, Text } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { defaultSemesters, schoolYearDates, schoolYearOf, semesterConfigOf, validateSemesters, type SemesterConfig, type SemesterName } from '../../../../domain/semester.ts';
import { dayOf } from '../../../../domain/priceCycle.ts';
import { SaveBar, type SaveState } from './SaveBar.tsx';
import { useFormStyles } from './formStyles.ts';
import { errorText, useConfigSaved, type ConfigPathsEdit } from './settingsQueries.ts';

type Flags = 'mallRecipeUserLimiteEnable' | 'recipeNotCreateProduct' | 'priceIsEffectiveOnMonthly';

export function NutritiousmealsForm({ edit, canEdit }: { edit: ConfigPathsEdit<'nutritiousmeals'>; canEdit: boolean }) {
  const value = edit.values.nutritiousmeals;
  const styles = useFormStyles();
  const { t } = useLingui();
  const saved = useConfigSaved();
  const stored = (value && typeof value === 'object' ? value : {}) as Record<string, unknown> & { semester?: Record<string, unknown> };
  const [flags, setFlags] = useState<Record<Flags, boolean>>({
    mallRecipeUserLimiteEnable: Boolean(stored.mallRecipeUserLimiteEnable),
    recipeNotCreateProduct: Boolean(stored.recipeNotCreateProduct),
    priceIsEffectiveOnMonthly: Boolean(stored.priceIsEffectiveOnMonthly),
  });
  const [semester, setSemester] = useState<SemesterConfig>(semesterConfigOf(stored.semester));
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const year = typeof stored.semester?.year === 'number' ? stored.semester.year : schoolYearOf(dayOf(new Date()), semester);
  const errors = validateSemesters(semester);
  const dates = errors.length ? null : schoolYearDates(semester, year);

  const labels: Record<Flags, string> = {
    mallRecipeUserLimiteEnable: t`限制食谱使用次数 (mallRecipeUserLimiteEnable)`,
    recipeNotCreateProduct: t`食谱不生成商品 (recipeNotCreateProduct)`,
    priceIsEffectiveOnMonthly: t`价格按月生效 (priceIsEffectiveOnMonthly)`,
  };
  const names: Record<SemesterName, string> = { first: t`第一学期`, second: t`第二学期` };
  const setRange = (name: SemesterName, part: 'start' | 'end', v: string) => setSemester((s) => ({ ...s, [name]: { ...s[name], [part]: v } }));

  const save = async () => {
    setState({ kind: 'saving' });
    try {
      await edit.save('nutritiousmeals', { ...stored, ...flags, semester: { ...(stored.semester ?? {}), ...semester } });
      setState({ kind: 'saved' });
      saved();
    } catch (e) {
      setState({ kind: 'error', message: errorText(e) });
    }
  };

  return (
    <div className={styles.form}>
      {(Object.keys(labels) as Flags[]).map((k) => (
        <Switch key={k} label={labels[k]} checked={flags[k]} disabled={!canEdit} onChange={(_, d) => setFlags((f) => ({ ...f, [k]: d.checked }))} data-testid={`nm-${k}`} />
      ))}
      <div className={styles.section}>
        <Text weight="semibold"><Trans>学期（MM-DD，默认第一学期 09-01 至 01-31，第二学期 02-01 至 08-31）</Trans></Text>
        {(['first', 'second'] as const).map((name) => (
          <div key={name} className={styles.row}>
            <Field label={`${names[name]} · ${t`开始`}`}>
              <Input value={semester[name].start} disabled={!canEdit} onChange={(_, d) => setRange(name, 'start', d.value)} placeholder="MM-DD" data-testid={`semester-${name}-start`} />
            </Field>
            <Field label={`${names[name]} · ${t`结束`}`}>
              <Input value={semester[name].end} disabled={!canEdit} onChange={(_, d) => setRange(name, 'end', d.value)} placeholder="MM-DD" data-testid={`semester-${name}-end`} />
            </Field>
            {dates && <Text className={styles.hint}>{dates[name].start} ~ {dates[name].end}</Text>}
          </div>
        ))}
        {errors.map((e) => <Text key={e} style={{ color: 'var(--colorPaletteRedForeground1)' }}>{e}</Text>)}
        {canEdit && <div><Button size="small" onClick={() => setSemester(defaultSemesters())} data-testid="semester-defaults"><Trans>恢复默认学期</Trans></Button></div>}
      </div>
      {canEdit && <SaveBar state={state} disabled={errors.length > 0} onSave={save} testId="nutritiousmeals" />}
    </div>
  );
}
