import { useState, type ReactNode } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, MessageBar, MessageBarBody, ProgressBar, Text, tokens,
} from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BatchProgress } from '../../../../services/batch.ts';
import { ImportError } from '../../../../services/mall/imports.ts';
import { downloadFile, readSheetRows, SheetError, writeWorkbook, type SheetRow } from '../../../components/excel/sheet.ts';
import { sheetErrorText } from '../../../components/excel/sheetErrorText.ts';
import { DataTable, type Column } from './DataTable.tsx';
import { errorText } from './errors.ts';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 'min(860px, 86vw)' },
  preview: { maxHeight: '46vh', overflowY: 'auto' },
  bad: { color: tokens.colorPaletteRedForeground1 },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

export interface ParsedRow<T> { row: number; value: T | null; errors: string[] }

/**
 * Excel import with preview, row-level errors (checked here first, then by the server batch by batch) and a
 * progress bar. `run` uploads all rows; it must be all or nothing (services/mall/imports.ts).
 */
export function ImportPanel<T>({ open, onClose, title, templateName, headers, parse, columns, run, onDone }: {
  open: boolean; onClose: () => void; title: ReactNode; templateName: string; headers: string[];
  parse: (rows: SheetRow[]) => Promise<ParsedRow<T>[]> | ParsedRow<T>[];
  columns: Column<ParsedRow<T>>[];
  run: (values: (T & { row: number })[], onProgress: (p: BatchProgress) => void) => Promise<string>;
  onDone?: () => void;
}) {
  const s = useStyles();
  const { t } = useLingui();
  const [rows, setRows] = useState<ParsedRow<T>[] | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const busy = progress !== null && result === null;
  const bad = (rows ?? []).filter((r) => r.errors.length);

  const reset = () => { setRows(null); setFileError(null); setProgress(null); setResult(null); };
  const choose = async (file: File | undefined) => {
    reset();
    if (!file) return;
    try {
      const sheet = await readSheetRows(await file.arrayBuffer());
      const missing = headers.filter((h) => h.endsWith('*') && !sheet.headers.includes(h));
      if (missing.length) throw new Error(t`表头缺少：${missing.join('、')}`);
      if (!sheet.rows.length) throw new Error(t`表格中没有数据行`);
      setRows(await parse(sheet.rows));
    } catch (e) {
      setFileError(e instanceof SheetError ? sheetErrorText(e) : errorText(e));
    }
  };
  const start = async () => {
    if (!rows || bad.length) return;
    setResult(null);
    setProgress({ done: 0, total: 1 });
    try {
      const text = await run(rows.map((r) => ({ ...(r.value as T), row: r.row })), setProgress);
      setResult({ ok: true, text });
      onDone?.();
    } catch (e) {
      if (e instanceof ImportError && e.rows.length) {
        const byRow = new Map(e.rows.map((r) => [r.row, r.errors]));
        setRows(rows.map((r) => (byRow.has(r.row) ? { ...r, errors: byRow.get(r.row)! } : r)));
        // every refused row shows its reasons in the table: the message counts them rather than repeating the server's list
        const refused = e.rows.length;
        setResult({ ok: false, text: t`导入失败，没有写入任何数据：${refused} 行有误，原因见表中的校验结果` });
        return;
      }
      setResult({ ok: false, text: t`导入失败，没有写入任何数据：${errorText(e)}` });
    }
  };
  const template = async () => downloadFile(await writeWorkbook(headers), templateName);

  const all: Column<ParsedRow<T>>[] = [
    { key: 'row', header: <Trans>行号</Trans>, render: (r) => r.row, width: '64px' },
    ...columns,
    { key: 'errors', header: <Trans>校验结果</Trans>, render: (r) => (r.errors.length ? <span className={s.bad} data-testid="row-error">{r.errors.join('；')}</span> : '✓') },
  ];
  return (
    <Dialog open={open} onOpenChange={(_, d) => { if (!d.open && !busy) { reset(); onClose(); } }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={s.body}>
            <div className={s.row}>
              <input type="file" accept=".xlsx" data-testid="import-file" disabled={busy} onChange={(e) => void choose(e.target.files?.[0])} />
              <Button size="small" onClick={() => void template()}><Trans>下载模板</Trans></Button>
              <Text size={200}><Trans>表头：{headers.join('，')}（* 为必填）</Trans></Text>
            </div>
            {fileError && <MessageBar intent="error"><MessageBarBody data-testid="import-file-error">{fileError}</MessageBarBody></MessageBar>}
            {rows && (
              <>
                <Text data-testid="import-summary" data-total={rows.length} data-bad={bad.length}>
                  <Trans>共 {rows.length} 行，{bad.length} 行有误</Trans>
                </Text>
                <div className={s.preview}>
                  <DataTable rows={rows} columns={all} rowKey={(r) => String(r.row)} testId="import-preview" />
                </div>
              </>
            )}
            {progress && (
              <ProgressBar value={progress.total ? progress.done / progress.total : 0} thickness="large" data-testid="import-progress"
                aria-valuetext={`${progress.done}/${progress.total}`} />
            )}
            {result && (
              <MessageBar intent={result.ok ? 'success' : 'error'}><MessageBarBody data-testid="import-result" data-ok={result.ok ? '1' : '0'}>{result.text}</MessageBarBody></MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => { reset(); onClose(); }} disabled={busy} data-testid="import-close"><Trans>关闭</Trans></Button>
            <Button appearance="primary" disabled={!rows || !rows.length || bad.length > 0 || busy || result?.ok === true} onClick={() => void start()} data-testid="import-start">
              <Trans>开始导入</Trans>
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
