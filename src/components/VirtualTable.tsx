// A table for tens of thousands of rows: fixed row height, only the rows in view (plus a few) are in the
// DOM, the header sticks to the top while the body scrolls. On a phone the rows become cards by the same rule
// as DataTable's (RowCards, issue 13): a 700 px grid of columns would not fit a 390 px screen.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Checkbox, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import { useViewport } from '../shell/useViewport.ts';
import { RowCards, type PhoneRole } from './RowCards.tsx';

export interface VirtualColumn<T> {
  key: string;
  header: ReactNode;
  /** width in px; with `grow` the column takes its share of the spare width too */
  width: number;
  grow?: boolean;
  render: (row: T, index: number) => ReactNode;
  /** what the column becomes in a phone's card (RowCards) */
  phone?: PhoneRole;
}

export interface VirtualTableProps<T> {
  rows: readonly T[];
  columns: readonly VirtualColumn<T>[];
  rowKey: (row: T) => string;
  rowHeight?: number;
  headerHeight?: number;
  /** rows rendered above and below the visible ones */
  overscan?: number;
  /** with a selection, a checkbox column leads */
  selected?: ReadonlySet<string>;
  onSelectedChange?: (next: Set<string>) => void;
  empty?: ReactNode;
  className?: string;
  'data-testid'?: string;
  'aria-label'?: string;
}

const useStyles = makeStyles({
  scroller: {
    position: 'relative',
    overflow: 'auto',
    flexGrow: 1,
    minHeight: '120px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    display: 'grid',
    alignItems: 'center',
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    fontWeight: tokens.fontWeightSemibold,
  },
  row: {
    position: 'absolute',
    left: 0,
    right: 0,
    display: 'grid',
    alignItems: 'center',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
  },
  selectedRow: { backgroundColor: tokens.colorBrandBackground2 },
  cell: {
    paddingLeft: tokens.spacingHorizontalS,
    paddingRight: tokens.spacingHorizontalS,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    minWidth: 0,
  },
  empty: { padding: tokens.spacingVerticalXL, color: tokens.colorNeutralForeground3, textAlign: 'center' },
  cardsWrap: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
});

const CHECK_WIDTH = 44;

/** cards added at a time on a phone, as the last one comes into view */
const CARD_PAGE = 40;

export function VirtualTable<T>(props: VirtualTableProps<T>) {
  const phone = useViewport() === 'phone';
  return phone ? <VirtualCards {...props} /> : <VirtualGrid {...props} />;
}

function VirtualCards<T>({ rows, columns, rowKey, selected, onSelectedChange, empty, className, ...rest }: VirtualTableProps<T>) {
  const styles = useStyles();
  const { t } = useLingui();
  const selectable = Boolean(selected && onSelectedChange);
  const toggle = (key: string) => {
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onSelectedChange?.(next);
  };
  const allSelected = selectable && rows.length > 0 && selected!.size >= rows.length && rows.every((r) => selected!.has(rowKey(r)));
  const cards = (
    <RowCards
      rows={rows}
      columns={columns}
      rowKey={rowKey}
      pageSize={CARD_PAGE}
      className={selectable ? undefined : className}
      testId={rest['data-testid'] ?? 'virtual-table'}
      ariaLabel={rest['aria-label']}
      empty={empty}
      selected={selectable ? (row) => selected!.has(rowKey(row)) : undefined}
      rowProps={(row) => ({ 'data-testid': 'virtual-row', 'data-key': rowKey(row) })}
      lead={selectable ? (row) => {
        const key = rowKey(row);
        return <Checkbox checked={selected!.has(key)} onChange={() => toggle(key)} aria-label={key} data-testid="row-select" />;
      } : undefined}
    />
  );
  if (!selectable) return cards;
  // the grid's header checkbox, above the cards: selecting all rows stays one tap on a phone
  return (
    <div className={mergeClasses(styles.cardsWrap, className)}>
      <Checkbox
        checked={allSelected ? true : selected!.size > 0 ? 'mixed' : false}
        onChange={() => onSelectedChange?.(allSelected ? new Set() : new Set(rows.map(rowKey)))}
        label={t`全选`}
        data-testid="select-all"
      />
      {cards}
    </div>
  );
}

