// §2 productPriceApproval: the approver's queue (bureau of the area or the configured approval group).
// Filter by supplier, category and state; select many and approve, or reject with a remark. Each row shows
// the price beside the market average, the mall average and the last approved price. Every row under
// review is a priceApproval actor of the screen's board; new submissions arrive by live update.
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Textarea,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkRegular, DismissRegular, SearchRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { DEFAULT_PRICE_END, DEFAULT_PRICE_START } from '../../../../domain/priceApproval.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { categoriesQuery, pricesQuery, type Price, type PriceQuery } from '../../../../services/mall/catalogue.ts';
import { priceActorId } from '../../../../machines/priceApproval.machine.ts';
import { PriceCompareBar } from '../prices/PriceCompareBar.tsx';
import { PriceStatusBadge, usePriceStateLabel } from '../prices/PriceStatusBadge.tsx';
import { stateOf, usePriceActor, usePriceBoard, type PriceBoardRef } from '../prices/usePriceBoard.ts';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { useMoney } from '../../../components/useMoney.ts';
import { unitName } from '../../../components/unitNames.ts';
import { supermarketReferencesQuery, type SupermarketReference } from '../../../../services/mall/supermarkets.ts';
import { judgeAgainstReference } from '../../../../domain/supermarketPrice.ts';

