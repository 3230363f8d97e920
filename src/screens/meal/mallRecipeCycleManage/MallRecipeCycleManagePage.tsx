import { useEffect, useRef, useState } from 'react';
import {
  Badge, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Input, Option, makeStyles, tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, OpenRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AGE_RANGES, MEAL_PATTERN_CODES } from '../../../../domain/constants.ts';
import { firstOfNextMonth, nextMonday } from '../shared/recipeCycle/dates.ts';
import { RECIPE_CYCLE_STATUSES, RECIPE_LIMITS, canDelete, mealsOfPattern, type CycleOption, type RecipeCycleStatus } from '../../../../domain/recipeCycle.ts';
import {
  createRecipeCycle, deleteRecipeCycle, recipeCycleKeys, recipeCyclesQuery, type RecipeCycleInput, type RecipeCycleQuery, type RecipeCycleRow,
} from '../../../../services/recipeCycles.ts';
import { recipePeopleQuery } from '../../../../services/recipeSettings.ts';
import { specsQuery } from '../../../../services/mall/catalogue.ts';
import { NEW_CYCLE_PEOPLE_FALLBACK, newCyclePeople, recipeSettingsOf } from '../../../../domain/recipeSettings.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { Pager } from '../shared/Pager.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { CycleEditor } from './CycleEditor.tsx';
import { MEAL_LABELS, PATTERN_LABELS, STATUS_COLORS, STATUS_LABELS } from './labels.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { useLeaveRecord, useUrlState } from '../../../components/useUrlState.ts';
import { useDiscardGuard } from '../../../components/useDiscardGuard.tsx';
import { DateInput } from '../../../components/DateInput.tsx';

const PAGE_SIZE = 20;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // four age groups in a row where they fit, else two: a 1fr column is never narrower than its input's own
  // 20-character width, so four of them ran past the dialog and 15-17岁 hid behind a scroll bar (issue 28)
  people: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(96px, 1fr))', gap: tokens.spacingHorizontalS },
  person: { minWidth: 0, '& .fui-Input': { minWidth: 0, width: '100%' } },
});


/**
 * mallRecipeCycleManage (issue 9): the org's weekly recipe cycles (semester and status filters), a new cycle, and
 * one cycle open in the week grid. What the viewer may do comes from the server's answer (abilities).
 */
