// Issue 13: on a phone, table rows become cards, one rule for every table of the console (the paged DataTable
// and the VirtualTable of tens of thousands of rows). Each column says what it becomes in a card: `title` heads
// it (by default the first column), `detail` is a labelled line (the default), `actions` goes to the card's foot
// (by default the column keyed `actions`), `hidden` is left out. A card's height depends on its text, so long
// lists are not windowed by a fixed row height: cards are added a page at a time as the end comes into view.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Card, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';

export type PhoneRole = 'title' | 'detail' | 'actions' | 'hidden';

export interface CardColumn<T> {
  key: string;
  header: ReactNode;
  render: (row: T, index: number) => ReactNode;
  phone?: PhoneRole;
}

/** How a column shows in a phone's card. */
export const phoneRole = <T,>(c: CardColumn<T>, index: number): PhoneRole => c.phone ?? (c.key === 'actions' ? 'actions' : index === 0 ? 'title' : 'detail');

const useStyles = makeStyles({
  cards: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  card: { gap: tokens.spacingVerticalXS, maxWidth: '100%', boxSizing: 'border-box' },
  selectedCard: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  title: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere', minWidth: 0 },
  detail: { display: 'grid', gridTemplateColumns: 'minmax(72px, 35%) 1fr', gap: tokens.spacingHorizontalS, alignItems: 'baseline' },
  label: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
  value: { minWidth: 0, overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
  empty: { padding: tokens.spacingVerticalL, color: tokens.colorNeutralForeground3, textAlign: 'center' },
  sentinel: { height: '1px' },
});

export interface RowCardsProps<T> {
  rows: readonly T[];
  columns: readonly CardColumn<T>[];
  rowKey: (row: T) => string;
  testId?: string;
  ariaLabel?: string;
  className?: string;
  selected?: (row: T) => boolean;
  rowProps?: (row: T) => Record<string, string>;
  /** before the title: the row's selection checkbox */
  lead?: (row: T) => ReactNode;
  empty?: ReactNode;
  /** cards rendered at first and added each time the last comes into view; all at once when absent */
  pageSize?: number;
}

export function RowCards<T>({ rows, columns, rowKey, testId, ariaLabel, className, selected, rowProps, lead, empty, pageSize }: RowCardsProps<T>) {
  const s = useStyles();
  const [shown, setShown] = useState(pageSize ?? Infinity);
  const sentinel = useRef<HTMLDivElement>(null);
  // a new list (another search) starts again from its first page
  useEffect(() => setShown(pageSize ?? Infinity), [rows, pageSize]);
  const more = rows.length > shown;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !more || !pageSize) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setShown((n) => n + pageSize);
    });
    io.observe(el);
    return () => io.disconnect();
  }, [more, pageSize]);

  const part = (role: PhoneRole) => columns.filter((c, i) => phoneRole(c, i) === role);
  const [titles, details, actions] = [part('title'), part('detail'), part('actions')];
  const visible = rows.slice(0, shown);
  return (
    <div className={mergeClasses(s.cards, className)} data-testid={testId} role="list" aria-label={ariaLabel} data-rows={rows.length}>
      {visible.map((row, i) => (
        <Card
          key={rowKey(row)}
          role="listitem"
          className={mergeClasses(s.card, selected?.(row) && s.selectedCard)}
          aria-selected={selected ? selected(row) : undefined}
          data-row-key={rowKey(row)}
          {...rowProps?.(row)}
        >
          {(lead || titles.length > 0) && (
            <div className={s.head}>
              {lead?.(row)}
              {titles.map((c) => <div key={c.key} className={s.title}>{c.render(row, i)}</div>)}
            </div>
          )}
          {details.map((c) => (
            <div key={c.key} className={s.detail}>
              <span className={s.label}>{c.header}</span>
              <span className={s.value}>{c.render(row, i)}</span>
            </div>
          ))}
          {actions.length > 0 && <div className={s.actions}>{actions.map((c) => <span key={c.key}>{c.render(row, i)}</span>)}</div>}
        </Card>
      ))}
      {more && <div ref={sentinel} className={s.sentinel} aria-hidden />}
      {!rows.length && empty && <Text as="p" className={s.empty}>{empty}</Text>}
    </div>
  );
}