const PAGE_SIZE = 50;
const STATES = [
  { value: '0', state: 'pending' },
  { value: '1', state: 'approved' },
  { value: '-2', state: 'rejected' },
  { value: '', state: 'all' },
] as const;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingVerticalXL, minWidth: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  stack: { display: 'flex', flexDirection: 'column', gap: '2px' },
  price: { fontVariantNumeric: 'tabular-nums', fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  pager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export default function ProductPriceApprovalPage() {
  const styles = useStyles();
  const { t } = useLingui();
  const stateLabel = usePriceStateLabel();
  const money = useMoney();
  const orgApp = useCurrentOrgApp();
  const orgId = orgApp?.orgId ?? '';
  const board = usePriceBoard();
  const [filters, setFilters] = useState({ supplierId: '', categoryId: '', isCheck: '0', keyword: '' });
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rejecting, setRejecting] = useState<string[] | null>(null);
  // what the last decision did, once every price of it has its answer (issue 28: no silent approval)
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const decision = useRef(0);

  const query: PriceQuery = { ...filters, $limit: PAGE_SIZE, $skip: page * PAGE_SIZE };
  const queue = useQuery(pricesQuery(orgId, query));
  const rows = useMemo(() => queue.data?.rows ?? [], [queue.data]);
  // issue 35: the area's supermarket reference of each SKU on the page, with the approver's margin above it
  const skuIds = useMemo(() => [...new Set(rows.map((r) => r.skuId))], [rows]);
  const references = useQuery(supermarketReferencesQuery(orgId, skuIds));
  const referenceOf = useMemo(() => new Map((references.data?.rows ?? []).map((r) => [r.skuId, r])), [references.data]);
  // suppliers and categories the approver has seen in the queue, for the filters
  const [suppliers, setSuppliers] = useState<Map<string, string>>(new Map());
  const categories = useQuery(categoriesQuery(orgId, orgApp?.appId, 'mallProduct'));

  useEffect(() => {
    setSuppliers((prev) => {
      const next = new Map(prev);
      for (const r of rows) next.set(r.supplierId, r.supplierName);
      return next.size === prev.size ? prev : next;
    });
    // each row under review gets its actor; fresh rows sync the ones already spawned
    for (const r of rows) {
      board.send({ type: 'TRACK', key: r.id, input: { now: Date.now(), skuId: r.skuId, roleGroupId: r.roleGroupId, config: {}, price: r } });
    }
    board.send({ type: 'ROWS', rows });
    setSelected((prev) => new Set([...prev].filter((id) => rows.some((r) => r.id === id && r.isCheck === 0))));
  }, [board, rows]);

  const pendingIds = rows.filter((r) => r.isCheck === 0).map((r) => r.id);
  /**
   * Sends the decision to each price's actor and waits for all of them to leave `deciding`: then says what was
   * approved (or rejected) by name, and how many failed (each failed row shows its own error).
   */
  const decide = (ids: string[], approve: boolean, event: { type: 'APPROVE' } | { type: 'REJECT'; remark: string }) => {
    const done: { row: Price | undefined; ok: boolean }[] = [];
    const actors = ids.map((id) => ({ id, actor: board.getSnapshot().children[priceActorId(id)] })).filter((a) => a.actor);
    // only the latest decision speaks: an earlier one answering late does not cover it
    const mine = ++decision.current;
    setOutcome(null);
    for (const { id, actor } of actors) {
      let deciding = false;
      const sub = actor!.subscribe((snap) => {
        if (snap.matches({ pending: 'deciding' })) { deciding = true; return; }
        if (!deciding) return;
        sub.unsubscribe();
        done.push({ row: rows.find((r) => r.id === id), ok: !snap.context.error });
        if (done.length === actors.length && mine === decision.current) {
          setOutcome({ approve, names: done.filter((d) => d.ok).map((d) => (d.row ? `${d.row.productName} ${d.row.skuName} ${money(d.row.price)}` : id)), failed: done.filter((d) => !d.ok).length });
        }
      });
      actor!.send(event);
    }
    setSelected(new Set());
  };
  const approve = (ids: string[]) => decide(ids, true, { type: 'APPROVE' });
  const reject = (ids: string[], remark: string) => {
    decide(ids, false, { type: 'REJECT', remark });
    setRejecting(null);
  };
  const setFilter = (patch: Partial<typeof filters>) => {
    setFilters({ ...filters, ...patch });
    setPage(0);
  };

  const total = queue.data?.count ?? 0;
  const allSelected = pendingIds.length > 0 && pendingIds.every((id) => selected.has(id));
  return (
    <div className={styles.root} data-testid="price-approval-page">
      <Title3><Trans>价格审核</Trans></Title3>
      <FilterBar
        testId="approval-filters"
        active={[filters.supplierId, filters.categoryId, filters.isCheck !== '0'].filter(Boolean).length}
        search={(
            <Field label={t`商品或 SKU`}>
              <Input
                contentBefore={<SearchRegular />}
                value={keyword}
                onChange={(_, d) => setKeyword(d.value)}
                onKeyDown={(e) => { if (e.key === 'Enter') setFilter({ keyword: keyword.trim() }); }}
                data-testid="approval-search"
              />
            </Field>
        )}
        actions={<Button onClick={() => setFilter({ keyword: keyword.trim() })} data-testid="approval-search-go"><Trans>查询</Trans></Button>}
      >
        <Field label={t`供应商`}>
          <Select value={filters.supplierId} onChange={(_, d) => setFilter({ supplierId: d.value })} data-testid="approval-filter-supplier">
            <option value="">{t`全部`}</option>
            {[...suppliers].map(([id, name]) => <option key={id} value={id}>{name}</option>)}
          </Select>
        </Field>
        <Field label={t`分类`}>
          <Select value={filters.categoryId} onChange={(_, d) => setFilter({ categoryId: d.value })} data-testid="approval-filter-category">
            <option value="">{t`全部`}</option>
            {(categories.data?.rows ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </Select>
        </Field>
        <Field label={t`状态`}>
          <Select value={filters.isCheck} onChange={(_, d) => setFilter({ isCheck: d.value })} data-testid="approval-filter-state">
            {STATES.map((s) => <option key={s.value} value={s.value}>{s.state === 'all' ? t`全部` : stateLabel(s.state)}</option>)}
          </Select>
        </Field>
      </FilterBar>
      <div className={styles.actions}>
        <Text>{t`已选 ${selected.size} 条`}</Text>
        <Button appearance="primary" icon={<CheckmarkRegular />} disabled={!selected.size} onClick={() => approve([...selected])} data-testid="approval-approve-selected">
          <Trans>批量通过</Trans>
        </Button>
        <Button icon={<DismissRegular />} disabled={!selected.size} onClick={() => setRejecting([...selected])} data-testid="approval-reject-selected">
          <Trans>批量驳回</Trans>
        </Button>
      </div>
      {outcome && <OutcomeBar outcome={outcome} onDismiss={() => setOutcome(null)} />}
      {queue.error && <MessageBar intent="error"><MessageBarBody>{queue.error.message}</MessageBarBody></MessageBar>}
      <Table size="small" aria-label={t`价格审核`}>
        <TableHeader>
          <TableRow>
            {/* Fluent's table shares the width equally: the checkbox needs little, the compare bars their labels,
                bars and ¥ amounts side by side (squeezed, the amounts ran over the next column) */}
            <TableHeaderCell style={{ width: 44 }}>
              <Checkbox
                checked={allSelected ? true : selected.size ? 'mixed' : false}
                onChange={() => setSelected(allSelected ? new Set() : new Set(pendingIds))}
                aria-label={t`全选`}
                data-testid="approval-select-all"
              />
            </TableHeaderCell>
            <TableHeaderCell><Trans>商品 / SKU</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>供应商 / 采购角色组</Trans></TableHeaderCell>
            <TableHeaderCell style={{ width: 236 }}><Trans>价格对比（元）</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>有效期</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>状态</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>操作</Trans></TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <ApprovalRow
              key={row.id}
              board={board}
              row={row}
              reference={referenceOf.get(row.skuId)}
              selected={selected.has(row.id)}
              onSelect={(on) => setSelected((prev) => { const next = new Set(prev); if (on) next.add(row.id); else next.delete(row.id); return next; })}
              onApprove={() => approve([row.id])}
              onReject={() => setRejecting([row.id])}
            />
          ))}
        </TableBody>
      </Table>
      {queue.isLoading && <Spinner size="small" />}
      {queue.data && rows.length === 0 && <Text className={styles.muted} data-testid="approval-empty"><Trans>没有待处理的价格</Trans></Text>}
      <div className={styles.pager}>
        <Button disabled={page === 0} onClick={() => setPage(page - 1)}><Trans>上一页</Trans></Button>
        <Text>{`${Math.min(total, page * PAGE_SIZE + 1)}–${Math.min(total, (page + 1) * PAGE_SIZE)} / ${total}`}</Text>
        <Button disabled={(page + 1) * PAGE_SIZE >= total} onClick={() => setPage(page + 1)}><Trans>下一页</Trans></Button>
      </div>
      {rejecting && <RejectDialog count={rejecting.length} onCancel={() => setRejecting(null)} onConfirm={(remark) => reject(rejecting, remark)} />}
    </div>
  );
}

