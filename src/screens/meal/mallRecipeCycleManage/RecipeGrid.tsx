import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import {
  Button, Dropdown, makeStyles, mergeClasses, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Option, Text, tokens,
} from '@fluentui/react-components';
import { AddRegular, ChevronLeftRegular, ChevronRightRegular, CopyRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { weekdayOf } from '../../../../domain/recipeSharing.ts';
import type { RecipeCell, RecipeCycleDetail } from '../../../../services/recipeCycles.ts';
import { useViewport } from '../../../shell/useViewport.ts';
import { MEAL_LABELS } from './labels.ts';
import { moveInGrid, stepDay, type GridCell } from './gridMoves.ts';
import { RecipeCellDishes } from './RecipeCellDishes.tsx';

/** the drag-and-drop type of a dish dragged from the dish panel */
export const DISH_MIME = 'application/x-recipe-dish';

const useStyles = makeStyles({
  wrap: { flexGrow: 1, minWidth: 0, overflowX: 'auto' },
  grid: { borderCollapse: 'collapse', width: '100%', tableLayout: 'fixed' },
  th: { border: `1px solid ${tokens.colorNeutralStroke2}`, padding: tokens.spacingVerticalXS, background: tokens.colorNeutralBackground3, fontWeight: 600 },
  mealTh: { width: '64px' },
  cell: {
    border: `1px solid ${tokens.colorNeutralStroke2}`, padding: tokens.spacingVerticalXS, verticalAlign: 'top', height: '72px', cursor: 'pointer',
    outlineStyle: 'none',
    ':focus-visible': { boxShadow: `inset 0 0 0 2px ${tokens.colorStrokeFocus2}` },
  },
  // selected: the brand tint and a ring, so it reads without colour too
  selected: { background: tokens.colorBrandBackground2, boxShadow: `inset 0 0 0 2px ${tokens.colorBrandStroke1}` },
  over: { background: tokens.colorPaletteGreenBackground1 },
  // phone: one day, its meals stacked as cards
  dayBar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalS, flexWrap: 'wrap' },
  dayPicker: { flexGrow: 1, minWidth: '8em', minHeight: '44px' },
  touch: { minWidth: '44px', minHeight: '44px' },
  meals: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  mealCard: { display: 'flex', flexDirection: 'column', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  mealHead: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, background: tokens.colorNeutralBackground3, fontWeight: 600 },
  phoneCell: {
    minHeight: '56px', padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, cursor: 'pointer', outlineStyle: 'none',
    ':focus-visible': { boxShadow: `inset 0 0 0 2px ${tokens.colorStrokeFocus2}` },
  },
  empty: { color: tokens.colorNeutralForeground3, display: 'block', paddingBlock: tokens.spacingVerticalS },
});

interface Props {
  cycle: RecipeCycleDetail;
  /** the days of each week of the cycle (§9 weeks start Monday) */
  weekDays: number[][];
  week: number;
  onWeekChange: (week: number) => void;
  weekend: boolean;
  dayLabel: (day: number) => string;
  dishName: (id: string) => string;
  editable: boolean;
  /** the meal the dish panel's "add" puts dishes into */
  selected: GridCell | null;
  onSelect: (cell: GridCell) => void;
  onDropDish: (cell: GridCell, dishId: string) => void;
  onRemoveDish: (cell: GridCell, dishId: string) => void;
  /** opens the dosage dialog of one dish of a cell */
  onEditDish: (cell: GridCell, dishId: string) => void;
  onCopyDay: (fromDay: number, toDay: number) => void;
  /** go to the dish panel to add to this (now selected) meal */
  onAddDish: (cell: GridCell) => void;
}

const keyOf = (c: GridCell) => `${c.day}:${c.mealCode}`;

/**
 * The week grid of a recipe cycle (issue 28 point 8): a click anywhere on a cell selects it, the selected cell
 * shows its edit and remove buttons; arrows, Home/End, Enter and Space work as in a data grid, Escape leaves a
 * cell's buttons for the cell. On a phone one day at a time, its meals stacked, with a day switcher.
 */
