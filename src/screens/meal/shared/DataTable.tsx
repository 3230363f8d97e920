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
