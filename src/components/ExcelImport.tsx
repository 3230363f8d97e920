// Bulk import from an Excel file, in the browser: pick a file, see every row in a preview with the rows the
// console already knows are wrong, then send the good rows in batches (services/batch.ts) with a progress
// bar. A batch the server refuses row by row (422 data.errors) marks those rows in the preview.
import { useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, DocumentArrowUpRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { inBatches } from '../../services/batch.ts';
import { downloadFile, readSheet, writeWorkbook, type SheetRecord } from './excel/sheet.ts';
import { sheetErrorText } from './excel/sheetErrorText.ts';
import { VirtualTable, type VirtualColumn } from './VirtualTable.tsx';

const useStyles = makeStyles({
  surface: { maxWidth: '960px', width: '90vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minHeight: '420px' },
  bar: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  preview: { height: '320px', display: 'flex', flexDirection: 'column' },
  error: { color: tokens.colorPaletteRedForeground1 },
  hidden: { display: 'none' },
});

export type ParsedRow<T> = { value: T; error?: undefined } | { value?: undefined; error: string };

interface Row<T> {
  /** the row number in the sheet (header is row 1) */
  line: number;
  record: SheetRecord;
  value?: T;
  error?: string;
  done?: boolean;
}

export interface ExcelImportProps<T> {
  title: ReactNode;
  /** the sheet's header row: template, preview columns and the record keys */
  headers: readonly string[];
  /** an example row for the template */
  example?: readonly (string | number)[];
  templateName: string;
  /** turns one record into what the server takes, or says what is wrong with it */
  parse: (record: SheetRecord, index: number) => ParsedRow<T>;
  /** sends one batch; a thrown error with `errors: [{row, message}]` marks rows of that batch */
  submit?: (batch: T[]) => Promise<unknown>;
  /**
   * Instead of `submit`, for imports where each row stands alone (issue 35 unit import): sends one batch and answers
   * each row's refusal (null: made). A refused row is marked and the import goes on; the report lists every row.
   */
  submitRows?: (batch: T[]) => Promise<(string | null)[]>;
  /** the file name of the report of a `submitRows` import */
  reportName?: string;
  batchSize: number;
  onDone: (imported: number) => void;
  onClose: () => void;
  'data-testid'?: string;
}

const rowErrorsOf = (e: unknown): { row: number; message: string }[] | null => {
  const errors = (e as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? (errors as { row: number; message: string }[]) : null;
};

export function ExcelImport<T>({ title, headers, example, templateName, parse, submit, submitRows, reportName, batchSize, onDone, onClose, ...rest }: ExcelImportProps<T>) {
  const styles = useStyles();
  const { t } = useLingui();
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [rows, setRows] = useState<Row<T>[]>([]);
  const [reading, setReading] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<{ intent: 'success' | 'error'; text: string } | null>(null);
  const [reported, setReported] = useState(false);

  const bad = rows.filter((r) => r.error).length;
  const pending = rows.filter((r) => r.value !== undefined && !r.done && !r.error);

  const readFile = async (file: File) => {
    setReading(true);
    setResult(null);
    setProgress(null);
    setReported(false);
    setFileName(file.name);
    try {
      const records = await readSheet(await file.arrayBuffer());
      setRows(records.map((record, i) => ({ line: i + 2, record, ...parse(record, i) })));
      if (records.length === 0) setResult({ intent: 'error', text: t`文件中没有数据行` });
    } catch (e) {
      setRows([]);
      const reason = sheetErrorText(e);
      setResult({ intent: 'error', text: t`无法读取文件：${reason}` });
    } finally {
      setReading(false);
    }
  };

  const run = async () => {
    const todo = pending;
    if (!todo.length) return;
    setRunning(true);
    setResult(null);
    let imported = 0;
    setProgress({ done: 0, total: todo.length });
    if (submitRows) {
      let refused = 0;
      let sent = 0;
      try {
        await inBatches(todo, batchSize, 1, async (batch) => {
          const outcome = await submitRows(batch.map((r) => r.value!));
          const byLine = new Map(batch.map((r, i) => [r.line, outcome[i] ?? null]));
          setRows((all) => all.map((r) => (byLine.has(r.line) ? (byLine.get(r.line) ? { ...r, error: byLine.get(r.line)! } : { ...r, done: true }) : r)));
          refused += outcome.filter(Boolean).length;
          imported += batch.length - outcome.filter(Boolean).length;
          sent += batch.length;
          setProgress({ done: sent, total: todo.length });
        });
        setResult(refused ? { intent: 'error', text: t`已导入 ${imported} 行，${refused} 行未导入，见报告` } : { intent: 'success', text: t`已导入 ${imported} 行` });
      } catch (e) {
        setResult({ intent: 'error', text: t`已导入 ${imported} 行；其余未导入：${(e as Error).message}` });
      } finally {
        setReported(true);
        setRunning(false);
        if (imported) onDone(imported);
      }
      return;
    }
    try {
      await inBatches(todo, batchSize, 1, async (batch) => {
        try {
          await submit!(batch.map((r) => r.value!));
        } catch (e) {
          const errors = rowErrorsOf(e);
          if (errors) {
            const byRow = new Map(errors.map((x) => [batch[x.row]?.line, x.message]));
            setRows((all) => all.map((r) => (byRow.has(r.line) ? { ...r, error: byRow.get(r.line) } : r)));
          }
          throw e;
        }
        imported += batch.length;
        const lines = new Set(batch.map((r) => r.line));
        setRows((all) => all.map((r) => (lines.has(r.line) ? { ...r, done: true } : r)));
        setProgress({ done: imported, total: todo.length });
      });
      setResult({ intent: 'success', text: t`已导入 ${imported} 行` });
      onDone(imported);
    } catch (e) {
      setResult({ intent: 'error', text: t`已导入 ${imported} 行；其余未导入：${(e as Error).message}` });
      if (imported) onDone(imported);
    } finally {
      setRunning(false);
    }
  };

  const downloadTemplate = async () => downloadFile(await writeWorkbook(headers, example ? [example] : []), templateName);
  /** every row of the sheet with its outcome: made, refused (why), or not sent */
  const downloadReport = async () => downloadFile(
    await writeWorkbook([t`行号`, ...headers, t`结果`], rows.map((r) => [r.line, ...headers.map((h) => r.record[h] ?? ''), r.done ? t`已导入` : r.error ?? t`未导入`])),
    reportName ?? templateName,
  );

  const columns = useMemo<VirtualColumn<Row<T>>[]>(() => [
    { key: 'line', header: t`行号`, width: 64, render: (r) => r.line },
    {
      key: 'status', header: t`状态`, width: 220, render: (r) => r.error
        ? <span className={styles.error} title={r.error} data-testid="import-row-error">{r.error}</span>
        : r.done ? <Badge color="success">{t`已导入`}</Badge> : <Badge appearance="outline">{t`待导入`}</Badge>,
    },
    ...headers.map((h) => ({ key: h, header: h, width: 120, grow: true, render: (r: Row<T>) => r.record[h] ?? '' })),
  ], [headers, styles.error, t]);

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !running && onClose()}>
      <DialogSurface className={styles.surface} data-testid={rest['data-testid'] ?? 'excel-import'}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>
            <div className={styles.bar}>
              <Button icon={<DocumentArrowUpRegular />} disabled={running} onClick={() => fileInput.current?.click()}>
                <Trans>选择 Excel 文件</Trans>
              </Button>
              <input
                ref={fileInput}
                className={styles.hidden}
                type="file"
                accept=".xlsx"
                data-testid="import-file"
                onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) void readFile(f); }}
              />
              <Button appearance="subtle" icon={<ArrowDownloadRegular />} onClick={() => void downloadTemplate()}>
                <Trans>下载模板</Trans>
              </Button>
              {reported && (
                <Button appearance="subtle" icon={<ArrowDownloadRegular />} onClick={() => void downloadReport()} data-testid="import-report">
                  <Trans>下载报告</Trans>
                </Button>
              )}
              {fileName && <Text>{fileName}</Text>}
              {rows.length > 0 && (
                <Text data-testid="import-summary">
                  <Trans>共 {rows.length} 行，有误 {bad} 行</Trans>
                </Text>
              )}
            </div>
            <Field validationState="none" label={progress ? t`进度 ${progress.done}/${progress.total}` : undefined}>
              {(reading || progress) && (
                <ProgressBar value={progress && !reading ? progress.done / Math.max(1, progress.total) : undefined} data-testid="import-progress" />
              )}
            </Field>
            {result && (
              <MessageBar intent={result.intent} data-testid="import-result">
                <MessageBarBody>{result.text}</MessageBarBody>
              </MessageBar>
            )}
            <div className={styles.preview}>
              <VirtualTable rows={rows} columns={columns} rowKey={(r) => String(r.line)} rowHeight={32} headerHeight={32} data-testid="import-preview" empty={<Trans>选择文件后在此预览</Trans>} />
            </div>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={running}><Trans>关闭</Trans></Button>
            <Button appearance="primary" onClick={() => void run()} disabled={running || reading || pending.length === 0} data-testid="import-submit">
              <Trans>导入 {pending.length} 行</Trans>
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

export default ExcelImport;
