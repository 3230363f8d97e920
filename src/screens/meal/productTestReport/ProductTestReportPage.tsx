import { useState } from 'react';
import { Badge, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Input, Option, Text, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dayOf } from '../../../../domain/priceCycle.ts';
import { productKeys, updateProduct, type Product } from '../../../../services/mall/catalogue.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { Pager } from '../shared/Pager.tsx';
import { errorText } from '../shared/errors.ts';
import { useProductPage } from '../shared/useProductPage.ts';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { useDiscardGuard } from '../../../components/useDiscardGuard.tsx';
import { DateInput } from '../../../components/DateInput.tsx';

/** One test report of a product (kept in the product's extraInfo.testReports). */
interface TestReport { date: string; agency: string; result: 'pass' | 'fail'; url: string }
const reportsOf = (p: Product) => (Array.isArray(p.extraInfo?.testReports) ? (p.extraInfo.testReports as TestReport[]) : []);

/** productTestReport: the test reports of each product (date, agency, result, document link). */
export default function ProductTestReportPage() {
  const { t } = useLingui();
  const qc = useQueryClient();
  const { query, name, setName, page, setPage, size } = useProductPage('testReports');
  const [adding, setAdding] = useState<{ product: Product; report: TestReport } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const write = useMutation({
    mutationFn: ({ product, reports }: { product: Product; reports: TestReport[] }) => updateProduct(product.id, { extraInfo: { ...product.extraInfo, testReports: reports }, version: product.version }),
    onSuccess: () => { setAdding(null); setError(null); void qc.invalidateQueries({ queryKey: productKeys.all }); },
    onError: (e) => setError(errorText(e)),
  });
  const resultLabel = (r: TestReport['result']) => (r === 'pass' ? t`合格` : t`不合格`);
  const columns: Column<Product>[] = [
    { key: 'name', header: <Trans>商品名称</Trans>, render: (p) => p.name },
    {
      key: 'reports', header: <Trans>检测报告</Trans>,
      render: (p) => (
        <span style={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS }}>
          {reportsOf(p).map((r, i) => (
            <span key={`${r.date}-${i}`}>
              {r.date} {r.agency} <Badge appearance="tint" color={r.result === 'pass' ? 'success' : 'danger'}>{resultLabel(r.result)}</Badge>
              {r.url && <> <a href={r.url} target="_blank" rel="noreferrer"><Trans>查看</Trans></a></>}
              <Button size="small" appearance="transparent" icon={<DeleteRegular />} aria-label={t`删除报告`} onClick={() => write.mutate({ product: p, reports: reportsOf(p).filter((_, j) => j !== i) })} />
            </span>
          ))}
          {!reportsOf(p).length && <Text size={200}><Trans>暂无报告</Trans></Text>}
        </span>
      ),
    },
    {
      key: 'actions', header: <Trans>操作</Trans>, width: '110px',
      render: (p) => <Button size="small" appearance="subtle" icon={<AddRegular />} onClick={() => setAdding({ product: p, report: { date: dayOf(new Date()), agency: '', result: 'pass', url: '' } })}><Trans>添加报告</Trans></Button>,
    },
  ];
  // issue 28: Esc or a click outside asks before typed input is lost
  const discard = useDiscardGuard({ open: adding !== null, onClose: () => setAdding(null) });
  return (
    <ScreenFrame
      title={<Trans>商品检测报告</Trans>} testId="screen-productTestReport" loading={query.isLoading} error={error ?? (query.error ? errorText(query.error) : null)}
      toolbar={<FilterBar search={<Field label={<Trans>商品名称</Trans>}><Input value={name} onChange={(_, d) => setName(d.value)} data-testid="test-report-search" /></Field>} />}
    >
      <DataTable rows={query.data?.rows ?? []} columns={columns} rowKey={(p) => p.id} testId="report-table" />
      <Pager page={page} size={size} count={query.data?.count ?? 0} onPage={setPage} />
      <Dialog open={adding !== null} onOpenChange={(_, d) => { if (!d.open) discard.requestClose(); }}>
        <DialogSurface onInput={discard.onInput}>
          {adding && (
            <DialogBody>
              <DialogTitle><Trans>添加检测报告：{adding.product.name}</Trans></DialogTitle>
              <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS }}>
                <Field label={<Trans>检测日期</Trans>}><DateInput value={adding.report.date} onChange={(_, d) => setAdding({ ...adding, report: { ...adding.report, date: d.value } })} /></Field>
                <Field label={<Trans>检测机构</Trans>} required><Input value={adding.report.agency} onChange={(_, d) => setAdding({ ...adding, report: { ...adding.report, agency: d.value } })} /></Field>
                <Field label={<Trans>检测结果</Trans>}>
                  <Dropdown value={resultLabel(adding.report.result)} selectedOptions={[adding.report.result]} onOptionSelect={(_, d) => setAdding({ ...adding, report: { ...adding.report, result: (d.optionValue ?? 'pass') as TestReport['result'] } })}>
                    <Option value="pass">{resultLabel('pass')}</Option>
                    <Option value="fail">{resultLabel('fail')}</Option>
                  </Dropdown>
                </Field>
                <Field label={<Trans>报告链接</Trans>}><Input value={adding.report.url} onChange={(_, d) => setAdding({ ...adding, report: { ...adding.report, url: d.value } })} /></Field>
              </DialogContent>
              <DialogActions>
                <Button onClick={() => setAdding(null)}><Trans>取消</Trans></Button>
                <Button appearance="primary" disabled={!adding.report.agency.trim() || !adding.report.date || write.isPending}
                  onClick={() => write.mutate({ product: adding.product, reports: [...reportsOf(adding.product), { ...adding.report, agency: adding.report.agency.trim() }] })}>
                  <Trans>保存</Trans>
                </Button>
              </DialogActions>
            </DialogBody>
          )}
          {discard.confirm}
        </DialogSurface>
      </Dialog>
    </ScreenFrame>
  );
}
