import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Badge, Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Input, makeStyles,
  Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, MessageBar, MessageBarBody, Option, Spinner, Tab, TabList, Text, Textarea, tokens,
} from '@fluentui/react-components';
import {
  AddRegular, ArrowDownloadRegular, ArrowLeftRegular, ArrowUndoRegular, CopyRegular, DocumentCopyRegular, HistoryRegular, SparkleRegular,
} from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { DISH_CATEGORY_GROUP } from '../../../../domain/aggregates/dish.ts';
import { RECIPE_LIMITS, dateOfDay } from '../../../../domain/recipeCycle.ts';
import { cycleWeeks, weekCopyPairs, weekdayOf } from '../../../../domain/recipeSharing.ts';
import { cloneRecipeCycle } from '../../../../services/recipeSharing.ts';
import { CopyCycleDialog } from '../shared/recipeCycle/CopyCycleDialog.tsx';
import { ExportWeekDialog } from './ExportWeekDialog.tsx';
import { RecipeLogDialog } from './RecipeLogDialog.tsx';
import { ApproverNotice } from './ApproverNotice.tsx';
import { AllocationDialog } from './AllocationDialog.tsx';
import { DISH_MIME, RecipeGrid } from './RecipeGrid.tsx';
import { allocationSettingsQuery } from '../../../../services/mealAllocation.ts';
import { allowedActions, recipeApprovalMachine, type RecipeCycleSummary } from '../../../../machines/recipeApproval.machine.ts';
import { categoriesQuery } from '../../../../services/mall/catalogue.ts';
import { dishesQuery } from '../../../../services/recipes.ts';
import {
  copyRecipeCycle, recipeCycleKeys, recipeCycleQuery, runRecipeAction, setRecipeCells, updateRecipeCycle,
  type RecipeCell, type RecipeCycleDetail,
} from '../../../../services/recipeCycles.ts';
import { journal } from '../../../inspector/journal.ts';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { MEAL_LABELS, STATUS_COLORS, STATUS_LABELS, WEEKDAY_LABELS } from './labels.ts';
import { PHONE_MEDIA } from '../../../../domain/viewport.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingVerticalL, boxSizing: 'border-box', width: '100%' },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  title: { flexGrow: 1 },
  // a phone: the day's meals, then the dish panel below them (issue 28 point 8)
  body: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'flex-start', [PHONE_MEDIA]: { flexDirection: 'column', alignItems: 'stretch' } },
  chipName: { flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  panel: { width: '260px', flexShrink: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, [PHONE_MEDIA]: { width: 'auto' } },
  dishList: { maxHeight: '60vh', overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: '2px' },
  dish: {
    display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, padding: '2px 6px', borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`, cursor: 'grab', background: tokens.colorNeutralBackground1,
  },
  group: { marginTop: tokens.spacingVerticalXS, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

const UNDO_LIMIT = 20;

type CellDishes = RecipeCell['dishes'];
/** a cell as sent: a dish without dosages gets its portion */
type CellInput = { day: number; mealCode: number; dishes: { dishId: string; dosages?: Record<string, number> }[] };
interface Target { day: number; mealCode: number }
/** What an edit replaced: the cells as they were, sent back as they are to undo it. */
type UndoEntry = { label: string; cells: RecipeCell[] };

const summaryOf = (c: Pick<RecipeCycleDetail, 'id' | 'status' | 'version' | 'cellCount' | 'remark'>): RecipeCycleSummary =>
  ({ id: c.id, status: c.status, version: c.version, cellCount: c.cellCount, remark: c.remark });

/**
 * One cycle open: the week grid (days × the pattern's meals), the org's dishes beside it to drag onto a cell
 * (or select a cell and press "add"), copy a day, undo the last edits, and the approval buttons of the
 * recipeApproval actor (one per cycle, keyed by its id by the caller).
 */
export function CycleEditor({ id, onBack, onOpen }: { id: string; onBack: () => void; onOpen?: (id: string) => void }) {
  const s = useStyles();
  const { orgApp, ready } = useOrgQueryKey();
  const detail = useQuery(recipeCycleQuery(ready ? orgApp?.orgId : undefined, id));
  if (!detail.data) {
    return <section className={s.root}>{detail.error ? <MessageBar intent="error"><MessageBarBody>{errorText(detail.error)}</MessageBarBody></MessageBar> : <Spinner />}</section>;
  }
  return <CycleWorkspace cycle={detail.data} onBack={onBack} onOpen={onOpen} />;
}

function CycleWorkspace({ cycle, onBack, onOpen }: { cycle: RecipeCycleDetail; onBack: () => void; onOpen?: (id: string) => void }) {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const fmt = useIntlFormat();
  const qc = useQueryClient();
  const { orgApp, ready } = useOrgQueryKey();
  const orgId = ready ? orgApp?.orgId : undefined;
  const id = cycle.id;
  const [week, setWeek] = useState(0);
  const [weekend, setWeekend] = useState(false);
  const [selected, setSelected] = useState<Target | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [undo, setUndo] = useState<UndoEntry[]>([]);
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const dishPanel = useRef<HTMLElement>(null);
  const dishSearch = useRef<HTMLInputElement>(null);
  const [dosing, setDosing] = useState<(Target & { dishId: string; values: Record<string, string> }) | null>(null);
  const [remark, setRemark] = useState('');
  const [panel, setPanel] = useState<'export' | 'copy' | 'log' | 'allocate' | null>(null);
  // §3 recipeConfig.aiMealsAllocate: the smart allocation button, under the org's own label, when switched on
  const allocation = useQuery(allocationSettingsQuery(orgId, orgApp?.appId));

  const categories = useQuery({ ...categoriesQuery(orgApp?.orgId, orgApp?.appId, DISH_CATEGORY_GROUP), enabled: ready });
  const dishes = useQuery(dishesQuery(orgId, { $limit: 10000 }));
  const dishName = useMemo(() => {
    const names = new Map<string, string>();
    for (const d of cycle.dishes) names.set(d.id, d.name);
    for (const d of dishes.data?.rows ?? []) names.set(d.id, d.name);
    return names;
  }, [cycle.dishes, dishes.data]);

  // the approval flow of this cycle: one actor, the server's answers fed back as SYNC
  const [machine] = useState(() => recipeApprovalMachine.provide({
    actors: { runRecipeAction: fromPromise(async ({ input }) => summaryOf(await runRecipeAction(input))) },
  }));
  const actor = useActorRef(machine, {
    input: { cycle: summaryOf(cycle), approvalEnabled: cycle.abilities.approvalEnabled, canEdit: cycle.abilities.edit, canApprove: cycle.abilities.approve },
    inspect: journal.inspect,
  });
  const flow = useSelector(actor, (snap) => snap);
  const sending = flow.matches('sending');
  useEffect(() => {
    // the cycle as the server now has it (an edit, a live update from another console, a refetch)
    const c = actor.getSnapshot().context;
    const changed = c.cycle.status !== cycle.status || c.cycle.version !== cycle.version || c.cycle.cellCount !== cycle.cellCount
      || c.approvalEnabled !== cycle.abilities.approvalEnabled;
    // not while a step is on its way (SYNC would drop it); checked again when it lands
    // an answer older than what the actor already holds (a refetch that started before its step) is skipped
    if (changed && !sending && cycle.version >= c.cycle.version) actor.send({ type: 'SYNC', cycle: summaryOf(cycle), approvalEnabled: cycle.abilities.approvalEnabled });
  }, [cycle, actor, sending]);
  const can = allowedActions(flow.context);
  const seenVersion = useRef(flow.context.cycle.version);
  useEffect(() => {
    // an approval step done: the lists and the detail show the new status
    if (flow.context.cycle.version !== seenVersion.current) {
      seenVersion.current = flow.context.cycle.version;
      void qc.invalidateQueries({ queryKey: recipeCycleKeys.all });
    }
  }, [flow.context.cycle.version, qc]);

  // §9 weeks start Monday: a month cycle's first and last weeks are cut by the month
  const weekDays = useMemo(() => cycleWeeks(cycle), [cycle]);
  const weeks = weekDays.length;
  const cellOf = (day: number, mealCode: number): CellDishes => cycle.cells.find((c) => c.day === day && c.mealCode === mealCode)?.dishes ?? [];
  const editable = can.edit && !busy;

  /** Sends an edit with the version read; the answer replaces the cached cycle; what it replaced goes on the undo stack. */
  async function save(run: (version: number) => Promise<RecipeCycleDetail>, replaced: UndoEntry | null) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const next = await run(cycle.version);
      qc.setQueryData(recipeCycleKeys.detail(orgId, id), next);
      void qc.invalidateQueries({ queryKey: recipeCycleKeys.lists(orgId) });
      if (replaced) setUndo((u) => [...u, replaced].slice(-UNDO_LIMIT));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const setCells = (cells: CellInput[], label: string, replaced: RecipeCell[] | null) =>
    save((version) => setRecipeCells(id, { version, cells }), replaced ? { label, cells: replaced } : null);

  function addDish(target: Target, dishId: string) {
    if (!editable) return;
    const current = cellOf(target.day, target.mealCode);
    if (current.some((d) => d.dishId === dishId)) {
      setError(t`该餐次已有这道菜`);
      return;
    }
    // a new dish has no dosages: the server gives each age group the dish's portion
    void setCells([{ ...target, dishes: [...current, { dishId }] }], t`添加菜品`, [{ ...target, dishes: current }]);
  }

  function removeDish(target: Target, dishId: string) {
    const current = cellOf(target.day, target.mealCode);
    void setCells([{ ...target, dishes: current.filter((d) => d.dishId !== dishId) }], t`移除菜品`, [{ ...target, dishes: current }]);
  }

  function copyDay(fromDay: number, toDay: number) {
    const replaced = cycle.mealCodes.map((mealCode) => ({ day: toDay, mealCode, dishes: cellOf(toDay, mealCode) }));
    void save((version) => copyRecipeCycle(id, { fromDay, toDay, version }), { label: t`复制一天`, cells: replaced });
  }

  function copyWeek(fromWeek: number, toWeek: number) {
    const replaced = weekCopyPairs(weekDays, cycle.startDate, fromWeek, toWeek)
      .flatMap(([, day]) => cycle.mealCodes.map((mealCode) => ({ day, mealCode, dishes: cellOf(day, mealCode) })));
    void save((version) => copyRecipeCycle(id, { fromWeek, toWeek, version }), { label: t`复制一周`, cells: replaced });
  }

  /** New dosages (grams per person per age group) of one dish of a cell. */
  function setDosages(target: Target, dishId: string, dosages: Record<string, number>) {
    const current = cellOf(target.day, target.mealCode);
    void setCells([{ ...target, dishes: current.map((d) => (d.dishId === dishId ? { dishId, dosages } : d)) }], t`修改用量`, [{ ...target, dishes: current }]);
  }

  async function undoLast() {
    const last = undo[undo.length - 1];
    if (!last) return;
    setUndo((u) => u.slice(0, -1));
    await save((version) => setRecipeCells(id, { version, cells: last.cells }), null);
  }

  const cats = (categories.data?.rows ?? []).filter((c) => c.enable);
  const q = search.trim().toLowerCase();
  const shown = (dishes.data?.rows ?? []).filter((d) => (!categoryId || d.categoryId === categoryId) && (!q || d.name.toLowerCase().includes(q)));
  const byCategory = new Map<string, typeof shown>();
  for (const d of shown) byCategory.set(d.categoryName, [...(byCategory.get(d.categoryName) ?? []), d]);
  const dayLabel = (day: number) => `${i18n._(WEEKDAY_LABELS[weekdayOf(cycle.startDate, day)])} ${dateOfDay(cycle.startDate, day).slice(5)}`;
  const openDosages = (target: Target, dishId: string) => {
    const d = cellOf(target.day, target.mealCode).find((x) => x.dishId === dishId);
    if (d) setDosing({ ...target, dishId, values: Object.fromEntries(cycle.ageGroups.map((g) => [g.ageRange, String(d.dosages[g.ageRange] ?? '')])) });
  };
  /** a meal chosen to add to: the dish search, in view (on a phone it is below the day) */
  const toDishPanel = (target: Target) => {
    setSelected(target);
    dishPanel.current?.scrollIntoView({ block: 'start' });
    dishSearch.current?.focus({ preventScroll: true });
  };

  return (
    <section className={s.root} data-testid="recipe-cycle-editor">
      <div className={s.header}>
        <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={onBack} data-testid="recipe-back"><Trans>返回列表</Trans></Button>
        <Text as="h1" size={600} weight="semibold" className={s.title} data-testid="recipe-cycle-name">{cycle.name}</Text>
        <Badge appearance="filled" color={STATUS_COLORS[cycle.status]} data-testid="recipe-cycle-status" data-status={cycle.status}>{i18n._(STATUS_LABELS[cycle.status])}</Badge>
        {busy && <Spinner size="tiny" label={t`保存中`} />}
        <Button icon={<ArrowUndoRegular />} disabled={!undo.length || !editable} onClick={() => void undoLast()} data-testid="recipe-undo">
          {undo.length ? t`撤销：${undo[undo.length - 1].label}` : t`撤销`}
        </Button>
        {editable && (
          <Button data-testid="recipe-rename" onClick={() => {
            // §7 PUT /v4/mall/recipe/cycle/{id}: the name, with the version read (a stale one is refused)
            const name = window.prompt(t`食谱名称`, cycle.name)?.trim();
            if (name && name !== cycle.name) void save((version) => updateRecipeCycle(id, { name: name.slice(0, RECIPE_LIMITS.nameMax), version }), null);
          }}><Trans>重命名</Trans></Button>
        )}
        <Button icon={<ArrowDownloadRegular />} onClick={() => setPanel('export')} data-testid="recipe-export"><Trans>导出 Excel</Trans></Button>
        {cycle.abilities.create && <Button icon={<DocumentCopyRegular />} onClick={() => setPanel('copy')} data-testid="recipe-clone"><Trans>复制整个食谱</Trans></Button>}
        <Button icon={<HistoryRegular />} onClick={() => setPanel('log')} data-testid="recipe-log"><Trans>食谱日志</Trans></Button>
        {allocation.data?.enable && can.edit && (
          <Button icon={<SparkleRegular />} disabled={busy} onClick={() => setPanel('allocate')} title={allocation.data.tip || undefined} data-testid="recipe-allocate">
            {allocation.data.label}
          </Button>
        )}
        {can.submit && <Button appearance="primary" disabled={sending} onClick={() => actor.send({ type: 'SUBMIT' })} data-testid="recipe-submit"><Trans>提交审核</Trans></Button>}
        {can.approve && <Button appearance="primary" disabled={sending} onClick={() => actor.send({ type: 'APPROVE' })} data-testid="recipe-approve"><Trans>审核通过</Trans></Button>}
        {can.reject && <Button disabled={sending} onClick={() => { setRemark(''); setRejecting(true); }} data-testid="recipe-reject"><Trans>驳回</Trans></Button>}
        {can.publish && <Button appearance="primary" disabled={sending} onClick={() => actor.send({ type: 'PUBLISH' })} data-testid="recipe-publish"><Trans>发布</Trans></Button>}
        {can.withdraw && <Button disabled={sending} onClick={() => actor.send({ type: 'WITHDRAW' })} data-testid="recipe-withdraw"><Trans>撤回</Trans></Button>}
      </div>
      <Text size={200}>
        <Trans>{fmt.date(cycle.startDate)} 至 {fmt.date(cycle.endDate)}</Trans>
        {' · '}
        {cycle.ageGroups.map((g) => t`${g.ageRange}岁 ${g.people}人`).join('，')}
      </Text>
      {/* issue 28: who approves, before and after 提交审核 */}
      {(cycle.abilities.edit || cycle.abilities.approve) && ['draft', 'rejected', 'withdrawn', 'submitted'].includes(cycle.status) && <ApproverNotice status={cycle.status} />}
      {cycle.status === 'rejected' && cycle.remark && (
        <MessageBar intent="warning" data-testid="recipe-remark"><MessageBarBody><Trans>驳回原因：{cycle.remark}</Trans></MessageBarBody></MessageBar>
      )}
      {(error ?? flow.context.error) && (
        <MessageBar intent="error" data-testid="recipe-error"><MessageBarBody>{error ?? flow.context.error}</MessageBarBody></MessageBar>
      )}
      {!can.edit && cycle.abilities.edit && (
        <Text size={200} data-testid="recipe-locked"><Trans>已提交或已发布的周食谱不能修改；撤回后可再编辑。</Trans></Text>
      )}
      <div className={s.header}>
        <TabList selectedValue={String(week)} onTabSelect={(_, d) => setWeek(Number(d.value))} data-testid="recipe-weeks">
          {Array.from({ length: weeks }, (_, w) => <Tab key={w} value={String(w)} data-testid={`recipe-week-${w}`}><Trans>第 {w + 1} 周</Trans></Tab>)}
        </TabList>
        {editable && weeks > 1 && (
          <Menu>
            <MenuTrigger disableButtonEnhancement>
              <Button size="small" icon={<CopyRegular />} data-testid="copy-week">{t`复制本周到…`}</Button>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {Array.from({ length: weeks }, (_, w) => w).filter((w) => w !== week).map((w) => (
                  <MenuItem key={w} onClick={() => copyWeek(week, w)} data-testid={`copy-week-to-${w}`}>{t`复制到第 ${w + 1} 周`}</MenuItem>
                ))}
              </MenuList>
            </MenuPopover>
          </Menu>
        )}
        <Checkbox checked={weekend} onChange={(_, d) => setWeekend(Boolean(d.checked))} label={t`显示周末`} data-testid="recipe-weekend" />
      </div>
      <div className={s.body}>
        <RecipeGrid cycle={cycle} weekDays={weekDays} week={week} onWeekChange={setWeek} weekend={weekend} dayLabel={dayLabel}
          dishName={(dishId) => dishName.get(dishId) ?? dishId} editable={editable} selected={selected} onSelect={setSelected}
          onDropDish={addDish} onRemoveDish={removeDish} onEditDish={openDosages} onCopyDay={copyDay} onAddDish={toDishPanel} />
        <aside className={s.panel} ref={dishPanel} data-testid="recipe-dish-panel">
          <Text weight="semibold"><Trans>菜品</Trans></Text>
          <Input ref={dishSearch} value={search} placeholder={t`搜索菜品`} onChange={(_, d) => setSearch(d.value)} data-testid="recipe-dish-search" />
          <Field label={<Trans>菜品分类</Trans>}>
            <Dropdown value={categoryId ? cats.find((c) => c.id === categoryId)?.name ?? '' : t`全部`} selectedOptions={[categoryId]}
              onOptionSelect={(_, d) => setCategoryId(d.optionValue ?? '')} data-testid="recipe-dish-category">
              <Option value="">{t`全部`}</Option>
              {cats.map((c) => <Option key={c.id} value={c.id}>{c.name}</Option>)}
            </Dropdown>
          </Field>
          <Text size={200}>
            {selected ? t`已选：${dayLabel(selected.day)} ${i18n._(MEAL_LABELS[selected.mealCode])}` : t`拖动菜品到餐次，或先选中餐次再点"加入"`}
          </Text>
          <div className={s.dishList}>
            {[...byCategory.entries()].map(([category, list]) => (
              <div key={category}>
                <div className={s.group}>{category}</div>
                {list.map((d) => (
                  <div
                    key={d.id} className={s.dish} draggable={editable} data-testid="recipe-dish" data-dish-name={d.name}
                    onDragStart={(e) => { e.dataTransfer.setData(DISH_MIME, d.id); e.dataTransfer.setData('text/plain', d.id); e.dataTransfer.effectAllowed = 'copy'; }}
                  >
                    <span className={s.chipName}>{d.name}</span>
                    <Button size="small" appearance="subtle" icon={<AddRegular />} disabled={!editable || !selected}
                      aria-label={t`加入所选餐次`} title={t`加入所选餐次`} onClick={() => selected && addDish(selected, d.id)} data-testid="recipe-dish-add" />
                  </div>
                ))}
              </div>
            ))}
            {!dishes.isLoading && shown.length === 0 && <Text size={200}><Trans>没有菜品</Trans></Text>}
          </div>
        </aside>
      </div>
      <Dialog open={dosing !== null} onOpenChange={(_, d) => { if (!d.open) setDosing(null); }}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t`每人用量：${dosing ? dishName.get(dosing.dishId) ?? dosing.dishId : ''}`}</DialogTitle>
            <DialogContent>
              {dosing && cycle.ageGroups.map((g) => (
                <Field key={g.ageRange} label={t`${g.ageRange}岁（克）`}>
                  <NumberInput min={0} max={RECIPE_LIMITS.dosageMaxG} value={(dosing.values[g.ageRange] ?? '') === '' ? null : Number(dosing.values[g.ageRange])}
                    data-testid={`dosage-${g.ageRange}`}
                    onChange={(v) => setDosing({ ...dosing, values: { ...dosing.values, [g.ageRange]: v === null ? '' : String(v) } })} />
                </Field>
              ))}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setDosing(null)}><Trans>取消</Trans></Button>
              <Button appearance="primary" data-testid="dosage-save" onClick={() => {
                if (!dosing) return;
                setDosages({ day: dosing.day, mealCode: dosing.mealCode }, dosing.dishId, Object.fromEntries(Object.entries(dosing.values).map(([r, v]) => [r, Number(v)])));
                setDosing(null);
              }}>
                <Trans>保存</Trans>
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      {panel === 'export' && <ExportWeekDialog cycle={cycle} week={week} weekDays={weekDays} dishName={(id) => dishName.get(id) ?? id} onClose={() => setPanel(null)} />}
      {panel === 'log' && <RecipeLogDialog cycle={cycle} onClose={() => setPanel(null)} />}
      {panel === 'allocate' && allocation.data && (
        <AllocationDialog cycle={cycle} week={week} settings={allocation.data} dishName={(id) => dishName.get(id) ?? ''} onClose={() => setPanel(null)} />
      )}
      {panel === 'copy' && (
        <CopyCycleDialog source={cycle} copy={(input) => cloneRecipeCycle(id, input)} onClose={() => setPanel(null)}
          onCopied={(r) => { setPanel(null); onOpen?.(r.id); }} />
      )}
      <Dialog open={rejecting} onOpenChange={(_, d) => setRejecting(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle><Trans>驳回周食谱</Trans></DialogTitle>
            <DialogContent>
              <Field label={<Trans>驳回原因</Trans>} required>
                <Textarea value={remark} onChange={(_, d) => setRemark(d.value)} data-testid="recipe-reject-remark" />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setRejecting(false)}><Trans>取消</Trans></Button>
              <Button appearance="primary" data-testid="recipe-reject-confirm" onClick={() => { actor.send({ type: 'REJECT', remark }); setRejecting(false); }}>
                <Trans>驳回</Trans>
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </section>
  );
}