export default function MallRecipeCycleManagePage() {
  const { t, i18n } = useLingui();
  const fmt = useIntlFormat();
  const { orgApp, ready } = useOrgQueryKey();
  const orgId = ready ? orgApp?.orgId : undefined;
  const qc = useQueryClient();
  // issue 28: the filters, the page and the open cycle live in the URL: Back from a cycle returns to the list as it
  // was, a reload reopens the same cycle, a tab switch comes back to either
  const [view, setView] = useUrlState({ semester: '', status: '', page: 0, cycle: '' });
  const semester = view.semester === 'first' || view.semester === 'second' ? view.semester : '';
  const status = (RECIPE_CYCLE_STATUSES as readonly string[]).includes(view.status) ? view.status as RecipeCycleStatus : '';
  const { page } = view;
  const openId = view.cycle || null;
  const setOpenId = (id: string) => setView({ cycle: id }, { push: true });
  const leaveCycle = useLeaveRecord(setView);
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<RecipeCycleRow | null>(null);
  const [error, setError] = useState<string | null>(null);

  const query: RecipeCycleQuery = { ...(semester && { semester }), ...(status && { status }), $limit: PAGE_SIZE, $skip: page * PAGE_SIZE };
  const list = useQuery({ ...recipeCyclesQuery(orgId, query), placeholderData: keepPreviousData });
  const remove = useMutation({
    mutationFn: (c: RecipeCycleRow) => deleteRecipeCycle(c.id, c.version),
    onSuccess: () => { setRemoving(null); setError(null); void qc.invalidateQueries({ queryKey: recipeCycleKeys.all }); },
    onError: (e) => { setRemoving(null); setError(errorText(e)); },
  });

  if (openId) return <CycleEditor key={openId} id={openId} onBack={() => leaveCycle({ cycle: '' })} onOpen={setOpenId} />;

  const abilities = list.data?.abilities;
  const columns: Column<RecipeCycleRow>[] = [
    { key: 'name', header: <Trans>食谱名称</Trans>, render: (c) => <span data-testid="recipe-row-name">{c.name}</span> },
    { key: 'dates', header: <Trans>周期</Trans>, render: (c) => fmt.dateRange(c.startDate, c.endDate), width: '200px' },
    { key: 'pattern', header: <Trans>餐次模式</Trans>, render: (c) => (PATTERN_LABELS[c.mealPattern] ? i18n._(PATTERN_LABELS[c.mealPattern]) : String(c.mealPattern)), width: '96px' },
    {
      key: 'status', header: <Trans>状态</Trans>, width: '88px',
      render: (c) => <Badge appearance="tint" color={STATUS_COLORS[c.status]} data-testid="recipe-row-status">{i18n._(STATUS_LABELS[c.status])}</Badge>,
    },
    { key: 'cells', header: <Trans>已排餐次</Trans>, render: (c) => c.cellCount, width: '80px' },
    { key: 'author', header: <Trans>创建人</Trans>, render: (c) => c.createdByName, width: '96px' },
    {
      key: 'actions', header: <Trans>操作</Trans>, width: '160px',
      render: (c) => (
        <>
          <Button size="small" appearance="subtle" icon={<OpenRegular />} onClick={() => setOpenId(c.id)} data-testid="recipe-open"><Trans>打开</Trans></Button>
          {abilities?.edit && canDelete(c.status) && (
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setRemoving(c)} data-testid="recipe-delete"><Trans>删除</Trans></Button>
          )}
        </>
      ),
    },
  ];
  const range = (which: 'first' | 'second') => (list.data ? `${list.data.semesters[which].start} ~ ${list.data.semesters[which].end}` : '');

  return (
    <ScreenFrame
      title={<Trans>周食谱管理</Trans>} testId="screen-mallRecipeCycleManage" loading={list.isLoading}
      error={error ?? (list.error ? errorText(list.error) : null)}
      actions={abilities?.create ? <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)} data-testid="recipe-create"><Trans>新建周食谱</Trans></Button> : undefined}
      toolbar={(
        <>
          <Field label={<Trans>学期</Trans>}>
            <Dropdown
              value={semester === 'first' ? t`第一学期（${range('first')}）` : semester === 'second' ? t`第二学期（${range('second')}）` : t`全部`}
              selectedOptions={[semester]} onOptionSelect={(_, d) => setView({ semester: d.optionValue ?? '', page: 0 })} data-testid="recipe-semester-filter"
            >
              <Option value="">{t`全部`}</Option>
              <Option value="first">{t`第一学期（${range('first')}）`}</Option>
              <Option value="second">{t`第二学期（${range('second')}）`}</Option>
            </Dropdown>
          </Field>
          <Field label={<Trans>状态</Trans>}>
            <Dropdown value={status ? i18n._(STATUS_LABELS[status]) : t`全部`} selectedOptions={[status]} data-testid="recipe-status-filter"
              onOptionSelect={(_, d) => setView({ status: d.optionValue ?? '', page: 0 })}>
              <Option value="">{t`全部`}</Option>
              {RECIPE_CYCLE_STATUSES.map((st) => <Option key={st} value={st}>{i18n._(STATUS_LABELS[st])}</Option>)}
            </Dropdown>
          </Field>
        </>
      )}
    >
      <DataTable rows={list.data?.rows ?? []} columns={columns} rowKey={(c) => c.id} testId="recipe-table" />
      <Pager page={page} size={PAGE_SIZE} count={list.data?.count ?? 0} onPage={(p) => setView({ page: p })} />
      {creating && <CreateCycleDialog onClose={() => setCreating(false)} onCreated={(id) => { setCreating(false); setOpenId(id); }} />}
      <ConfirmDialog open={removing !== null} title={<Trans>删除周食谱</Trans>} busy={remove.isPending} onCancel={() => setRemoving(null)} onConfirm={() => removing && remove.mutate(removing)}>
        <Trans>确定删除周食谱「{removing?.name}」吗？</Trans>
      </ConfirmDialog>
    </ScreenFrame>
  );
}

function CreateCycleDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [cycleOption, setCycleOption] = useState<CycleOption>('week');
  const [startDate, setStartDate] = useState(nextMonday());
  const [weeks, setWeeks] = useState('4');
  const [pattern, setPattern] = useState<number>(MEAL_PATTERN_CODES['两餐']);
  const [people, setPeople] = useState<Record<string, string>>({ ...NEW_CYCLE_PEOPLE_FALLBACK });
  const [error, setError] = useState<string | null>(null);
  // the recipe settings (issue 9): default people groups and the meals-people count fill the groups once, until typed over
  const { orgApp, ready } = useOrgQueryKey();
  const groups = useQuery({ ...recipePeopleQuery(orgApp?.orgId), enabled: ready });
  const specs = useQuery({ ...specsQuery(orgApp?.orgId, orgApp?.appId, ''), enabled: ready });
  const typed = useRef(false);
  useEffect(() => {
    if (typed.current || !groups.data || !specs.data) return;
    setPeople(newCyclePeople(groups.data.rows, recipeSettingsOf(specs.data.rows).mealsPeople, AGE_RANGES));
  }, [groups.data, specs.data]);
  const create = useMutation({
    mutationFn: (body: RecipeCycleInput) => createRecipeCycle(body),
    onSuccess: (c) => { void qc.invalidateQueries({ queryKey: recipeCycleKeys.all }); onCreated(c.id); },
    onError: (e) => setError(errorText(e)),
  });
  const submit = () => {
    const ageGroups = AGE_RANGES.filter((r) => people[r].trim() !== '').map((r) => ({ ageRange: r, people: Number(people[r]) }));
    if (ageGroups.some((g) => !Number.isInteger(g.people) || g.people < 0)) {
      setError(t`就餐人数须为不小于 0 的整数`);
      return;
    }
    create.mutate({ name, startDate, cycleOption, ...(cycleOption === 'week' && { weeks: Number(weeks) }), mealPattern: pattern, ageGroups });
  };
  // issue 28: Esc or a click outside asks before the typed name and numbers are lost
  const guard = useDiscardGuard({ onClose });
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) guard.requestClose(); }}>
      <DialogSurface onInput={guard.onInput} data-testid="recipe-new-dialog">
        <DialogBody>
          <DialogTitle><Trans>新建周食谱</Trans></DialogTitle>
          <DialogContent className={s.form}>
            <Field label={<Trans>食谱名称</Trans>} required>
              <Input value={name} maxLength={RECIPE_LIMITS.nameMax} onChange={(_, d) => setName(d.value)} data-testid="recipe-new-name" />
            </Field>
            <Field label={<Trans>周期</Trans>}>
              {/* §9 cycle options: a week cycle runs whole weeks from a Monday, a month cycle the days of one month from the 1st */}
              <Dropdown value={cycleOption === 'week' ? t`按周` : t`按月`} selectedOptions={[cycleOption]} data-testid="recipe-new-option"
                onOptionSelect={(_, d) => {
                  const next = (d.optionValue ?? 'week') as CycleOption;
                  setCycleOption(next);
                  setStartDate(next === 'month' ? firstOfNextMonth() : nextMonday());
                }}>
                <Option value="week">{t`按周`}</Option>
                <Option value="month">{t`按月`}</Option>
              </Dropdown>
            </Field>
            <Field label={cycleOption === 'month' ? <Trans>开始日期（每月 1 日）</Trans> : <Trans>开始日期（星期一）</Trans>} required>
              <DateInput value={startDate} onChange={(_, d) => setStartDate(d.value)} data-testid="recipe-new-start" />
            </Field>
            {cycleOption === 'week' && (
              <Field label={<Trans>周数</Trans>}>
                <NumberInput min={1} max={RECIPE_LIMITS.weeksMax} precision={0} value={weeks === '' ? null : Number(weeks)} onChange={(v) => setWeeks(v === null ? '' : String(v))} data-testid="recipe-new-weeks" />
              </Field>
            )}
            <Field label={<Trans>餐次模式</Trans>}>
              <Dropdown value={`${i18n._(PATTERN_LABELS[pattern])}（${mealsOfPattern(pattern).map((m) => i18n._(MEAL_LABELS[m])).join('、')}）`}
                selectedOptions={[String(pattern)]} onOptionSelect={(_, d) => setPattern(Number(d.optionValue))} data-testid="recipe-new-pattern">
                {Object.values(MEAL_PATTERN_CODES).map((code) => (
                  <Option key={code} value={String(code)} text={i18n._(PATTERN_LABELS[code])}>
                    {`${i18n._(PATTERN_LABELS[code])}（${mealsOfPattern(code).map((m) => i18n._(MEAL_LABELS[m])).join('、')}）`}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label={<Trans>各年龄段就餐人数（空：不含该年龄段）</Trans>}>
              <div className={s.people}>
                {AGE_RANGES.map((r) => (
                  <Field key={r} label={t`${r}岁`} className={s.person}>
                    <NumberInput min={0} precision={0} value={people[r].trim() === '' ? null : Number(people[r])} onChange={(v) => { typed.current = true; setPeople((p) => ({ ...p, [r]: v === null ? '' : String(v) })); }} data-testid={`recipe-new-people-${r}`} />
                  </Field>
                ))}
              </div>
            </Field>
            {error && <Field validationState="error" validationMessage={error} data-testid="recipe-new-error" />}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={create.isPending} onClick={submit} data-testid="recipe-new-save"><Trans>创建</Trans></Button>
          </DialogActions>
        </DialogBody>
        {guard.confirm}
      </DialogSurface>
    </Dialog>
  );
}
