import {
  makeStyles, Table, TableBody, TableCell, TableCellLayout, TableHeader, TableHeaderCell, TableRow, Text, tokens,
} from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import { useViewport } from '../../../shell/useViewport.ts';
import { phoneRole, RowCards, type CardColumn } from '../../../components/RowCards.tsx';

export interface Column<T> extends CardColumn<T> {
  width?: string;
}

const useStyles = makeStyles({
  wrap: { overflowX: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  // Columns sized by their content (issue 28 point 9): Fluent's table splits the width into equal columns, so a
  // 20-column table squeezed names to a character a line and an order number ran into the next column. Here a
  // column is at least as wide as its longest word, Chinese text breaks at punctuation and spaces like words do
  // (keep-all), and a cell holds at most 20em of text before it wraps; a table wider than the screen scrolls in
  // its frame.
  table: { tableLayout: 'auto' },
  cell: { wordBreak: 'keep-all', overflowWrap: 'break-word', maxWidth: '20em' },
  head: { display: 'block', wordBreak: 'keep-all', overflowWrap: 'break-word', maxWidth: '20em' },
  // a row's actions stay in view at the right edge while a wide table scrolls under them
  actions: {
    position: 'sticky', right: 0, zIndex: 1, backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: `-1px 0 0 ${tokens.colorNeutralStroke2}`,
  },
  empty: { padding: tokens.spacingVerticalL, color: tokens.colorNeutralForeground3, textAlign: 'center' },
});

/** How a column shows in a phone's card: the one rule of RowCards, shared with VirtualTable. */
export { phoneRole };

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
    return <RowCards rows={rows} columns={columns} rowKey={rowKey} testId={testId} selected={selected} rowProps={rowProps} empty={<Trans>暂无数据</Trans>} />;
  }
  return (
    <div className={s.wrap}>
      <Table size="small" className={s.table} data-testid={testId}>
        <TableHeader>
          <TableRow>{columns.map((c, ci) => <TableHeaderCell key={c.key} className={phoneRole(c, ci) === 'actions' ? s.actions : undefined} style={c.width ? { width: c.width } : undefined}><span className={s.head}>{c.header}</span></TableHeaderCell>)}</TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={rowKey(row)} aria-selected={selected?.(row)} data-row-key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((c, ci) => <TableCell key={c.key} className={phoneRole(c, ci) === 'actions' ? s.actions : undefined}><TableCellLayout className={s.cell}>{c.render(row, i)}</TableCellLayout></TableCell>)}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {empty}
    </div>
  );
}