function ApprovalRow({ board, row, reference, selected, onSelect, onApprove, onReject }: {
  board: PriceBoardRef; row: Price; reference: SupermarketReference | undefined; selected: boolean; onSelect: (on: boolean) => void; onApprove: () => void; onReject: () => void;
}) {
  const styles = useStyles();
  const { t, i18n } = useLingui();
  const fmt = useIntlFormat();
  const actor = usePriceActor(board, row.id);
  const view = useSelector(actor, (s) => s && { state: stateOf(s), deciding: s.matches({ pending: 'deciding' }), error: s.context.error, price: s.context.price });
  const state = view?.state ?? row.status;
  const pending = state === 'pending';
  const remark = (view?.price ?? row).extraInfo?.checkRemark;
  return (
    <TableRow data-testid="approval-row" data-price-id={row.id} data-sku-id={row.skuId} data-state={state}>
      <TableCell>
        <Checkbox checked={selected} disabled={!pending} onChange={(_, d) => onSelect(d.checked === true)} aria-label={t`选择 ${row.skuName}`} data-testid="approval-select" />
      </TableCell>
      <TableCell>
        <div className={styles.stack}>
          <Text>{row.productName}</Text>
          <Text className={styles.muted}>{[row.skuName, row.spec, unitName(i18n, row.unit)].filter(Boolean).join(' / ')}</Text>
        </div>
      </TableCell>
      <TableCell>
        <div className={styles.stack}>
          <Text>{row.supplierName}</Text>
          <Text className={styles.muted}>{row.roleGroupName}</Text>
        </div>
      </TableCell>
      <TableCell>
        <PriceCompareBar value={{ price: row.price, marketAvg: row.marketAvg, mallAvgPrice: row.extraInfo.mallAvgPrice ?? null, lastApprovedPrice: row.lastApprovedPrice ?? null }} />
        <SupermarketFlag price={row.price} reference={reference} />
      </TableCell>
      <TableCell>
        <Text className={styles.muted}>
          {row.startDate === DEFAULT_PRICE_START && row.endDate === DEFAULT_PRICE_END ? t`长期` : `${fmt.date(row.startDate)} ~ ${fmt.date(row.endDate)}`}
        </Text>
      </TableCell>
      <TableCell>
        <div className={styles.stack}>
          <PriceStatusBadge state={state} />
          {state === 'rejected' && remark && <Text className={styles.muted}>{remark}</Text>}
          {view?.error && <Text className={styles.error} data-testid="approval-error">{view.error}</Text>}
        </div>
      </TableCell>
      <TableCell>
        {pending && (
          <div className={styles.actions}>
            <Button size="small" appearance="primary" disabled={view?.deciding} onClick={onApprove} data-testid="approval-approve-one"><Trans>通过</Trans></Button>
            <Button size="small" disabled={view?.deciding} onClick={onReject} data-testid="approval-reject-one"><Trans>驳回</Trans></Button>
            {view?.deciding && <Spinner size="tiny" />}
          </div>
        )}
      </TableCell>
    </TableRow>
  );
}

