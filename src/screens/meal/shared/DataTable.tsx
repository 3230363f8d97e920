import type { ReactNode } from 'react';
import {
  Card, makeStyles, Table, TableBody, TableCell, TableCellLayout, TableHeader, TableHeaderCell, TableRow, Text, tokens,
} from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import { useViewport } from '../../../shell/useViewport.ts';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T, index: number) => ReactNode;
  width?: string;
  /**
   * On a phone a row is a card (issue 13): `title` heads it (by default the first column), `detail` is a labelled
   * line (the default), `actions` goes to its foot (by default the column keyed `actions`), `hidden` is left out.
   */
  phone?: 'title' | 'detail' | 'actions' | 'hidden';
}

const useStyles = makeStyles({
  wrap: { overflowX: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  empty: { padding: tokens.spacingVerticalL, color: tokens.colorNeutralForeground3, textAlign: 'center' },
  cards: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  card: { gap: tokens.spacingVerticalXS },
  selectedCard: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  title: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  detail: { display: 'grid', gridTemplateColumns: 'minmax(72px, 35%) 1fr', gap: tokens.spacingHorizontalS, alignItems: 'baseline' },
  label: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { minWidth: 0, overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
});

/** How a column shows in a phone's card. */
export const phoneRole = <T,>(c: Column<T>, index: number): NonNullable<Column<T>['phone']> => c.phone ?? (c.key === 'actions' ? 'actions' : index === 0 ? 'title' : 'detail');

/**
 * A plain table of a page of rows (pages come from the server; the tables here stay small). On a phone the rows
 * become cards, so no column is squeezed to a character's width.
 */
export function DataTable<T>({ rows, columns, rowKey, testId, selected, rowProps }: {
  rows: readonly T[]; columns: Column<T>[]; rowKey: (row: T) => string; testId?: string; selected?: (row: T) => boolean;
  rowProps?: (row: T) => Record<string, string>;
}) {
  const s = useStyles();
  const phone = useViewport() === 'phone';
  const empty = !rows.length && <Text as="p" className={s.empty}><Trans>暂无数据</Trans></Text>;
  if (phone) {
    const part = (role: ReturnType<typeof phoneRole>) => columns.filter((c, i) => phoneRole(c, i) === role);
    const [titles, details, actions] = [part('title'), part('detail'), part('actions')];
    return (
      <div className={s.cards} data-testid={testId} role="list">
        {rows.map((row, i) => (
          <Card key={rowKey(row)} role="listitem" className={selected?.(row) ? `${s.card} ${s.selectedCard}` : s.card} aria-selected={selected?.(row)} data-row-key={rowKey(row)} {...rowProps?.(row)}>
            {titles.map((c) => <div key={c.key} className={s.title}>{c.render(row, i)}</div>)}
            {details.map((c) => (
              <div key={c.key} className={s.detail}>
                <span className={s.label}>{c.header}</span>
                <span className={s.value}>{c.render(row, i)}</span>
              </div>
            ))}
            {actions.length > 0 && <div className={s.actions}>{actions.map((c) => <span key={c.key}>{c.render(row, i)}</span>)}</div>}
          </Card>
        ))}
        {empty}
      </div>
    );
  }
  return (
    <div className={s.wrap}>
      <Table size="small" data-testid={testId}>
        <TableHeader>
          <TableRow>{columns.map((c) => <TableHeaderCell key={c.key} style={c.width ? { width: c.width } : undefined}>{c.header}</TableHeaderCell>)}</TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={rowKey(row)} aria-selected={selected?.(row)} data-row-key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((c) => <TableCell key={c.key}><TableCellLayout>{c.render(row, i)}</TableCellLayout></TableCell>)}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {empty}
    </div>
  );
}