function VirtualGrid<T>({
  rows,
  columns,
  rowKey,
  rowHeight = 40,
  headerHeight = 40,
  overscan = 8,
  selected,
  onSelectedChange,
  empty,
  className,
  ...rest
}: VirtualTableProps<T>) {
  const styles = useStyles();
  const { t } = useLingui();
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);
  const frame = useRef(0);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    setViewport(el.clientHeight);
    const ro = new ResizeObserver(() => setViewport(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // fewer rows than the scroll position allows (a new search): back into range
  const total = rows.length * rowHeight;
  useEffect(() => {
    const el = scroller.current;
    if (el && el.scrollTop > total) {
      el.scrollTop = 0;
      setScrollTop(0);
    }
  }, [total]);

  const onScroll = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(scroller.current?.scrollTop ?? 0));
  }, []);

  const selectable = Boolean(selected && onSelectedChange);
  const template = useMemo(
    () => [...(selectable ? [`${CHECK_WIDTH}px`] : []), ...columns.map((c) => (c.grow ? `minmax(${c.width}px, 1fr)` : `${c.width}px`))].join(' '),
    [columns, selectable],
  );
  const minWidth = columns.reduce((n, c) => n + c.width, selectable ? CHECK_WIDTH : 0);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(rows.length, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);

  const allSelected = selectable && rows.length > 0 && selected!.size >= rows.length && rows.every((r) => selected!.has(rowKey(r)));
  const someSelected = selectable && selected!.size > 0 && !allSelected;
  const toggleAll = () => onSelectedChange?.(allSelected ? new Set() : new Set(rows.map(rowKey)));
  const toggle = (key: string) => {
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onSelectedChange?.(next);
  };

  const visible: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    const row = rows[i];
    const key = rowKey(row);
    const isSelected = selectable && selected!.has(key);
    const style: CSSProperties = { top: headerHeight + i * rowHeight, height: rowHeight, gridTemplateColumns: template, minWidth };
    visible.push(
      <div
        key={key}
        role="row"
        aria-rowindex={i + 2}
        aria-selected={selectable ? isSelected : undefined}
        className={mergeClasses(styles.row, isSelected && styles.selectedRow)}
        style={style}
        data-testid="virtual-row"
        data-index={i}
        data-key={key}
      >
        {selectable && (
          <div role="gridcell" className={styles.cell}>
            <Checkbox checked={isSelected} onChange={() => toggle(key)} aria-label={key} data-testid="row-select" />
          </div>
        )}
        {columns.map((c) => (
          <div role="gridcell" key={c.key} className={styles.cell}>
            {c.render(row, i)}
          </div>
        ))}
      </div>,
    );
  }

  return (
    <div
      ref={scroller}
      className={mergeClasses(styles.scroller, className)}
      onScroll={onScroll}
      role="grid"
      aria-rowcount={rows.length + 1}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid'] ?? 'virtual-table'}
      data-rows={rows.length}
    >
      <div style={{ height: headerHeight + total, minWidth, position: 'relative' }}>
        <div role="row" aria-rowindex={1} className={styles.header} style={{ height: headerHeight, gridTemplateColumns: template, minWidth }}>
          {selectable && (
            <div role="columnheader" className={styles.cell}>
              <Checkbox
                checked={allSelected ? true : someSelected ? 'mixed' : false}
                onChange={toggleAll}
                data-testid="select-all"
                aria-label={t`全选`}
              />
            </div>
          )}
          {columns.map((c) => (
            <div role="columnheader" key={c.key} className={styles.cell}>
              {c.header}
            </div>
          ))}
        </div>
        {rows.length === 0 && empty ? <div className={styles.empty}>{empty}</div> : visible}
      </div>
    </div>
  );
}

export default VirtualTable;