/** The area's supermarket reference of the SKU, and the flag when the price passes it by more than the margin. */
function SupermarketFlag({ price, reference }: { price: number; reference: SupermarketReference | undefined }) {
  const styles = useStyles();
  const money = useMoney();
  if (!reference) return null;
  const verdict = judgeAgainstReference(price, reference.reference, reference.margin);
  const ref = money(reference.reference);
  const n = reference.supermarkets;
  const percent = verdict?.percent ?? 0;
  const margin = reference.margin;
  return (
    <div className={styles.stack} data-testid="approval-supermarket" data-flagged={verdict?.flagged ? 'true' : 'false'}>
      <Text className={styles.muted}><Trans>商超参考 {ref}（{n} 家）</Trans></Text>
      {verdict?.flagged && (
        <Badge color="danger" appearance="tint" data-testid="approval-supermarket-flag">
          <Trans>高于商超参考 {percent}%（允许 {margin}%）</Trans>
        </Badge>
      )}
    </div>
  );
}

interface Outcome { approve: boolean; names: string[]; failed: number }

/** The message after a decision: what was approved or rejected, by name (the first few), and what failed. */
function OutcomeBar({ outcome, onDismiss }: { outcome: Outcome; onDismiss: () => void }) {
  const { t } = useLingui();
  const count = outcome.names.length;
  const shown = outcome.names.slice(0, 5).join('、') + (count > 5 ? t`等` : '');
  const failed = outcome.failed;
  return (
    <MessageBar intent={failed ? (count ? 'warning' : 'error') : 'success'} data-testid="approval-outcome">
      <MessageBarBody>
        {count > 0 && (outcome.approve ? <Trans>已通过 {count} 条价格：{shown}</Trans> : <Trans>已驳回 {count} 条价格：{shown}</Trans>)}
        {count > 0 && failed > 0 && '；'}
        {failed > 0 && <Trans>{failed} 条未能处理，原因见各行</Trans>}
      </MessageBarBody>
      <MessageBarActions containerAction={<Button appearance="transparent" icon={<DismissRegular />} aria-label={t`关闭`} onClick={onDismiss} />} />
    </MessageBar>
  );
}

function RejectDialog({ count, onCancel, onConfirm }: { count: number; onCancel: () => void; onConfirm: (remark: string) => void }) {
  const { t } = useLingui();
  const [remark, setRemark] = useState('');
  const [tried, setTried] = useState(false);
  const missing = !remark.trim();
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onCancel(); }}>
      <DialogSurface data-testid="reject-dialog">
        <DialogBody>
          <DialogTitle>{t`驳回 ${count} 条价格`}</DialogTitle>
          <DialogContent>
            <Field label={t`驳回原因`} required validationState={tried && missing ? 'error' : 'none'} validationMessage={tried && missing ? t`驳回价格时请填写驳回原因` : undefined}>
              <Textarea value={remark} onChange={(_, d) => setRemark(d.value)} maxLength={500} data-testid="reject-remark" />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel}><Trans>取消</Trans></Button>
            <Button appearance="primary" onClick={() => { setTried(true); if (!missing) onConfirm(remark.trim()); }} data-testid="reject-confirm"><Trans>驳回</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