export function RecipeGrid(p: Props) {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const phone = useViewport() === 'phone';
  const { cycle, editable, selected } = p;
  const [over, setOver] = useState<string | null>(null);
  const [phoneDay, setPhoneDay] = useState<number | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const focusNext = useRef<string | null>(null);

  const visible = (day: number) => p.weekend || weekdayOf(cycle.startDate, day) < 5;
  const weeks = p.weekDays.map((days) => days.filter(visible));
  const days = weeks[p.week] ?? [];
  // the day a phone shows: the one switched to while it is in this week, else the selected meal's, else the first
  const day = [phoneDay, selected?.day].find((d): d is number => d != null && days.includes(d)) ?? days[0];
  const columns = phone ? (day === undefined ? [] : [day]) : days;
  const isSelected = (c: GridCell) => selected?.day === c.day && selected.mealCode === c.mealCode;
  // roving tabindex: one cell of the grid is in the tab order, the selected one when it is shown
  const tabStop = selected && columns.includes(selected.day) && cycle.mealCodes.includes(selected.mealCode)
    ? keyOf(selected) : columns.length && cycle.mealCodes.length ? keyOf({ day: columns[0], mealCode: cycle.mealCodes[0] }) : null;

  useEffect(() => {
    // a keyboard move focuses its cell once it is rendered (on a phone, after the day switched)
    if (!focusNext.current) return;
    const el = root.current?.querySelector<HTMLElement>(`[data-cell="${focusNext.current}"]`);
    if (el) { el.focus(); focusNext.current = null; }
  });

  const cellOf = (c: GridCell): RecipeCell['dishes'] => cycle.cells.find((x) => x.day === c.day && x.mealCode === c.mealCode)?.dishes ?? [];
  const dosageText = (d: RecipeCell['dishes'][number]) => cycle.ageGroups.map((g) => `${g.ageRange}: ${d.dosages[g.ageRange] ?? '-'}g`).join(' / ');

  function goTo(c: GridCell) {
    p.onSelect(c);
    if (phone) setPhoneDay(c.day);
    focusNext.current = keyOf(c);
  }

  /** the phone's switcher: another day, the selected meal following it */
  function showDay(next: number, week = p.week) {
    setPhoneDay(next);
    if (week !== p.week) p.onWeekChange(week);
    if (selected) p.onSelect({ day: next, mealCode: selected.mealCode });
  }

  function onKeyDown(e: KeyboardEvent<HTMLElement>, c: GridCell) {
    if (e.target !== e.currentTarget) {
      // on one of the cell's buttons: Escape goes back to the cell, the rest is the button's
      if (e.key === 'Escape') { e.preventDefault(); e.currentTarget.focus(); }
      return;
    }
    const next = moveInGrid(c, e.key, columns.length > 1 ? columns : days, cycle.mealCodes, e.ctrlKey || e.metaKey);
    if (next) { e.preventDefault(); goTo(next); return; }
    if (e.key === ' ') { e.preventDefault(); p.onSelect(c); return; }
    if (e.key === 'Enter' || e.key === 'F2') {
      e.preventDefault();
      if (!isSelected(c)) { p.onSelect(c); return; }
      // the selected cell: into its buttons (edit the first dish), or to the dish panel when it is empty
      const first = e.currentTarget.querySelector<HTMLElement>('button');
      if (first) first.focus();
      else if (editable) p.onAddDish(c);
    }
  }

  /** the handlers and attributes every cell has, in either layout */
  const cellProps = (c: GridCell) => {
    const k = keyOf(c);
    return {
      // no aria-label: it would hide the dishes; the day and meal are the cell's column and row headers
      role: 'gridcell', tabIndex: tabStop === k ? 0 : -1, 'aria-selected': isSelected(c),
      'data-testid': `cell-${c.day}-${c.mealCode}`, 'data-cell': k,
      onClick: () => { if (!isSelected(c)) p.onSelect(c); },
      onKeyDown: (e: KeyboardEvent<HTMLElement>) => onKeyDown(e, c),
      onDragOver: (e: DragEvent) => { if (editable) { e.preventDefault(); e.dataTransfer.dropEffect = 'copy'; if (over !== k) setOver(k); } },
      onDragLeave: () => setOver((o) => (o === k ? null : o)),
      onDrop: (e: DragEvent) => {
        e.preventDefault();
        setOver(null);
        const dishId = e.dataTransfer.getData(DISH_MIME) || e.dataTransfer.getData('text/plain');
        if (dishId && editable) p.onDropDish(c, dishId);
      },
    } as const;
  };

  const dishesOf = (c: GridCell) => (
    <RecipeCellDishes dishes={cellOf(c)} dishName={p.dishName} dosageText={dosageText} controls={editable && isSelected(c)} phone={phone}
      onEdit={(dishId) => p.onEditDish(c, dishId)} onRemove={(dishId) => p.onRemoveDish(c, dishId)} />
  );

  const copyMenu = (from: number) => editable && (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button size={phone ? 'medium' : 'small'} appearance="subtle" icon={<CopyRegular />} className={phone ? s.touch : undefined}
          aria-label={t`复制这一天到…`} title={t`复制这一天到…`} data-testid={`copy-day-${from}`} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {(p.weekDays[p.week] ?? []).filter((d) => d !== from).map((d) => (
            <MenuItem key={d} onClick={() => p.onCopyDay(from, d)} data-testid={`copy-day-${from}-to-${d}`}>{t`复制到 ${p.dayLabel(d)}`}</MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );

  if (phone) {
    const prev = day === undefined ? null : stepDay(weeks, day, -1);
    const next = day === undefined ? null : stepDay(weeks, day, 1);
    return (
      <div className={s.wrap} ref={root}>
        <div className={s.dayBar} data-testid="recipe-day-switcher">
          <Button icon={<ChevronLeftRegular />} className={s.touch} disabled={!prev} aria-label={t`前一天`} title={t`前一天`}
            onClick={() => prev && showDay(prev.day, prev.week)} data-testid="recipe-day-prev" />
          <Dropdown className={s.dayPicker} aria-label={t`选择日期`} value={day === undefined ? '' : p.dayLabel(day)}
            selectedOptions={day === undefined ? [] : [String(day)]} onOptionSelect={(_, d) => d.optionValue && showDay(Number(d.optionValue))}
            data-testid="recipe-day-picker">
            {days.map((d) => <Option key={d} value={String(d)} text={p.dayLabel(d)} data-testid={`recipe-day-option-${d}`}>{p.dayLabel(d)}</Option>)}
          </Dropdown>
          <Button icon={<ChevronRightRegular />} className={s.touch} disabled={!next} aria-label={t`后一天`} title={t`后一天`}
            onClick={() => next && showDay(next.day, next.week)} data-testid="recipe-day-next" />
          {day !== undefined && copyMenu(day)}
        </div>
        {day !== undefined && (
          <div role="grid" aria-label={p.dayLabel(day)} className={s.meals} data-testid="recipe-grid" data-day={day}>
            {cycle.mealCodes.map((mealCode) => {
              const c = { day, mealCode };
              const empty = cellOf(c).length === 0;
              return (
                <div key={mealCode} role="row" className={s.mealCard}>
                  <div role="rowheader" className={s.mealHead}>{i18n._(MEAL_LABELS[mealCode])}</div>
                  <div {...cellProps(c)} className={mergeClasses(s.phoneCell, isSelected(c) && s.selected, over === keyOf(c) && s.over)}>
                    {dishesOf(c)}
                    {empty && !(editable && isSelected(c)) && <Text size={200} className={s.empty}><Trans>未安排菜品</Trans></Text>}
                    {editable && isSelected(c) && (
                      <Button icon={<AddRegular />} className={s.touch} onClick={() => p.onAddDish(c)} data-testid="cell-add-dish">
                        <Trans>添加菜品…</Trans>
                      </Button>
                    )}
                  </div>
                </div>
              );
            })}
          </div>
        )}
      </div>
    );
  }

  return (
    <div className={s.wrap} ref={root}>
      <table role="grid" aria-label={t`周食谱`} className={s.grid} data-testid="recipe-grid">
        <thead>
          <tr>
            <th className={mergeClasses(s.th, s.mealTh)}><Trans>餐次</Trans></th>
            {days.map((d) => (
              <th key={d} className={s.th} data-testid={`day-${d}`}>
                {p.dayLabel(d)}
                {copyMenu(d)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cycle.mealCodes.map((mealCode) => (
            <tr key={mealCode}>
              <th className={s.th} scope="row">{i18n._(MEAL_LABELS[mealCode])}</th>
              {days.map((d) => {
                const c = { day: d, mealCode };
                return (
                  <td key={d} {...cellProps(c)} className={mergeClasses(s.cell, isSelected(c) && s.selected, over === keyOf(c) && s.over)}
                    onDoubleClick={(e) => {
                      // a double-click beside the names edits the first dish (on a name, that dish: its own handler)
                      const first = cellOf(c)[0];
                      if (editable && first && e.target === e.currentTarget) p.onEditDish(c, first.dishId);
                    }}>
                    {dishesOf(c)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
